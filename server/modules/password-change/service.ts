import type { Db } from '../../db/connect.js';
import { writeAudit } from '../../db/audit.js';
import { checkCredentials } from '../../auth/login-service.js';
import { hashPassword } from '../../auth/password.js';
import { passwordProblem, PASSWORD_LIFETIME_DAYS } from '../../auth/password-policy.js';
import { createLocalDirectory } from '../../auth/providers.js';
import { endUserSessions } from '../../auth/sessions.js';
import { spendSetupCode } from '../../auth/setup-code.js';
import type { Portal } from '../../http/access.js';
import { hasPassword, setPassword } from './queries.js';

export type ChangeOutcome = { ok: true } | { ok: false; code: string; status: number };

/** Only passwords we hold: a directory (AD) account's expired password is changed in the directory. */
const ourPasswords = createLocalDirectory();

/**
 * The forced change at login: an expired password — the demo accounts of a
 * production start, ADMIN_INITIAL_PASSWORD — or the first administrator's setup code, with a new
 * password. The current one is checked exactly as a login checks it (throttled, no account
 * discovery); only the answer AUTH103 (right, but must change) lets the change through. One
 * transaction: the new password, the setup code spent, every session of the user ended, an audit row.
 */
export async function changeExpiredPassword(
  db: Db,
  input: { userId: string; portal: Portal; current: string; newPassword: string; newPasswordCheck: string; ip: string },
): Promise<ChangeOutcome> {
  const outcome = await checkCredentials(db, ourPasswords, {
    userId: input.userId,
    password: input.current,
    portal: input.portal,
    ip: input.ip,
  });
  if (outcome.ok) return { ok: false, code: 'PASSWORD_NOT_EXPIRED', status: 400 };
  if (outcome.code !== 'AUTH103') return { ok: false, code: outcome.code, status: 401 };
  if (
    input.newPassword !== input.newPasswordCheck ||
    input.newPassword === input.current ||
    passwordProblem(input.newPassword, input.userId)
  ) {
    return { ok: false, code: 'AUTH014', status: 400 };
  }
  const passwordHash = await hashPassword(input.newPassword);
  // real time: password lifetime and setup codes are security time
  const now = new Date();
  const fromSetupCode = !(await hasPassword(db, input.userId));
  const done = await db.transaction().execute(async (trx) => {
    // Two changes racing with one setup code: only the one that spends it sets the password.
    if (fromSetupCode && !(await spendSetupCode(trx, input.userId, now))) return false;
    await setPassword(
      trx,
      input.userId,
      passwordHash,
      now,
      new Date(now.getTime() + PASSWORD_LIFETIME_DAYS * 86_400_000),
    );
    await endUserSessions(trx, input.userId, 'PASSWORD_RESET');
    await writeAudit(trx, {
      entity: 'app_user',
      entityKey: input.userId,
      action: 'PASSWORD_CHANGE',
      actor: input.userId,
      after: { at: now.toISOString(), by: fromSetupCode ? 'setup code' : 'expired password' },
    });
    return true;
  });
  return done ? { ok: true } : { ok: false, code: 'AUTH011', status: 401 };
}
