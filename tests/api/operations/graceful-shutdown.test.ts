import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportColumn } from '../../../lib/export-cell.js';
import { buildApp } from '../../../server/app.js';
import { gracefulShutdown } from '../../../server/lifecycle.js';
import { buildTestApp, testCompiles, type TestApp } from '../../helpers/app.js';
import { loginAs, type LoggedIn } from '../../helpers/login.js';

/**
 * A server stopped under load, through the path server/main.ts takes on SIGTERM
 * (gracefulShutdown): 50 requests in flight over real HTTP and a server-side export running. The
 * requests wait on a lock of the order table held by the test, so they are all in flight when the
 * stop begins; the lock is let go once the server is closing. Every one answers 200, /readyz
 * answers 503 while the server drains, and the export's lease is given back: a second server on
 * the same database takes it up (exports.resume) and finishes it.
 */
const COLUMNS: ExportColumn[] = [
  { field: 'poNo', header: '발주번호', type: 'text', width: 14 },
  { field: 'totalAmount', header: '금액', type: 'money', currencyField: 'currency', width: 14 },
];
const DRAIN_MS = 400;

describe('graceful shutdown under load', () => {
  let t: TestApp;
  let second: FastifyInstance | null = null;
  let operator: LoggedIn;
  let base: string;
  beforeAll(async () => {
    t = await buildTestApp({ config: { exportPageSize: 5 } });
    operator = await loginAs(t.app, 'operator');
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  const inFlight = async () => (await t.app.metrics.httpInFlight.get()).values[0]?.value ?? 0;
  const waitFor = async (what: string, ok: () => Promise<boolean>, ms = 20_000) => {
    const until = Date.now() + ms;
    while (!(await ok())) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };

  it('finishes every request in flight, drains with readiness 503, and gives the export to another server', async () => {
    // One supplier's orders: a few pages of 5, quick to write again on the second server.
    let compNo = '';
    for (let n = 3; n < 120 && !compNo; n++) {
      const c = `C${String(n).padStart(5, '0')}`;
      const { total } = (
        await t.app.inject({ method: 'GET', url: `/api/v1/pos?compNo=${c}&size=1`, headers: operator.headers })
      ).json() as { total: number };
      if (total > 20 && total < 80) compNo = c;
    }
    expect(compNo).not.toBe('');
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/exports',
      headers: operator.headers,
      payload: { operation: 'listPos', query: { compNo, sort: 'poNo:asc' }, columns: COLUMNS, sheetName: '발주 목록' },
    });
    expect(started.statusCode).toBe(202);
    const exportId = started.json().exportId as string;
    const exportRow = () =>
      t.db.db
        .selectFrom('exportJob')
        .select(['status', 'serverId', 'leaseUntil', 'rowsDone', 'restarts'])
        .where('exportId', '=', exportId)
        .executeTakeFirstOrThrow();

    // Hold the order table: the list requests (and the export's next page) wait on it.
    let letGo!: () => void;
    const gate = new Promise<void>((r) => (letGo = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const holder = t.db.db.transaction().execute(async (trx) => {
      await sql`lock table po_header in access exclusive mode`.execute(trx);
      locked();
      await gate;
    });
    await isLocked;

    const requests = Array.from({ length: 50 }, () =>
      fetch(`${base}/api/v1/pos?page=1&size=10`, { headers: operator.headers }).then(async (r) => ({
        status: r.status,
        body: await r.text(),
      })),
    );
    await waitFor('50 requests in flight', async () => (await inFlight()) >= 50);

    const shutdown = gracefulShutdown(t.app, { drainMs: DRAIN_MS });
    // Draining: still listening, readiness refuses (a new connection: the balancer's probe).
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { status: string }).status).toBe('draining');
    expect(ready.headers.get('connection')).toBe('close');
    await new Promise((r) => setTimeout(r, DRAIN_MS + 100));
    // Closing now: nothing has been answered yet.
    expect(await inFlight()).toBeGreaterThanOrEqual(50);
    letGo();
    await holder;
    const answers = await Promise.all(requests);
    await shutdown;

    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(answers.every((a) => (JSON.parse(a.body) as { rows: unknown[] }).rows.length === 10)).toBe(true);
    // The export was given back, not failed: still RUNNING, its lease ended, progress from zero.
    const released = await exportRow();
    expect(released.status).toBe('RUNNING');
    expect(Date.parse(released.leaseUntil)).toBeLessThanOrEqual(Date.now());
    expect(released.rowsDone).toBe(0);

    // Another server on the same database and files takes it up and finishes it.
    second = await buildApp({ config: t.config, dbh: { ...t.db, close: async () => undefined }, ...testCompiles });
    await second.jobs.register();
    await second.dbh.db
      .updateTable('jobState')
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where('name', '=', 'exports.resume')
      .execute();
    const ran = await second.jobs.runDue();
    expect(ran).toContain('exports.resume');
    const taken = await exportRow();
    expect(taken.serverId).toBe(second.jobs.serverId);
    expect(taken.restarts).toBe(1);
    await waitFor(
      'the export to finish on the second server',
      async () => (await exportRow()).status !== 'RUNNING',
      60_000,
    );
    const done = await second.inject({ method: 'GET', url: `/api/v1/exports/${exportId}`, headers: operator.headers });
    expect(done.json()).toMatchObject({ status: 'DONE', error: null });
    expect(done.json().rowsDone).toBe(done.json().rowsTotal);
    const file = await second.inject({
      method: 'GET',
      url: `/api/v1/exports/${exportId}/file`,
      headers: operator.headers,
    });
    expect(file.statusCode).toBe(200);
  }, 120_000);
});
