import type { Static } from 'typebox';
import type { Portal } from '../../../http/access.js';
import { badRequest, conflict, notFound } from '../../../http/errors.js';
import { given, pageWindow, parseSort } from '../../../http/list-query.js';
import type { Caller } from '../../../auth/plugin.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import type {
  AdminAuditQuery,
  AUDIT_SORT,
  GroupCreateBody,
  GroupListQuery,
  GroupUpdateBody,
  MenuAuthCopyBody,
  MenuAuthListQuery,
  MenuAuthSaveBody,
} from '../schemas.js';
import { SYSTEM_GROUP, assertAuthorityAdminRemains, portalsOf, treeOrder, versionConflict } from '../rules.js';
import {
  allMenus,
  auditPage,
  deleteGroupWithGrants,
  grantRows,
  groupHasUsers,
  groupIdTaken,
  groupPortal,
  groupRows,
  insertGroup,
  leafGrantsOf,
  lockGroup,
  menusWithGrants,
  portalMenuTree,
  replaceGrants,
  updateGroup,
} from './queries.js';

/** authorGroupManage, authMenuManage and the administration change log. */

const GROUP_NOT_FOUND = () => notFound('AUTH_GROUP_NOT_FOUND', '권한그룹을 찾을 수 없습니다');

async function groups(
  db: Db,
  portals: Portal[],
  filter: { portal?: Portal; useYn?: 'Y' | 'N'; authGroupId?: string } = {},
) {
  const rows = await groupRows(db, portals, filter);
  return rows.map((r) => ({ ...r, userCount: Number(r.userCount ?? 0), label: `${r.authGroupId} ${r.nameKo}` }));
}

async function lockedGroup(trx: Db, authGroupId: string, portals: Portal[]) {
  const g = await lockGroup(trx, authGroupId, portals);
  if (!g) throw GROUP_NOT_FOUND();
  return g;
}

/** The group's grants as { pgmId: 'R' | 'W' }. */
async function grantMap(trx: Db, authGroupId: string): Promise<Record<string, 'R' | 'W'>> {
  const rows = await grantRows(trx, authGroupId);
  return Object.fromEntries(
    rows.filter((r) => r.canRead === 'Y' || r.canWrite === 'Y').map((r) => [r.pgmId, r.canWrite === 'Y' ? 'W' : 'R']),
  );
}

/** The same as `PGM_ID:R|W` strings, for audit rows (JSON keys would be camel-cased when read back). */
const grantsOf = async (trx: Db, authGroupId: string): Promise<string[]> =>
  Object.entries(await grantMap(trx, authGroupId)).map(([id, lv]) => `${id}:${lv}`);

/**
 * Writes a group's grants from its leaves: write implies read, and every ancestor of a granted leaf
 * is granted read (write when a writable leaf is below it), so the menu tree reaches the leaf.
 */
async function writeGrants(
  trx: Db,
  authGroupId: string,
  portal: Portal,
  leaves: Map<string, 'R' | 'W'>,
): Promise<number> {
  const menus = await portalMenuTree(trx, portal);
  const byId = new Map(menus.map((m) => [m.pgmId, m]));
  const level = new Map<string, 'R' | 'W'>();
  for (const [pgmId, lv] of leaves) {
    for (let m = byId.get(pgmId); m; m = m.parentId ? byId.get(m.parentId) : undefined) {
      level.set(m.pgmId, level.get(m.pgmId) === 'W' || lv === 'W' ? 'W' : 'R');
    }
  }
  await replaceGrants(
    trx,
    authGroupId,
    [...level].map(([pgmId, lv]) => ({
      authGroupId,
      pgmId,
      canRead: 'Y' as const,
      canWrite: lv === 'W' ? ('Y' as const) : ('N' as const),
    })),
  );
  return [...leaves.keys()].length;
}

export async function listGroups(db: Db, caller: Caller, q: Static<typeof GroupListQuery>) {
  const rows = await groups(db, portalsOf(caller), { portal: q.portal, useYn: q.useYn });
  const { limit, offset } = pageWindow({ page: q.page, size: q.size ?? 5000 });
  return { rows: rows.slice(offset, offset + limit), total: rows.length };
}

