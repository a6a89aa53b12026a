import type { Config } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { writeAudit } from '../../db/audit.js';
import { isSeeded, seedDemo } from '../../db/seed/index.js';
import { hashPassword } from '../../auth/password.js';
import { newSetupCode, setupCodeHash, SETUP_CODE_TTL_SEC } from '../../auth/setup-code.js';
import { passwordProblem } from '../../auth/password-policy.js';
import {
  accountCount,
  accountsWithPassword,
  expireAllPasswords,
  FIRST_ADMIN,
  insertFirstAdmin,
  insertReferenceData,
  pendingSetupUser,
  replaceSetupCode,
  setPasswordHash,
} from './queries.js';

/** What the first start did, for main.ts to tell the operator. */
export type FirstStart =
  | { kind: 'nothing' }
  | { kind: 'demo'; rows: Record<string, number>; mustChange: number; passwords: DemoPassword[] }
  | { kind: 'adminPassword'; userId: string }
  | { kind: 'setupCode'; userId: string; code: string; expiresAt: Date };

/** A demo account's password of a production start: random, printed once to the console by main.ts. */
interface DemoPassword {
  userId: string;
  password: string;
}

/** A random password the policy accepts: 16 letters and digits in groups of four (80 bits). */
function randomPassword(userId: string): string {
  for (;;) {
    const candidate = newSetupCode();
    if (!passwordProblem(candidate, userId)) return candidate;
  }
}

/**
 * Every seeded account with a password gets a random one instead of the README's, so nobody who has
 * read the README can log in first and choose the account's password. One transaction.
 */
async function randomDemoPasswords(db: Db, now: Date): Promise<DemoPassword[]> {
  const accounts = await accountsWithPassword(db);
  const out: Array<DemoPassword & { hash: string }> = [];
  for (const { userId } of accounts) {
    const password = randomPassword(userId);
    out.push({ userId, password, hash: await hashPassword(password) });
  }
  await db.transaction().execute(async (trx) => {
    for (const a of out) await setPasswordHash(trx, a.userId, a.hash, now);
    await writeAudit(trx, {
      entity: 'app_user',
      entityKey: '*',
      action: 'DEMO_PASSWORDS',
      actor: null,
      after: { accounts: out.map((a) => a.userId) },
    });
  });
  return out.map(({ userId, password }) => ({ userId, password }));
}

/**
 * The database's first start, run by main.ts before the app is built:
 *
 * - `SEED=demo` on an empty database seeds the demo company. In production (only when SEED=demo
 *   was set explicitly: production defaults to none) each demo account gets a random password,
 *   printed once by main.ts to the console, and every password is expired at once, so each account
 *   must choose its own at first login: the README's password opens nothing.
 * - In production without the demo, an empty database gets the first administrator (`admin`, group
 *   99) and the reference data it needs (authority groups, menus, codes, messages): with
 *   ADMIN_INITIAL_PASSWORD, that password, already expired; otherwise no password and a one-time
 *   setup code, printed by main.ts, that the login page takes once (with a new password) within
 *   SETUP_CODE_TTL_SEC. While that administrator has no password, every start prints a new code.
 */
export async function prepareFirstStart(
  db: Db,
  config: Pick<Config, 'seed' | 'nodeEnv' | 'adminInitialPassword'>,
  log: (msg: string) => void = () => {},
): Promise<FirstStart> {
  // real time: setup-code and password lifetimes are security time
  const now = new Date();
  const production = config.nodeEnv === 'production';
  if (config.seed === 'demo') {
    if (await isSeeded(db)) return { kind: 'nothing' };
    const rows = await seedDemo(db, { log });
    const passwords = production ? await randomDemoPasswords(db, now) : [];
    const mustChange = production ? await db.transaction().execute((trx) => expireAllPasswords(trx, now)) : 0;
    return { kind: 'demo', rows, mustChange, passwords };
  }
  if (!production) return { kind: 'nothing' };
  if ((await accountCount(db)) === 0) {
    const passwordHash = config.adminInitialPassword ? await hashPassword(config.adminInitialPassword) : null;
    const code = passwordHash ? null : newSetupCode();
    const expiresAt = new Date(now.getTime() + SETUP_CODE_TTL_SEC * 1000);
    await db.transaction().execute(async (trx) => {
      if (!(await isSeeded(trx))) await insertReferenceData(trx);
      await insertFirstAdmin(trx, passwordHash, now);
      if (code) await replaceSetupCode(trx, FIRST_ADMIN.userId, setupCodeHash(code), expiresAt);
      await writeAudit(trx, {
        entity: 'app_user',
        entityKey: FIRST_ADMIN.userId,
        action: 'FIRST_ADMIN',
        actor: null,
        after: { authGroupId: FIRST_ADMIN.authGroupId, by: code ? 'setup code' : 'ADMIN_INITIAL_PASSWORD' },
      });
    });
    return code
      ? { kind: 'setupCode', userId: FIRST_ADMIN.userId, code, expiresAt }
      : { kind: 'adminPassword', userId: FIRST_ADMIN.userId };
  }
  const pending = await pendingSetupUser(db);
  if (!pending) return { kind: 'nothing' };
  // The earlier code may have expired or scrolled away with the console: a new one replaces it.
  const code = newSetupCode();
  const expiresAt = new Date(now.getTime() + SETUP_CODE_TTL_SEC * 1000);
  await db.transaction().execute((trx) => replaceSetupCode(trx, pending, setupCodeHash(code), expiresAt));
  return { kind: 'setupCode', userId: pending, code, expiresAt };
}
