import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';

/**
 * The API workers keep their modules from one test file to the next (vitest.config.ts, isolate:
 * false), and a server process may build apps more than once (tests, a host server): whatever is
 * process-wide must not hold on to a closed app. One did — prom-client's GC observer, through the
 * metrics registry and its gauges, kept every app and its database — and the PGlite workers grew by
 * 370 MB a file until the machine killed them (server/metrics/registry.ts `close`).
 */
describe('a closed app is released', () => {
  it('nothing process-wide keeps a closed app or its database alive', async () => {
    const gc = (globalThis as { gc?: () => void }).gc;
    if (!gc) throw new Error('needs --expose-gc (vitest.config.ts execArgv of the API projects)');
    const refs = await (async () => {
      const t = await buildTestApp({ seeded: false });
      // A request and a scrape, so the per-request and scrape-time paths have run.
      expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
      const held = { app: new WeakRef(t.app), db: new WeakRef(t.app.dbh) };
      await t.close();
      return held;
    })();
    for (let i = 0; i < 20 && (refs.app.deref() || refs.db.deref()); i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      gc();
    }
    expect(refs.app.deref(), 'the app').toBeUndefined();
    expect(refs.db.deref(), 'its database handle').toBeUndefined();
  });
});
