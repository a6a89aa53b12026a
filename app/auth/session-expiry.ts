import type { RefreshOutcome } from '../api/client';
import { useSessionStore } from '../stores/session';
import { authApi, type AuthApi, type Failure } from './auth-api';
import { refreshTokens } from './refresh';
import { accessTokenFresh } from './token-state';

/**
 * KWCAG 6.2.1 / WCAG 2.2.1 (timing adjustable): the session ends at a fixed time, so the user is
 * warned this long before — well over the 20 seconds WCAG asks to answer in.
 */
export const SESSION_WARNING_LEAD_MS = 120_000;
/** A warning closed without an answer comes back after this long, until the session ends. */
export const SESSION_REWARN_MS = 30_000;

/**
 * Milliseconds left of the session at `nowMs` (client clock). The expiry is in server time and
 * timeDifference is server minus client. Null when the expiry is not known.
 */
export function sessionRemainingMs(
  expiredDate: string | null | undefined,
  timeDifference: number | undefined,
  nowMs: number,
): number | null {
  if (!expiredDate) return null;
  const ends = Date.parse(expiredDate);
  if (!Number.isFinite(ends)) return null;
  return ends - (nowMs + (Number.isFinite(timeDifference) ? (timeDifference as number) : 0));
}

/** Whole minutes and seconds of what is left (rounded up, so "0분 0초" means it has ended). */
export function minutesAndSeconds(ms: number): { minutes: number; seconds: number } {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return { minutes: Math.floor(total / 60), seconds: total % 60 };
}

export type ExtendOutcome = { ok: true; extended: boolean; sessionExpiresAt: string; sessionLimitAt: string } | Failure;

/**
 * Asks the server for more time and stores the new expiry on the session user (what the home
 * page shows as 세션 만료 and what the next warning is timed from). The auth service's routes
 * are never retried after a refresh, so an access token about to run out is refreshed first.
 */
export async function extendSessionNow(
  api: Pick<AuthApi, 'extendSession'> = authApi,
  refresh: () => Promise<RefreshOutcome> = refreshTokens,
  now: () => number = Date.now,
): Promise<ExtendOutcome> {
  const tokens = useSessionStore.getState().tokens;
  if (tokens && !accessTokenFresh(tokens, now())) await refresh();
  const r = await api.extendSession();
  if (!r.ok) return r;
  const { user } = useSessionStore.getState();
  if (user) useSessionStore.setState({ user: { ...user, expiredDate: r.data.sessionExpiresAt } });
  return {
    ok: true,
    extended: r.data.extended,
    sessionExpiresAt: r.data.sessionExpiresAt,
    sessionLimitAt: r.data.sessionLimitAt,
  };
}
