import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { Portal } from '../../http/access.js';

export type LabelMap = Record<string, { ko: string; en: string }>;

export interface ScreenRecord {
  name: string;
  portal: Portal;
  kind: string;
  title: string;
  draftSource: string;
  draftLabels: LabelMap;
  draftProblems: unknown[];
  draftVersion: number;
  publishedVersion: number | null;
  pgmId: string | null;
  createdBy: string;
  createdAt: string;
  updatedBy: string;
  updatedAt: string;
}

const SCREEN_COLUMNS = [
  'name',
  'portal',
  'kind',
  'title',
  'draftSource',
  'draftLabels',
  'draftProblems',
  'draftVersion',
  'publishedVersion',
  'pgmId',
  'createdBy',
  'createdAt',
  'updatedBy',
  'updatedAt',
] as const;

export async function listScreens(
  db: Db,
  filter: { name?: string; portal?: Portal },
  window: { limit: number; offset: number },
) {
  let q = db.selectFrom('storedScreen');
  if (filter.name) q = q.where('name', 'ilike', `%${filter.name.replace(/[\\%_]/g, '\\$&')}%`);
  if (filter.portal) q = q.where('portal', '=', filter.portal);
  const rows = await q
    .select([
      'name',
      'portal',
      'kind',
      'title',
      'draftVersion',
      'publishedVersion',
      'pgmId',
      'updatedBy',
      'updatedAt',
      sql<number>`jsonb_array_length(draft_problems)`.as('problemCount'),
    ])
    .orderBy('name')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

export async function findScreen(db: Db, name: string, lock = false): Promise<ScreenRecord | undefined> {
  let q = db.selectFrom('storedScreen').select(SCREEN_COLUMNS).where('name', '=', name);
  if (lock) q = q.forUpdate();
  return (await q.executeTakeFirst()) as ScreenRecord | undefined;
}

export async function insertScreen(
  db: Db,
  v: {
    name: string;
    portal: Portal;
    kind: string;
    title: string;
    source: string;
    labels: LabelMap;
    problems: unknown[];
    actor: string;
  },
): Promise<void> {
  await db
    .insertInto('storedScreen')
    .values({
      name: v.name,
      portal: v.portal,
      kind: v.kind as 'list',
      title: v.title,
      draftSource: v.source,
      draftLabels: JSON.stringify(v.labels),
      draftProblems: JSON.stringify(v.problems),
      createdBy: v.actor,
      updatedBy: v.actor,
    })
    .execute();
}

export async function updateDraft(
  db: Db,
  name: string,
  v: {
    kind: string;
    title: string;
    source: string;
    labels: LabelMap;
    problems: unknown[];
    version: number;
    actor: string;
  },
): Promise<void> {
  await db
    .updateTable('storedScreen')
    .set({
      kind: v.kind as 'list',
      title: v.title,
      draftSource: v.source,
      draftLabels: JSON.stringify(v.labels),
      draftProblems: JSON.stringify(v.problems),
      draftVersion: v.version,
      updatedBy: v.actor,
      updatedAt: new Date(),
    })
    .where('name', '=', name)
    .execute();
}

export async function setPublished(
  db: Db,
  name: string,
  v: { publishedVersion: number | null; pgmId: string | null; draftVersion: number; actor: string },
): Promise<void> {
  await db
    .updateTable('storedScreen')
    .set({
      publishedVersion: v.publishedVersion,
      pgmId: v.pgmId,
      draftVersion: v.draftVersion,
      updatedBy: v.actor,
      updatedAt: new Date(),
    })
    .where('name', '=', name)
    .execute();
}

export interface VersionRecord {
  versionNo: number;
  source: string;
  labels: LabelMap;
  note: string | null;
  restoredFrom: number | null;
  createdBy: string;
  createdAt: string;
}

export async function listVersions(db: Db, name: string) {
  return db
    .selectFrom('storedScreenVersion')
    .select(['versionNo', 'note', 'restoredFrom', 'createdBy', 'createdAt'])
    .where('name', '=', name)
    .orderBy('versionNo', 'desc')
    .execute();
}

export async function findVersion(db: Db, name: string, versionNo: number): Promise<VersionRecord | undefined> {
  return (await db
    .selectFrom('storedScreenVersion')
    .select(['versionNo', 'source', 'labels', 'note', 'restoredFrom', 'createdBy', 'createdAt'])
    .where('name', '=', name)
    .where('versionNo', '=', versionNo)
    .executeTakeFirst()) as VersionRecord | undefined;
}

export async function nextVersionNo(db: Db, name: string): Promise<number> {
  const row = await db
    .selectFrom('storedScreenVersion')
    .select((eb) => eb.fn.max('versionNo').as('n'))
    .where('name', '=', name)
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

export async function insertVersion(
  db: Db,
  v: {
    name: string;
    versionNo: number;
    source: string;
    labels: LabelMap;
    note: string | null;
    restoredFrom: number | null;
    actor: string;
  },
): Promise<void> {
  await db
    .insertInto('storedScreenVersion')
    .values({
      name: v.name,
      versionNo: v.versionNo,
      source: v.source,
      labels: JSON.stringify(v.labels),
      note: v.note,
      restoredFrom: v.restoredFrom,
      createdBy: v.actor,
    })
    .execute();
}

/** The published version of a screen in a portal, for the runtime. */
export async function findPublished(db: Db, name: string, portal: Portal) {
  return (await db
    .selectFrom('storedScreen as s')
    .innerJoin('storedScreenVersion as v', (j) =>
      j.onRef('v.name', '=', 's.name').onRef('v.versionNo', '=', 's.publishedVersion'),
    )
    .select(['s.name', 's.portal', 'v.versionNo', 'v.source', 'v.labels'])
    .where('s.name', '=', name)
    .where('s.portal', '=', portal)
    .executeTakeFirst()) as
    { name: string; portal: Portal; versionNo: number; source: string; labels: LabelMap } | undefined;
}

// ── The menu row a publication creates ─────────────────────────────────────────────────────────

export async function findMenuRow(db: Db, pgmId: string) {
  return db
    .selectFrom('menu')
    .select([
      'pgmId',
      'parentId',
      'depth',
      'leaf',
      'portal',
      'pgmName',
      'pgmNameEn',
      'sspUrl',
      'useYn',
      'sortOrder',
      'version',
    ])
    .where('pgmId', '=', pgmId)
    .executeTakeFirst();
}

/** The menus that open these paths (the screens an operation serves), in menu order. */
export async function menusOfPaths(db: Db, paths: string[]) {
  if (paths.length === 0) return [];
  return db
    .selectFrom('menu')
    .select(['sspUrl', 'pgmName', 'pgmNameEn'])
    .where('sspUrl', 'in', paths)
    .where('useYn', '=', 'Y')
    .where('leaf', '=', 'T')
    .orderBy('depth')
    .orderBy('sortOrder')
    .orderBy('pgmId')
    .execute();
}

/** Menus (another screen's, or one written by hand) that already open a path in a portal. */
export async function menusOpening(db: Db, portal: Portal, path: string, except: string | null) {
  let q = db
    .selectFrom('menu')
    .select('pgmId')
    .where('portal', '=', portal)
    .where((eb) => eb.or([eb('sspUrl', '=', path), eb(eb.val(path), '=', eb.fn.any('sspSubUrls'))]));
  if (except) q = q.where('pgmId', '!=', except);
  return (await q.execute()).map((r) => r.pgmId);
}

export async function nextSortOrder(db: Db, parentId: string): Promise<number> {
  const row = await db
    .selectFrom('menu')
    .select((eb) => eb.fn.max('sortOrder').as('m'))
    .where('parentId', '=', parentId)
    .executeTakeFirst();
  return Number(row?.m ?? 0) + 10;
}

export async function insertMenuRow(
  db: Db,
  v: {
    pgmId: string;
    parentId: string;
    depth: number;
    pgmName: string;
    pgmNameEn: string;
    sspUrl: string;
    portal: Portal;
    sortOrder: number;
  },
): Promise<void> {
  await db
    .insertInto('menu')
    .values({ ...v, sspSubUrls: [], leaf: 'T', useYn: 'Y' })
    .execute();
}

export async function updateMenuRow(
  db: Db,
  pgmId: string,
  v: { parentId: string; depth: number; pgmName: string; pgmNameEn: string; sortOrder: number },
): Promise<void> {
  await db
    .updateTable('menu')
    .set((eb) => ({ ...v, useYn: 'Y', version: eb('version', '+', 1) }))
    .where('pgmId', '=', pgmId)
    .execute();
}

export async function deleteMenuRow(db: Db, pgmId: string): Promise<void> {
  await db.deleteFrom('menuAuth').where('pgmId', '=', pgmId).execute();
  await db.deleteFrom('menu').where('pgmId', '=', pgmId).execute();
}

export async function menuGrants(db: Db, pgmId: string) {
  return db
    .selectFrom('menuAuth')
    .select(['authGroupId', 'canWrite'])
    .where('pgmId', '=', pgmId)
    .where('canRead', '=', 'Y')
    .orderBy('authGroupId')
    .execute();
}

export async function replaceMenuGrants(
  db: Db,
  pgmId: string,
  grants: Array<{ authGroupId: string; canWrite: 'Y' | 'N' }>,
): Promise<void> {
  await db.deleteFrom('menuAuth').where('pgmId', '=', pgmId).execute();
  if (grants.length > 0)
    await db
      .insertInto('menuAuth')
      .values(grants.map((g) => ({ authGroupId: g.authGroupId, pgmId, canRead: 'Y' as const, canWrite: g.canWrite })))
      .execute();
}

/**
 * The folders above a new leaf must be readable by the groups that open it (a menu tree shows a
 * leaf under its granted parents): grants read on each ancestor the group lacks, never taking any away.
 */
export async function grantAncestors(
  db: Db,
  parentId: string,
  grants: Array<{ authGroupId: string; canWrite: 'Y' | 'N' }>,
): Promise<void> {
  for (let at: string | null = parentId, steps = 0; at && steps < 5; steps++) {
    for (const g of grants) {
      await db
        .insertInto('menuAuth')
        .values({ authGroupId: g.authGroupId, pgmId: at, canRead: 'Y', canWrite: g.canWrite })
        .onConflict((oc) =>
          oc.columns(['authGroupId', 'pgmId']).doUpdateSet({
            canRead: sql<'Y'>`'Y'`,
            // 'Y' > 'N': write stays where it was given.
            canWrite: sql<'Y' | 'N'>`greatest(menu_auth.can_write, ${g.canWrite})`,
          }),
        )
        .execute();
    }
    const up: { parentId: string | null } | undefined = await db
      .selectFrom('menu')
      .select('parentId')
      .where('pgmId', '=', at)
      .executeTakeFirst();
    at = up?.parentId ?? null;
  }
}

export async function groupsOfPortal(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('authGroup')
    .select(['authGroupId', 'portal', 'useYn'])
    .where('authGroupId', 'in', ids)
    .execute();
}

// ── What the contract breaks, and previews as another group ────────────────────────────────────

/** Every published screen with the text of its published version. */
export async function publishedSources(db: Db) {
  return (await db
    .selectFrom('storedScreen as s')
    .innerJoin('storedScreenVersion as v', (j) =>
      j.onRef('v.name', '=', 's.name').onRef('v.versionNo', '=', 's.publishedVersion'),
    )
    .select(['s.name', 's.portal', 'v.versionNo', 'v.source'])
    .orderBy('s.name')
    .execute()) as Array<{ name: string; portal: Portal; versionNo: number; source: string }>;
}

export async function findGroup(db: Db, authGroupId: string) {
  return db
    .selectFrom('authGroup')
    .select(['authGroupId', 'nameKo', 'nameEn', 'portal', 'useYn'])
    .where('authGroupId', '=', authGroupId)
    .executeTakeFirst();
}

/** The menus a group may open (read) or write, in menus that are in use. */
export async function groupGrants(db: Db, authGroupId: string) {
  return db
    .selectFrom('menuAuth as a')
    .innerJoin('menu as m', 'm.pgmId', 'a.pgmId')
    .select(['a.pgmId', 'm.pgmName', 'm.pgmNameEn', 'm.sspUrl', 'm.sspSubUrls', 'm.leaf', 'a.canRead', 'a.canWrite'])
    .where('a.authGroupId', '=', authGroupId)
    .where('m.useYn', '=', 'Y')
    .where((eb) => eb.or([eb('a.canRead', '=', 'Y'), eb('a.canWrite', '=', 'Y')]))
    .orderBy('a.pgmId')
    .execute();
}
