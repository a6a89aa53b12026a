import type { Db } from '../../db/connect.js';
import type { Portal } from '../../http/access.js';

/** Where a login code can go. */
export function contactsOf(db: Db, userId: string) {
  return db
    .selectFrom('appUser')
    .select(['email', 'cellPhoneNo'])
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Whether some menu of the portal opens the path (as its page or one of its sub-pages). */
export async function menuOpens(db: Db, portal: Portal, path: string): Promise<boolean> {
  const row = await db
    .selectFrom('menu')
    .select('pgmId')
    .where('portal', '=', portal)
    .where((eb) => eb.or([eb('sspUrl', '=', path), eb('sspSubUrls', '&&', eb.val([path]))]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a login id is taken, whatever its case. */
export async function loginIdTaken(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('appUser')
    .select('userId')
    .where((eb) => eb(eb.fn('lower', ['userId']), '=', userId.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

/** Supplier users by company, name (part) and id (start), up to 1,000. */
export function externalUsers(db: Db, f: { compNo?: string; userName?: string; idPrefix?: string }) {
  let q = db
    .selectFrom('appUser as u')
    .innerJoin('company as c', 'c.compNo', 'u.compNo')
    .select([
      'u.userId',
      'u.hname',
      'u.ename',
      'u.compNo',
      'c.compNameKr',
      'u.email',
      'u.cellPhoneNo',
      'u.phoneNo',
      'u.authGroupId',
      'u.useFlag',
      'u.status',
      'u.lockedAt',
      'u.lastLoginAt',
    ])
    .where('u.portal', '=', 'X');
  if (f.compNo) q = q.where('u.compNo', '=', f.compNo);
  if (f.userName) q = q.where('u.hname', 'like', `%${f.userName}%`);
  if (f.idPrefix) q = q.where('u.userId', 'like', `${f.idPrefix}%`);
  return q.orderBy('u.compNo').orderBy('u.userId').limit(1000).execute();
}

/** The given supplier users with their company's status. */
export function externalUsersWithCompanyStatus(db: Db, userIds: string[]) {
  return db
    .selectFrom('appUser as u')
    .innerJoin('company as c', 'c.compNo', 'u.compNo')
    .select(['u.userId', 'u.useFlag', 'c.status'])
    .where('u.portal', '=', 'X')
    .where('u.userId', 'in', userIds)
    .execute();
}

export async function disableUsers(db: Db, userIds: string[]): Promise<void> {
  await db.updateTable('appUser').set({ useFlag: 'N', updatedAt: new Date() }).where('userId', 'in', userIds).execute();
}
