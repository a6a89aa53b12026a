import crypto from 'node:crypto';
import type { Db } from '../db/connect.js';
import { sha256 } from './tokens.js';

/**
 * The first administrator's one-time setup code (server/modules/first-start): it
 * stands in for a password that does not exist yet. The login answers it AUTH103 (choose a
 * password), and the expired-password change (server/modules/password-change) spends it.
 */

/** How long a printed setup code works; a restart prints a new one while the administrator has no password. */
export const SETUP_CODE_TTL_SEC = 3600;
/** Letters and digits that cannot be mistaken for one another when read off a console (32: no bias from a byte). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** 16 characters (80 bits), grouped by four: XXXX-XXXX-XXXX-XXXX. */
export function newSetupCode(): string {
  const chars = [...crypto.randomBytes(16)].map((b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** Codes are typed by people: case and dashes do not matter. */
export const setupCodeHash = (code: string) => sha256(code.toUpperCase().replace(/[^A-Z0-9]/g, ''));

/** True when `code` is the user's live (unspent, unexpired) setup code. */
export async function setupCodeMatches(db: Db, userId: string, code: string, now = new Date()): Promise<boolean> {
  const live = await db
    .selectFrom('setupCode')
    .select('codeHash')
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .executeTakeFirst();
  if (!live) return false;
  const given = Buffer.from(setupCodeHash(code));
  return given.length === live.codeHash.length && crypto.timingSafeEqual(given, Buffer.from(live.codeHash));
}

/** Spends the user's setup code in the caller's transaction; true when this call spent it. */
export async function spendSetupCode(trx: Db, userId: string, now: Date): Promise<boolean> {
  const r = await trx
    .updateTable('setupCode')
    .set({ usedAt: now })
    .where('userId', '=', userId)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
