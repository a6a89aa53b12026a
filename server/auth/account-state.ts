import { msOf, type Instant } from '../domain/dates.js';
import type { Db } from '../db/connect.js';
import type { AuthCode } from './codes.js';

/**
 * Wrong passwords lock temporarily (server/auth/throttle.ts); lockedAt is an administrator's
 * lock, ended by the unlock operation (which also clears the temporary locks).
 */

export interface AccountRow {
  userId: string;
  portal: 'I' | 'X';
  useFlag: 'Y' | 'N';
  status: string;
  passwordHash: string | null;
  passwordExpiresAt: Instant | null;
  lockedAt: Instant | null;
  failedLoginCount: number;
  /** The account's authority group's flag: a deactivated group (사용 중지) stops every login of its users. */
  groupUseYn: 'Y' | 'N' | null;
}

/**
 * Which code an account answers before its password is even checked, in the order an
 * operator would want to hear about it. Pure, so every branch is unit-tested.
 */
export function accountBlocker(user: AccountRow): AuthCode | null {
  if (user.lockedAt) return 'AUTH102';
  if (user.status === 'DORMANT') return 'AUTH101';
  // A user of a deactivated group is told its account is not usable (spec §8 AUTH100, abnormal account):
  // the group's grants are gone, so a session would open onto nothing.
  if (user.useFlag === 'N' || user.status !== 'NORMAL' || user.groupUseYn !== 'Y') return 'AUTH100';
  if (!user.passwordHash) return 'AUTH015';
  return null;
}

/** Checked after a correct password: an expired one must be reset first. */
export function passwordExpired(user: AccountRow, now: Date): boolean {
  return user.passwordExpiresAt !== null && msOf(user.passwordExpiresAt) <= now.getTime();
}

/**
 * An SSO login skips the password, so only the states that stop any login apply:
 * locked, dormant, disabled or abnormal.
 */
export function ssoAccountBlocker(user: AccountRow): AuthCode | null {
  const code = accountBlocker(user);
  return code === 'AUTH015' ? null : code;
}

const accountColumns = [
  'u.userId',
  'u.portal',
  'u.useFlag',
  'u.status',
  'u.passwordHash',
  'u.passwordExpiresAt',
  'u.lockedAt',
  'u.failedLoginCount',
  'g.useYn as groupUseYn',
] as const;

/** An account with what its login depends on, its group's flag included. */
export function findAccount(db: Db, userId: string): Promise<AccountRow | undefined> {
  return db
    .selectFrom('appUser as u')
    .leftJoin('authGroup as g', 'g.authGroupId', 'u.authGroupId')
    .select(accountColumns)
    .where('u.userId', '=', userId)
    .executeTakeFirst();
}
