import type { Db } from '../db/connect.js';
import type { Portal } from '../http/access.js';
import { MAX_FAILED_LOGINS, accountBlocker, passwordExpired, type AccountRow } from './account-state.js';
import type { AuthCode } from './codes.js';
import { createLocalDirectory, type DirectoryProvider } from './providers.js';
import { loginWithDirectory } from './directory/login.js';

export type LoginOutcome = { ok: true; user: AccountRow } | { ok: false; code: AuthCode };

const accountColumns = ['userId', 'portal', 'useFlag', 'status', 'passwordHash', 'passwordExpiresAt', 'lockedAt', 'failedLoginCount'] as const;

let local: DirectoryProvider | null = null;
const localPasswords = () => (local ??= createLocalDirectory());

export function findAccount(db: Db, userId: string): Promise<AccountRow | undefined> {
  return db.selectFrom('appUser').select(accountColumns).where('userId', '=', userId).executeTakeFirst();
}

/**
 * Id and password for one portal. Every refusal leaves the account table consistent: a wrong
 * password counts towards the lock in the same transaction that reads the count.
 */
export async function checkCredentials(db: Db, directory: DirectoryProvider, input: { userId: string; password: string; portal: Portal }): Promise<LoginOutcome> {
  // Staff accounts held by the company's directory (LDAP / AD); suppliers keep our passwords.
  if (directory.authenticate && input.portal === 'I') return loginWithDirectory(db, directory, input, directory.loginOptions);
  if (directory.external) directory = localPasswords();
  const user = await findAccount(db, input.userId);
  if (!user) {
    await directory.checkPassword(db, input.userId, input.password);
    return { ok: false, code: 'AUTH019' };
  }
  if (user.portal !== input.portal) return { ok: false, code: 'AUTH006' };
  const blocker = accountBlocker(user);
  if (blocker) return { ok: false, code: blocker };
  const right = await directory.checkPassword(db, user.userId, input.password);
  if (!right) {
    const locked = await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('appUser').select('failedLoginCount').where('userId', '=', user.userId).forUpdate().executeTakeFirstOrThrow();
      const count = row.failedLoginCount + 1;
      const lock = count >= MAX_FAILED_LOGINS;
      await trx
        .updateTable('appUser')
        .set({ failedLoginCount: count, ...(lock ? { lockedAt: new Date() } : {}) })
        .where('userId', '=', user.userId)
        .execute();
      return lock;
    });
    return { ok: false, code: locked ? 'AUTH102' : 'AUTH011' };
  }
  if (passwordExpired(user, new Date())) return { ok: false, code: 'AUTH103' };
  return { ok: true, user };
}
