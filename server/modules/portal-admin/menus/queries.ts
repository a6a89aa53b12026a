import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { MenuTable } from '../../../db/schema.generated.js';
import type { Portal } from '../../../http/access.js';
import { asOwner } from '../../../db/company-scope.js';

const MENU_COLUMNS = [
  'pgmId',
  'parentId',
  'depth',
  'pgmName',
  'pgmNameEn',
  'sspUrl',
  'sspSubUrls',
  'leaf',
  'portal',
  'sortOrder',
  'useYn',
  'version',
] as const;
export type MenuRecord = {
  pgmId: string;
  parentId: string | null;
  depth: number;
  pgmName: string;
  pgmNameEn: string;
  sspUrl: string | null;
  sspSubUrls: string[];
  leaf: 'T' | 'F';
  portal: Portal;
  sortOrder: number;
  useYn: 'Y' | 'N';
  version: number;
};

export async function menusOf(db: Db, portals: Portal[]): Promise<MenuRecord[]> {
  return (await asOwner(db)
    .selectFrom('menu')
    .select(MENU_COLUMNS)
    .where('portal', 'in', portals)
    .execute()) as MenuRecord[];
}

export async function findMenu(
  db: Db,
  pgmId: string,
  portals: Portal[],
  lock = false,
): Promise<MenuRecord | undefined> {
  let q = db.selectFrom('menu').select(MENU_COLUMNS).where('pgmId', '=', pgmId).where('portal', 'in', portals);
  if (lock) q = q.forUpdate();
  return (await q.executeTakeFirst()) as MenuRecord | undefined;
}

/** Whether a menu id is taken (any portal), locking the row if it is. */
export async function menuIdTaken(db: Db, pgmId: string): Promise<boolean> {
  return (
    (await db.selectFrom('menu').select('pgmId').where('pgmId', '=', pgmId).forUpdate().executeTakeFirst()) !==
    undefined
  );
}

export function parentMenu(db: Db, pgmId: string) {
  return db
    .selectFrom('menu')
    .select(['pgmId', 'portal', 'leaf', 'depth', 'parentId'])
    .where('pgmId', '=', pgmId)
    .executeTakeFirst();
}

export async function parentIdOf(db: Db, pgmId: string): Promise<string | null> {
  const up = await db.selectFrom('menu').select('parentId').where('pgmId', '=', pgmId).executeTakeFirst();
  return up?.parentId ?? null;
}

export async function hasChildren(db: Db, pgmId: string): Promise<boolean> {
  return (
    (await db.selectFrom('menu').select('pgmId').where('parentId', '=', pgmId).limit(1).executeTakeFirst()) !==
    undefined
  );
}

export async function setDepth(db: Db, pgmIds: string[], depth: number): Promise<void> {
  await db.updateTable('menu').set({ depth }).where('pgmId', 'in', pgmIds).execute();
}

export async function childIds(db: Db, parentIds: string[]): Promise<string[]> {
  return (await db.selectFrom('menu').select('pgmId').where('parentId', 'in', parentIds).execute()).map((r) => r.pgmId);
}

/** The highest sort order among a parent's children in a portal (0 for none). */
export async function lastSortOrder(db: Db, parentId: string | null, portal: Portal): Promise<number> {
  const last = await db
    .selectFrom('menu')
    .select((eb) => eb.fn.max('sortOrder').as('m'))
    .where((eb) => (parentId ? eb('parentId', '=', parentId) : eb('parentId', 'is', null)))
    .where('portal', '=', portal)
    .executeTakeFirst();
  return Number(last?.m ?? 0);
}

export async function insertMenu(db: Db, values: Insertable<MenuTable>): Promise<void> {
  await db.insertInto('menu').values(values).execute();
}

export async function updateMenu(db: Db, pgmId: string, values: Updateable<MenuTable>): Promise<void> {
  await db.updateTable('menu').set(values).where('pgmId', '=', pgmId).execute();
}

/** A menu's siblings (itself included) in order, locked for the reorder. */
export function lockSiblings(db: Db, portal: Portal, parentId: string | null) {
  return db
    .selectFrom('menu')
    .select(['pgmId', 'sortOrder'])
    .where('portal', '=', portal)
    .where((eb) => (parentId ? eb('parentId', '=', parentId) : eb('parentId', 'is', null)))
    .orderBy('sortOrder')
    .orderBy('pgmId')
    .forUpdate()
    .execute();
}

export async function setSortOrder(db: Db, pgmId: string, sortOrder: number): Promise<void> {
  await db
    .updateTable('menu')
    .set((eb) => ({ sortOrder, version: eb('version', '+', 1) }))
    .where('pgmId', '=', pgmId)
    .execute();
}

/** Deletes a menu with its grants; the grants it had. */
export async function deleteMenuWithGrants(db: Db, pgmId: string) {
  const grants = await db.selectFrom('menuAuth').selectAll().where('pgmId', '=', pgmId).execute();
  await db.deleteFrom('menuAuth').where('pgmId', '=', pgmId).execute();
  await db.deleteFrom('menu').where('pgmId', '=', pgmId).execute();
  return grants;
}
