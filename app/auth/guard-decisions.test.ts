// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  decideAfterAutoLogin,
  decideAfterRefresh,
  decideEntry,
  decideLoginAttempt,
  decideLoginCheck,
  externalHostRedirect,
  loginCheckStore,
  type GuardTarget,
  type StoredSession,
} from './guard-decisions';
import { TOKEN_EXPIRY_MARGIN_MS } from './token-state';

const NOW = 1_700_000_000_000;

function target(over: Partial<GuardTarget> = {}): GuardTarget {
  return { pathname: '/prList', search: '', hash: '', isCyber: false, isPublic: false, extraAuth: true, ...over };
}
const cyberTarget = (over: Partial<GuardTarget> = {}) =>
  target({ pathname: '/cyber/prCheckList', isCyber: true, ...over });

const loggedOut: StoredSession = { loggedIn: false, tokenExpiredTimestamp: null, timeDifference: 0, portal: null };
const fresh: StoredSession = {
  loggedIn: true,
  tokenExpiredTimestamp: NOW + 10 * 60_000,
  timeDifference: 0,
  portal: 'I',
};
const expired: StoredSession = { ...fresh, tokenExpiredTimestamp: NOW - 1 };

describe('decideEntry (spec §4: which check a navigation gets)', () => {
  it('lets public routes without extra authentication through', () => {
    expect(decideEntry(target({ isPublic: true, extraAuth: false }), loggedOut, NOW)).toEqual({ kind: 'proceed' });
  });

  it('sends every other route without extra authentication to the login check', () => {
    expect(decideEntry(target({ extraAuth: false }), loggedOut, NOW)).toEqual({ kind: 'loginCheck' });
    expect(decideEntry(target({ extraAuth: false }), fresh, NOW)).toEqual({ kind: 'loginCheck' });
  });

  it('extra authentication, not logged in: attempt a login', () => {
    expect(decideEntry(target(), loggedOut, NOW)).toEqual({ kind: 'attemptLogin' });
    expect(decideEntry(cyberTarget(), loggedOut, NOW)).toEqual({ kind: 'attemptLogin' });
  });

  it('extra authentication, logged in with a good token: public routes proceed, others get the login check', () => {
    expect(decideEntry(target(), fresh, NOW)).toEqual({ kind: 'loginCheck' });
    expect(decideEntry(target({ isPublic: true }), fresh, NOW)).toEqual({ kind: 'proceed' });
  });

  it('extra authentication, logged in with an expired token: verify (refresh)', () => {
    expect(decideEntry(target(), expired, NOW)).toEqual({ kind: 'refresh' });
    expect(decideEntry(target({ isPublic: true }), expired, NOW)).toEqual({ kind: 'refresh' });
  });

  it('counts a token as expired inside the safety margin, and reads its expiry in server time', () => {
    const edge = { ...fresh, tokenExpiredTimestamp: NOW + TOKEN_EXPIRY_MARGIN_MS };
    expect(decideEntry(target(), edge, NOW)).toEqual({ kind: 'refresh' });
    expect(decideEntry(target(), { ...edge, tokenExpiredTimestamp: NOW + TOKEN_EXPIRY_MARGIN_MS + 1 }, NOW)).toEqual({
      kind: 'loginCheck',
    });
    // The server's clock is 5 minutes ahead: a token expiring in 4 minutes (server time) is already gone.
    expect(
      decideEntry(target(), { ...fresh, tokenExpiredTimestamp: NOW + 4 * 60_000, timeDifference: 5 * 60_000 }, NOW),
    ).toEqual({ kind: 'refresh' });
  });

  it('treats an unknown expiry as good (the server has the last word)', () => {
    expect(decideEntry(target(), { ...fresh, tokenExpiredTimestamp: null }, NOW)).toEqual({ kind: 'loginCheck' });
  });
});

