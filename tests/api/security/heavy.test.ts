import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fastifyOptions, gpms } from '../../../server/app.js';
import { access } from '../../../server/http/access.js';
import { HEAVY_PATH } from '../../../server/http/heavy.js';
import { buildTestApp, testCompiles, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';

/** A user runs at most HEAVY_PER_USER exports at a time; others are not held up. */
describe('heavy requests: a limit per user', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let monitor: LoggedIn;
  let buyer: LoggedIn;
  const gates: Array<() => void> = [];
  beforeAll(async () => {
    t = await buildTestApp();
    // The real app plus one slow export route of a module written later (matched by its path).
    // Schemas compiled on first use, as buildTestApp's (tests/helpers/app.ts).
    app = Fastify(fastifyOptions(t.config, testCompiles.schemas, undefined, testCompiles.keptCompiles));
    await app.register(gpms, { config: { ...t.config, heavyPerUser: 2 }, dbh: t.db, ...testCompiles });
    app.get('/api/v1/test/export', { config: { access: access.login() } }, async () => {
      await new Promise<void>((resolve) => gates.push(resolve));
      return { ok: true };
    });
    await app.ready();
    monitor = await sessionAs(app, 'monitor');
    buyer = await sessionAs(app, 'buyer');
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });
  const run = (who: LoggedIn) => app.inject({ method: 'GET', url: '/api/v1/test/export', headers: who.headers });
  const waitFor = async (n: number) => {
    for (let i = 0; i < 200 && gates.length < n; i++) await new Promise((r) => setTimeout(r, 10));
    expect(gates.length).toBe(n);
  };

  it('the third concurrent export of one user answers 429 at once; another user and light requests go on', async () => {
    const first = run(monitor);
    const second = run(monitor);
    await waitFor(2);
    const third = await run(monitor);
    expect(third.statusCode).toBe(429);
    expect(third.json().code).toBe('HEAVY_BUSY');
    const other = run(buyer);
    await waitFor(3);
    expect((await app.inject({ method: 'GET', url: '/api/v1/menus', headers: monitor.headers })).statusCode).toBe(200);
    for (const open of gates.splice(0)) open();
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    expect((await other).statusCode).toBe(200);
    // Slots are given back when the answers are sent.
    const again = run(monitor);
    await waitFor(1);
    for (const open of gates.splice(0)) open();
    expect((await again).statusCode).toBe(200);
  });

  it('export paths are heavy by construction', () => {
    for (const p of [
      '/api/v1/data-download/receipts',
      '/api/v1/pos/export',
      '/api/v1/items/excel',
      '/api/v1/report/export-xlsx',
    ])
      expect(HEAVY_PATH.test(p), p).toBe(true);
    for (const p of ['/api/v1/pos', '/api/v1/cmmn/file/:id/download', '/api/v1/exporters'])
      expect(HEAVY_PATH.test(p), p).toBe(false);
  });
});
