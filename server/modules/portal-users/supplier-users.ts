import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { given, likeEscape, PagingQuery, SortQuery, pageWindow, parseSort } from '../../http/list-query.js';
import { Nullable } from '../../http/schema-helpers.js';
import { endUserSessions } from '../../auth/sessions.js';
import { clearAccountThrottle } from '../../auth/throttle.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';

/**
 * Supplier users per company (/portal/ogpmsManage/compUserManage, also on the supplier portal for
 * a supplier admin, and /compUserManageList for staff across companies): lock, unlock and reset.
 * A supplier admin's Db is scoped to its company (server/db/company-scope.ts), so another
 * company's user is not found — nothing is read or written — whatever id is sent.
 */
const SCREENS = ['/portal/ogpmsManage/compUserManage', '/compUserManageList'];
const tags = ['portal'];

const SORT = ['userId', 'hname', 'compNo', 'compNameKr', 'authGroupId', 'useFlag', 'status', 'lastLoginAt', 'failedLoginCount'] as const;
const SORT_COLUMNS = {
  userId: 'u.userId', hname: 'u.hname', compNo: 'u.compNo', compNameKr: 'c.compNameKr', authGroupId: 'u.authGroupId', useFlag: 'u.useFlag', status: 'u.status',
  lastLoginAt: 'u.lastLoginAt', failedLoginCount: 'u.failedLoginCount',
} as const satisfies Record<(typeof SORT)[number], string>;

const SupplierUserRow = Type.Object({
  userId: Type.String(),
  hname: Type.String(),
  compNo: Nullable(Type.String()),
  compNameKr: Nullable(Type.String()),
  authGroupId: Type.String(),
  authGroupName: Type.String(),
  email: Nullable(Type.String()),
  cellPhoneNo: Nullable(Type.String()),
  useFlag: Type.String(),
  status: Type.String(),
  locked: Type.Boolean(),
  lockedAt: Nullable(Type.String({ format: 'date-time' })),
  passwordSet: Type.Boolean({ description: 'False after a reset until the user sets a new password' }),
  failedLoginCount: Type.Integer(),
  lastLoginAt: Nullable(Type.String({ format: 'date-time' })),
  version: Type.Integer(),
});

const Query = Type.Object(
  {
    compNo: Type.Optional(Type.String({ maxLength: 10, description: 'Staff only; a supplier admin always sees its own company' })),
    compNameKr: Type.Optional(Type.String({ maxLength: 100 })),
    userId: Type.Optional(Type.String({ maxLength: 50 })),
    hname: Type.Optional(Type.String({ maxLength: 50 })),
    locked: Type.Optional(Type.Union([Type.Literal('Y'), Type.Literal('N')])),
    useFlag: Type.Optional(Type.Union([Type.Literal('Y'), Type.Literal('N')])),
    ...PagingQuery,
    sort: SortQuery(SORT),
  },
  { additionalProperties: false },
);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function rows(db: Db) {
  return db
    .selectFrom('appUser as u')
    .innerJoin('authGroup as g', 'g.authGroupId', 'u.authGroupId')
    .leftJoin('company as c', 'c.compNo', 'u.compNo')
    .where('u.portal', '=', 'X');
}

const columns = ['u.userId', 'u.hname', 'u.compNo', 'c.compNameKr', 'u.authGroupId', 'g.nameKo as authGroupName', 'u.email', 'u.cellPhoneNo', 'u.useFlag', 'u.status', 'u.lockedAt', 'u.passwordHash', 'u.failedLoginCount', 'u.lastLoginAt', 'u.version'] as const;

const toRow = <R extends { lockedAt: Date | null; lastLoginAt: Date | null; passwordHash: string | null }>({ lockedAt, lastLoginAt, passwordHash, ...r }: R) => ({
  ...r,
  locked: lockedAt !== null,
  lockedAt: iso(lockedAt),
  passwordSet: passwordHash !== null,
  lastLoginAt: iso(lastLoginAt),
});

const ACTIONS = {
  lock: { operationId: 'lockSupplierUser', summary: 'Lock a supplier user: no login until unlocked; its sessions end at once' },
  unlock: { operationId: 'unlockSupplierUser', summary: 'Unlock a supplier user (an administrator’s lock and the temporary locks after wrong passwords)' },
  reset: { operationId: 'resetSupplierUserPassword', summary: 'Reset a supplier user’s password: the old one stops working, sessions end, and the user is told by e-mail to set a new one with a reset code' },
} as const;

