import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access, type Portal } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { pageWindow } from '../../http/list-query.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import type { FastifyRequest } from 'fastify';
import { AdminMenuRow, AdminMenuSaved, MenuCreateBody, MenuListQuery, MenuMoveBody, MenuParams, MenuUpdateBody, VersionQuery } from './schemas.js';
import { MENU_SCREEN, assertAuthorityAdminRemains, checkUrls, splitUrls, unknownRoutes, versionConflict } from './rules.js';

const MENU_COLUMNS = ['pgmId', 'parentId', 'depth', 'pgmName', 'pgmNameEn', 'sspUrl', 'sspSubUrls', 'leaf', 'portal', 'sortOrder', 'useYn', 'version'] as const;
type MenuRecord = { pgmId: string; parentId: string | null; depth: number; pgmName: string; pgmNameEn: string; sspUrl: string | null; sspSubUrls: string[]; leaf: 'T' | 'F'; portal: Portal; sortOrder: number; useYn: 'Y' | 'N'; version: number };

const NOT_FOUND = () => notFound('MENU_NOT_FOUND', '메뉴를 찾을 수 없습니다');

/** Supplier administrators manage their own portal only; internal administrators both. */
export const portalsOf = (request: FastifyRequest): Portal[] => (request.caller!.portal === 'X' ? ['X'] : ['I', 'X']);

function toRow(m: MenuRecord) {
  const urls = m.leaf === 'T' && m.sspUrl ? [m.sspUrl, ...m.sspSubUrls] : [];
  return { ...m, subUrls: m.sspSubUrls.join(', '), sspSubUrls: undefined, routeKnown: unknownRoutes(m.portal, urls).length === 0 ? 'Y' : 'N' };
}

async function findMenu(db: Db, pgmId: string, portals: Portal[], lock = false): Promise<MenuRecord | undefined> {
  let q = db.selectFrom('menu').select(MENU_COLUMNS).where('pgmId', '=', pgmId).where('portal', 'in', portals);
  if (lock) q = q.forUpdate();
  return (await q.executeTakeFirst()) as MenuRecord | undefined;
}

/** Menus in tree order: each parent before its children, siblings by sortOrder then pgmId. */
export function treeOrder<T extends { pgmId: string; parentId: string | null; sortOrder: number }>(rows: T[]): T[] {
  const children = new Map<string | null, T[]>();
  for (const r of rows) children.set(r.parentId, [...(children.get(r.parentId) ?? []), r]);
  for (const list of children.values()) list.sort((a, b) => a.sortOrder - b.sortOrder || a.pgmId.localeCompare(b.pgmId));
  const ids = new Set(rows.map((r) => r.pgmId));
  const out: T[] = [];
  const walk = (parent: string | null) => {
    for (const r of children.get(parent) ?? []) {
      out.push(r);
      walk(r.pgmId);
    }
  };
  walk(null);
  // Orphans (a parent outside the portals read) still show, at the end.
  for (const r of rows) if (r.parentId && !ids.has(r.parentId) && !out.includes(r)) out.push(r);
  return out;
}

interface Shape {
  parentId: string | null;
  leaf: 'T' | 'F';
  sspUrl: string | null;
  sspSubUrls: string[];
}