export async function createGroup(db: Db, caller: Caller, b: Static<typeof GroupCreateBody>) {
  const portals = portalsOf(caller);
  if (!portals.includes(b.portal)) throw badRequest('AUTH_GROUP_PORTAL', '이 포털의 권한그룹을 관리할 권한이 없습니다');
  await db.transaction().execute(async (trx) => {
    if (await groupIdTaken(trx, b.authGroupId))
      throw conflict('DUPLICATE_KEY', '이미 등록된 권한그룹 코드입니다', [
        { path: 'body/authGroupId', message: '이미 등록된 권한그룹 코드입니다' },
      ]);
    const values = {
      authGroupId: b.authGroupId,
      nameKo: b.nameKo.trim(),
      nameEn: b.nameEn.trim(),
      portal: b.portal,
      description: b.description?.trim() || null,
      sortOrder: b.sortOrder ?? 0,
      useYn: b.useYn ?? 'Y',
    };
    await insertGroup(trx, values);
    await writeAudit(trx, {
      entity: 'authGroup',
      entityKey: b.authGroupId,
      action: 'CREATE',
      actor: caller.userId,
      after: values,
    });
  });
  return (await groups(db, portals, { authGroupId: b.authGroupId }))[0];
}

export async function changeGroup(db: Db, caller: Caller, authGroupId: string, b: Static<typeof GroupUpdateBody>) {
  const portals = portalsOf(caller);
  await db.transaction().execute(async (trx) => {
    const before = await lockedGroup(trx, authGroupId, portals);
    if (before.version !== b.version) throw versionConflict(before.version);
    if (authGroupId === SYSTEM_GROUP && b.useYn === 'N')
      throw conflict('SYSTEM_GROUP', '시스템관리자 그룹은 사용 중지할 수 없습니다');
    const after = {
      nameKo: b.nameKo.trim(),
      nameEn: b.nameEn.trim(),
      description: b.description === undefined ? before.description : b.description?.trim() || null,
      sortOrder: b.sortOrder ?? before.sortOrder,
      useYn: b.useYn ?? before.useYn,
    };
    await updateGroup(trx, authGroupId, { ...after, version: before.version + 1 });
    await assertAuthorityAdminRemains(trx);
    await writeAudit(trx, {
      entity: 'authGroup',
      entityKey: authGroupId,
      action: 'UPDATE',
      actor: caller.userId,
      before,
      after,
    });
  });
  return (await groups(db, portals, { authGroupId }))[0];
}

export async function deleteGroup(db: Db, caller: Caller, authGroupId: string, version: number) {
  await db.transaction().execute(async (trx) => {
    const before = await lockedGroup(trx, authGroupId, portalsOf(caller));
    if (before.version !== version) throw versionConflict(before.version);
    if (authGroupId === SYSTEM_GROUP) throw conflict('SYSTEM_GROUP', '시스템관리자 그룹은 삭제할 수 없습니다');
    if (await groupHasUsers(trx, authGroupId))
      throw conflict('AUTH_GROUP_IN_USE', '사용자가 속한 권한그룹은 삭제할 수 없습니다. 사용 중지하세요');
    const grants = await grantsOf(trx, authGroupId);
    await deleteGroupWithGrants(trx, authGroupId);
    await writeAudit(trx, {
      entity: 'authGroup',
      entityKey: authGroupId,
      action: 'DELETE',
      actor: caller.userId,
      before: { ...before, grants },
    });
  });
  return { code: 'OK' as const };
}

/** Every screen menu (leaf) of the group's portal, in tree order and named by its path, with the group's read and write. */
export async function groupMenuAuth(db: Db, caller: Caller, authGroupId: string, q: Static<typeof MenuAuthListQuery>) {
  const group = await groupPortal(db, authGroupId, portalsOf(caller));
  if (!group) throw GROUP_NOT_FOUND();
  const menus = await menusWithGrants(db, group.portal, authGroupId);
  const names = new Map(menus.map((m) => [m.pgmId, m]));
  const pathOf = (m: (typeof menus)[number]): string => {
    const parts = [m.pgmName];
    for (let p = m.parentId ? names.get(m.parentId) : undefined; p; p = p.parentId ? names.get(p.parentId) : undefined)
      parts.unshift(p.pgmName);
    return parts.join(' › ');
  };
  // The leaves only (folders follow them), each named by its path in the tree.
  const rows = treeOrder(menus)
    .filter((m) => m.leaf === 'T')
    .map((m) => ({
      pgmId: m.pgmId,
      parentId: m.parentId,
      depth: m.depth,
      menuPath: pathOf(m),
      sspUrl: m.sspUrl,
      leaf: m.leaf,
      useYn: m.useYn,
      canRead: m.canRead ?? 'N',
      canWrite: m.canWrite ?? 'N',
    }));
  const { limit, offset } = pageWindow({ page: q.page, size: q.size ?? 5000 });
  return { rows: rows.slice(offset, offset + limit), total: rows.length };
}

