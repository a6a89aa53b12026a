import type { Db } from '../db/connect.js';
import type { Portal } from '../http/access.js';
import { accountBlocker, findAccount, passwordExpired, ssoAccountBlocker, type AccountRow } from './account-state.js';
import { setupCodeMatches } from './setup-code.js';
import { lockedFor, recordFailure, recordSuccess } from './throttle.js';
import type { AuthCode } from './codes.js';
import { createLocalDirectory, type DirectoryProvider } from './providers.js';
import { loginWithDirectory } from './directory/login.js';

export type LoginOutcome = { ok: true; user: AccountRow } | { ok: false; code: AuthCode };

let local: DirectoryProvider | null = null;
const localPasswords = () => (local ??= createLocalDirectory());

async function setupCodeOutcome(
  db: Db,
  input: { userId: string; password: string; portal: Portal; ip: string },
): Promise<LoginOutcome | null> {
  if (!(await setupCodeMatches(db, input.userId, input.password))) return null;
  const user = await findAccount(db, input.userId);
  if (!user || user.passwordHash) return null;
  await recordSuccess(db, user.userId, input.ip);
  if (user.portal !== input.portal) return { ok: false, code: 'AUTH006' };
  const blocker = ssoAccountBlocker(user);
  return { ok: false, code: blocker ?? 'AUTH103' };
}

export { findAccount };

/**
 * Id and password for one portal, throttled per account + client, per account and per client
 * (server/auth/throttle.ts). The password is checked before anything about the account is told,
 * so an unknown id, another portal's id and a wrong password answer alike (AUTH011, same work:
 * the directory checks a decoy hash for unknown ids), and a lock (AUTH102) falls on unknown ids
 * exactly as on known ones. Account states (locked by an administrator, dormant, disabled) and an
 * expired password are told only to the one who knows the password.
 */
export async function checkCredentials(
  db: Db,
  directory: DirectoryProvider,
  input: { userId: string; password: string; portal: Portal; ip: string },
): Promise<LoginOutcome> {
  if ((await lockedFor(db, input.userId, input.ip)) > 0) return { ok: false, code: 'AUTH102' };
  // The first administrator of a production database has a one-time setup code, not a password yet:
  // the right code answers AUTH103 (choose a password, server/modules/password-change).
  const setup = await setupCodeOutcome(db, input);
  if (setup) return setup;
  // Staff accounts held by the company's directory (LDAP / AD); suppliers keep our passwords.
  if (directory.authenticate && input.portal === 'I')
    return loginWithDirectory(db, directory, input, directory.loginOptions);
  if (directory.external) directory = localPasswords();
  const user = await findAccount(db, input.userId);
  // The directory checks a decoy hash when the id is unknown or has no password.
  const right = await directory.checkPassword(db, user?.userId ?? input.userId, input.password);
  if (!right) {
    const locked = await recordFailure(db, input.userId, input.ip);
    if (user)
      await db
        .updateTable('appUser')
        .set((eb) => ({ failedLoginCount: eb('failedLoginCount', '+', 1) }))
        .where('userId', '=', user.userId)
        .execute();
    return { ok: false, code: locked ? 'AUTH102' : 'AUTH011' };
  }
  if (!user) return { ok: false, code: 'AUTH011' };
  await recordSuccess(db, user.userId, input.ip);
  if (user.portal !== input.portal) return { ok: false, code: 'AUTH006' };
  const blocker = accountBlocker(user);
  if (blocker) return { ok: false, code: blocker };
  if (passwordExpired(user, new Date())) return { ok: false, code: 'AUTH103' };
  return { ok: true, user };
}