/** Checks a menu's place and URLs; answers its depth and the warnings to show. */
async function checkShape(trx: Db, pgmId: string, portal: Portal, s: Shape): Promise<{ depth: number; warnings: string[] }> {
  let depth = 1;
  if (s.parentId) {
    const parent = await trx.selectFrom('menu').select(['pgmId', 'portal', 'leaf', 'depth', 'parentId']).where('pgmId', '=', s.parentId).executeTakeFirst();
    if (!parent) throw badRequest('MENU_PARENT_NOT_FOUND', '상위 메뉴를 찾을 수 없습니다', [{ path: 'body/parentId', message: '상위 메뉴를 찾을 수 없습니다' }]);
    if (parent.portal !== portal) throw badRequest('MENU_PARENT_PORTAL', '다른 포털의 메뉴 아래로 둘 수 없습니다', [{ path: 'body/parentId', message: '다른 포털의 메뉴입니다' }]);
    if (parent.leaf === 'T') throw badRequest('MENU_PARENT_LEAF', '화면 메뉴(leaf) 아래에는 메뉴를 둘 수 없습니다', [{ path: 'body/parentId', message: '화면 메뉴 아래에는 둘 수 없습니다' }]);
    // A cycle: the new parent is the menu itself or one of its descendants.
    for (let at: string | null = parent.pgmId, steps = 0; at; steps++) {
      if (at === pgmId || steps > 10) throw badRequest('MENU_CYCLE', '메뉴를 자기 자신이나 하위 메뉴 아래로 옮길 수 없습니다', [{ path: 'body/parentId', message: '자기 자신이나 하위 메뉴입니다' }]);
      const up: { parentId: string | null } | undefined = await trx.selectFrom('menu').select('parentId').where('pgmId', '=', at).executeTakeFirst();
      at = up?.parentId ?? null;
    }
    depth = parent.depth + 1;
  }
  if (s.leaf === 'T') {
    if (!s.sspUrl) throw badRequest('VALIDATION', '화면 메뉴에는 URL이 필요합니다', [{ path: 'body/sspUrl', message: '필수 입력 항목입니다' }]);
    checkUrls([s.sspUrl], 'sspUrl');
    checkUrls(s.sspSubUrls, 'subUrls');
  } else if (s.sspUrl || s.sspSubUrls.length > 0) {
    throw badRequest('MENU_BRANCH_URL', '상위 메뉴(폴더)에는 URL을 둘 수 없습니다', [{ path: 'body/sspUrl', message: '폴더 메뉴에는 URL을 둘 수 없습니다' }]);
  }
  const unknown = s.leaf === 'T' ? unknownRoutes(portal, [s.sspUrl!, ...s.sspSubUrls]) : [];
  return { depth, warnings: unknown.map((u) => `앱에 없는 경로입니다: ${u}`) };
}

/** Depth of every menu below `pgmId` after it moved to `depth`; refuses a tree deeper than 3 levels. */
async function redepth(trx: Db, pgmId: string, depth: number): Promise<void> {
  let level = [pgmId];
  for (let d = depth; level.length > 0; d++) {
    if (d > 3) throw badRequest('MENU_TOO_DEEP', '메뉴는 3단계까지만 둘 수 있습니다', [{ path: 'body/parentId', message: '메뉴는 3단계까지입니다' }]);
    await trx.updateTable('menu').set({ depth: d }).where('pgmId', 'in', level).execute();
    level = (await trx.selectFrom('menu').select('pgmId').where('parentId', 'in', level).execute()).map((r) => r.pgmId);
  }
}

/**
 * menuManage: the menu tree of both portals. Every change is one transaction with an audit row,
 * and is read by the next login check, menu load and API call (nothing caches menus: see
 * server/auth/menu-authority.ts).
 */
