// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { AUTH_URLS, decideResponse, isAuthUrl } from './error-policy';

const at = (pathname: string, status: number, body: unknown = null, isCyber = false) =>
  decideResponse({ pathname, status, body, isCyber });

describe('spec §8 general response handling', () => {
  it('lets good answers through', () => {
    expect(at('/api/v1/menus', 200, [])).toEqual({ kind: 'pass' });
  });

  it('an errCode in the body goes to the portal root, except on /api/v2/verify', () => {
    expect(at('/api/v1/menus', 200, { errCode: 'X1' })).toEqual({ kind: 'goHome', to: '/' });
    expect(at('/api/v1/menus', 500, { errCode: 'X1' }, true)).toEqual({ kind: 'goHome', to: '/cyber' });
    expect(at('/api/v2/verify', 200, { errCode: 'AUTH008' })).toEqual({ kind: 'pass' });
  });

  it('CMM-0005 goes to /integration?type=l', () => {
    expect(at('/api/v1/menus', 200, { errCode: 'CMM-0005' })).toEqual({
      kind: 'integration',
      to: '/integration?type=l',
    });
    expect(at('/api/v1/menus', 401, { code: 'CMM-0005' })).toEqual({ kind: 'integration', to: '/integration?type=l' });
  });

  it('GPMS005 logs out with the timeout message to the area’s login', () => {
    expect(at('/api/v1/cmmn/popup/dept', 401, { code: 'GPMS005', msg: '로그인이 필요합니다.' })).toEqual({
      kind: 'timeoutLogout',
      to: '/login',
    });
    expect(at('/api/v1/cmmn/popup/dept', 401, { code: 'GPMS005' }, true)).toEqual({
      kind: 'timeoutLogout',
      to: '/cyberLogin',
    });
  });

  it('an expired token that a refresh could not cure is the session-expiry logout', () => {
    expect(at('/api/v1/menus', 401, { code: 'AUTH008' })).toEqual({ kind: 'sessionExpired' });
  });

  it('auth URLs pass every error to their caller (the loginCheck included)', () => {
    expect(AUTH_URLS).toEqual([
      '/api/v1/login',
      '/api/v1/addUser',
      '/api/v1/cyberLogin',
      '/api/v1/cyberCheckOtp',
      '/api/v1/loginCheck',
      '/api/v1/cyberAdLogin',
    ]);
    for (const p of [...AUTH_URLS, '/auth/api/login/idpw', '/auth/api/verify']) {
      expect(isAuthUrl(p)).toBe(true);
      expect(at(p, 401, { code: 'ERROR', errorCode: 'AUTH011', errCode: 'AUTH008' })).toEqual({ kind: 'pass' });
    }
    expect(at('/api/v1/loginCheck', 200, { code: 'GPMS005' })).toEqual({ kind: 'pass' });
  });

  it('passErrors leaves the error to the caller', () => {
    expect(
      decideResponse({ pathname: '/api/v1/menus', status: 500, body: null, isCyber: false, passErrors: true }),
    ).toEqual({ kind: 'pass' });
  });

  it.each([
    [400, 'http.400'],
    [401, 'http.401'],
    [403, 'http.403'],
    [404, 'http.404'],
    [500, 'http.500'],
    [502, 'http.502'],
  ])('alerts %i with its message, titled error', (status, key) => {
    expect(at('/api/v1/x', status)).toEqual({
      kind: 'alert',
      titleKey: 'http.errorTitle',
      messageKey: key,
      detail: undefined,
    });
  });

  it('keeps the server’s own wording as detail under a status message', () => {
    expect(at('/api/v1/x', 400, { code: 'person.needNameOrId', msg: '이름과 사번 중 하나 이상을 입력하세요' })).toEqual(
      {
        kind: 'alert',
        titleKey: 'http.errorTitle',
        messageKey: 'http.400',
        detail: '이름과 사번 중 하나 이상을 입력하세요',
      },
    );
  });

  it('other statuses show the (translated) msg, else a generic error', () => {
    expect(at('/api/v1/x', 409, { code: 'STALE', msg: '다른 사용자가 먼저 변경했습니다.' })).toEqual({
      kind: 'alert',
      titleKey: 'http.errorTitle',
      text: '다른 사용자가 먼저 변경했습니다.',
    });
    expect(at('/api/v1/x', 418, 'teapot')).toEqual({
      kind: 'alert',
      titleKey: 'http.errorTitle',
      messageKey: 'http.error',
    });
    expect(at('/api/v1/x', 504, null)).toEqual({
      kind: 'alert',
      titleKey: 'http.errorTitle',
      messageKey: 'http.error',
    });
  });

  it('503 from a database out of reach, or without our code, is "try again shortly"', () => {
    expect(at('/api/v1/x', 503, null)).toEqual({ kind: 'unavailable' });
    expect(
      at('/api/v1/x', 503, { statusCode: 503, code: 'DATABASE_UNAVAILABLE', msg: '잠시 후 다시 시도하세요' }),
    ).toEqual({ kind: 'unavailable' });
    expect(at('/api/v1/x', 503, { code: 'PRINT_FONT_MISSING', msg: '글꼴' })).toEqual({
      kind: 'alert',
      titleKey: 'http.errorTitle',
      text: '글꼴',
    });
  });
});
