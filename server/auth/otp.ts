import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Channel } from './sender.js';
import { sha256 } from './tokens.js';

export const OTP_VALIDITY_SEC = 180;
export const OTP_MAX_ATTEMPTS = 5;
const OTP_DIGITS = 6;

/** CONTRACT: a supplier's signature on an electronic contract (server/modules/contracts). */
export type OtpPurpose = 'LOGIN' | 'RESET' | 'PHONE' | 'CONTRACT';

/** Six digits from a CSPRNG, every value equally likely (crypto.randomInt has no modulo bias). */
export function newOtpCode(): string {
  return crypto
    .randomInt(0, 10 ** OTP_DIGITS)
    .toString()
    .padStart(OTP_DIGITS, '0');
}

// The hash binds the code to its row, so a code copied into another row never matches.
const codeHash = (otpId: string, code: string) => sha256(`${otpId}:${code}`);

/**
 * Issues a code for one user and purpose; any earlier unused code for the same purpose stops
 * working, so only the latest message a user received is valid.
 */
export function issueOtp(
  db: Db,
  input: { userId: string; purpose: OtpPurpose; channel: Channel; destination: string },
): Promise<{ code: string; expiresAt: Date }> {
  return db.transaction().execute((trx) => issueOtpIn(trx, input));
}

/** issueOtp inside the caller's transaction (a contract's signing code and its evidence event together). */
export async function issueOtpIn(
  trx: Db,
  input: { userId: string; purpose: OtpPurpose; channel: Channel; destination: string; subject?: string },
): Promise<{ code: string; expiresAt: Date }> {
  const code = newOtpCode();
  const otpId = crypto.randomUUID();
  const expiresAt = new Date(Date.now() + OTP_VALIDITY_SEC * 1000);
  await trx
    .updateTable('otpCode')
    .set({ usedAt: new Date() })
    .where('userId', '=', input.userId)
    .where('purpose', '=', input.purpose)
    .where('usedAt', 'is', null)
    .execute();
  await trx
    .insertInto('otpCode')
    .values({
      otpId,
      userId: input.userId,
      purpose: input.purpose,
      channel: input.channel,
      codeHash: codeHash(otpId, code),
      destination: input.destination,
      subject: input.subject ?? null,
      expiresAt,
      usedAt: null,
    })
    .execute();
  return { code, expiresAt };
}

export type OtpCheck = { ok: true } | { ok: false; reason: 'none' | 'expired' | 'wrong' | 'exhausted' };

/**
 * Checks a code: valid for 3 minutes, 5 attempts, single use, bound to the user (and so to the
 * login) that asked for it. A wrong guess is counted in the same transaction that reads the row.
 */
export function checkOtp(db: Db, input: { userId: string; purpose: OtpPurpose; code: string }): Promise<OtpCheck> {
  return db.transaction().execute((trx) => checkOtpIn(trx, input));
}

/**
 * checkOtp inside the caller's transaction, for a write that must use the code and change the
 * account together (the password reset). A wrong guess is still counted: the caller commits it.
 */
export async function checkOtpIn(
  trx: Db,
  input: { userId: string; purpose: OtpPurpose; code: string; subject?: string },
): Promise<OtpCheck> {
  // A code issued for a subject (a contract) answers only a check for that subject: for any other
  // there is no code, and the attempt is not counted against the code of the right one.
  const row = await trx
    .selectFrom('otpCode')
    .select(['otpId', 'codeHash', 'attempts', 'expiresAt'])
    .where('userId', '=', input.userId)
    .where('purpose', '=', input.purpose)
    .where((eb) => (input.subject === undefined ? eb('subject', 'is', null) : eb('subject', '=', input.subject)))
    .where('usedAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .limit(1)
    .forUpdate()
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'none' };
  if (Date.parse(row.expiresAt) <= Date.now()) return { ok: false, reason: 'expired' };
  if (row.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, reason: 'exhausted' };
  const given = Buffer.from(codeHash(row.otpId, input.code.trim()));
  if (!crypto.timingSafeEqual(given, Buffer.from(row.codeHash))) {
    const attempts = row.attempts + 1;
    await trx
      .updateTable('otpCode')
      .set({ attempts, ...(attempts >= OTP_MAX_ATTEMPTS ? { usedAt: new Date() } : {}) })
      .where('otpId', '=', row.otpId)
      .execute();
    return { ok: false, reason: attempts >= OTP_MAX_ATTEMPTS ? 'exhausted' : 'wrong' };
  }
  await trx
    .updateTable('otpCode')
    .set({ usedAt: sql<Date>`now()` })
    .where('otpId', '=', row.otpId)
    .execute();
  return { ok: true };
}

/** 010-1234-5678 → 010-****-5678; hong@example.com → ho***@example.com */
export function maskDestination(channel: Channel, destination: string): string {
  if (channel === 'SMS') return destination.replace(/(\d{2,3})[-\s]?(\d{3,4})[-\s]?(\d{4})$/, '$1-****-$3');
  // The domain is masked too: a company's mail domain would tell which company an id belongs to.
  const [local, domain = ''] = destination.split('@');
  const dot = domain.lastIndexOf('.');
  const maskedDomain = dot > 0 ? `${domain.slice(0, 1)}***${domain.slice(dot)}` : `${domain.slice(0, 1)}***`;
  return `${local.slice(0, 2)}***@${maskedDomain}`;
}

/**
 * What an unknown id (or another portal's) is told by the reset-code operation: a made-up masked
 * destination that stays the same for the same id, shaped like a real one, so the answer does not
 * tell which ids exist (ASVS 6.3.8).
 */
export function decoyDestination(channel: Channel, userId: string, secret: string): string {
  const h = crypto.createHmac('sha256', secret).update(userId.trim().toLowerCase()).digest();
  if (channel === 'SMS') return `010-****-${String(h.readUInt16BE(0) % 10000).padStart(4, '0')}`;
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const domains = ['gmail.com', 'naver.com', 'daum.net', 'co.kr'];
  return maskDestination('EMAIL', `${letters[h[2] % 26]}${letters[h[3] % 26]}x@${domains[h[4] % domains.length]}`);
}
