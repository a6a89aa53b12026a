import type { Db } from '../../../db/connect.js';
import { likeEscape, type SortSpec } from '../../../http/list-query.js';
import type { SUPPLIER_USER_SORT } from './schemas.js';

const SORT_COLUMNS = {
  userId: 'u.userId',
  hname: 'u.hname',
  compNo: 'u.compNo',
  compNameKr: 'c.compNameKr',
  authGroupId: 'u.authGroupId',
  useFlag: 'u.useFlag',
  status: 'u.status',
  lastLoginAt: 'u.lastLoginAt',
  failedLoginCount: 'u.failedLoginCount',
} as const satisfies Record<(typeof SUPPLIER_USER_SORT)[number], string>;

function rows(db: Db) {
  return db
    .selectFrom('appUser as u')
    .innerJoin('authGroup as g', 'g.authGroupId', 'u.authGroupId')
    .leftJoin('company as c', 'c.compNo', 'u.compNo')
    .where('u.portal', '=', 'X');
}

const columns = [
  'u.userId',
  'u.hname',
  'u.compNo',
  'c.compNameKr',
  'u.authGroupId',
  'g.nameKo as authGroupName',
  'u.email',
  'u.cellPhoneNo',
  'u.useFlag',
  'u.status',
  'u.lockedAt',
  'u.passwordHash',
  'u.failedLoginCount',
  'u.lastLoginAt',
  'u.version',
] as const;

export interface SupplierUserFilter {
  compNo?: string;
  compNameKr?: string;
  userIdPrefix?: string;
  hname?: string;
  locked?: 'Y' | 'N';
  useFlag?: 'Y' | 'N';
}

/** A page of supplier users (scoped to its company for a supplier admin's Db) and their count. */
export async function listSupplierUsers(
  db: Db,
  f: SupplierUserFilter,
  sort: SortSpec<(typeof SUPPLIER_USER_SORT)[number]>,
  window: { limit: number; offset: number },
) {
  let base = rows(db);
  if (f.compNo) base = base.where('u.compNo', '=', f.compNo);
  if (f.compNameKr) base = base.where('c.compNameKr', 'ilike', `%${likeEscape(f.compNameKr)}%`);
  if (f.userIdPrefix) base = base.where('u.userId', 'like', `${likeEscape(f.userIdPrefix)}%`);
  if (f.hname) base = base.where('u.hname', 'like', `%${likeEscape(f.hname)}%`);
  if (f.locked) base = base.where('u.lockedAt', f.locked === 'Y' ? 'is not' : 'is', null);
  if (f.useFlag) base = base.where('u.useFlag', '=', f.useFlag);
  const [list, count] = await Promise.all([
    base
      .select(columns)
      .orderBy(SORT_COLUMNS[sort.field], sort.direction)
      .orderBy('u.userId')
      .limit(window.limit)
      .offset(window.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list, total: Number(count.n) };
}

export function supplierUser(db: Db, userId: string) {
  return rows(db).select(columns).where('u.userId', '=', userId).executeTakeFirstOrThrow();
}

/** The account's state, locked for the change (scoped for a supplier admin: another company's user is not found). */
export function lockAccount(db: Db, userId: string) {
  return db
    .selectFrom('appUser')
    .select(['userId', 'portal', 'email', 'lockedAt', 'failedLoginCount', 'passwordHash', 'version'])
    .where('userId', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

export interface AccountChange {
  lockedAt?: Date | null;
  failedLoginCount?: number;
  passwordHash?: null;
  passwordChangedAt?: null;
  passwordExpiresAt?: null;
}

export async function changeAccount(
  db: Db,
  userId: string,
  change: AccountChange,
  version: number,
  now: Date,
): Promise<void> {
  await db
    .updateTable('appUser')
    .set({ ...change, version, updatedAt: now })
    .where('userId', '=', userId)
    .execute();
}
