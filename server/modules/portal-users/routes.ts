import { clearAccountThrottle } from '../../auth/throttle.js';
import { sql } from 'kysely';
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { endSession, endUserSessions } from '../../auth/sessions.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { Nullable } from '../../http/schema-helpers.js';
import { PagingQuery, SortQuery, pageWindow, parseSort } from '../../http/list-query.js';

const SESSION_SCREEN = '/portal/author/userSessionManage';
const USER_SCREEN = '/portal/author/authUserManage';
const BLOCK_SCREENS = ['/portal/ogpmsManage/userBlock', USER_SCREEN];

const SESSION_SORT = ['userId', 'hname', 'portal', 'ip', 'createdDate', 'expiredDate', 'lastSeenAt', 'endedAt'] as const;
const SESSION_SORT_COLUMNS = {
  userId: 's.userId', hname: 'u.hname', portal: 's.portal', ip: 's.ip', createdDate: 's.createdDate', expiredDate: 's.expiredDate', lastSeenAt: 's.lastSeenAt', endedAt: 's.endedAt',
} as const satisfies Record<(typeof SESSION_SORT)[number], string>;
const USER_SORT = ['userId', 'portal', 'hname', 'singleid', 'compNameKr', 'sectionName', 'deptnm', 'authGroupId', 'useFlag', 'status', 'failedLoginCount', 'lastLoginAt'] as const;
const USER_SORT_COLUMNS = {
  userId: 'u.userId', portal: 'u.portal', hname: 'u.hname', singleid: 'u.singleid', compNameKr: 'c.compNameKr', sectionName: 'b.sectionName', deptnm: 'd.deptnm',
  authGroupId: 'u.authGroupId', useFlag: 'u.useFlag', status: 'u.status', failedLoginCount: 'u.failedLoginCount', lastLoginAt: 'u.lastLoginAt',
} as const satisfies Record<(typeof USER_SORT)[number], string>;

const SessionRow = Type.Object(
  {
    sessionId: Type.String(),
    userId: Type.String(),
    hname: Type.String(),
    portal: Type.String(),
    compNo: Nullable(Type.String()),
    ip: Nullable(Type.String()),
    lastLoginIp: Nullable(Type.String()),
    lastLoginDate: Nullable(Type.String()),
    createdDate: Type.String(),
    expiredDate: Type.String(),
    lastSeenAt: Type.String(),
    endedAt: Nullable(Type.String()),
    endReason: Nullable(Type.String()),
    loginMethod: Nullable(Type.String()),
  },
  { $id: 'SessionRow', title: 'SessionRow' },
);

const UserRow = Type.Object(
  {
    userId: Type.String(),
    portal: Type.String(),
    hname: Type.String(),
    singleid: Nullable(Type.String()),
    compNo: Nullable(Type.String()),
    compNameKr: Nullable(Type.String()),
    sectionName: Nullable(Type.String()),
    deptnm: Nullable(Type.String()),
    authGroupId: Type.String(),
    authGroupName: Type.String(),
    useFlag: Type.String(),
    status: Type.String(),
    locked: Type.Boolean(),
    failedLoginCount: Type.Integer(),
    lastLoginAt: Nullable(Type.String()),
    version: Type.Integer(),
  },
  { $id: 'UserRow', title: 'UserRow' },
);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Accounts with what the user screens show about them; filters are added by the caller. */
function userRows(db: Db) {
  return db
    .selectFrom('appUser as u')
    .innerJoin('authGroup as g', 'g.authGroupId', 'u.authGroupId')
    .leftJoin('employee as e', 'e.singleid', 'u.singleid')
    .leftJoin('businessSection as b', 'b.topDept', 'e.section')
    .leftJoin('department as d', 'd.deptcd', 'e.deptcd')
    .leftJoin('company as c', 'c.compNo', 'u.compNo');
}

const userColumns = ['u.userId', 'u.portal', 'u.hname', 'u.singleid', 'u.compNo', 'c.compNameKr', 'b.sectionName', 'd.deptnm', 'u.authGroupId', 'g.nameKo as authGroupName', 'u.useFlag', 'u.status', 'u.lockedAt', 'u.failedLoginCount', 'u.lastLoginAt', 'u.version'] as const;

const toUserRow = <R extends { lockedAt: Date | null; lastLoginAt: Date | null }>({ lockedAt, lastLoginAt, ...rest }: R) => ({ ...rest, locked: lockedAt !== null, lastLoginAt: iso(lastLoginAt) });
const page = <T>(rows: T[], total: number) => ({ rows, total });

