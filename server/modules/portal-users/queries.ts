import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { SortSpec } from '../../http/list-query.js';
import type { SESSION_SORT, USER_SORT } from './schemas.js';

const SESSION_SORT_COLUMNS = {
  userId: 's.userId',
  hname: 'u.hname',
  portal: 's.portal',
  ip: 's.ip',
  createdDate: 's.createdDate',
  expiredDate: 's.expiredDate',
  lastSeenAt: 's.lastSeenAt',
  endedAt: 's.endedAt',
} as const satisfies Record<(typeof SESSION_SORT)[number], string>;
const USER_SORT_COLUMNS = {
  userId: 'u.userId',
  portal: 'u.portal',
  hname: 'u.hname',
  singleid: 'u.singleid',
  compNameKr: 'c.compNameKr',
  sectionName: 'b.sectionName',
  deptnm: 'd.deptnm',
  authGroupId: 'u.authGroupId',
  useFlag: 'u.useFlag',
  status: 'u.status',
  failedLoginCount: 'u.failedLoginCount',
  lastLoginAt: 'u.lastLoginAt',
} as const satisfies Record<(typeof USER_SORT)[number], string>;

export interface PageWindow {
  limit: number;
  offset: number;
}

/** Sessions by user (id start, name part), open ones only unless asked, by portal; a page and the count. */
export async function listSessions(
  db: Db,
  f: { userIdPrefix?: string; hname?: string; openOnly: boolean; portal?: 'I' | 'X' },
  sort: SortSpec<(typeof SESSION_SORT)[number]>,
  window: PageWindow,
) {
  let base = db.selectFrom('userSession as s').innerJoin('appUser as u', 'u.userId', 's.userId');
  if (f.userIdPrefix) base = base.where('s.userId', 'like', `${f.userIdPrefix}%`);
  if (f.hname) base = base.where('u.hname', 'like', `%${f.hname}%`);
  if (f.openOnly) base = base.where('s.endedAt', 'is', null).where('s.expiredDate', '>', sql<string>`now()`);
  if (f.portal) base = base.where('s.portal', '=', f.portal);
  const [rows, count] = await Promise.all([
    base
      .select([
        's.sessionId',
        's.userId',
        'u.hname',
        's.portal',
        'u.compNo',
        's.ip',
        's.lastLoginIp',
        's.lastLoginDate',
        's.createdDate',
        's.expiredDate',
        's.lastSeenAt',
        's.endedAt',
        's.endReason',
        's.loginMethod',
      ])
      .orderBy(SESSION_SORT_COLUMNS[sort.field], sort.direction)
      .orderBy('s.sessionId')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

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

const userColumns = [
  'u.userId',
  'u.portal',
  'u.hname',
  'u.singleid',
  'u.compNo',
  'c.compNameKr',
  'b.sectionName',
  'd.deptnm',
  'u.authGroupId',
  'g.nameKo as authGroupName',
  'u.useFlag',
  'u.status',
  'u.lockedAt',
  'u.failedLoginCount',
  'u.lastLoginAt',
  'u.version',
] as const;

export interface UserFilter {
  userIdPrefix?: string;
  hname?: string;
  authGroupId?: string;
  portal?: 'I' | 'X';
  useFlag?: 'Y' | 'N';
  locked?: 'Y' | 'N';
}

/** Accounts of both portals (a supplier admin's Db: its own company); a page and the count. */
export async function listUsers(db: Db, f: UserFilter, sort: SortSpec<(typeof USER_SORT)[number]>, window: PageWindow) {
  let base = userRows(db);
  if (f.userIdPrefix) base = base.where('u.userId', 'like', `${f.userIdPrefix}%`);
  if (f.hname) base = base.where('u.hname', 'like', `%${f.hname}%`);
  if (f.authGroupId) base = base.where('u.authGroupId', '=', f.authGroupId);
  if (f.portal) base = base.where('u.portal', '=', f.portal);
  if (f.useFlag) base = base.where('u.useFlag', '=', f.useFlag);
  if (f.locked) base = base.where('u.lockedAt', f.locked === 'Y' ? 'is not' : 'is', null);
  const [rows, count] = await Promise.all([
    base
      .select(userColumns)
      .orderBy(USER_SORT_COLUMNS[sort.field], sort.direction)
      .orderBy('u.userId')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function oneUser(db: Db, userId: string) {
  return userRows(db).select(userColumns).where('u.userId', '=', userId).executeTakeFirstOrThrow();
}

/** Authority groups in use, the supplier portal's only when asked. */
export function authGroupsInUse(db: Db, supplierOnly: boolean) {
  return db
    .selectFrom('authGroup')
    .select(['authGroupId', 'nameKo', 'nameEn', 'portal'])
    .where('useYn', '=', 'Y')
    .$if(supplierOnly, (qb) => qb.where('portal', '=', 'X'))
    .orderBy('sortOrder')
    .orderBy('authGroupId')
    .execute();
}

/** The account's state, locked for the change. */
export function lockUser(db: Db, userId: string) {
  return db
    .selectFrom('appUser')
    .select(['userId', 'useFlag', 'lockedAt', 'failedLoginCount', 'version'])
    .where('userId', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export async function changeUser(
  db: Db,
  userId: string,
  change: { lockedAt?: null; failedLoginCount?: number; useFlag?: 'Y' | 'N' },
  version: number,
): Promise<void> {
  await db
    .updateTable('appUser')
    .set({ ...change, version, updatedAt: new Date() })
    .where('userId', '=', userId)
    .execute();
}
