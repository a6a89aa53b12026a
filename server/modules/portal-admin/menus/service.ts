import type { Static } from 'typebox';
import type { Portal } from '../../../http/access.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { pageWindow } from '../../../http/list-query.js';
import type { Caller } from '../../../auth/plugin.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import type { MenuCreateBody, MenuListQuery, MenuMoveBody, MenuUpdateBody } from '../schemas.js';
import {
  assertAuthorityAdminRemains,
  checkUrls,
  portalsOf,
  splitUrls,
  treeOrder,
  unknownRoutes,
  versionConflict,
} from '../rules.js';
import {
  childIds,
  deleteMenuWithGrants,
  findMenu,
  hasChildren,
  insertMenu,
  lastSortOrder,
  lockSiblings,
  menuIdTaken,
  menusOf,
  parentIdOf,
  parentMenu,
  setDepth,
  setSortOrder,
  updateMenu,
  type MenuRecord,
} from './queries.js';

/**
 * menuManage: the menu tree of both portals. Every change is one transaction with an audit row,
 * and is read by the next login check, menu load and API call (nothing caches menus: see
 * server/auth/menu-authority.ts).
 */

const NOT_FOUND = () => notFound('MENU_NOT_FOUND', '메뉴를 찾을 수 없습니다');
const TOO_DEEP = () =>
  badRequest('MENU_TOO_DEEP', '메뉴는 3단계까지만 둘 수 있습니다', [
    { path: 'body/parentId', message: '메뉴는 3단계까지입니다' },
  ]);

function toRow(m: MenuRecord) {
  const urls = m.leaf === 'T' && m.sspUrl ? [m.sspUrl, ...m.sspSubUrls] : [];
  return {
    ...m,
    subUrls: m.sspSubUrls.join(', '),
    sspSubUrls: undefined,
    routeKnown: unknownRoutes(m.portal, urls).length === 0 ? 'Y' : 'N',
  };
}

interface Shape {
  parentId: string | null;
  leaf: 'T' | 'F';
  sspUrl: string | null;
  sspSubUrls: string[];
}

/** Checks a menu's place and URLs; answers its depth and the warnings to show. */
async function checkShape(
  trx: Db,
  pgmId: string,
  portal: Portal,
  s: Shape,
): Promise<{ depth: number; warnings: string[] }> {
  let depth = 1;
  if (s.parentId) {
    const parent = await parentMenu(trx, s.parentId);
    if (!parent)
      throw badRequest('MENU_PARENT_NOT_FOUND', '상위 메뉴를 찾을 수 없습니다', [
        { path: 'body/parentId', message: '상위 메뉴를 찾을 수 없습니다' },
      ]);
    if (parent.portal !== portal)
      throw badRequest('MENU_PARENT_PORTAL', '다른 포털의 메뉴 아래로 둘 수 없습니다', [
        { path: 'body/parentId', message: '다른 포털의 메뉴입니다' },
      ]);
    if (parent.leaf === 'T')
      throw badRequest('MENU_PARENT_LEAF', '화면 메뉴(leaf) 아래에는 메뉴를 둘 수 없습니다', [
        { path: 'body/parentId', message: '화면 메뉴 아래에는 둘 수 없습니다' },
      ]);
    // A cycle: the new parent is the menu itself or one of its descendants.
    for (let at: string | null = parent.pgmId, steps = 0; at; steps++) {
      if (at === pgmId || steps > 10)
        throw badRequest('MENU_CYCLE', '메뉴를 자기 자신이나 하위 메뉴 아래로 옮길 수 없습니다', [
          { path: 'body/parentId', message: '자기 자신이나 하위 메뉴입니다' },
        ]);
      at = await parentIdOf(trx, at);
    }
    depth = parent.depth + 1;
  }
  if (s.leaf === 'T') {
    if (!s.sspUrl)
      throw badRequest('VALIDATION', '화면 메뉴에는 URL이 필요합니다', [
        { path: 'body/sspUrl', message: '필수 입력 항목입니다' },
      ]);
    checkUrls([s.sspUrl], 'sspUrl');
    checkUrls(s.sspSubUrls, 'subUrls');
  } else if (s.sspUrl || s.sspSubUrls.length > 0) {
    throw badRequest('MENU_BRANCH_URL', '상위 메뉴(폴더)에는 URL을 둘 수 없습니다', [
      { path: 'body/sspUrl', message: '폴더 메뉴에는 URL을 둘 수 없습니다' },
    ]);
  }
  const unknown = s.leaf === 'T' ? unknownRoutes(portal, [s.sspUrl!, ...s.sspSubUrls]) : [];
  return { depth, warnings: unknown.map((u) => `앱에 없는 경로입니다: ${u}`) };
}

