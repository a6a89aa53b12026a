import { useNavigate } from 'react-router-dom';
import { logout } from './logout';

/** Logs this tab out and leaves for the portal's login page (or, after SSO, the provider's logout). */
export function useLogout(isCyber: boolean): () => Promise<void> {
  const navigate = useNavigate();
  return async () => {
    const target = await logout(isCyber);
    // An SSO logout continues at the server and the provider: a full page load, not a route.
    if (target.kind === 'document') window.location.assign(target.to);
    else navigate(target.to, { replace: true });
  };
}
