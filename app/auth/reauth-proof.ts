import { useSessionStore } from '../stores/session';

/**
 * Until when this tab's session may open my account without the password again, as the server's
 * `reauthenticate` answered it (the server keeps the proof; this only spares a request it would
 * refuse). Per tab and per session, like the login: another login does not inherit it.
 */
const KEY = 'gpms.reauthUntil';

function storage(): Storage | null {
  return typeof sessionStorage === 'undefined' ? null : sessionStorage;
}

/** Remembers the server's answer to the password check. */
export function rememberReauth(until: string): void {
  const session = useSessionStore.getState().user?.tokenKey;
  if (!session) return;
  storage()?.setItem(KEY, JSON.stringify({ session, until }));
}

/** True while the last password check of this session is still in force (by the server's clock). */
export function reauthInForce(now = Date.now()): boolean {
  const { user, tokens } = useSessionStore.getState();
  try {
    const kept = JSON.parse(storage()?.getItem(KEY) ?? 'null') as { session?: string; until?: string } | null;
    if (!kept || !user || kept.session !== user.tokenKey || !kept.until) return false;
    return Date.parse(kept.until) > now + (tokens?.timeDifference ?? 0);
  } catch {
    return false;
  }
}
