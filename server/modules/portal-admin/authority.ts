import { sql } from 'kysely';
import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access, type Portal } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { likeEscape, pageWindow, parseSort, given } from '../../http/list-query.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import {
  AdminAuditQuery, AdminAuditRow, AdminGroupRow, AUDIT_SORT, GroupCreateBody, GroupListQuery, GroupParams, GroupUpdateBody,
  MenuAuthCopyBody, MenuAuthListQuery, MenuAuthRow, MenuAuthSaveBody, MenuAuthSaved, VersionQuery,
} from './schemas.js';
import { portalsOf, treeOrder } from './menus.js';
import { AUDIT_SCREEN, AUTHORITY_SCREEN, GROUP_SCREEN, SYSTEM_GROUP, assertAuthorityAdminRemains, versionConflict } from './rules.js';

const GROUP_NOT_FOUND = () => notFound('AUTH_GROUP_NOT_FOUND', '권한그룹을 찾을 수 없습니다');
const GROUP_COLUMNS = ['authGroupId', 'nameKo', 'nameEn', 'portal', 'description', 'sortOrder', 'useYn', 'version'] as const;

async function groupRows(db: Db, portals: Portal[], filter: { portal?: Portal; useYn?: 'Y' | 'N'; authGroupId?: string } = {}) {
  const rows = await db
    .selectFrom('authGroup as g')
    .select(GROUP_COLUMNS.map((c) => `g.${c}` as const))
    .select((eb) => eb.selectFrom('appUser as u').whereRef('u.authGroupId', '=', 'g.authGroupId').select((e) => e.fn.countAll<number>().as('n')).as('userCount'))
    .where('g.portal', 'in', portals)
    .$if(!!filter.portal, (q) => q.where('g.portal', '=', filter.portal!))
    .$if(!!filter.useYn, (q) => q.where('g.useYn', '=', filter.useYn!))
    .$if(!!filter.authGroupId, (q) => q.where('g.authGroupId', '=', filter.authGroupId!))
    .orderBy('g.sortOrder')
    .orderBy('g.authGroupId')
    .execute();
  return rows.map((r) => ({ ...r, userCount: Number(r.userCount ?? 0), label: `${r.authGroupId} ${r.nameKo}` }));
}

async function lockGroup(trx: Db, authGroupId: string, portals: Portal[]) {
  const g = await trx.selectFrom('authGroup').select(GROUP_COLUMNS).where('authGroupId', '=', authGroupId).where('portal', 'in', portals).forUpdate().executeTakeFirst();
  if (!g) throw GROUP_NOT_FOUND();
  return g;
}

/** The group's grants as { pgmId: 'R' | 'W' }. */
async function grantMap(trx: Db, authGroupId: string): Promise<Record<string, 'R' | 'W'>> {
  const rows = await trx.selectFrom('menuAuth').select(['pgmId', 'canRead', 'canWrite']).where('authGroupId', '=', authGroupId).orderBy('pgmId').execute();
  return Object.fromEntries(rows.filter((r) => r.canRead === 'Y' || r.canWrite === 'Y').map((r) => [r.pgmId, r.canWrite === 'Y' ? 'W' : 'R']));
}

/** The same as `PGM_ID:R|W` strings, for audit rows (JSON keys would be camel-cased when read back). */
const grantsOf = async (trx: Db, authGroupId: string): Promise<string[]> => Object.entries(await grantMap(trx, authGroupId)).map(([id, lv]) => `${id}:${lv}`);

/**
 * Writes a group's grants from its leaves: write implies read, and every ancestor of a granted leaf
 * is granted read (write when a writable leaf is below it), so the menu tree reaches the leaf.
 */