/** Depth of every menu below `pgmId` after it moved to `depth`; refuses a tree deeper than 3 levels. */
async function redepth(trx: Db, pgmId: string, depth: number): Promise<void> {
  let level = [pgmId];
  for (let d = depth; level.length > 0; d++) {
    if (d > 3) throw TOO_DEEP();
    await setDepth(trx, level, d);
    level = await childIds(trx, level);
  }
}

/** Every menu (inactive too) of the portals the caller manages, in tree order. */
export async function listAdminMenus(db: Db, caller: Caller, q: Static<typeof MenuListQuery>) {
  const portals = portalsOf(caller).filter((p) => !q.portal || p === q.portal);
  const rows = portals.length ? await menusOf(db, portals) : [];
  const ordered = [
    ...treeOrder(rows.filter((r) => r.portal === 'I')),
    ...treeOrder(rows.filter((r) => r.portal === 'X')),
  ];
  const { limit, offset } = pageWindow({ page: q.page, size: q.size ?? 5000 });
  return { rows: ordered.slice(offset, offset + limit).map(toRow), total: ordered.length };
}

export async function createMenu(db: Db, caller: Caller, b: Static<typeof MenuCreateBody>) {
  if (!portalsOf(caller).includes(b.portal)) throw badRequest('MENU_PORTAL', '이 포털의 메뉴를 관리할 권한이 없습니다');
  const shape: Shape = {
    parentId: b.parentId || null,
    leaf: b.leaf,
    sspUrl: b.sspUrl?.trim() || null,
    sspSubUrls: splitUrls(b.subUrls),
  };
  const actor = caller.userId;
  const warnings = await db.transaction().execute(async (trx) => {
    if (await menuIdTaken(trx, b.pgmId))
      throw conflict('DUPLICATE_KEY', '이미 등록된 메뉴 ID입니다', [
        { path: 'body/pgmId', message: '이미 등록된 메뉴 ID입니다' },
      ]);
    const { depth, warnings } = await checkShape(trx, b.pgmId, b.portal, shape);
    if (depth > 3) throw TOO_DEEP();
    const sortOrder = b.sortOrder ?? (await lastSortOrder(trx, shape.parentId, b.portal)) + 10;
    const values = {
      pgmId: b.pgmId,
      parentId: shape.parentId,
      depth,
      pgmName: b.pgmName.trim(),
      pgmNameEn: b.pgmNameEn.trim(),
      sspUrl: shape.sspUrl,
      sspSubUrls: shape.sspSubUrls,
      leaf: b.leaf,
      portal: b.portal,
      sortOrder,
      useYn: b.useYn ?? 'Y',
    };
    await insertMenu(trx, values);
    await writeAudit(trx, { entity: 'menu', entityKey: b.pgmId, action: 'CREATE', actor, after: values });
    return warnings;
  });
  return { ...toRow((await findMenu(db, b.pgmId, [b.portal]))!), warnings };
}

