import { describe, expect, it } from 'vitest';
import {
  AD_TIMESTAMP_VALIDITY_SEC,
  TIMESTAMP_LENGTH,
  TOKEN_WINDOW_SEC,
  checkAdTimestamp,
  encodeAdTimestamp,
  forgivingBase64Decode,
} from './ad-timestamp';

// Local-time construction keeps every expectation true in any runtime time zone.
const stampAt = new Date(2024, 4, 1, 12, 0, 0); // 2024-05-01 12:00:00 local
const T = btoa('20240501120000');
const base = stampAt.getTime();

describe('constants', () => {
  it('match spec §9', () => {
    expect(AD_TIMESTAMP_VALIDITY_SEC).toBe(60);
    expect(TOKEN_WINDOW_SEC).toBe(5);
    expect(TIMESTAMP_LENGTH).toBe(14);
  });
});

describe('checkAdTimestamp age window', () => {
  it('accepts age 0 s and returns the local moment', () => {
    const r = checkAdTimestamp(T, base);
    expect(r).toEqual({ ok: true, at: stampAt });
  });

  it('accepts age 1 s and 59.999 s', () => {
    expect(checkAdTimestamp(T, base + 1_000).ok).toBe(true);
    expect(checkAdTimestamp(T, base + 59_999).ok).toBe(true);
  });

  it('accepts exactly 60 s', () => {
    expect(checkAdTimestamp(T, base + 60_000).ok).toBe(true);
  });

  it('rejects 60.001 s and 61 s as too old', () => {
    expect(checkAdTimestamp(T, base + 60_001)).toEqual({ ok: false, reason: 'tooOld' });
    expect(checkAdTimestamp(T, base + 61_000)).toEqual({ ok: false, reason: 'tooOld' });
  });

  it('rejects a timestamp 1 s in the future, and even 1 ms', () => {
    expect(checkAdTimestamp(T, base - 1_000)).toEqual({ ok: false, reason: 'future' });
    expect(checkAdTimestamp(T, base - 1)).toEqual({ ok: false, reason: 'future' });
  });

  it('rejects a very old timestamp', () => {
    expect(checkAdTimestamp(btoa('19000101000000'), base)).toEqual({ ok: false, reason: 'tooOld' });
  });

  it('reads years 0000–0099 as those years, not 19xx', () => {
    expect(checkAdTimestamp(btoa('00500101000000'), base)).toEqual({ ok: false, reason: 'tooOld' });
    // With the clock 30 s after 0050-01-01 00:00:00 the stamp is valid; read as 1950 it would be 'future'.
    const year50 = new Date(2000, 0, 1);
    year50.setFullYear(50);
    expect(checkAdTimestamp(btoa('00500101000000'), year50.getTime() + 30_000).ok).toBe(true);
  });
});

describe('checkAdTimestamp shape', () => {
  it.each([
    ['13 digits', '2024050112000'],
    ['15 digits', '202405011200000'],
    ['non-digit', '2024050112000a'],
    ['spaces', '2024-05-01 120'],
    ['signed', '+2024050112000'],
    ['empty', ''],
    ['Hangul-ish bytes', '\u00ec\u0095\u0088202405011200'],
  ])('rejects %s as notFourteenDigits', (_, text) => {
    expect(checkAdTimestamp(btoa(text), base)).toEqual({ ok: false, reason: 'notFourteenDigits' });
  });

  it('rejects a raw (not encoded) 14-digit value', () => {
    // 14 chars decodes to bytes that are not digits: not the 14 digits we need
    expect(checkAdTimestamp('20240501120000', base)).toEqual({ ok: false, reason: 'notFourteenDigits' });
  });

  it.each([
    ['a character outside the alphabet', 'MjAy!DA1MDExMjAwMDA='],
    ['URL-safe alphabet', 'MjAyNDA1MDExMjAwMDA-'],
    ['a length of 4n+1', 'MjAyN'],
    ['padding in the middle', 'Mj=yNDA1MDExMjAwMDA='],
    ['three padding characters', 'MjAyNDA1MDExMjAwMD==='],
    ['padding on a length that is not a multiple of 4', 'MjAyNDA1MDExMjAwMD='],
    ['a percent-encoded value', 'MjAyNDA1MDExMjAwMDA%3D'],
  ])('rejects %s as notBase64', (_, t) => {
    expect(checkAdTimestamp(t, base)).toEqual({ ok: false, reason: 'notBase64' });
  });

  it('accepts base64 without padding, as atob does', () => {
    expect(T.endsWith('=')).toBe(true);
    expect(checkAdTimestamp(T.replace(/=+$/, ''), base).ok).toBe(true);
  });

  it.each([
    ['month 13', '20241301120000'],
    ['month 00', '20240001120000'],
    ['day 00', '20240500120000'],
    ['31 April', '20240431120000'],
    ['29 February in a common year', '20230229120000'],
    ['hour 24', '20240501240000'],
    ['minute 60', '20240501126000'],
    ['second 60', '20240501120060'],
  ])('rejects %s as invalidDate', (_, digits) => {
    expect(checkAdTimestamp(btoa(digits), base)).toEqual({ ok: false, reason: 'invalidDate' });
  });

  it('accepts 29 February in a leap year', () => {
    const leap = new Date(2024, 1, 29, 23, 59, 59).getTime();
    expect(checkAdTimestamp(btoa('20240229235959'), leap + 10_000).ok).toBe(true);
  });

  it('checks the shape before the clock', () => {
    // a month-13 stamp is invalid whatever the time
    expect(checkAdTimestamp(btoa('20241301120000'), 0)).toEqual({ ok: false, reason: 'invalidDate' });
  });

  it('throws on a broken clock value', () => {
    expect(() => checkAdTimestamp(T, Number.NaN)).toThrow(RangeError);
  });
});

describe('encodeAdTimestamp', () => {
  it('round-trips through checkAdTimestamp', () => {
    const at = new Date(2025, 11, 31, 23, 59, 58, 750);
    const t = encodeAdTimestamp(at);
    expect(atob(t)).toBe('20251231235958');
    const r = checkAdTimestamp(t, at.getTime());
    expect(r.ok).toBe(true);
  });
});

describe('forgivingBase64Decode', () => {
  it('agrees with atob on valid input', () => {
    for (const s of ['', 'a', 'ab', 'abc', 'abcd', '20240501120000', '\u0000\u00ff\u0080']) {
      const b = btoa(s);
      expect(forgivingBase64Decode(b)).toBe(s);
      expect(forgivingBase64Decode(b.replace(/=+$/, ''))).toBe(s);
    }
  });

  it('ignores ASCII whitespace as atob does', () => {
    expect(forgivingBase64Decode(' YW Jj\n')).toBe('abc');
  });

  it('fails where atob throws', () => {
    for (const bad of ['a', 'ab=', 'a===', '*', 'ab-_']) {
      expect(() => atob(bad)).toThrow();
      expect(forgivingBase64Decode(bad)).toBeNull();
    }
  });
});
