import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../stores/session';
import { logout } from './logout';

/** The header's logout: our session ends; an SSO session's logout continues at the provider. */
describe('logout', () => {
  beforeEach(() => {
    useSessionStore
      .getState()
      .setTokens({ accessToken: 'acc', refreshToken: 'ref', tokenExpiredTimestamp: 5_000, timeDifference: 0 });
  });

  it('an id/password session: the portal’s login page, tokens forgotten', async () => {
    const api = { logout: vi.fn(async () => ({ ssoLogoutUri: null })) };
    expect(await logout(false, api)).toEqual({ kind: 'route', to: '/login' });
    expect(api.logout).toHaveBeenCalledWith('acc');
    expect(useSessionStore.getState().tokens).toBeNull();
    useSessionStore
      .getState()
      .setTokens({ accessToken: 'acc', refreshToken: 'ref', tokenExpiredTimestamp: 5_000, timeDifference: 0 });
    expect(await logout(true, api)).toEqual({ kind: 'route', to: '/cyberLogin' });
  });

  it('an SSO session: a full page load of the server’s provider logout, tokens forgotten first', async () => {
    const api = { logout: vi.fn(async () => ({ ssoLogoutUri: '/auth/oidc/logout' })) };
    expect(await logout(false, api)).toEqual({ kind: 'document', to: '/auth/oidc/logout' });
    expect(useSessionStore.getState().tokens).toBeNull();
  });

  it('follows only a path of this server, never another origin', async () => {
    const api = { logout: vi.fn(async () => ({ ssoLogoutUri: '//evil.example/x' })) };
    expect(await logout(false, api)).toEqual({ kind: 'route', to: '/login' });
  });
});
