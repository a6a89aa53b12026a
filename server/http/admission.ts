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

  const release = (request: FastifyRequest) => {
    if (request.admission === 'waiting') {
      const wake = wakers.get(request);
      if (wake) queue.delete(wake);
      request.admission = 'none';
      return;
    }
    if (request.admission !== 'active') return;
    request.admission = 'none';
    const next = queue.values().next();
    if (next.done) active -= 1;
    else {
      // The place passes straight to the oldest waiting request.
      queue.delete(next.value);
      next.value();
    }
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
