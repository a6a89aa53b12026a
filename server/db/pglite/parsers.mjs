// Type parsers for PGlite and node-postgres alike, in plain JavaScript so the PGlite worker
// thread (worker.mjs, loaded without a TypeScript loader) and connect.ts share one definition.
// Both drivers must hand the same JS values to our code: counts and bigints as numbers,
// dates as 'YYYY-MM-DD' strings (no time-zone shifting), money as exact decimal strings, and
// timestamps as the string the API answers (Date#toISOString's form, '2024-11-05T05:30:09.000Z').
// Timestamps were Date objects that every answer turned back into strings
// (parsing and formatting cost ≈ 0.3 ms a 100-row page); now they are normalised once, here.
const OID_INT8 = 20;
const OID_DATE = 1082;
const OID_TIMESTAMP = 1114;
const OID_TIMESTAMPTZ = 1184;
const OID_NUMERIC = 1700;

const PLUS = 43;
const ZERO = 48;
const SPACE = 32;
const DASH = 45;
const DOT = 46;

/**
 * PostgreSQL's text form of a timestamptz ('2024-11-05 05:30:09.123456+00' under DateStyle ISO)
 * → '2024-11-05T05:30:09.123Z', the milliseconds truncated as a Date truncates them. The session
 * time zone is UTC on both our databases, so the common case is cut and pasted; any other offset,
 * or no offset (a timestamp without time zone, read as local time as pg and PGlite read it), goes
 * through Date. ±infinity and BC years, which a Date cannot print as ISO, stay PostgreSQL's text.
 * @param {string} v
 * @returns {string}
 */
export function isoTimestamp(v) {
  const n = v.length;
  if (
    n >= 22 &&
    v.charCodeAt(n - 1) === ZERO &&
    v.charCodeAt(n - 2) === ZERO &&
    v.charCodeAt(n - 3) === PLUS &&
    v.charCodeAt(4) === DASH &&
    v.charCodeAt(10) === SPACE
  ) {
    if (n === 22) return `${v.slice(0, 10)}T${v.slice(11, 19)}.000Z`;
    if (v.charCodeAt(19) === DOT && n <= 29)
      return `${v.slice(0, 10)}T${v.slice(11, 19)}.${(v.slice(20, n - 3) + '00').slice(0, 3)}Z`;
  }
  return viaDate(v);
}

const TEXT = /^(\d{4})-(\d\d)-(\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?(?:([+-]\d\d)(?::?(\d\d))?(?::?(\d\d))?)?$/;

/** @param {string} v */
function viaDate(v) {
  const m = TEXT.exec(v);
  if (!m) return v;
  const [, y, mo, d, hms, frac = '', oh, om = '00', os] = m;
  const ms = (frac + '000').slice(0, 3);
  // Seconds in an offset (local mean time before 1900) are beyond ISO 8601's offsets: shift by hand.
  const shift = os ? (oh.startsWith('-') ? -1 : 1) * Number(os) * 1000 : 0;
  const t = new Date(`${y}-${mo}-${d}T${hms}.${ms}${oh ? `${oh}:${om}` : ''}`).getTime() - shift;
  return Number.isFinite(t) ? new Date(t).toISOString() : v;
}

/** @type {Record<number, (value: string) => unknown>} */
export const pgParsers = {
  [OID_INT8]: (v) => Number(v),
  [OID_DATE]: (v) => v,
  [OID_TIMESTAMP]: isoTimestamp,
  [OID_TIMESTAMPTZ]: isoTimestamp,
  [OID_NUMERIC]: (v) => v,
};
