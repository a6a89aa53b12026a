import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { isHeavy } from './heavy.js';

/**
 * At most `active` API requests at work at once in this server; the others wait their turn in
 * arrival order.
 *
 * Why: Node's event loop (libuv ≥ 1.45) accepts ONE new connection per loop iteration, and an
 * iteration does the next step of every request that is ready. With 200 requests in flight each
 * iteration took 0.3–1 s of JavaScript, so new connections waited in the kernel's accept queue a
 * second per connection ahead of them: under `npm run bench:load` whole lists' connections were
 * first served 10–25 s after they connected (p99 25 s, p50 0.7 s; bench/results/log.md). With a bound on
 * the requests at work an iteration does at most `active` requests' steps, so connections are
 * accepted within milliseconds and every request waits in one FIFO queue, in the order it came.
 *
 * What holds a place: every route that declares `config.access` (the API), from its first hook
 * until its answer is ready to send (onSend) — not while the answer drains to a slow client. Not
 * heavy reads (exports, reports: their own per-user limit, server/http/heavy.ts, and they step aside
 * for light requests), not server-sent-event streams (open for minutes), not health checks, metrics
 * or static files. A request whose client goes away while it waits leaves the queue.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on routes kept out of the admission queue (server-sent events: open for as long as they are watched). */
    unqueued?: boolean;
  }
  interface FastifyRequest {
    admission: 'none' | 'waiting' | 'active';
  }
  interface FastifyInstance {
    /** Requests at work and waiting their turn now (the metrics' gauge reads it; tests wait on it). */
    admissionState(): { active: number; waiting: number };
  }
}

export const admission = fp(async function admission(app, opts: { active: number }) {
  const limit = Math.max(1, opts.active);
  let active = 0;
  /** Waiting requests in arrival order (a Set keeps insertion order and removes in O(1)). */
  const queue = new Set<() => void>();
  const wakers = new WeakMap<FastifyRequest, () => void>();

  app.decorateRequest('admission', 'none');
  app.decorate('admissionState', () => ({ active, waiting: queue.size }));
  // Server-sent-event routes (@fastify/sse's `sse` route option) hold their request open: never queued.
  app.addHook('onRoute', (route) => {
    if ((route as { sse?: unknown }).sse)
      route.config = { ...(route.config ?? {}), unqueued: true } as typeof route.config;
  });

  /**
   * A freed place goes to the oldest waiting request in a LATER event-loop turn, and a turn hands on at most
   * ONE place. Node accepts one new connection per loop turn (libuv ≥ 1.45, libuv/libuv#3696), so a burst of
   * 200 connections is accepted in 200 turns, and a turn's length is what the loop does besides: the
   * requests it starts. Handed on at once, a place started the next request inside the callback that
   * answered the last: the embedded database answers through a worker's message port, and Node runs a
   * port's queued messages — 1,000 at least, new ones included — in one callback, so one turn ran request
   * after request for up to a second while new connections waited (issue 77: first answers after 2–6 s).
   * Handed on one a turn (setImmediate: what one turn schedules runs in the next), a turn starts one
   * request and finishes those the database answered, and the loop polls its sockets in between;
   * tests/unit/server/admission.test.ts holds both.
   */
  let freed = 0;
  let handing = false;
  const handOneOn = () => {
    handing = false;
    const next = queue.values().next();
    if (next.done) {
      // Nobody waits (any more): the places go back at once.
      active -= freed;
      freed = 0;
      return;
    }
    freed -= 1;
    queue.delete(next.value);
    next.value();
    if (freed > 0) scheduleHandOn();
  };
  const scheduleHandOn = () => {
    if (handing) return;
    handing = true;
    setImmediate(handOneOn);
  };
  const handOn = () => {
    if (queue.size === 0 && freed === 0) {
      active -= 1;
      return;
    }
    freed += 1;
    scheduleHandOn();
  };

  const release = (request: FastifyRequest) => {
    if (request.admission === 'waiting') {
      const wake = wakers.get(request);
      if (wake) queue.delete(wake);
      request.admission = 'none';
      return;
    }
    if (request.admission !== 'active') return;
    request.admission = 'none';
    handOn();
  };

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!config?.access || config.unqueued || isHeavy(request)) return;
    if (active < limit) {
      active += 1;
      request.admission = 'active';
      return;
    }
    request.admission = 'waiting';
    await new Promise<void>((resolve) => {
      const wake = () => {
        wakers.delete(request);
        // Its client went away between the place being handed to it and this turn: the place moves on.
        if (request.admission !== 'waiting') return handOn();
        request.admission = 'active';
        resolve();
      };
      wakers.set(request, wake);
      queue.add(wake);
    });
  });
  app.addHook('onSend', async (request) => release(request));
  app.addHook('onResponse', async (request) => release(request));
  app.addHook('onRequestAbort', async (request) => release(request));

  // Scrape-time gauge (GET /metrics): requests at work and waiting their turn.
  app.metrics?.gauge(
    'gpms_http_admission',
    'API requests at work (active, at most ACTIVE_REQUESTS) and waiting their turn (waiting), this server',
    ['state'],
    (g) => {
      g.set({ state: 'active' }, active);
      g.set({ state: 'waiting' }, queue.size);
    },
  );
});
