import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { AuthGroupTable } from '../../../db/schema.generated.js';
import type { Portal } from '../../../http/access.js';
import { likeEscape, sortId, type SortSpec } from '../../../http/list-query.js';
import { keyset, type PageWindow } from '../../../db/lists/keyset.js';
import type { AUDIT_SORT } from '../schemas.js';

const GROUP_COLUMNS = [
  'authGroupId',
  'nameKo',
  'nameEn',
  'portal',
  'description',
  'sortOrder',
  'useYn',
  'version',
] as const;

/** Authority groups of the portals, with their user counts, in order. */
export function groupRows(
  db: Db,
  portals: Portal[],
  filter: { portal?: Portal; useYn?: 'Y' | 'N'; authGroupId?: string } = {},
) {
  return db
    .selectFrom('authGroup as g')
    .select(GROUP_COLUMNS.map((c) => `g.${c}` as const))
    .select((eb) =>
      eb
        .selectFrom('appUser as u')
        .whereRef('u.authGroupId', '=', 'g.authGroupId')
        .select((e) => e.fn.countAll<number>().as('n'))
        .as('userCount'),
    )
    .where('g.portal', 'in', portals)
    .$if(!!filter.portal, (q) => q.where('g.portal', '=', filter.portal!))
    .$if(!!filter.useYn, (q) => q.where('g.useYn', '=', filter.useYn!))
    .$if(!!filter.authGroupId, (q) => q.where('g.authGroupId', '=', filter.authGroupId!))
    .orderBy('g.sortOrder')
    .orderBy('g.authGroupId')
    .execute();
}

/** A group of the portals, locked for a change. */
export function lockGroup(db: Db, authGroupId: string, portals: Portal[]) {
  return db
    .selectFrom('authGroup')
    .select(GROUP_COLUMNS)
    .where('authGroupId', '=', authGroupId)
    .where('portal', 'in', portals)
    .forUpdate()
    .executeTakeFirst();
}

/** The portal of a group among the given portals; undefined for another's. */
export function groupPortal(db: Db, authGroupId: string, portals: Portal[]) {
  return db
    .selectFrom('authGroup')
    .select(['portal'])
    .where('authGroupId', '=', authGroupId)
    .where('portal', 'in', portals)
    .executeTakeFirst();
}

/** Whether a group code is taken, locking the row if it is. */
export async function groupIdTaken(db: Db, authGroupId: string): Promise<boolean> {
  return (
    (await db
      .selectFrom('authGroup')
      .select('authGroupId')
      .where('authGroupId', '=', authGroupId)
      .forUpdate()
      .executeTakeFirst()) !== undefined
  );
}

export async function insertGroup(db: Db, values: Insertable<AuthGroupTable>): Promise<void> {
  await db.insertInto('authGroup').values(values).execute();
}

export async function updateGroup(db: Db, authGroupId: string, values: Updateable<AuthGroupTable>): Promise<void> {
  await db.updateTable('authGroup').set(values).where('authGroupId', '=', authGroupId).execute();
}

export async function groupHasUsers(db: Db, authGroupId: string): Promise<boolean> {
  return (
    (await db
      .selectFrom('appUser')
      .select('userId')
      .where('authGroupId', '=', authGroupId)
      .limit(1)
      .executeTakeFirst()) !== undefined
  );
}

export async function deleteGroupWithGrants(db: Db, authGroupId: string): Promise<void> {
  await db.deleteFrom('menuAuth').where('authGroupId', '=', authGroupId).execute();
  await db.deleteFrom('authGroup').where('authGroupId', '=', authGroupId).execute();
}

/** A group's grant rows, by menu. */
export function grantRows(db: Db, authGroupId: string) {
  return db
    .selectFrom('menuAuth')
    .select(['pgmId', 'canRead', 'canWrite'])
    .where('authGroupId', '=', authGroupId)
    .orderBy('pgmId')
    .execute();
}

/** Every menu of a portal with the group's grant on it. */
export function menusWithGrants(db: Db, portal: Portal, authGroupId: string) {
  return db
    .selectFrom('menu as m')
    .leftJoin('menuAuth as a', (j) => j.onRef('a.pgmId', '=', 'm.pgmId').on('a.authGroupId', '=', authGroupId))
    .select([
      'm.pgmId',
      'm.parentId',
      'm.depth',
      'm.pgmName',
      'm.sspUrl',
      'm.leaf',
      'm.useYn',
      'm.sortOrder',
      'a.canRead',
      'a.canWrite',
    ])
    .where('m.portal', '=', portal)
    .execute();
}

/** Every menu (both portals): id, leaf and portal. */
export function allMenus(db: Db) {
  return db.selectFrom('menu').select(['pgmId', 'leaf', 'portal']).execute();
}

export function portalMenuTree(db: Db, portal: Portal) {
  return db.selectFrom('menu').select(['pgmId', 'parentId', 'leaf']).where('portal', '=', portal).execute();
}

/** Replaces a group's grants with the given rows. */
export async function replaceGrants(
  db: Db,
  authGroupId: string,
  rows: Array<{ authGroupId: string; pgmId: string; canRead: 'Y'; canWrite: 'Y' | 'N' }>,
): Promise<void> {
  await db.deleteFrom('menuAuth').where('authGroupId', '=', authGroupId).execute();
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto('menuAuth')
      .values(rows.slice(i, i + 500))
      .execute();
}

/** Another group's readable leaves, with whether it may write them. */
export function leafGrantsOf(db: Db, authGroupId: string) {
  return db
    .selectFrom('menuAuth as a')
    .innerJoin('menu as m', 'm.pgmId', 'a.pgmId')
    .select(['a.pgmId', 'a.canWrite'])
    .where('a.authGroupId', '=', authGroupId)
    .where('a.canRead', '=', 'Y')
    .where('m.leaf', '=', 'T')
    .execute();
}

export interface AuditFilter {
  entities: string[];
  entityKeyPrefix?: string;
  actor?: string;
  atFrom?: string;
  atTo?: string;
}

/** A page of the administration change log and its count. */
export async function auditPage(db: Db, f: AuditFilter, sort: SortSpec<(typeof AUDIT_SORT)[number]>, w: PageWindow) {
  const base = db
    .selectFrom('auditLog')
    .where('entity', 'in', f.entities)
    .$if(!!f.entityKeyPrefix, (qb) => qb.where('entityKey', 'like', `${likeEscape(f.entityKeyPrefix!)}%`))
    .$if(!!f.actor, (qb) => qb.where('actor', '=', f.actor!))
    .$if(!!f.atFrom, (qb) => qb.where('at', '>=', sql<string>`${f.atFrom}::date`))
    .$if(!!f.atTo, (qb) => qb.where('at', '<', sql<string>`${f.atTo}::date + 1`));
  // The id is the key; a change without a user (a job's) has no actor.
  const ks = keyset(
    sortId(sort),
    [
      { ref: sort.field, direction: sort.direction, nullable: sort.field === 'actor' },
      { ref: 'id', direction: 'desc' },
    ],
    w,
  );
  const [page, count] = await Promise.all([
    // The JSON as stored (read as text: the camel-case plugin would rename the keys of objects).
    base
      .select([
        'id',
        'entity',
        'entityKey',
        'action',
        'actor',
        'at',
        sql<string | null>`before_data::text`.as('beforeData'),
        sql<string | null>`after_data::text`.as('afterData'),
      ])
      .$call((q) => ks.select(q))
      .$call((q) => ks.page(q))
      .execute()
      .then((r) => ks.answer(r)),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: page.rows, total: Number(count.n), nextCursor: page.nextCursor, prevCursor: page.prevCursor };
}
