import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { asOwner } from '../db/company-scope.js';

/**
 * Failed-login throttling that an attacker cannot turn against a user (ASVS 6.1.1, 6.3.8).
 *
 * Failures are counted under three keys, for known and unknown ids alike (an unknown id locks
 * exactly like a known one, so a lock reveals nothing):
 * - PAIR (account + client address): after 5 failures that client is locked out of that account
 *   for 1 minute, doubling with each further failure up to 15 minutes. The real user at another
 *   address is not affected.
 * - ACCOUNT (any client): after 20 failures the account is locked for everyone, 1 minute doubling
 *   up to 15 minutes: a distributed guesser (many addresses) is slowed without a permanent lock.
 * - CLIENT (any account): after 30 failures the address is locked, 1 minute doubling up to 1 hour
 *   (password spraying over many ids).
 * Every lock ends by itself; counters forget after 24 hours without a failure; a right password
 * clears the PAIR and ACCOUNT counters; an administrator's unlock clears the account's counters.
 */
type ThrottleScope = 'PAIR' | 'ACCOUNT' | 'CLIENT';

interface Rule {
  after: number;
  baseSec: number;
  maxSec: number;
}

const THROTTLE_RULES: Readonly<Record<ThrottleScope, Rule>> = Object.freeze({
  PAIR: { after: 5, baseSec: 60, maxSec: 15 * 60 },
  ACCOUNT: { after: 20, baseSec: 60, maxSec: 15 * 60 },
  CLIENT: { after: 30, baseSec: 60, maxSec: 60 * 60 },
});

/** Counters older than this (since the last failure) start again from zero. */
const THROTTLE_FORGET_SEC = 24 * 3600;

/** Lock length after `failures` failures under a rule, seconds (0: not locked). Pure. */
function lockSeconds(rule: Rule, failures: number): number {
  if (failures < rule.after) return 0;
  const doubled = rule.baseSec * 2 ** Math.min(failures - rule.after, 20);
  return Math.min(doubled, rule.maxSec);
}

const norm = (userId: string) => userId.trim().toLowerCase().slice(0, 100);

function keysOf(userId: string, ip: string): Array<{ scope: ThrottleScope; key: string }> {
  const account = norm(userId);
  return [
    { scope: 'PAIR', key: `${account}|${ip}` },
    { scope: 'ACCOUNT', key: account },
    { scope: 'CLIENT', key: ip },
  ];
}

/** Seconds until this client may try this id again (0: now). */
export async function lockedFor(db: Db, userId: string, ip: string, now = new Date()): Promise<number> {
  const keys = keysOf(userId, ip);
  const rows = await db
    .selectFrom('loginThrottle')
    .select(['scope', 'lockedUntil'])
    .where((eb) => eb.or(keys.map((k) => eb.and([eb('scope', '=', k.scope), eb('key', '=', k.key)]))))
    .execute();
  let wait = 0;
  for (const r of rows) {
    if (r.lockedUntil && Date.parse(r.lockedUntil) > now.getTime())
      wait = Math.max(wait, Math.ceil((Date.parse(r.lockedUntil) - now.getTime()) / 1000));
  }
  return wait;
}

/** Counts one failure under every key; answers whether this client is now locked out of this id. */
export async function recordFailure(db: Db, userId: string, ip: string, now = new Date()): Promise<boolean> {
  let locked = false;
  const forgetBefore = new Date(now.getTime() - THROTTLE_FORGET_SEC * 1000);
  for (const { scope, key } of keysOf(userId, ip)) {
    // One statement per key: concurrent failures each count (no lost update).
    const row = await db
      .insertInto('loginThrottle')
      .values({ scope, key, failures: 1, lastFailureAt: now, lockedUntil: null })
      .onConflict((oc) =>
        oc.columns(['scope', 'key']).doUpdateSet({
          failures: sql<number>`case when login_throttle.last_failure_at < ${forgetBefore} then 1 else login_throttle.failures + 1 end`,
          lastFailureAt: now,
        }),
      )
      .returning(['failures'])
      .executeTakeFirstOrThrow();
    const sec = lockSeconds(THROTTLE_RULES[scope], row.failures);
    if (sec > 0) {
      await db
        .updateTable('loginThrottle')
        .set({ lockedUntil: new Date(now.getTime() + sec * 1000) })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .execute();
      locked = true;
    }
  }
  return locked;
}

/** A right password: this account's counters start again (the client's do not). */
export async function recordSuccess(db: Db, userId: string, ip: string): Promise<void> {
  const [pair, account] = keysOf(userId, ip);
  await asOwner(db)
    .deleteFrom('loginThrottle')
    .where((eb) =>
      eb.or([
        eb.and([eb('scope', '=', 'PAIR'), eb('key', '=', pair.key)]),
        eb.and([eb('scope', '=', 'ACCOUNT'), eb('key', '=', account.key)]),
      ]),
    )
    .execute();
}

/** An administrator's unlock: every counter and lock of this account, from every client. */
export async function clearAccountThrottle(db: Db, userId: string): Promise<void> {
  const account = norm(userId);
  await asOwner(db)
    .deleteFrom('loginThrottle')
    .where((eb) =>
      eb.or([
        eb.and([eb('scope', '=', 'ACCOUNT'), eb('key', '=', account)]),
        eb.and([eb('scope', '=', 'PAIR'), eb('key', 'like', `${account.replace(/[\\%_]/g, (c) => `\\${c}`)}|%`)]),
      ]),
    )
    .execute();
}
