// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../stores/session';
import type { AuthApi } from './auth-api';
import { createRefresher } from './refresh';

const kim = { auth: '', authGroupId: '30', section: '', deptcd: '', deptnm: '', hname: '김', singleid: '' };

function login(refreshToken: string | null = 'r1') {
  useSessionStore.getState().setLogin({
    loginData: kim,
    user: { userId: 'kim', portal: 'X' } as never,
    tokens: { accessToken: 'a1', refreshToken, tokenExpiredTimestamp: 1, timeDifference: 0 },
  });
}

describe('token refresh (verify)', () => {
  beforeEach(() => useSessionStore.getState().clear());

  it('sends the current pair with loginid, portal and client time, and stores the rotated pair', async () => {
    login();
    const verify = vi.fn<AuthApi['verify']>(async () => ({
      ok: true,
      data: {
        code: 'OK',
        accessToken: 'a2',
        refreshToken: 'r2',
        tokenExpiredTimestamp: 99,
        currentTimestamp: 1_000,
        timeDifference: 40,
      },
    }));
    expect(await createRefresher({ verify }, () => 960)()).toBe('ok');
    expect(verify).toHaveBeenCalledWith({
      accessToken: 'a1',
      refreshToken: 'r1',
      loginid: 'kim',
      isCyber: true,
      clientTime: 960,
    });
    expect(useSessionStore.getState().tokens).toEqual({
      accessToken: 'a2',
      refreshToken: 'r2',
      tokenExpiredTimestamp: 99,
      timeDifference: 40,
    });
  });

  it('shares one verify among simultaneous callers (a rotated refresh token is never sent twice)', async () => {
    login();
    let release!: () => void;
    const verify = vi.fn<AuthApi['verify']>(
      () =>
        new Promise((resolve) => {
          release = () =>
            resolve({
              ok: true,
              data: {
                code: 'OK',
                accessToken: 'a2',
                refreshToken: 'r2',
                tokenExpiredTimestamp: 99,
                currentTimestamp: 0,
                timeDifference: 0,
              },
            });
        }),
    );
    const refresh = createRefresher({ verify });
    const all = Promise.all([refresh(), refresh(), refresh()]);
    release();
    expect(await all).toEqual(['ok', 'ok', 'ok']);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('AUTH008 means expired; other refusals failed; the used refresh token is dropped either way', async () => {
    login();
    expect(
      await createRefresher({ verify: async () => ({ ok: false, status: 401, code: 'AUTH008', msg: null }) })(),
    ).toBe('expired');
    expect(useSessionStore.getState().tokens?.refreshToken).toBeNull();
    login();
    expect(
      await createRefresher({ verify: async () => ({ ok: false, status: 401, code: 'AUTH006', msg: null }) })(),
    ).toBe('failed');
  });

  it('without a refresh token the login has run out; without tokens it failed', async () => {
    login(null);
    const verify = vi.fn();
    expect(await createRefresher({ verify })()).toBe('expired');
    useSessionStore.getState().clear();
    expect(await createRefresher({ verify })()).toBe('failed');
    expect(verify).not.toHaveBeenCalled();
  });

  it('logs the clock recommendation when the clocks differ by more than 5 minutes', async () => {
    login();
    const log = vi.fn();
    await createRefresher(
      {
        verify: async () => ({
          ok: true,
          data: {
            code: 'OK',
            accessToken: 'a',
            refreshToken: 'r',
            tokenExpiredTimestamp: 1,
            currentTimestamp: 0,
            timeDifference: 300_001,
          },
        }),
      },
      () => 0,
      log,
    )();
    expect(log).toHaveBeenCalledTimes(1);
    login();
    await createRefresher(
      {
        verify: async () => ({
          ok: true,
          data: {
            code: 'OK',
            accessToken: 'a',
            refreshToken: 'r',
            tokenExpiredTimestamp: 1,
            currentTimestamp: 0,
            timeDifference: 300_000,
          },
        }),
      },
      () => 0,
      log,
    )();
    expect(log).toHaveBeenCalledTimes(1);
  });
});