export const supplierUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/supplier-users',
    {
      config: { access: access.login(SCREENS, 'read') },
      schema: {
        operationId: 'listSupplierUsers',
        tags,
        summary: 'Supplier portal users with company, lock and password state; staff see every company, a supplier admin its own',
        querystring: Query,
        response: { 200: Type.Object({ rows: Type.Array(SupplierUserRow), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => {
      const q = request.query;
      let base = rows(request.db);
      const compNo = given(q.compNo);
      if (compNo) base = base.where('u.compNo', '=', compNo.toUpperCase());
      const name = given(q.compNameKr);
      if (name) base = base.where('c.compNameKr', 'ilike', `%${likeEscape(name)}%`);
      const userId = given(q.userId);
      if (userId) base = base.where('u.userId', 'like', `${likeEscape(userId)}%`);
      const hname = given(q.hname);
      if (hname) base = base.where('u.hname', 'like', `%${likeEscape(hname)}%`);
      if (q.locked) base = base.where('u.lockedAt', q.locked === 'Y' ? 'is not' : 'is', null);
      if (q.useFlag) base = base.where('u.useFlag', '=', q.useFlag);
      const sort = parseSort(q.sort, { field: 'compNo', direction: 'asc' });
      const { limit, offset } = pageWindow(q);
      const [list, count] = await Promise.all([
        base.select(columns).orderBy(SORT_COLUMNS[sort.field], sort.direction).orderBy('u.userId').limit(limit).offset(offset).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: list.map(toRow), total: Number(count.n) };
    },
  );

  for (const action of ['lock', 'unlock', 'reset'] as const) {
    app.post(
      `/api/v1/supplier-users/:userId/${action}`,
      {
        config: { access: access.login(SCREENS, 'write') },
        schema: {
          ...ACTIONS[action],
          tags,
          params: Type.Object({ userId: Type.String({ minLength: 1, maxLength: 50 }) }, { additionalProperties: false }),
          body: Type.Object({ version: Type.Integer({ minimum: 1 }), reason: Type.Optional(Type.String({ maxLength: 500 })) }, { additionalProperties: false }),
          response: { 200: SupplierUserRow, 409: Type.Ref('ErrorBody'), ...commonErrors },
        },
      },
      async (request) => {
        const { userId } = request.params;
        const caller = request.caller!;
        if (action !== 'unlock' && userId === caller.userId) throw badRequest('CANNOT_CHANGE_SELF', action === 'lock' ? '자기 자신은 잠글 수 없습니다' : '자기 비밀번호는 내 정보에서 바꾸세요');
        const notice = await request.db.transaction().execute(async (trx) => {
          // Scoped for a supplier admin: a user of another company is not found, as one that does not exist.
          const before = await trx.selectFrom('appUser').select(['userId', 'portal', 'email', 'lockedAt', 'failedLoginCount', 'passwordHash', 'version']).where('userId', '=', userId).forUpdate().executeTakeFirst();
          if (!before || before.portal !== 'X') throw notFound('COM000010', '이 회사의 협력사 사용자가 아닙니다');
          if (request.body.version !== before.version) throw conflict('VERSION_CONFLICT', '다른 사용자가 먼저 변경했습니다. 다시 조회한 뒤 처리하세요', { currentVersion: before.version });
          if (action === 'lock' && before.lockedAt) throw conflict('INVALID_STATE', '이미 잠긴 사용자입니다', { status: 'LOCKED' });
          if (action === 'unlock' && !before.lockedAt && before.failedLoginCount === 0) throw conflict('INVALID_STATE', '잠겨 있지 않은 사용자입니다', { status: 'NORMAL' });
          const now = new Date();
          const change =
            action === 'lock' ? { lockedAt: now } : action === 'unlock' ? { lockedAt: null, failedLoginCount: 0 } : { passwordHash: null, passwordChangedAt: null, passwordExpiresAt: null, failedLoginCount: 0 };
          await trx.updateTable('appUser').set({ ...change, version: before.version + 1, updatedAt: now }).where('userId', '=', userId).execute();
          if (action !== 'unlock') await endUserSessions(trx, userId, action === 'lock' ? 'BLOCKED' : 'PASSWORD_RESET');
          if (action === 'unlock') await clearAccountThrottle(trx, userId);
          await writeAudit(trx, {
            entity: 'app_user', entityKey: userId, action: action === 'reset' ? 'PASSWORD_RESET' : action.toUpperCase(), actor: caller.userId,
            before: { lockedAt: before.lockedAt, failedLoginCount: before.failedLoginCount, passwordSet: before.passwordHash !== null },
            after: action === 'reset' ? { passwordSet: false } : change,
            reason: request.body.reason ?? null,
          });
          return action === 'reset' ? before.email : null;
        });
        // Told after the commit: a message never announces a reset that was rolled back.
        if (notice) {
          await app.auth.sender.send(app.dbh.db, {
            to: notice,
            channel: 'EMAIL',
            text: `[OGPMS] ${userId} 계정의 비밀번호가 관리자에 의해 초기화되었습니다. 로그인 화면의 '비밀번호 재설정'에서 인증번호를 받아 새 비밀번호를 설정하세요.`,
          });
        }
        return toRow(await rows(request.db).select(columns).where('u.userId', '=', userId).executeTakeFirstOrThrow());
      },
    );
  }
};
