import { sql } from 'kysely';
import type { Db } from '../../../db/connect.js';
import { asOwner } from '../../../db/company-scope.js';

/** When the session last proved the password again. */
export async function sessionReauthAt(db: Db, sessionId: string, userId: string): Promise<string | null> {
  const s = await asOwner(db)
    .selectFrom('userSession')
    .select('reauthAt')
    .where('sessionId', '=', sessionId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return s?.reauthAt ?? null;
}

export async function stampReauth(db: Db, sessionId: string, at: Date): Promise<void> {
  await asOwner(db).updateTable('userSession').set({ reauthAt: at }).where('sessionId', '=', sessionId).execute();
}

/** The account as My account shows it: with its company, department and group names. */
export function accountOf(db: Db, userId: string) {
  return db
    .selectFrom('appUser as u')
    .innerJoin('authGroup as g', 'g.authGroupId', 'u.authGroupId')
    .leftJoin('company as c', 'c.compNo', 'u.compNo')
    .leftJoin('employee as e', 'e.singleid', 'u.singleid')
    .leftJoin('department as d', 'd.deptcd', 'e.deptcd')
    .select([
      'u.userId',
      'u.portal',
      'u.hname',
      'u.ename',
      'u.email',
      'u.cellPhoneNo',
      'u.phoneNo',
      'u.compNo',
      'c.compNameKr',
      'd.deptnm',
      'g.nameKo as authGroupName',
      'u.passwordChangedAt',
      'u.passwordExpiresAt',
      'u.version',
    ])
    .where('u.userId', '=', userId)
    .executeTakeFirstOrThrow();
}

export function contactFields(db: Db, userId: string) {
  return db
    .selectFrom('appUser')
    .select(['hname', 'ename', 'email', 'cellPhoneNo', 'phoneNo', 'version', 'portal'])
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Where the latest unused phone-check code went. */
export function latestPhoneCodeDestination(db: Db, userId: string) {
  return db
    .selectFrom('otpCode')
    .select('destination')
    .where('userId', '=', userId)
    .where('purpose', '=', 'PHONE')
    .where('usedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Changes the contact fields if the version is still the one read; false when another change came first. */
export async function updateContactFields(
  db: Db,
  userId: string,
  version: number,
  values: {
    hname: string;
    ename: string | null;
    email: string | null;
    cellPhoneNo: string | null;
    phoneNo: string | null;
  },
): Promise<boolean> {
  const res = await db
    .updateTable('appUser')
    .set({ ...values, version: version + 1, updatedAt: new Date() })
    .where('userId', '=', userId)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export function passwordHashOf(db: Db, userId: string) {
  return db.selectFrom('appUser').select(['passwordHash']).where('userId', '=', userId).executeTakeFirstOrThrow();
}

export async function setOwnPassword(
  db: Db,
  userId: string,
  passwordHash: string,
  now: Date,
  passwordExpiresAt: Date,
): Promise<void> {
  await db
    .updateTable('appUser')
    .set((eb) => ({
      passwordHash,
      passwordChangedAt: now,
      passwordExpiresAt,
      updatedAt: now,
      version: eb('version', '+', 1),
    }))
    .where('userId', '=', userId)
    .execute();
}

/** Ends the user's other open sessions (signed in with the old password); the given one stays. */
export async function endOtherSessions(db: Db, userId: string, keepSessionId: string): Promise<void> {
  await asOwner(db)
    .updateTable('userSession')
    .set({ endedAt: sql<Date>`now()`, endReason: 'PASSWORD_RESET' })
    .where('userId', '=', userId)
    .where('sessionId', '<>', keepSessionId)
    .where('endedAt', 'is', null)
    .execute();
}
