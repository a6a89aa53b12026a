/**
 * The shared server's business clock (server/clock.ts) through its development control,
 * GET/POST /api/dev/clock (registered with the development outbox, which the browser tests' server
 * has on). Bidding windows and jobs follow it; it only moves forward, so a journey that sets a
 * window reads the server's time first instead of its own.
 */
interface ClockState {
  now: string;
  offsetSeconds: number;
}

async function clockCall(base: string, init?: RequestInit): Promise<ClockState> {
  const res = await fetch(`${base}/api/dev/clock`, init);
  if (res.status !== 200)
    throw new Error(
      `the server answered ${res.status} to ${init?.method ?? 'GET'} /api/dev/clock: ${await res.text()}`,
    );
  return (await res.json()) as ClockState;
}

/** The server's time now, ms. */
export async function serverNow(base: string): Promise<number> {
  return Date.parse((await clockCall(base)).now);
}

/** Moves the server's clock forward until `at` (ms, server time) is `marginMs` past; answers the server's time then. */
export async function advanceServerClockPast(base: string, at: number, marginMs = 2000): Promise<number> {
  const ahead = at + marginMs - (await serverNow(base));
  if (ahead <= 0) return serverNow(base);
  const moved = await clockCall(base, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: Math.ceil(ahead / 1000) }),
  });
  return Date.parse(moved.now);
}