async function writeGrants(trx: Db, authGroupId: string, portal: Portal, leaves: Map<string, 'R' | 'W'>): Promise<number> {
  const menus = await trx.selectFrom('menu').select(['pgmId', 'parentId', 'leaf']).where('portal', '=', portal).execute();
  const byId = new Map(menus.map((m) => [m.pgmId, m]));
  const level = new Map<string, 'R' | 'W'>();
  for (const [pgmId, lv] of leaves) {
    for (let m = byId.get(pgmId); m; m = m.parentId ? byId.get(m.parentId) : undefined) {
      level.set(m.pgmId, level.get(m.pgmId) === 'W' || lv === 'W' ? 'W' : 'R');
    }
  }
  await trx.deleteFrom('menuAuth').where('authGroupId', '=', authGroupId).execute();
  const rows = [...level].map(([pgmId, lv]) => ({ authGroupId, pgmId, canRead: 'Y' as const, canWrite: lv === 'W' ? ('Y' as const) : ('N' as const) }));
  for (let i = 0; i < rows.length; i += 500) await trx.insertInto('menuAuth').values(rows.slice(i, i + 500)).execute();
  return [...leaves.keys()].length;
}

/** authorGroupManage, authMenuManage and the administration change log. */
export const adminAuthorityRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(AdminGroupRow);
  app.addSchema(MenuAuthRow);
  app.addSchema(MenuAuthSaved);
  app.addSchema(AdminAuditRow);
  const groupScreens = [GROUP_SCREEN, AUTHORITY_SCREEN];

  app.get(
    '/api/v1/portal/admin/auth-groups',
    {
      config: { access: access.login(groupScreens, 'read') },
      schema: {
        operationId: 'listAdminAuthGroups',
        tags: ['portal-admin'],
        summary: 'Authority groups (inactive too) of the portals the caller manages, with their user counts',
        querystring: GroupListQuery,
        response: { 200: Type.Object({ rows: Type.Array(Type.Ref('AdminGroupRow')), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => {
      const rows = await groupRows(request.db, portalsOf(request), { portal: request.query.portal, useYn: request.query.useYn });
      const { limit, offset } = pageWindow({ page: request.query.page, size: request.query.size ?? 5000 });
      return { rows: rows.slice(offset, offset + limit), total: rows.length };
    },
  );

  app.post(
    '/api/v1/portal/admin/auth-groups',
    {
      config: { access: access.login([GROUP_SCREEN], 'write') },
      schema: { operationId: 'createAuthGroup', tags: ['portal-admin'], summary: 'Add an authority group (duplicate code: 409)', body: GroupCreateBody, response: { 200: Type.Ref('AdminGroupRow'), 409: Type.Ref('ErrorBody'), ...commonErrors } },
    },
    async (request) => {
      const b = request.body;
      const portals = portalsOf(request);
      if (!portals.includes(b.portal)) throw badRequest('AUTH_GROUP_PORTAL', '이 포털의 권한그룹을 관리할 권한이 없습니다');
      const actor = request.caller!.userId;
      await request.db.transaction().execute(async (trx) => {
        const exists = await trx.selectFrom('authGroup').select('authGroupId').where('authGroupId', '=', b.authGroupId).forUpdate().executeTakeFirst();
        if (exists) throw conflict('DUPLICATE_KEY', '이미 등록된 권한그룹 코드입니다', [{ path: 'body/authGroupId', message: '이미 등록된 권한그룹 코드입니다' }]);
        const values = { authGroupId: b.authGroupId, nameKo: b.nameKo.trim(), nameEn: b.nameEn.trim(), portal: b.portal, description: b.description?.trim() || null, sortOrder: b.sortOrder ?? 0, useYn: b.useYn ?? 'Y' };
        await trx.insertInto('authGroup').values(values).execute();
        await writeAudit(trx, { entity: 'authGroup', entityKey: b.authGroupId, action: 'CREATE', actor, after: values });
      });
      return (await groupRows(request.db, portals, { authGroupId: b.authGroupId }))[0];
    },
  );

  app.put(
    '/api/v1/portal/admin/auth-groups/:authGroupId',
    {
      config: { access: access.login([GROUP_SCREEN], 'write') },
      schema: { operationId: 'updateAuthGroup', tags: ['portal-admin'], summary: 'Change or deactivate an authority group (the system group stays active; stale version: 409)', params: GroupParams, body: GroupUpdateBody, response: { 200: Type.Ref('AdminGroupRow'), 409: Type.Ref('ErrorBody'), ...commonErrors } },
    },
    async (request) => {
      const { authGroupId } = request.params;
      const b = request.body;
      const portals = portalsOf(request);
      const actor = request.caller!.userId;
      await request.db.transaction().execute(async (trx) => {
        const before = await lockGroup(trx, authGroupId, portals);
        if (before.version !== b.version) throw versionConflict(before.version);
        if (authGroupId === SYSTEM_GROUP && b.useYn === 'N') throw conflict('SYSTEM_GROUP', '시스템관리자 그룹은 사용 중지할 수 없습니다');
        const after = { nameKo: b.nameKo.trim(), nameEn: b.nameEn.trim(), description: b.description === undefined ? before.description : b.description?.trim() || null, sortOrder: b.sortOrder ?? before.sortOrder, useYn: b.useYn ?? before.useYn };
        await trx.updateTable('authGroup').set({ ...after, version: before.version + 1 }).where('authGroupId', '=', authGroupId).execute();
        await assertAuthorityAdminRemains(trx);
        await writeAudit(trx, { entity: 'authGroup', entityKey: authGroupId, action: 'UPDATE', actor, before, after });
      });
      return (await groupRows(request.db, portals, { authGroupId }))[0];
    },
  );

  app.delete(
    '/api/v1/portal/admin/auth-groups/:authGroupId',
    {
      config: { access: access.login([GROUP_SCREEN], 'write') },
      schema: { operationId: 'deleteAuthGroup', tags: ['portal-admin'], summary: 'Remove an authority group no user belongs to (never the system group; stale version: 409)', params: GroupParams, querystring: VersionQuery, response: { 200: Type.Ref('Ok'), 409: Type.Ref('ErrorBody'), ...commonErrors } },
    },
    async (request) => {
      const { authGroupId } = request.params;
      const actor = request.caller!.userId;
      await request.db.transaction().execute(async (trx) => {
        const before = await lockGroup(trx, authGroupId, portalsOf(request));
        if (before.version !== request.query.version) throw versionConflict(before.version);
        if (authGroupId === SYSTEM_GROUP) throw conflict('SYSTEM_GROUP', '시스템관리자 그룹은 삭제할 수 없습니다');
        const user = await trx.selectFrom('appUser').select('userId').where('authGroupId', '=', authGroupId).limit(1).executeTakeFirst();
        if (user) throw conflict('AUTH_GROUP_IN_USE', '사용자가 속한 권한그룹은 삭제할 수 없습니다. 사용 중지하세요');
        const grants = await grantsOf(trx, authGroupId);
        await trx.deleteFrom('menuAuth').where('authGroupId', '=', authGroupId).execute();
        await trx.deleteFrom('authGroup').where('authGroupId', '=', authGroupId).execute();
        await writeAudit(trx, { entity: 'authGroup', entityKey: authGroupId, action: 'DELETE', actor, before: { ...before, grants } });
      });
      return { code: 'OK' as const };
    },
  );

  app.get(
    '/api/v1/portal/admin/auth-groups/:authGroupId/menus',
    {
      config: { access: access.login([AUTHORITY_SCREEN], 'read') },
      schema: {
        operationId: 'listGroupMenuAuth',
        tags: ['portal-admin'],
        summary: 'Every screen menu (leaf) of the group’s portal, in tree order and named by its path, with the group’s read and write',
        params: GroupParams,
        querystring: MenuAuthListQuery,
        response: { 200: Type.Object({ rows: Type.Array(Type.Ref('MenuAuthRow')), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => {
      const { authGroupId } = request.params;
      const group = await request.db.selectFrom('authGroup').select(['portal']).where('authGroupId', '=', authGroupId).where('portal', 'in', portalsOf(request)).executeTakeFirst();
      if (!group) throw GROUP_NOT_FOUND();
      const menus = await request.db
        .selectFrom('menu as m')
        .leftJoin('menuAuth as a', (j) => j.onRef('a.pgmId', '=', 'm.pgmId').on('a.authGroupId', '=', authGroupId))
        .select(['m.pgmId', 'm.parentId', 'm.depth', 'm.pgmName', 'm.sspUrl', 'm.leaf', 'm.useYn', 'm.sortOrder', 'a.canRead', 'a.canWrite'])
        .where('m.portal', '=', group.portal)
        .execute();
      const names = new Map(menus.map((m) => [m.pgmId, m]));
      const pathOf = (m: (typeof menus)[number]): string => {
        const parts = [m.pgmName];
        for (let p = m.parentId ? names.get(m.parentId) : undefined; p; p = p.parentId ? names.get(p.parentId) : undefined) parts.unshift(p.pgmName);
        return parts.join(' › ');
      };
      // The leaves only (folders follow them), each named by its path in the tree.
      const rows = treeOrder(menus).filter((m) => m.leaf === 'T').map((m) => ({
        pgmId: m.pgmId, parentId: m.parentId, depth: m.depth, menuPath: pathOf(m), sspUrl: m.sspUrl, leaf: m.leaf, useYn: m.useYn,
        canRead: m.canRead ?? 'N', canWrite: m.canWrite ?? 'N',
      }));
      const { limit, offset } = pageWindow({ page: request.query.page, size: request.query.size ?? 5000 });
      return { rows: rows.slice(offset, offset + limit), total: rows.length };
    },
  );

  app.put(
    '/api/v1/portal/admin/auth-groups/:authGroupId/menus',
    {
      config: { access: access.login([AUTHORITY_SCREEN], 'write') },
      schema: {
        operationId: 'saveGroupMenuAuth',
        tags: ['portal-admin'],
        summary: 'Save a group’s read and write on the leaves sent, as one change (stale group version: 409; leaving no authority administrator: 409)',
        params: GroupParams,
        body: MenuAuthSaveBody,
        response: { 200: Type.Ref('MenuAuthSaved'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      const { authGroupId } = request.params;
      const b = request.body;
      const actor = request.caller!.userId;
      return request.db.transaction().execute(async (trx) => {
        const group = await lockGroup(trx, authGroupId, portalsOf(request));
        if (group.version !== b.version) throw versionConflict(group.version);
        const menus = await trx.selectFrom('menu').select(['pgmId', 'leaf', 'portal']).execute();
        const byId = new Map(menus.map((m) => [m.pgmId, m]));
        const details = b.rows.flatMap((r, i) => {
          const m = byId.get(r.pgmId);
          if (!m) return [{ path: `body/rows/${i}/pgmId`, message: '없는 메뉴입니다' }];
          if (m.portal !== group.portal) return [{ path: `body/rows/${i}/pgmId`, message: '다른 포털의 메뉴입니다' }];
          return [];
        });
        if (details.length) throw badRequest('VALIDATION', '메뉴 권한을 확인하세요', details);
        const before = await grantsOf(trx, authGroupId);
        // Leaves keep their grant unless sent; a branch's grant follows its leaves.
        const leaves = new Map<string, 'R' | 'W'>();
        for (const [pgmId, lv] of Object.entries(await grantMap(trx, authGroupId))) if (byId.get(pgmId)?.leaf === 'T') leaves.set(pgmId, lv);
        for (const r of b.rows) {
          if (byId.get(r.pgmId)!.leaf !== 'T') continue;
          if (r.canWrite === 'Y') leaves.set(r.pgmId, 'W');
          else if (r.canRead === 'Y') leaves.set(r.pgmId, 'R');
          else leaves.delete(r.pgmId);
        }
        const granted = await writeGrants(trx, authGroupId, group.portal, leaves);
        await trx.updateTable('authGroup').set({ version: group.version + 1 }).where('authGroupId', '=', authGroupId).execute();
        await assertAuthorityAdminRemains(trx);
        await writeAudit(trx, { entity: 'menuAuth', entityKey: authGroupId, action: 'UPDATE', actor, before, after: await grantsOf(trx, authGroupId) });
        return { authGroupId, granted, version: group.version + 1 };
      });
    },
  );

  app.post(
    '/api/v1/portal/admin/auth-groups/:authGroupId/menus/copy',
    {
      config: { access: access.login([AUTHORITY_SCREEN], 'write') },
      schema: {
        operationId: 'copyGroupMenuAuth',
        tags: ['portal-admin'],
        summary: 'Replace a group’s grants with another group’s of the same portal, as one change (stale version: 409)',
        params: GroupParams,
        body: MenuAuthCopyBody,
        response: { 200: Type.Ref('MenuAuthSaved'), 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => {
      const { authGroupId } = request.params;
      const b = request.body;
      const actor = request.caller!.userId;
      const portals = portalsOf(request);
      return request.db.transaction().execute(async (trx) => {
        const group = await lockGroup(trx, authGroupId, portals);
        if (group.version !== b.version) throw versionConflict(group.version);
        if (b.fromGroupId === authGroupId) throw badRequest('AUTH_COPY_SELF', '같은 그룹에서 복사할 수 없습니다', [{ path: 'body/fromGroupId', message: '같은 그룹입니다' }]);
        const from = await trx.selectFrom('authGroup').select(['portal']).where('authGroupId', '=', b.fromGroupId).where('portal', 'in', portals).executeTakeFirst();
        if (!from) throw badRequest('AUTH_GROUP_NOT_FOUND', '복사할 권한그룹을 찾을 수 없습니다', [{ path: 'body/fromGroupId', message: '권한그룹을 찾을 수 없습니다' }]);
        if (from.portal !== group.portal) throw badRequest('AUTH_COPY_PORTAL', '다른 포털의 권한그룹에서는 복사할 수 없습니다', [{ path: 'body/fromGroupId', message: '다른 포털의 권한그룹입니다' }]);
        const before = await grantsOf(trx, authGroupId);
        const source = await trx.selectFrom('menuAuth as a').innerJoin('menu as m', 'm.pgmId', 'a.pgmId').select(['a.pgmId', 'a.canWrite']).where('a.authGroupId', '=', b.fromGroupId).where('a.canRead', '=', 'Y').where('m.leaf', '=', 'T').execute();
        const granted = await writeGrants(trx, authGroupId, group.portal, new Map(source.map((s) => [s.pgmId, s.canWrite === 'Y' ? 'W' : 'R'])));
        await trx.updateTable('authGroup').set({ version: group.version + 1 }).where('authGroupId', '=', authGroupId).execute();
        await assertAuthorityAdminRemains(trx);
        await writeAudit(trx, { entity: 'menuAuth', entityKey: authGroupId, action: 'COPY', actor, before, after: await grantsOf(trx, authGroupId), reason: `from ${b.fromGroupId}` });
        return { authGroupId, granted, version: group.version + 1 };
      });
    },
  );

  app.get(
    '/api/v1/portal/admin/audit',
    {
      config: { access: access.login([AUDIT_SCREEN], 'read', ['I']) },
      schema: {
        operationId: 'listAdminAudit',
        tags: ['portal-admin'],
        summary: 'Administrative changes (menus, authority groups, menu authority, board posts): who, when, before, after',
        querystring: AdminAuditQuery,
        response: { 200: Type.Object({ rows: Type.Array(Type.Ref('AdminAuditRow')), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => {
      const q = request.query;
      const entities = q.entity ? [q.entity] : ['menu', 'authGroup', 'menuAuth', 'boardPost'];
      const base = request.db
        .selectFrom('auditLog')
        .where('entity', 'in', entities)
        .$if(!!given(q.entityKey), (qb) => qb.where('entityKey', 'like', `${likeEscape(q.entityKey!.trim())}%`))
        .$if(!!given(q.actor), (qb) => qb.where('actor', '=', q.actor!.trim()))
        .$if(!!q.atFrom, (qb) => qb.where('at', '>=', sql<Date>`${q.atFrom}::date`))
        .$if(!!q.atTo, (qb) => qb.where('at', '<', sql<Date>`${q.atTo}::date + 1`));
      const sort = parseSort<(typeof AUDIT_SORT)[number]>(q.sort, { field: 'at', direction: 'desc' });
      const { limit, offset } = pageWindow(q);
      const [rows, count] = await Promise.all([
        // The JSON as stored (read as text: the camel-case plugin would rename the keys of objects).
        base.select(['id', 'entity', 'entityKey', 'action', 'actor', 'at', sql<string | null>`before_data::text`.as('beforeData'), sql<string | null>`after_data::text`.as('afterData')]).orderBy(sort.field, sort.direction).orderBy('id', 'desc').limit(limit).offset(offset).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map((r) => ({ ...r, at: r.at.toISOString() })), total: Number(count.n) };
    },
  );
};
