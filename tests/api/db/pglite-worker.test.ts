import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fastifyOptions, gpms } from '../../../server/app.js';
import { access } from '../../../server/http/access.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { loginAs, type LoggedIn } from '../../helpers/login.js';

// PGlite in a worker thread (issue #19 finding 6): the PGlite project only — PostgreSQL runs in
// its own processes already.
const pgliteOnly = describe.skipIf(process.env.TEST_DB === 'postgres');

/** A query that keeps PGlite busy for a while (a second or more here): 4 million joined rows counted. */
const longQuery = sql<{ n: number }>`select count(*)::int as n from generate_series(1, 2000) a cross join generate_series(1, 2000) b where (a + b) % 7 <> 0`;

pgliteOnly('PGlite in a worker thread', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await buildTestApp({ pgliteThread: 'worker' });
    // The real app plus a route of a module written later that inserts a row twice: the database's own 23505.
    app = Fastify(fastifyOptions(t.config));
    await app.register(gpms, { config: t.config, dbh: t.db });
    app.post('/api/v1/test/unit-twice', { config: { access: access.login() } }, async () => {
      await t.db.db.insertInto('unit').values({ unitCode: 'ZZ', nameKo: '시험', nameEn: 'test' }).execute();
      await t.db.db.insertInto('unit').values({ unitCode: 'ZZ', nameKo: '시험', nameEn: 'test' }).execute();
      return { ok: true };
    });
    await app.ready();
    admin = await loginAs(app, 'admin');
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it('runs there: the handle says so', () => {
    expect(t.db.pgliteWorker).toBeDefined();
    expect(t.db.description).toContain('worker thread');
  });

  it('a light request is answered while a long query runs (it finishes first)', async () => {
    const order: string[] = [];
    const long = longQuery.execute(t.db.db).then((r) => {
      order.push('long query');
      return r.rows[0].n;
    });
    for (let i = 0; i < 3; i++) {
      const res = await app.inject({ method: 'GET', url: '/healthz' });
      expect(res.statusCode).toBe(200);
      order.push(`light ${i}`);
    }
    // The metrics' queue length counts the long query waiting in the thread (issue #29 item 1).
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/^gpms_pglite_queue_length [1-9]/m);
    expect(await long).toBeGreaterThan(3_000_000);
    // In the main thread the query held the event loop: 'long query' came first.
    expect(order).toEqual(['light 0', 'light 1', 'light 2', 'long query']);
  });

  it('values come back as they did in the main thread: Date, numbers, exact decimals, bytes, json', async () => {
    const row = (await sql<Record<string, unknown>>`select now() as t, 12345678901::int8 as big, 1.50::numeric as n, '2024-02-29'::date as d, '\\x0102'::bytea as b, '{"a":[1,"x"]}'::jsonb as j`.execute(t.db.db)).rows[0];
    expect(row.t).toBeInstanceOf(Date);
    expect(row).toMatchObject({ big: 12345678901, n: '1.50', d: '2024-02-29', j: { a: [1, 'x'] } });
    expect(row.b).toBeInstanceOf(Uint8Array);
    expect([...(row.b as Uint8Array)]).toEqual([1, 2]);
  });

  it("a database error keeps its SQLSTATE and detail: 400 for a bad value or reference, 409 for a duplicate", async () => {
    const impossible = await app.inject({ method: 'GET', url: '/api/v1/prs?fromDate=2025-02-30', headers: admin.headers });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().code).toBe('INVALID_VALUE');
    const reference = await app.inject({ method: 'POST', url: '/api/v1/portal/cyber-notices', headers: admin.headers, payload: { category: 'GENERAL', title: '워커', body: '본문', pinned: 'N', fileId: 'no-such-file-group' } });
    expect(reference.statusCode, reference.body).toBe(400);
    expect(reference.json()).toMatchObject({ code: 'INVALID_REFERENCE' });
    expect(reference.json().msg).toContain('fileId');
    const twice = await app.inject({ method: 'POST', url: '/api/v1/test/unit-twice', headers: admin.headers });
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'DUPLICATE' });
    expect(twice.json().msg).toContain('unitCode');
  });

  it('a transaction holds the one connection: a rollback undoes its rows, other queries wait their turn', async () => {
    const failed = t.db.db.transaction().execute(async (trx) => {
      await trx.insertInto('unit').values({ unitCode: 'TX', nameKo: '거래', nameEn: 'tx' }).execute();
      throw new Error('stop');
    });
    const outside = t.db.db.selectFrom('unit').select('unitCode').where('unitCode', '=', 'TX').execute();
    await expect(failed).rejects.toThrow('stop');
    expect(await outside).toEqual([]);
  });

  it('the data directory dumps and loads through the thread', async () => {
    const dump = await t.db.dumpDataDir!();
    expect(dump.size).toBeGreaterThan(1_000_000);
  });

  // Last: it ends the thread.
  it('when the thread dies, requests answer 503 and the failure is logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await t.db.pgliteWorker!.terminate();
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      const api = await app.inject({ method: 'GET', url: '/api/v1/menus', headers: admin.headers });
      expect(api.statusCode).toBe(503);
      expect(api.json().code).toBe('DATABASE_UNAVAILABLE');
      expect(logged.mock.calls.some((c) => String(c[0]).includes('PGlite database thread failed'))).toBe(true);
    } finally {
      logged.mockRestore();
    }
  });
});
