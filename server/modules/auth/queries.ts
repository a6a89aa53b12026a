import type { Db } from '../../db/connect.js';
import { likeEscape } from '../../http/list-query.js';

/** Whether the user behind a token may still work (and with which group and company, an admin may have changed them). */
export function userStanding(db: Db, userId: string) {
  return db
    .selectFrom('appUser as u')
    .leftJoin('authGroup as g', 'g.authGroupId', 'u.authGroupId')
    .select(['u.authGroupId', 'u.compNo', 'u.useFlag', 'u.lockedAt', 'g.useYn as groupUseYn'])
    .where('u.userId', '=', userId)
    .executeTakeFirstOrThrow();
}

/** How a session was opened, and whether it has ended already. */
export function sessionLoginMethod(db: Db, sessionId: string) {
  return db
    .selectFrom('userSession')
    .select(['loginMethod', 'endedAt'])
    .where('sessionId', '=', sessionId)
    .executeTakeFirst();
}

/** Where a password-reset code can go. */
export function resetDestinations(db: Db, userId: string) {
  return db
    .selectFrom('appUser')
    .select(['userId', 'portal', 'email', 'cellPhoneNo'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** A new password, valid for its lifetime from now; the failure count starts again. */
export async function setPassword(
  db: Db,
  userId: string,
  passwordHash: string,
  now: Date,
  expiresAt: Date,
): Promise<void> {
  await db
    .updateTable('appUser')
    .set({ passwordHash, passwordChangedAt: now, passwordExpiresAt: expiresAt, failedLoginCount: 0, updatedAt: now })
    .where('userId', '=', userId)
    .execute();
}

/** Up to 100 accounts whose login id starts with the prefix (LIKE wildcards in it taken literally). */
export function platformUsers(db: Db, loginIdPrefix: string) {
  return db
    .selectFrom('appUser')
    .select(['userId', 'hname', 'portal', 'compNo', 'singleid', 'authGroupId', 'useFlag', 'status', 'lockedAt'])
    .where('userId', 'like', `${likeEscape(loginIdPrefix)}%`)
    .orderBy('userId')
    .limit(100)
    .execute();
}
