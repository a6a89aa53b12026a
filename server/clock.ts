/**
 * The time business rules read: bidding windows, the auctions' and tenders' clocks, the background
 * jobs. One per app (app.clock); the real time plus an offset that only the development control
 * (POST /api/dev/clock, registered where the development outbox is) moves, so a demo or a browser
 * journey can jump past a bidding window instead of waiting for it. Sessions, tokens, rate limits and
 * audit instants keep the real time: the offset is about what a document's dates mean, not about
 * security. Every business date takes this clock's instant: todayKst(now) has no default and the lint
 * rule gpms/business-clock (eslint.config.js) refuses a date cut from the real time in server/.
 *
 * The offset only moves forward: the jobs' schedule (job_state.next_run_at) is written in this time,
 * and a clock going back would leave every job waiting for the time it went back by.
 */
export interface Clock {
  now(): Date;
  /** How far ahead of the real time this clock is, in milliseconds (0 unless a developer moved it). */
  offsetMs(): number;
  /** Moves the clock forward by `ms` (> 0). */
  advance(ms: number): void;
}

export function createClock(realNow: () => number = Date.now): Clock {
  let offset = 0;
  return {
    now: () => new Date(realNow() + offset),
    offsetMs: () => offset,
    advance(ms: number) {
      if (!(Number.isFinite(ms) && ms > 0)) throw new RangeError(`The clock only moves forward (got ${ms} ms)`);
      offset += ms;
    },
  };
}
