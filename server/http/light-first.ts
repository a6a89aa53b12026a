import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { isHeavy } from './heavy.js';

/**
 * Heavy reads step aside for light requests between pages. On PGlite the
 * database is one connection: a light request runs several queries one after another, and
 * between two of them a heavy reader's next page query took the connection, so the light
 * request waited a whole page for each of its queries (measured: bench/results/log.md). A heavy
 * reader calls `app.yieldToLight()` between pages and between slices of workbook building (CPU
 * work in this thread, which otherwise ran between every two queries of a light request): it
 * waits until no light request is in flight,
 * for at most `maxWaitMs` (so a steady stream of light requests slows an export, never stops it).
 * With `maxWaitMs` 0 (PostgreSQL: a pool, light queries need not wait for a page) it only yields
 * to the event loop once.
 */
declare module 'fastify' {
  interface FastifyInstance {
    yieldToLight(): Promise<void>;
  }
  interface FastifyRequest {
    countedLight: boolean;
  }
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

export const lightFirst = fp(async function lightFirst(app, opts: { maxWaitMs: number }) {
  let inFlight = 0;
  let waiters: Array<() => void> = [];
  app.decorateRequest('countedLight', false);
  const done = (request: FastifyRequest) => {
    if (!request.countedLight) return;
    request.countedLight = false;
    inFlight -= 1;
    if (inFlight === 0) for (const wake of waiters.splice(0)) wake();
  };
  // Nothing to count where heavy readers never wait (PostgreSQL): no hooks on every request.
  if (opts.maxWaitMs > 0) {
    app.addHook('onRequest', async (request) => {
      if (isHeavy(request)) return;
      request.countedLight = true;
      inFlight += 1;
    });
    app.addHook('onResponse', async (request) => done(request));
    app.addHook('onRequestAbort', async (request) => done(request));
  }

  app.decorate('yieldToLight', async () => {
    await tick();
    if (inFlight === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(wake, opts.maxWaitMs);
      function wake() {
        clearTimeout(timer);
        waiters = waiters.filter((w) => w !== wake);
        resolve();
      }
      waiters.push(wake);
    });
  });
});