/** Saves a group's read and write on the leaves sent, as one change. */
export async function saveGroupMenuAuth(
  db: Db,
  caller: Caller,
  authGroupId: string,
  b: Static<typeof MenuAuthSaveBody>,
) {
  return db.transaction().execute(async (trx) => {
    const group = await lockedGroup(trx, authGroupId, portalsOf(caller));
    if (group.version !== b.version) throw versionConflict(group.version);
    const menus = await allMenus(trx);
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
    for (const [pgmId, lv] of Object.entries(await grantMap(trx, authGroupId)))
      if (byId.get(pgmId)?.leaf === 'T') leaves.set(pgmId, lv);
    for (const r of b.rows) {
      if (byId.get(r.pgmId)!.leaf !== 'T') continue;
      if (r.canWrite === 'Y') leaves.set(r.pgmId, 'W');
      else if (r.canRead === 'Y') leaves.set(r.pgmId, 'R');
      else leaves.delete(r.pgmId);
    }
    const granted = await writeGrants(trx, authGroupId, group.portal, leaves);
    await updateGroup(trx, authGroupId, { version: group.version + 1 });
    await assertAuthorityAdminRemains(trx);
    await writeAudit(trx, {
      entity: 'menuAuth',
      entityKey: authGroupId,
      action: 'UPDATE',
      actor: caller.userId,
      before,
      after: await grantsOf(trx, authGroupId),
    });
    return { authGroupId, granted, version: group.version + 1 };
  });
}

/** Replaces a group's grants with another group's of the same portal, as one change. */
export async function copyGroupMenuAuth(
  db: Db,
  caller: Caller,
  authGroupId: string,
  b: Static<typeof MenuAuthCopyBody>,
) {
  const portals = portalsOf(caller);
  return db.transaction().execute(async (trx) => {
    const group = await lockedGroup(trx, authGroupId, portals);
    if (group.version !== b.version) throw versionConflict(group.version);
    if (b.fromGroupId === authGroupId)
      throw badRequest('AUTH_COPY_SELF', '같은 그룹에서 복사할 수 없습니다', [
        { path: 'body/fromGroupId', message: '같은 그룹입니다' },
      ]);
    const from = await groupPortal(trx, b.fromGroupId, portals);
    if (!from)
      throw badRequest('AUTH_GROUP_NOT_FOUND', '복사할 권한그룹을 찾을 수 없습니다', [
        { path: 'body/fromGroupId', message: '권한그룹을 찾을 수 없습니다' },
      ]);
    if (from.portal !== group.portal)
      throw badRequest('AUTH_COPY_PORTAL', '다른 포털의 권한그룹에서는 복사할 수 없습니다', [
        { path: 'body/fromGroupId', message: '다른 포털의 권한그룹입니다' },
      ]);
    const before = await grantsOf(trx, authGroupId);
    const source = await leafGrantsOf(trx, b.fromGroupId);
    const granted = await writeGrants(
      trx,
      authGroupId,
      group.portal,
      new Map(source.map((s) => [s.pgmId, s.canWrite === 'Y' ? 'W' : 'R'])),
    );
    await updateGroup(trx, authGroupId, { version: group.version + 1 });
    await assertAuthorityAdminRemains(trx);
    await writeAudit(trx, {
      entity: 'menuAuth',
      entityKey: authGroupId,
      action: 'COPY',
      actor: caller.userId,
      before,
      after: await grantsOf(trx, authGroupId),
      reason: `from ${b.fromGroupId}`,
    });
    return { authGroupId, granted, version: group.version + 1 };
  });
}

/** Administrative changes (menus, authority groups, menu authority, board posts): who, when, before, after. */
export async function adminAudit(db: Db, q: Static<typeof AdminAuditQuery>) {
  const sort = parseSort<(typeof AUDIT_SORT)[number]>(q.sort, { field: 'at', direction: 'desc' });
  const { rows, total, nextCursor, prevCursor } = await auditPage(
    db,
    {
      entities: q.entity ? [q.entity] : ['menu', 'authGroup', 'menuAuth', 'boardPost'],
      entityKeyPrefix: given(q.entityKey) ? q.entityKey!.trim() : undefined,
      actor: given(q.actor) ? q.actor!.trim() : undefined,
      atFrom: q.atFrom || undefined,
      atTo: q.atTo || undefined,
    },
    sort,
    pageWindow(q),
  );
  return { rows: rows.map((r) => ({ ...r, at: r.at })), total, nextCursor, prevCursor };
}
