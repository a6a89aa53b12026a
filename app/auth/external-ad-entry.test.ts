import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../testing/memory-storage';
import {
  authServerLoginUrl,
  decideExternalAdEntry,
  isAdEntry,
  keepUrlTokens,
  takeUrlTokens,
  URL_TOKENS_STORAGE_KEY,
} from './external-ad-entry';

/** yyyyMMddHHmmss in local time, as the partner portal writes it. */
function digits(d: Date): string {
  const p = (v: number, w = 2) => String(v).padStart(w, '0');
  return `${p(d.getFullYear(), 4)}${p(d.getMonth() + 1)}${p(d.getDate())}${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`;
}

const AT = new Date(2025, 2, 14, 9, 30, 0); // 2025-03-14 09:30:00 local
const t = (s: string) => btoa(s);
const ORIGIN = 'https://partner.gpms.example';

function decide(query: string, nowMs: number) {
  return decideExternalAdEntry({ params: new URLSearchParams(query), nowMs, loginUri: '/auth/login', origin: ORIGIN });
}

describe('external AD entry: the timestamp t (spec §4, §5, §9)', () => {
  const entry = (age: number) => decide(`t=${encodeURIComponent(t(digits(AT)))}`, AT.getTime() + age);
  const toAuthServer = {
    kind: 'toAuthServer',
    url: `/auth/login?systemId=OGPMS&redirect_uri=${encodeURIComponent(`${ORIGIN}/integration`)}`,
  };

  it('accepts an age of 0 s', () => {
    expect(entry(0)).toEqual(toAuthServer);
  });

  it('accepts an age of exactly 60 s', () => {
    expect(entry(60_000)).toEqual(toAuthServer);
  });

  it('refuses 61 s (and 60.001 s) as too old: alert and /integration', () => {
    expect(entry(61_000)).toEqual({
      kind: 'abnormal',
      reason: 'tooOld',
      alertKey: 'auth.abnormalAccessPath',
      to: '/integration',
    });
    expect(entry(60_001)).toMatchObject({ kind: 'abnormal', reason: 'tooOld' });
  });

  it('refuses a timestamp in the future, even by a second', () => {
    expect(entry(-1_000)).toMatchObject({ kind: 'abnormal', reason: 'future' });
  });

  it('refuses decoded text that is not 14 digits', () => {
    expect(decide(`t=${t('2025031409300')}`, AT.getTime())).toMatchObject({
      kind: 'abnormal',
      reason: 'notFourteenDigits',
    });
    expect(decide(`t=${t('202503140930000')}`, AT.getTime())).toMatchObject({
      kind: 'abnormal',
      reason: 'notFourteenDigits',
    });
    expect(decide(`t=${encodeURIComponent(t('2025-03-14 0930'))}`, AT.getTime())).toMatchObject({
      kind: 'abnormal',
      reason: 'notFourteenDigits',
    });
  });

  it('refuses a t that is not base64', () => {
    expect(decide('t=%25%25%25', AT.getTime())).toMatchObject({ kind: 'abnormal', reason: 'notBase64' });
    expect(decide('t=abcde', AT.getTime())).toMatchObject({ kind: 'abnormal', reason: 'notBase64' });
  });

  it('refuses 14 digits that name no moment, and an empty t', () => {
    expect(decide(`t=${t('20251399093000')}`, AT.getTime())).toMatchObject({ kind: 'abnormal', reason: 'invalidDate' });
    expect(decide('t=', AT.getTime())).toMatchObject({ kind: 'abnormal', reason: 'missing' });
  });
});

describe('external AD entry: what the address carries', () => {
  it('is no AD entry without errorCode, accessToken or t (the plain /integration page)', () => {
    expect(isAdEntry(new URLSearchParams('type=l'))).toBe(false);
    expect(decide('', 0)).toEqual({ kind: 'notAdEntry' });
  });

  it('an error code goes to the external authentication error page, before anything else', () => {
    expect(decide(`errorCode=AUTH102&accessToken=x&t=${t(digits(AT))}`, AT.getTime())).toEqual({
      kind: 'authError',
      to: '/cyberAuthReq?error=AUTH102',
    });
    expect(decide('error=AUTH%26X', 0)).toEqual({ kind: 'authError', to: '/cyberAuthReq?error=AUTH%26X' });
  });

  it('tokens are kept for a 5-second window, with the user id when given', () => {
    expect(decide('accessToken=a.b.c&refreshToken=r1&userId=supplier1', 1_000)).toEqual({
      kind: 'tokens',
      tokens: { accessToken: 'a.b.c', refreshToken: 'r1', userId: 'supplier1' },
      expiresAt: 6_000,
    });
    expect(decide('accessToken=a.b.c', 0)).toMatchObject({ tokens: { refreshToken: null, userId: null } });
  });
});

describe('the 5-second token window', () => {
  const tokens = { accessToken: 'a', refreshToken: 'r', userId: 'u' };

  it('hands the tokens over once, within the window', () => {
    const storage = memoryStorage();
    keepUrlTokens(storage, tokens, 5_000);
    expect(takeUrlTokens(storage, 5_000)).toEqual(tokens);
    expect(takeUrlTokens(storage, 5_000)).toBeNull();
  });

  it('drops them after the window', () => {
    const storage = memoryStorage();
    keepUrlTokens(storage, tokens, 5_000);
    expect(takeUrlTokens(storage, 5_001)).toBeNull();
    expect(storage.getItem(URL_TOKENS_STORAGE_KEY)).toBeNull();
  });

  it('ignores malformed storage', () => {
    expect(takeUrlTokens(memoryStorage({ [URL_TOKENS_STORAGE_KEY]: '{nope' }), 0)).toBeNull();
    expect(takeUrlTokens(memoryStorage({ [URL_TOKENS_STORAGE_KEY]: '{"accessToken":1}' }), 0)).toBeNull();
  });
});

describe('authServerLoginUrl', () => {
  it('is relative for the same origin and absolute for another', () => {
    expect(authServerLoginUrl('/auth/login', ORIGIN)).toBe(
      `/auth/login?systemId=OGPMS&redirect_uri=${encodeURIComponent(`${ORIGIN}/integration`)}`,
    );
    expect(authServerLoginUrl('https://sso.example.com/login', ORIGIN)).toMatch(
      /^https:\/\/sso\.example\.com\/login\?systemId=OGPMS&redirect_uri=/,
    );
  });
});