describe('decideAfterRefresh', () => {
  it('ok: as with a good token', () => {
    expect(decideAfterRefresh('ok', target())).toEqual({ kind: 'loginCheck' });
    expect(decideAfterRefresh('ok', target({ isPublic: true }))).toEqual({ kind: 'proceed' });
  });

  it('expired: external logs out with the expired flag, internal logs in again', () => {
    expect(decideAfterRefresh('expired', cyberTarget())).toEqual({ kind: 'expiredLogout' });
    expect(decideAfterRefresh('expired', target())).toEqual({ kind: 'attemptLogin' });
  });

  it('failed: falls back to a fresh login in both portals', () => {
    expect(decideAfterRefresh('failed', target())).toEqual({ kind: 'attemptLogin' });
    expect(decideAfterRefresh('failed', cyberTarget())).toEqual({ kind: 'attemptLogin' });
  });
});

describe('decideLoginAttempt', () => {
  it('external without a token: the supplier login, remembering the target', () => {
    expect(decideLoginAttempt(cyberTarget({ search: '?a=1' }), 'AD', null)).toEqual({
      kind: 'redirect',
      to: '/cyberLogin',
      moveUrl: '/cyber/prCheckList?a=1',
      clearSession: true,
    });
  });

  it('external with a token in the address: log in with it (cyberAdLogin), whatever the mode', () => {
    expect(decideLoginAttempt(cyberTarget(), 'SSO', 'tok')).toEqual({ kind: 'externalTokenLogin', token: 'tok' });
  });

  it('internal AD mode: the id/password form, remembering the target', () => {
    expect(decideLoginAttempt(target(), 'AD', 'ignored')).toEqual({
      kind: 'redirect',
      to: '/login',
      moveUrl: '/prList',
      clearSession: true,
    });
  });

  it('internal SSO and SSO-with-AD modes: single sign-on with the token (or none)', () => {
    expect(decideLoginAttempt(target(), 'SSO', 'tok')).toEqual({ kind: 'ssoLogin', token: 'tok' });
    expect(decideLoginAttempt(target(), 'SSO_AD', null)).toEqual({ kind: 'ssoLogin', token: null });
  });
});

describe('decideAfterAutoLogin', () => {
  it('success strips a trailing access-token parameter by going to the clean address', () => {
    expect(decideAfterAutoLogin({ ok: true }, target({ search: '?tab=2&accessToken=abc' }), 'SSO')).toEqual({
      kind: 'redirect',
      to: '/prList?tab=2',
    });
    expect(decideAfterAutoLogin({ ok: true }, target({ pathname: '/', search: '?accessToken=abc' }), 'SSO')).toEqual({
      kind: 'redirect',
      to: '/',
    });
  });

  it('success without a token parameter continues: login check, or proceed when public', () => {
    expect(decideAfterAutoLogin({ ok: true }, target(), 'SSO')).toEqual({ kind: 'loginCheck' });
    expect(decideAfterAutoLogin({ ok: true }, target({ isPublic: true }), 'SSO')).toEqual({ kind: 'proceed' });
  });

  it('internal SSO failure: /authReq with the error code', () => {
    expect(decideAfterAutoLogin({ ok: false, code: 'AUTH003' }, target(), 'SSO')).toEqual({
      kind: 'redirect',
      to: '/authReq?error=AUTH003',
      clearSession: true,
    });
  });

  it('internal SSO failure in the combined mode: the override becomes AD and the form shows (token dropped from moveUrl)', () => {
    expect(
      decideAfterAutoLogin({ ok: false, code: 'AUTH003' }, target({ search: '?accessToken=bad' }), 'SSO_AD'),
    ).toEqual({
      kind: 'redirect',
      to: '/login',
      moveUrl: '/prList',
      clearSession: true,
      nextMode: 'AD',
    });
  });

  it('external failure: /cyberAuthReq with the code; an expired token asks for a fresh login', () => {
    expect(decideAfterAutoLogin({ ok: false, code: 'AUTH006' }, cyberTarget(), 'AD')).toEqual({
      kind: 'redirect',
      to: '/cyberAuthReq?error=AUTH006',
      clearSession: true,
    });
    expect(
      decideAfterAutoLogin(
        { ok: false, code: 'AUTH008' },
        cyberTarget({ search: '?accessToken=x&refreshToken=y' }),
        'AD',
      ),
    ).toEqual({
      kind: 'redirect',
      to: '/cyberLogin',
      moveUrl: '/cyber/prCheckList',
      clearSession: true,
    });
  });

  it('encodes whatever code came back', () => {
    expect(decideAfterAutoLogin({ ok: false, code: 'A&B' }, target(), 'SSO')).toMatchObject({
      to: '/authReq?error=A%26B',
    });
  });
});

