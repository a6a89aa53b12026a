import { useAuthFlowStore } from '../stores/auth-flow';
import { useSessionStore } from '../stores/session';
import { authApi, type AuthApi } from './auth-api';
import { clearLogin } from './session-actions';

/**
 * Logs out of this tab: the auth service ends the session (form AccessToken), the login data
 * and tokens are forgotten, and the next login starts at the home page. Answers the login page
 * of the portal to go to. The local state is cleared even when the server cannot be reached.
 */
export async function logout(isCyber: boolean, api: Pick<AuthApi, 'logout'> = authApi): Promise<string> {
  const token = useSessionStore.getState().tokens?.accessToken ?? null;
  try {
    await api.logout(token);
  } finally {
    clearLogin();
    useAuthFlowStore.getState().setMoveUrl(null);
  }
  return isCyber ? '/cyberLogin' : '/login';
}