export async function changeMenu(db: Db, caller: Caller, pgmId: string, b: Static<typeof MenuUpdateBody>) {
  const portals = portalsOf(caller);
  const actor = caller.userId;
  const warnings = await db.transaction().execute(async (trx) => {
    const before = await findMenu(trx, pgmId, portals, true);
    if (!before) throw NOT_FOUND();
    if (before.version !== b.version) throw versionConflict(before.version);
    const shape: Shape = {
      parentId: b.parentId === undefined ? before.parentId : b.parentId || null,
      leaf: b.leaf,
      sspUrl: b.sspUrl === undefined ? before.sspUrl : b.sspUrl?.trim() || null,
      sspSubUrls: b.subUrls === undefined ? before.sspSubUrls : splitUrls(b.subUrls),
    };
    if (b.leaf === 'T' && before.leaf === 'F' && (await hasChildren(trx, pgmId))) {
      throw badRequest('MENU_HAS_CHILDREN', '하위 메뉴가 있는 메뉴는 화면 메뉴(leaf)로 바꿀 수 없습니다', [
        { path: 'body/leaf', message: '하위 메뉴가 있습니다' },
      ]);
    }
    const { depth, warnings } = await checkShape(trx, pgmId, before.portal, shape);
    const after = {
      parentId: shape.parentId,
      pgmName: b.pgmName.trim(),
      pgmNameEn: b.pgmNameEn.trim(),
      sspUrl: shape.sspUrl,
      sspSubUrls: shape.sspSubUrls,
      leaf: b.leaf,
      sortOrder: b.sortOrder ?? before.sortOrder,
      useYn: b.useYn ?? before.useYn,
    };
    await updateMenu(trx, pgmId, { ...after, version: before.version + 1 });
    if (depth !== before.depth || shape.parentId !== before.parentId) await redepth(trx, pgmId, depth);
    await assertAuthorityAdminRemains(trx);
    await writeAudit(trx, {
      entity: 'menu',
      entityKey: pgmId,
      action: shape.parentId !== before.parentId ? 'MOVE' : 'UPDATE',
      actor,
      before,
      after: { ...after, depth },
    });
    return warnings;
  });
  return { ...toRow((await findMenu(db, pgmId, portals))!), warnings };
}

/** One place up or down among its siblings; the siblings are numbered again 10, 20, … */
export async function reorderMenu(db: Db, caller: Caller, pgmId: string, body: Static<typeof MenuMoveBody>) {
  const portals = portalsOf(caller);
  await db.transaction().execute(async (trx) => {
    const me = await findMenu(trx, pgmId, portals, true);
    if (!me) throw NOT_FOUND();
    if (me.version !== body.version) throw versionConflict(me.version);
    const siblings = await lockSiblings(trx, me.portal, me.parentId);
    const ids = siblings.map((s) => s.pgmId);
    const at = ids.indexOf(pgmId);
    const to = body.direction === 'up' ? at - 1 : at + 1;
    if (to < 0 || to >= ids.length) return;
    [ids[at], ids[to]] = [ids[to], ids[at]];
    const before = siblings.map((s) => ({ pgmId: s.pgmId, sortOrder: s.sortOrder }));
    for (const [i, id] of ids.entries()) await setSortOrder(trx, id, (i + 1) * 10);
    await writeAudit(trx, {
      entity: 'menu',
      entityKey: pgmId,
      action: 'REORDER',
      actor: caller.userId,
      before,
      after: ids.map((id, i) => ({ pgmId: id, sortOrder: (i + 1) * 10 })),
    });
  });
  return { ...toRow((await findMenu(db, pgmId, portals))!), warnings: [] };
}

/** Removes a menu without children, with its grants. */
export async function deleteMenu(db: Db, caller: Caller, pgmId: string, version: number) {
  await db.transaction().execute(async (trx) => {
    const before = await findMenu(trx, pgmId, portalsOf(caller), true);
    if (!before) throw NOT_FOUND();
    if (before.version !== version) throw versionConflict(before.version);
    if (await hasChildren(trx, pgmId))
      throw conflict(
        'MENU_HAS_CHILDREN',
        '하위 메뉴가 있는 메뉴는 삭제할 수 없습니다. 하위 메뉴를 먼저 옮기거나 삭제하세요',
      );
    const grants = await deleteMenuWithGrants(trx, pgmId);
    await assertAuthorityAdminRemains(trx);
    await writeAudit(trx, {
      entity: 'menu',
      entityKey: pgmId,
      action: 'DELETE',
      actor: caller.userId,
      before: { ...before, grants },
    });
  });
  return { code: 'OK' as const };
}
