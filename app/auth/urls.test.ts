// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { accessTokenParam, fullPath, safeMoveUrl, stripAccessTokenParam } from './urls';

describe('safeMoveUrl', () => {
  it('returns to a path of the same portal, query and hash kept', () => {
    expect(safeMoveUrl('/prList?a=1#top', false)).toBe('/prList?a=1#top');
    expect(safeMoveUrl('/cyber/prCheckList', true)).toBe('/cyber/prCheckList');
  });

  it('goes home instead of to another portal', () => {
    expect(safeMoveUrl('/cyber/prCheckList', false)).toBe('/');
    expect(safeMoveUrl('/prList', true)).toBe('/cyber');
  });

  it('never leaves the site (no open redirect)', () => {
    for (const bad of [
      '//evil.example.com/x',
      'https://evil.example.com/',
      '/\\evil.example.com',
      'javascript:alert(1)',
      '',
      null,
      undefined,
    ]) {
      expect(safeMoveUrl(bad, false)).toBe('/');
    }
  });

  it('never returns to a login, error or entry page', () => {
    for (const p of ['/login', '/authReq?error=X', '/info401', '/info500', '/integration?type=l'])
      expect(safeMoveUrl(p, false)).toBe('/');
    expect(safeMoveUrl('/cyberLogin', true)).toBe('/cyber');
  });
});

describe('access-token parameter', () => {
  it('strips it (and a refresh token) and keeps everything else', () => {
    expect(stripAccessTokenParam('/prList?tab=2&accessToken=abc')).toBe('/prList?tab=2');
    expect(stripAccessTokenParam('/prList?accessToken=abc&refreshToken=r#h')).toBe('/prList#h');
    expect(stripAccessTokenParam('/prList?tab=2')).toBe('/prList?tab=2');
  });

  it('reads it from a query string', () => {
    expect(accessTokenParam('?accessToken=%20abc%20')).toBe('abc');
    expect(accessTokenParam('?accessToken=')).toBeNull();
    expect(accessTokenParam('')).toBeNull();
  });
});

describe('paths', () => {
  it('joins pathname, search and hash', () => {
    expect(fullPath({ pathname: '/a', search: '?b', hash: '#c' })).toBe('/a?b#c');
    expect(fullPath({ pathname: '/a' })).toBe('/a');
  });
});