describe('decideLoginCheck (spec §4 outcomes)', () => {
  it('OK proceeds', () => {
    expect(decideLoginCheck('OK', target(), true)).toEqual({ kind: 'proceed' });
  });

  it('GPMS005 from a fresh page: the matching login page, moveUrl remembered, no alert', () => {
    expect(decideLoginCheck('GPMS005', target({ search: '?x=1', hash: '#h' }), false)).toEqual({
      kind: 'redirect',
      to: '/login',
      moveUrl: '/prList?x=1#h',
      clearSession: true,
      alert: undefined,
    });
    expect(decideLoginCheck('GPMS005', cyberTarget(), false)).toMatchObject({
      to: '/cyberLogin',
      moveUrl: '/cyber/prCheckList',
    });
  });

  it('GPMS005 while the main screen is up: the login-info / logout-timeout alert first', () => {
    expect(decideLoginCheck('GPMS005', target(), true)).toMatchObject({
      to: '/login',
      alert: { titleKey: 'login.infoTitle', messageKey: 'login.logoutTimeout' },
    });
  });

  it('GPMS005 for the other portal keeps the stored login of this one', () => {
    expect(decideLoginCheck('GPMS005', cyberTarget(), false, 'I')).toMatchObject({
      to: '/cyberLogin',
      clearSession: false,
    });
    expect(decideLoginCheck('GPMS005', cyberTarget(), false, 'X')).toMatchObject({ clearSession: true });
    expect(decideLoginCheck('GPMS005', target(), false, 'I')).toMatchObject({ clearSession: true });
  });

  it('GPMS006 goes to /info401', () => {
    expect(decideLoginCheck('GPMS006', target(), true)).toEqual({ kind: 'redirect', to: '/info401' });
  });

  it('anything else goes to /info500: other codes, and the check failing', () => {
    expect(decideLoginCheck('GPMS999', target(), true)).toEqual({ kind: 'redirect', to: '/info500' });
    expect(decideLoginCheck('unreachable', target(), false)).toEqual({ kind: 'redirect', to: '/info500' });
  });
});

describe('loginCheckStore', () => {
  it('asks for user, menus and codes (store=Y) only when the app has no menus', () => {
    expect(loginCheckStore(false)).toBe('Y');
    expect(loginCheckStore(true)).toBe('N');
  });
});

describe('externalHostRedirect (spec §2)', () => {
  it('does nothing without an external host, or on another host', () => {
    expect(externalHostRedirect('partner.example.com', null, '/login')).toBeNull();
    expect(externalHostRedirect('gpms.example.com', 'partner.example.com', '/login')).toBeNull();
  });

  it('on the external host, keeps /cyber…, /integration and file downloads', () => {
    for (const p of [
      '/cyber',
      '/cyber/prCheckList',
      '/cyberLogin',
      '/cyberAuthReq',
      '/integration',
      '/api/v1/cmmn/file/F1/download',
      '/api/v1/cmmn/file/F1/2/wsdownload',
    ]) {
      expect(externalHostRedirect('partner.example.com', 'partner.example.com:443', p)).toBeNull();
    }
  });

  it('on the external host, sends anything else to /cyber', () => {
    for (const p of ['/', '/login', '/prList', '/info401', '/integrationX'])
      expect(externalHostRedirect('Partner.Example.com', 'partner.example.com', p)).toBe('/cyber');
  });
});
