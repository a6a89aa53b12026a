// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthFlowStore } from '../stores/auth-flow';
import { useSessionStore } from '../stores/session';
import { loginAnswer } from '../testing/fake-server';
import type { AuthApi, LoginPayload } from './auth-api';
import { isValidOtp, loginInternalAd, missingPhonePrompt, normaliseOtp } from './login-flows';

const tokens = {
  code: 'OK' as const,
  accessToken: 'acc',
  refreshToken: 'ref',
  tokenType: 'Bearer' as const,
  expiresIn: 900,
  tokenExpiredTimestamp: 1,
  sessionExpiredTimestamp: 2,
};

function api(
  idpw: Array<Awaited<ReturnType<AuthApi['loginIdpw']>>>,
  login: Awaited<ReturnType<AuthApi['loginWithToken']>> = { ok: true, data: loginAnswer() as unknown as LoginPayload },
) {
  return {
    loginIdpw: vi.fn(async () => idpw.shift()!),
    loginWithToken: vi.fn(async () => login),
    logout: vi.fn(async () => ({ ssoLogoutUri: null })),
  };
}

describe('internal AD login flow', () => {
  beforeEach(() => {
    useSessionStore.getState().clear();
    useAuthFlowStore.setState({ nextMode: 'AD' });
  });

  it('AUTH006 (not an authorized system) offers a retry, and retries when accepted', async () => {
    const a = api([
      { ok: false, status: 401, code: 'AUTH006', msg: null },
      { ok: true, data: tokens },
    ]);
    const confirm = vi.fn(async () => true);
    expect((await loginInternalAd(a, { userId: 'buyer', password: 'p' }, confirm)).ok).toBe(true);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(a.loginIdpw).toHaveBeenCalledTimes(2);
    expect(useAuthFlowStore.getState().nextMode).toBeNull();
  });

  it('AUTH006 declined: the failure goes back to the page', async () => {
    const a = api([{ ok: false, status: 401, code: 'AUTH006', msg: null }]);
    expect(await loginInternalAd(a, { userId: 'buyer', password: 'p' }, async () => false)).toMatchObject({
      ok: false,
      code: 'AUTH006',
    });
    expect(useAuthFlowStore.getState().nextMode).toBe('AD');
  });

  it('a failing second step logs the new session out again and keeps nothing', async () => {
    const a = api([{ ok: true, data: tokens }], { ok: false, status: 403, code: 'PORTAL_MISMATCH', msg: null });
    expect(await loginInternalAd(a, { userId: 'buyer', password: 'p' }, async () => false)).toMatchObject({
      ok: false,
      code: 'PORTAL_MISMATCH',
    });
    expect(a.logout).toHaveBeenCalledWith('acc');
    expect(useSessionStore.getState().tokens).toBeNull();
  });
});

describe('supplier login helpers', () => {
  it('asks for the missing numbers', () => {
    expect(missingPhonePrompt({ noCellPhone: true, noPhone: true })).toBe('both');
    expect(missingPhonePrompt({ noCellPhone: true, noPhone: false })).toBe('cellPhone');
    expect(missingPhonePrompt({ noCellPhone: false, noPhone: true })).toBe('phone');
    expect(missingPhonePrompt({ noCellPhone: false, noPhone: false })).toBeNull();
  });

  it('accepts six digits, spaces aside', () => {
    expect(isValidOtp('123 456')).toBe(true);
    expect(normaliseOtp(' 12 34 56 ')).toBe('123456');
    for (const bad of ['12345', '1234567', 'abcdef', '']) expect(isValidOtp(bad)).toBe(false);
  });
});