export const adminMenuRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(AdminMenuRow);
  app.addSchema(AdminMenuSaved);
  const saved = { 200: Type.Ref('AdminMenuSaved'), 409: Type.Ref('ErrorBody'), ...commonErrors };

  app.get(
    '/api/v1/portal/admin/menus',
    {
      config: { access: access.login([MENU_SCREEN], 'read') },
      schema: {
        operationId: 'listAdminMenus',
        tags: ['portal-admin'],
        summary: 'Every menu (inactive too) of the portals the caller manages, in tree order',
        querystring: MenuListQuery,
        response: { 200: Type.Object({ rows: Type.Array(Type.Ref('AdminMenuRow')), total: Type.Integer() }), ...commonErrors },
      },
    },
    async (request) => {
      const portals = portalsOf(request).filter((p) => !request.query.portal || p === request.query.portal);
      const rows = portals.length ? ((await request.db.selectFrom('menu').select(MENU_COLUMNS).where('portal', 'in', portals).execute()) as MenuRecord[]) : [];
      const ordered = [...treeOrder(rows.filter((r) => r.portal === 'I')), ...treeOrder(rows.filter((r) => r.portal === 'X'))];
      const { limit, offset } = pageWindow({ page: request.query.page, size: request.query.size ?? 5000 });
      return { rows: ordered.slice(offset, offset + limit).map(toRow), total: ordered.length };
    },
  );

  app.post(
    '/api/v1/portal/admin/menus',
    {
      config: { access: access.login([MENU_SCREEN], 'write') },
      schema: { operationId: 'createMenu', tags: ['portal-admin'], summary: 'Add a menu (duplicate pgmId: 409; a cycle, a URL with a scheme: 400; an unknown route: a warning)', body: MenuCreateBody, response: saved },
    },
    async (request) => {
      const b = request.body;
      if (!portalsOf(request).includes(b.portal)) throw badRequest('MENU_PORTAL', '이 포털의 메뉴를 관리할 권한이 없습니다');
      const shape: Shape = { parentId: b.parentId || null, leaf: b.leaf, sspUrl: b.sspUrl?.trim() || null, sspSubUrls: splitUrls(b.subUrls) };
      const actor = request.caller!.userId;
      const warnings = await request.db.transaction().execute(async (trx) => {
        const exists = await trx.selectFrom('menu').select('pgmId').where('pgmId', '=', b.pgmId).forUpdate().executeTakeFirst();
        if (exists) throw conflict('DUPLICATE_KEY', '이미 등록된 메뉴 ID입니다', [{ path: 'body/pgmId', message: '이미 등록된 메뉴 ID입니다' }]);
        const { depth, warnings } = await checkShape(trx, b.pgmId, b.portal, shape);
        if (depth > 3) throw badRequest('MENU_TOO_DEEP', '메뉴는 3단계까지만 둘 수 있습니다', [{ path: 'body/parentId', message: '메뉴는 3단계까지입니다' }]);
        let sortOrder = b.sortOrder;
        if (sortOrder === undefined) {
          const last = await trx.selectFrom('menu').select((eb) => eb.fn.max('sortOrder').as('m')).where((eb) => (shape.parentId ? eb('parentId', '=', shape.parentId) : eb('parentId', 'is', null))).where('portal', '=', b.portal).executeTakeFirst();
          sortOrder = Number(last?.m ?? 0) + 10;
        }
        const values = { pgmId: b.pgmId, parentId: shape.parentId, depth, pgmName: b.pgmName.trim(), pgmNameEn: b.pgmNameEn.trim(), sspUrl: shape.sspUrl, sspSubUrls: shape.sspSubUrls, leaf: b.leaf, portal: b.portal, sortOrder, useYn: b.useYn ?? 'Y' };
        await trx.insertInto('menu').values(values).execute();
        await writeAudit(trx, { entity: 'menu', entityKey: b.pgmId, action: 'CREATE', actor, after: values });
        return warnings;
      });
      return { ...toRow((await findMenu(request.db, b.pgmId, [b.portal]))!), warnings };
    },
  );

  app.put(
    '/api/v1/portal/admin/menus/:pgmId',
    {
      config: { access: access.login([MENU_SCREEN], 'write') },
      schema: { operationId: 'updateMenu', tags: ['portal-admin'], summary: 'Change, move (parentId) or deactivate a menu (stale version: 409; a cycle: 400)', params: MenuParams, body: MenuUpdateBody, response: saved },
    },
    async (request) => {
      const { pgmId } = request.params;
      const b = request.body;
      const portals = portalsOf(request);
      const actor = request.caller!.userId;
      const warnings = await request.db.transaction().execute(async (trx) => {
        const before = await findMenu(trx, pgmId, portals, true);
        if (!before) throw NOT_FOUND();
        if (before.version !== b.version) throw versionConflict(before.version);
        const shape: Shape = {
          parentId: b.parentId === undefined ? before.parentId : b.parentId || null,
          leaf: b.leaf,
          sspUrl: b.sspUrl === undefined ? before.sspUrl : b.sspUrl?.trim() || null,
          sspSubUrls: b.subUrls === undefined ? before.sspSubUrls : splitUrls(b.subUrls),
        };
        if (b.leaf === 'T' && before.leaf === 'F') {
          const child = await trx.selectFrom('menu').select('pgmId').where('parentId', '=', pgmId).limit(1).executeTakeFirst();
          if (child) throw badRequest('MENU_HAS_CHILDREN', '하위 메뉴가 있는 메뉴는 화면 메뉴(leaf)로 바꿀 수 없습니다', [{ path: 'body/leaf', message: '하위 메뉴가 있습니다' }]);
        }
        const { depth, warnings } = await checkShape(trx, pgmId, before.portal, shape);
        const after = { parentId: shape.parentId, pgmName: b.pgmName.trim(), pgmNameEn: b.pgmNameEn.trim(), sspUrl: shape.sspUrl, sspSubUrls: shape.sspSubUrls, leaf: b.leaf, sortOrder: b.sortOrder ?? before.sortOrder, useYn: b.useYn ?? before.useYn };
        await trx.updateTable('menu').set({ ...after, version: before.version + 1 }).where('pgmId', '=', pgmId).execute();
        if (depth !== before.depth || shape.parentId !== before.parentId) await redepth(trx, pgmId, depth);
        await assertAuthorityAdminRemains(trx);
        await writeAudit(trx, { entity: 'menu', entityKey: pgmId, action: shape.parentId !== before.parentId ? 'MOVE' : 'UPDATE', actor, before, after: { ...after, depth } });
        return warnings;
      });
      return { ...toRow((await findMenu(request.db, pgmId, portals))!), warnings };
    },
  );

  app.post(
    '/api/v1/portal/admin/menus/:pgmId/move',
    {
      config: { access: access.login([MENU_SCREEN], 'write') },
      schema: { operationId: 'reorderMenu', tags: ['portal-admin'], summary: 'Move a menu one place up or down among its siblings (stale version: 409)', params: MenuParams, body: MenuMoveBody, response: saved },
    },
    async (request) => {
      const { pgmId } = request.params;
      const portals = portalsOf(request);
      const actor = request.caller!.userId;
      await request.db.transaction().execute(async (trx) => {
        const me = await findMenu(trx, pgmId, portals, true);
        if (!me) throw NOT_FOUND();
        if (me.version !== request.body.version) throw versionConflict(me.version);
        const siblings = await trx
          .selectFrom('menu')
          .select(['pgmId', 'sortOrder'])
          .where('portal', '=', me.portal)
          .where((eb) => (me.parentId ? eb('parentId', '=', me.parentId) : eb('parentId', 'is', null)))
          .orderBy('sortOrder')
          .orderBy('pgmId')
          .forUpdate()
          .execute();
        const ids = siblings.map((s) => s.pgmId);
        const at = ids.indexOf(pgmId);
        const to = request.body.direction === 'up' ? at - 1 : at + 1;
        if (to < 0 || to >= ids.length) return;
        [ids[at], ids[to]] = [ids[to], ids[at]];
        const before = siblings.map((s) => ({ pgmId: s.pgmId, sortOrder: s.sortOrder }));
        for (const [i, id] of ids.entries()) {
          await trx.updateTable('menu').set((eb) => ({ sortOrder: (i + 1) * 10, version: eb('version', '+', 1) })).where('pgmId', '=', id).execute();
        }
        await writeAudit(trx, { entity: 'menu', entityKey: pgmId, action: 'REORDER', actor, before, after: ids.map((id, i) => ({ pgmId: id, sortOrder: (i + 1) * 10 })) });
      });
      return { ...toRow((await findMenu(request.db, pgmId, portals))!), warnings: [] };
    },
  );

  app.delete(
    '/api/v1/portal/admin/menus/:pgmId',
    {
      config: { access: access.login([MENU_SCREEN], 'write') },
      schema: { operationId: 'deleteMenu', tags: ['portal-admin'], summary: 'Remove a menu without children, with its grants (stale version: 409)', params: MenuParams, querystring: VersionQuery, response: { 200: Type.Ref('Ok'), 409: Type.Ref('ErrorBody'), ...commonErrors } },
    },
    async (request) => {
      const { pgmId } = request.params;
      const actor = request.caller!.userId;
      await request.db.transaction().execute(async (trx) => {
        const before = await findMenu(trx, pgmId, portalsOf(request), true);
        if (!before) throw NOT_FOUND();
        if (before.version !== request.query.version) throw versionConflict(before.version);
        const child = await trx.selectFrom('menu').select('pgmId').where('parentId', '=', pgmId).limit(1).executeTakeFirst();
        if (child) throw conflict('MENU_HAS_CHILDREN', '하위 메뉴가 있는 메뉴는 삭제할 수 없습니다. 하위 메뉴를 먼저 옮기거나 삭제하세요');
        const grants = await trx.selectFrom('menuAuth').selectAll().where('pgmId', '=', pgmId).execute();
        await trx.deleteFrom('menuAuth').where('pgmId', '=', pgmId).execute();
        await trx.deleteFrom('menu').where('pgmId', '=', pgmId).execute();
        await assertAuthorityAdminRemains(trx);
        await writeAudit(trx, { entity: 'menu', entityKey: pgmId, action: 'DELETE', actor, before: { ...before, grants } });
      });
      return { code: 'OK' as const };
    },
  );
};
