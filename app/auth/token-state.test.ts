// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { accessTokenFresh, readJwtClaims, tokenExpiry, tokenSubject } from './token-state';

const b64url = (o: unknown) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(o))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const jwt = (claims: unknown) => `${b64url({ alg: 'HS256' })}.${b64url(claims)}.sig`;

describe('access token freshness', () => {
  it('is fresh until the margin before its expiry, in server time', () => {
    expect(accessTokenFresh({ tokenExpiredTimestamp: 100_000, timeDifference: 0 }, 0)).toBe(true);
    expect(accessTokenFresh({ tokenExpiredTimestamp: 100_000, timeDifference: 0 }, 90_000)).toBe(false);
    expect(accessTokenFresh({ tokenExpiredTimestamp: 100_000, timeDifference: -50_000 }, 120_000)).toBe(true);
    expect(accessTokenFresh({ tokenExpiredTimestamp: null, timeDifference: 0 }, 1e15)).toBe(true);
  });
});

describe('JWT claims (read, not trusted)', () => {
  it('reads sub and exp, with Korean in the payload', () => {
    const token = jwt({ sub: 'supplier1', exp: 1_700_000_000, name: '서재훈' });
    expect(tokenSubject(token)).toBe('supplier1');
    expect(tokenExpiry(token)).toBe(1_700_000_000_000);
    expect(readJwtClaims(token)).toMatchObject({ name: '서재훈' });
  });

  it('answers null for malformed tokens, never throws', () => {
    for (const bad of ['', 'abc', 'a.b', 'a.%%%.c', `a.${btoa('not json')}.c`, `a.${btoa('[1]')}.c`, 'a..c']) {
      expect(readJwtClaims(bad)).toBeNull();
      expect(tokenSubject(bad)).toBeNull();
    }
    expect(tokenSubject(jwt({ sub: 42 }))).toBeNull();
  });
});
