/**
 * Spec §8/§9: the client-server clock difference that earns a recommendation. Apart from the date
 * rules (lib/date.ts re-exports both): the login's answer checks it, and a module the entry chunk
 * imports is served whole with it — the date formatting the screens use would ride on every login page.
 */

/** Spec §9: clock-skew threshold 300000 ms (5 minutes). */
export const CLOCK_SKEW_THRESHOLD_MS = 300_000;

/**
 * Spec §8: a client-server clock difference OVER 5 minutes logs a recommendation, so exactly
 * 300000 ms is not exceeded. Either side missing or not finite (e.g. no Date header) gives
 * false: there is nothing to compare.
 */
export function clockSkewExceeded(serverMs: number, clientMs: number): boolean {
  if (!Number.isFinite(serverMs) || !Number.isFinite(clientMs)) return false;
  return Math.abs(serverMs - clientMs) > CLOCK_SKEW_THRESHOLD_MS;
}
