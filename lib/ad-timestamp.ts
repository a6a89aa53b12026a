/**
 * The external AD login gate (spec §4 "External AD login", §5, §9): the partner portal links
 * to us with `t` = base64 of a 14-digit yyyyMMddHHmmss timestamp; a link older than 60 seconds
 * or from the future is not a normal access path.
 *
 * Time zone decision: the 14 digits are read in the RUNTIME'S LOCAL time zone, as the original
 * client did with `new Date(y, M - 1, d, H, m, s)` in the browser. The partner portal and our
 * users are in Korea, so in practice that is Asia/Seoul; a server using this function must run
 * with TZ=Asia/Seoul (or the same zone as the partner portal) for the comparison to mean the
 * same thing. Korea has no daylight saving time; in a zone that does, a local time that does not
 * exist (the skipped hour) is 'invalidDate' rather than silently shifted.
 */

import { forgivingBase64Decode } from './base64';

export { forgivingBase64Decode };

/** Spec §9: timestamp validity 60 seconds. */
export const AD_TIMESTAMP_VALIDITY_SEC = 60;
/** Spec §9: tokens taken from the URL are stored with a 5-second expiry window. */
export const TOKEN_WINDOW_SEC = 5;
/** Spec §9: the decoded timestamp is 14 characters, yyyyMMddHHmmss. */
export const TIMESTAMP_LENGTH = 14;

export type AdTimestampFailure = 'notBase64' | 'notFourteenDigits' | 'future' | 'tooOld' | 'invalidDate';

export type AdTimestampResult = { ok: true; at: Date } | { ok: false; reason: AdTimestampFailure };

const FOURTEEN_DIGITS = new RegExp(`^[0-9]{${TIMESTAMP_LENGTH}}$`);

/** Local-time Date for the fields, or null when they name no real local moment. */
function localDate(y: number, mo: number, d: number, h: number, mi: number, s: number): Date | null {
  const at = new Date(2000, 0, 1, 0, 0, 0, 0);
  // setFullYear, not the constructor: the constructor maps years 0–99 to 1900–1999.
  at.setFullYear(y, mo - 1, d);
  at.setHours(h, mi, s, 0);
  const same =
    at.getFullYear() === y &&
    at.getMonth() === mo - 1 &&
    at.getDate() === d &&
    at.getHours() === h &&
    at.getMinutes() === mi &&
    at.getSeconds() === s;
  return same ? at : null;
}

/**
 * Checks the external AD timestamp `t` against the clock `nowMs` (epoch ms).
 *
 * Age = nowMs − timestamp, in milliseconds: 0 … 60 000 inclusive is valid; anything above
 * 60 000 (60.001 s) is 'tooOld'; anything below 0 (even 1 ms) is 'future'. Decoded text that is
 * not exactly 14 ASCII digits — too short, too long, or with a non-digit — is
 * 'notFourteenDigits'; 14 digits that name no real moment (month 13, 30 February, hour 24) are
 * 'invalidDate'.
 */
export function checkAdTimestamp(t: string, nowMs: number): AdTimestampResult {
  if (!Number.isFinite(nowMs)) throw new RangeError(`checkAdTimestamp: nowMs must be finite, got ${nowMs}`);
  const decoded = forgivingBase64Decode(t);
  if (decoded === null) return { ok: false, reason: 'notBase64' };
  if (!FOURTEEN_DIGITS.test(decoded)) return { ok: false, reason: 'notFourteenDigits' };
  const n = (from: number, to: number): number => Number(decoded.slice(from, to));
  const at = localDate(n(0, 4), n(4, 6), n(6, 8), n(8, 10), n(10, 12), n(12, 14));
  if (at === null) return { ok: false, reason: 'invalidDate' };
  const ageMs = nowMs - at.getTime();
  if (ageMs < 0) return { ok: false, reason: 'future' };
  if (ageMs > AD_TIMESTAMP_VALIDITY_SEC * 1000) return { ok: false, reason: 'tooOld' };
  return { ok: true, at };
}

/**
 * The `t` value for a moment, in local time — what the partner portal sends. Used by the dev
 * login page and the tests; milliseconds are dropped, as the 14-digit form has none.
 */
export function encodeAdTimestamp(at: Date): string {
  const p = (v: number, w = 2): string => String(v).padStart(w, '0');
  const digits =
    p(at.getFullYear(), 4) +
    p(at.getMonth() + 1) +
    p(at.getDate()) +
    p(at.getHours()) +
    p(at.getMinutes()) +
    p(at.getSeconds());
  return btoa(digits);
}
