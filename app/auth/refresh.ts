import type { RefreshOutcome } from '../api/client';
import { useSessionStore } from '../stores/session';
import { authApi, type AuthApi } from './auth-api';
import { checkClock } from './session-actions';

/**
 * Spec §4 "verified": the auth service's verify refreshes the tokens and the expiry info. The
 * refresh token ROTATES on every verify and presenting a used one ends the whole session, so
 * every caller — the route guard and any number of requests that found their token expired —
 * shares one verify in flight.
 */
export function createRefresher(
  api: Pick<AuthApi, 'verify'> = authApi,
  now: () => number = Date.now,
  log: (m: string) => void = console.warn,
) {
  let inflight: Promise<RefreshOutcome> | null = null;

  async function run(): Promise<RefreshOutcome> {
    const { tokens, user } = useSessionStore.getState();
    if (!tokens) return 'failed';
    // No refresh token (an AD hand-over without one): nothing to verify with — the login has run out.
    if (!tokens.refreshToken) return 'expired';
    const clientTime = now();
    const r = await api.verify({
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      loginid: user?.userId ?? null,
      isCyber: user?.portal === 'X',
      clientTime,
    });
    if (!r.ok) {
      // The used refresh token is worthless now; never send it again.
      useSessionStore.getState().setTokens({ ...tokens, refreshToken: null });
      return r.code === 'AUTH008' ? 'expired' : 'failed';
    }
    const a = r.data;
    useSessionStore.getState().setTokens({
      accessToken: a.accessToken,
      refreshToken: a.refreshToken,
      tokenExpiredTimestamp: a.tokenExpiredTimestamp,
      timeDifference: a.timeDifference,
    });
    checkClock(clientTime + a.timeDifference, clientTime, log);
    return 'ok';
  }

  return function refresh(): Promise<RefreshOutcome> {
    inflight ??= run().finally(() => {
      inflight = null;
    });
    return inflight;
  };
}

export const refreshTokens = createRefresher();
