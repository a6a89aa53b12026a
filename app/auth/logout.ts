import { useAuthFlowStore } from '../stores/auth-flow';
import { useSessionStore } from '../stores/session';
import { authApi, type AuthApi } from './auth-api';
import { clearLogin } from './session-actions';

/** Where the tab goes after logout: a route of ours, or a server address left to the browser. */
export type LogoutTarget = { kind: 'route'; to: string } | { kind: 'document'; to: string };

/**
 * Logs out of this tab: the auth service ends the session (form AccessToken), the login data
 * and tokens are forgotten, and the next login starts at the home page. Answers the login page
 * of the portal to go to — or, when the session came from single sign-on, the server's
 * `/auth/oidc/logout`, which sends the browser on to the OpenID provider so that its session
 * ends too (otherwise the next /login would sign the same person straight back in). The local
 * state is cleared even when the server cannot be reached.
 */
export async function logout(isCyber: boolean, api: Pick<AuthApi, 'logout'> = authApi): Promise<LogoutTarget> {
  const token = useSessionStore.getState().tokens?.accessToken ?? null;
  let ssoLogoutUri: string | null = null;
  try {
    ssoLogoutUri = (await api.logout(token)).ssoLogoutUri;
  } finally {
    clearLogin();
    useAuthFlowStore.getState().setMoveUrl(null);
  }
  // Only a path on this server is followed (the provider's own address comes from its redirect).
  if (ssoLogoutUri && ssoLogoutUri.startsWith('/') && !ssoLogoutUri.startsWith('//'))
    return { kind: 'document', to: ssoLogoutUri };
  return { kind: 'route', to: isCyber ? '/cyberLogin' : '/login' };
}