/** Live sessions and accounts: force logout, unlock, block and unblock (DESIGN §5). */
export const portalUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(SessionRow);
  app.addSchema(UserRow);

  app.get(
    '/api/v1/portal/sessions',
    {
      config: { access: access.login([SESSION_SCREEN], 'read', ['I']) },
      schema: {
        operationId: 'listSessions',
        tags: ['portal'],
        summary: 'Sessions, open ones first',
        querystring: Type.Object(
          {
            userId: Type.Optional(Type.String({ maxLength: 50 })),
            hname: Type.Optional(Type.String({ maxLength: 50 })),
            openOnly: Type.Optional(Type.Union([Type.Literal('Y'), Type.Literal('N')])),
            portal: Type.Optional(Type.Union([Type.Literal('I'), Type.Literal('X')])),
            ...PagingQuery,
            sort: SortQuery(SESSION_SORT),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ rows: Type.Array(Type.Ref('SessionRow')), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => {
      const q = request.query;
      let base = app.dbh.db.selectFrom('userSession as s').innerJoin('appUser as u', 'u.userId', 's.userId');
      if (q.userId?.trim()) base = base.where('s.userId', 'like', `${q.userId.trim()}%`);
      if (q.hname?.trim()) base = base.where('u.hname', 'like', `%${q.hname.trim()}%`);
      if (q.openOnly !== 'N') base = base.where('s.endedAt', 'is', null).where('s.expiredDate', '>', sql<Date>`now()`);
      if (q.portal) base = base.where('s.portal', '=', q.portal);
      const sort = parseSort(q.sort, { field: 'createdDate', direction: 'desc' });
      const { limit, offset } = pageWindow(q);
      const [rows, count] = await Promise.all([
        base
          .select(['s.sessionId', 's.userId', 'u.hname', 's.portal', 'u.compNo', 's.ip', 's.lastLoginIp', 's.lastLoginDate', 's.createdDate', 's.expiredDate', 's.lastSeenAt', 's.endedAt', 's.endReason', 's.loginMethod'])
          .orderBy(SESSION_SORT_COLUMNS[sort.field], sort.direction)
          .orderBy('s.sessionId')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return page(
        rows.map((r) => ({ ...r, lastLoginDate: iso(r.lastLoginDate), createdDate: r.createdDate.toISOString(), expiredDate: r.expiredDate.toISOString(), lastSeenAt: r.lastSeenAt.toISOString(), endedAt: iso(r.endedAt) })),
        Number(count.n),
      );
    },
  );

  app.post(
    '/api/v1/portal/sessions/:sessionId/end',
    {
      config: { access: access.login([SESSION_SCREEN], 'write', ['I']) },
      schema: {
        operationId: 'endSession',
        tags: ['portal'],
        summary: 'Force logout: the session ends at once',
        params: Type.Object({ sessionId: Type.String({ minLength: 1, maxLength: 40 }) }, { additionalProperties: false }),
        response: { 200: Type.Ref('Ok'), ...commonErrors },
      },
    },
    async (request) => {
      const ended = await endSession(app.dbh.db, request.params.sessionId, 'FORCED');
      if (ended === 0) throw notFound('SESSION_NOT_FOUND', '열려 있는 세션이 아닙니다');
      await writeAudit(app.dbh.db, { entity: 'user_session', entityKey: request.params.sessionId, action: 'FORCE_LOGOUT', actor: request.caller!.userId });
      return { code: 'OK' as const };
    },
  );

  app.get(
    '/api/v1/users',
    {
      config: { access: access.login([USER_SCREEN, ...BLOCK_SCREENS], 'read') },
      schema: {
        operationId: 'listUsers',
        tags: ['portal'],
        summary: 'Accounts of both portals with their authority group, use flag and state (a supplier admin sees its own company)',
        querystring: Type.Object(
          {
            userId: Type.Optional(Type.String({ maxLength: 50 })),
            hname: Type.Optional(Type.String({ maxLength: 50 })),
            authGroupId: Type.Optional(Type.String({ maxLength: 2 })),
            portal: Type.Optional(Type.Union([Type.Literal('I'), Type.Literal('X')])),
            useFlag: Type.Optional(Type.Union([Type.Literal('Y'), Type.Literal('N')])),
            locked: Type.Optional(Type.Union([Type.Literal('Y'), Type.Literal('N')])),
            ...PagingQuery,
            sort: SortQuery(USER_SORT),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ rows: Type.Array(Type.Ref('UserRow')), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => {
      const q = request.query;
      let base = userRows(request.db);
      if (q.userId?.trim()) base = base.where('u.userId', 'like', `${q.userId.trim()}%`);
      if (q.hname?.trim()) base = base.where('u.hname', 'like', `%${q.hname.trim()}%`);
      if (q.authGroupId) base = base.where('u.authGroupId', '=', q.authGroupId);
      if (q.portal) base = base.where('u.portal', '=', q.portal);
      if (q.useFlag) base = base.where('u.useFlag', '=', q.useFlag);
      if (q.locked) base = base.where('u.lockedAt', q.locked === 'Y' ? 'is not' : 'is', null);
      const sort = parseSort(q.sort, { field: 'portal', direction: 'asc' });
      const { limit, offset } = pageWindow(q);
      const [rows, count] = await Promise.all([
        base
          .select(['u.userId', 'u.portal', 'u.hname', 'u.singleid', 'u.compNo', 'c.compNameKr', 'b.sectionName', 'd.deptnm', 'u.authGroupId', 'g.nameKo as authGroupName', 'u.useFlag', 'u.status', 'u.lockedAt', 'u.failedLoginCount', 'u.lastLoginAt', 'u.version'])
          .orderBy(USER_SORT_COLUMNS[sort.field], sort.direction)
          .orderBy('u.userId')
          .limit(limit)
          .offset(offset)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return page(rows.map(toUserRow), Number(count.n));
    },
  );

  app.get(
    '/api/v1/portal/auth-groups',
    {
      config: { access: access.login([USER_SCREEN, ...BLOCK_SCREENS, SESSION_SCREEN], 'read') },
      schema: {
        operationId: 'listAuthGroups',
        tags: ['portal'],
        summary: 'Authority groups (id and name) for filters and choices; a supplier sees its portal’s groups',
        response: { 200: Type.Array(Type.Object({ authGroupId: Type.String(), nameKo: Type.String(), nameEn: Type.String(), portal: Type.String() })), ...commonErrors },
      },
    },
    async (request) =>
      request.db
        .selectFrom('authGroup')
        .select(['authGroupId', 'nameKo', 'nameEn', 'portal'])
        .where('useYn', '=', 'Y')
        .$if(request.caller!.portal === 'X', (qb) => qb.where('portal', '=', 'X'))
        .orderBy('sortOrder')
        .orderBy('authGroupId')
        .execute(),
  );

  const accountAction = (action: 'unlock' | 'block' | 'unblock', screens: string[], summary: string) =>
    app.post(
      `/api/v1/users/:userId/${action}`,
      {
        config: { access: access.login(screens, 'write') },
        schema: {
          operationId: `${action}User`,
          tags: ['portal'],
          summary,
          params: Type.Object({ userId: Type.String({ minLength: 1, maxLength: 50 }) }, { additionalProperties: false }),
          body: Type.Optional(Type.Object({ version: Type.Optional(Type.Integer({ minimum: 1 })), reason: Type.Optional(Type.String({ maxLength: 500 })) }, { additionalProperties: false })),
          response: { 200: Type.Ref('UserRow'), 409: Type.Ref('ErrorBody'), ...commonErrors },
        },
      },
      async (request) => {
        const { userId } = request.params;
        const caller = request.caller!;
        if (action === 'block' && userId === caller.userId) throw badRequest('CANNOT_BLOCK_SELF', '자기 자신은 차단할 수 없습니다');
        const result = await request.db.transaction().execute(async (trx) => {
          const before = await trx.selectFrom('appUser').select(['userId', 'useFlag', 'lockedAt', 'failedLoginCount', 'version']).where('userId', '=', userId).forUpdate().executeTakeFirst();
          if (!before) throw notFound('COM000010', '사용자를 찾을 수 없습니다');
          const expected = request.body?.version;
          if (expected !== undefined && expected !== before.version) return { conflict: true as const, before };
          const change =
            action === 'unlock' ? { lockedAt: null, failedLoginCount: 0 } : action === 'block' ? { useFlag: 'N' as const } : { useFlag: 'Y' as const };
          await trx.updateTable('appUser').set({ ...change, version: before.version + 1, updatedAt: new Date() }).where('userId', '=', userId).execute();
          if (action === 'block') await endUserSessions(trx, userId, 'BLOCKED');
          // The temporary locks after wrong passwords (every client's) end with the unlock too.
          if (action === 'unlock') await clearAccountThrottle(trx, userId);
          await writeAudit(trx, { entity: 'app_user', entityKey: userId, action: action.toUpperCase(), actor: caller.userId, before, after: change, reason: request.body?.reason ?? null });
          return { conflict: false as const };
        });
        if (result.conflict) {
          throw conflict('VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요', { currentVersion: result.before.version });
        }
        return toUserRow(await userRows(request.db).select(userColumns).where('u.userId', '=', userId).executeTakeFirstOrThrow());
      },
    );

  accountAction('unlock', [USER_SCREEN], 'Unlock an account locked after repeated wrong passwords (AUTH102)');
  accountAction('block', BLOCK_SCREENS, 'Block a user: the account stops working and its sessions end at once');
  accountAction('unblock', BLOCK_SCREENS, 'Unblock a user');
};
