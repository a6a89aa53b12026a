import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../testing/memory-storage';
import type { LoginPayload, Result } from './auth-api';
import { URL_TOKENS_STORAGE_KEY } from './external-ad-entry';
import { runExternalAdEntry, type AdEntryDeps } from './run-ad-entry';

const NOW = new Date(2025, 2, 14, 9, 30, 0).getTime();
const payload = { code: 'OK', user: { userId: 'supplier1' }, menus: [], codes: {} } as unknown as LoginPayload;

function deps(adLogin: Result<{ data: LoginPayload }> = { ok: true, data: payload }, moveUrl: string | null = null) {
  const alerts: string[] = [];
  const stored: Array<{ accessToken: string; refreshToken: string | null }> = [];
  const storage = memoryStorage();
  const d: AdEntryDeps = {
    api: {
      cyberAdLogin: vi.fn(async () => adLogin),
      dwpAuth: async () => ({ type: 'AD', loginUri: '/auth/login', logoutUri: '', verifyUri: '' }),
    },
    now: () => NOW,
    origin: 'https://partner.example',
    storage,
    storeLogin: (_p, tokens) => {
      stored.push(tokens);
      return true;
    },
    takeMoveUrl: () => moveUrl,
    alert: async (key) => {
      alerts.push(key);
    },
  };
  return { d, alerts, stored, storage };
}

describe('runExternalAdEntry (/integration)', () => {
  it('shows the entry page when the address is no AD entry', async () => {
    expect(await runExternalAdEntry(new URLSearchParams('type=l'), deps().d)).toBeNull();
  });

  it('a valid t: off to the auth server login (a document load) with the way back', async () => {
    const t = btoa('20250314093000');
    expect(await runExternalAdEntry(new URLSearchParams({ t }), deps().d)).toEqual({
      redirect: '/auth/login?systemId=OGPMS&redirect_uri=https%3A%2F%2Fpartner.example%2Fintegration',
      document: true,
    });
  });

  it('a bad t: the "not a normal access path" alert, then /integration', async () => {
    const x = deps();
    expect(await runExternalAdEntry(new URLSearchParams({ t: btoa('20250314092859') }), x.d)).toEqual({
      redirect: '/integration',
    });
    expect(x.alerts).toEqual(['auth.abnormalAccessPath']);
  });

  it('tokens: logs in with them (cyberAdLogin), keeps the refresh token, leaves nothing in storage', async () => {
    const x = deps(undefined, '/cyber/deliverInfo');
    expect(await runExternalAdEntry(new URLSearchParams('userId=supplier1&refreshToken=r&accessToken=a'), x.d)).toEqual(
      { redirect: '/cyber/deliverInfo' },
    );
    expect(x.d.api.cyberAdLogin).toHaveBeenCalledWith('supplier1', 'a');
    expect(x.stored).toEqual([{ accessToken: 'a', refreshToken: 'r' }]);
    expect(x.storage.getItem(URL_TOKENS_STORAGE_KEY)).toBeNull();
  });

  it('an expired token (errCode AUTH008): a new login at the auth server', async () => {
    const x = deps({ ok: false, status: 200, code: 'AUTH008', msg: null });
    expect(await runExternalAdEntry(new URLSearchParams('userId=s&accessToken=a'), x.d)).toMatchObject({
      redirect: expect.stringMatching(/^\/auth\/login\?/),
      document: true,
    });
  });

  it('another refusal: /cyberAuthReq with the code', async () => {
    const x = deps({ ok: false, status: 401, code: 'AUTH006', msg: null });
    expect(await runExternalAdEntry(new URLSearchParams('userId=s&accessToken=a'), x.d)).toEqual({
      redirect: '/cyberAuthReq?error=AUTH006',
    });
  });

  it('a malformed token with no user: /cyberAuthReq?error=AUTH008, no call', async () => {
    const x = deps();
    expect(await runExternalAdEntry(new URLSearchParams('accessToken=not-a-jwt'), x.d)).toEqual({
      redirect: '/cyberAuthReq?error=AUTH008',
    });
    expect(x.d.api.cyberAdLogin).not.toHaveBeenCalled();
  });

  it('an error code in the address: /cyberAuthReq with it', async () => {
    expect(await runExternalAdEntry(new URLSearchParams('errorCode=AUTH101'), deps().d)).toEqual({
      redirect: '/cyberAuthReq?error=AUTH101',
    });
  });
});
