import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fastifyOptions, gpms } from '../../../server/app.js';
import { access } from '../../../server/http/access.js';
import { scopeToCompany } from '../../../server/db/company-scope.js';
import { connect } from '../../../server/db/connect.js';
import { buildTestApp, testCompiles, type TestApp } from '../../helpers/app.js';
import { loginAs, type LoggedIn } from '../../helpers/login.js';

// PGlite in a worker thread: the PGlite project only — PostgreSQL runs in
// its own processes already.
const pgliteOnly = describe.skipIf(process.env.TEST_DB === 'postgres');

/** A query that keeps PGlite busy for a while (a second or more here): 4 million joined rows counted. */
const longQuery = sql<{
  n: number;
}>`select count(*)::int as n from generate_series(1, 2000) a cross join generate_series(1, 2000) b where (a + b) % 7 <> 0`;

pgliteOnly('a transaction that holds the PGlite thread too long', () => {
  it('is rolled back once another statement waits; its owner fails with TRANSACTION_EXPIRED (its commit too) and the waiting statements go on', async () => {
    // A database of its own, empty, with a limit of 200 ms (PGLITE_TRANSACTION_LIMIT_MS; 30 s by default).
    const h = await connect({ databaseUrl: null, pgliteDir: null, pgliteThread: 'worker', transactionLimitMs: 200 });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await sql`create table hold_probe (n int not null)`.execute(h.db);
      let wake!: () => void;
      const woken = new Promise<void>((resolve) => (wake = resolve));
      let held!: () => void;
      const holding = new Promise<void>((resolve) => (held = resolve));
      // A request that opens a transaction, writes, and then waits for something that does not come.
      const hung = h.db.transaction().execute(async (trx) => {
        try {
          await sql`insert into hold_probe values (1)`.execute(trx);
        } finally {
          // On a loaded machine the limit may already be past here: the insert then fails the same way.
          held();
        }
        await woken;
        await sql`insert into hold_probe values (2)`.execute(trx);
      });
      hung.catch(() => undefined);
      await holding;
      // Another request's statement, sent while the transaction holds the thread: answered once it is rolled back.
      expect((await sql<{ n: number }>`select count(*)::int as n from hold_probe`.execute(h.db)).rows[0].n).toBe(0);
      wake();
      await expect(hung).rejects.toMatchObject({
        code: 'TRANSACTION_EXPIRED',
        message: expect.stringContaining('PGLITE_TRANSACTION_LIMIT_MS'),
      });
      expect((await sql<{ n: number }>`select count(*)::int as n from hold_probe`.execute(h.db)).rows[0].n).toBe(0);
      // A commit of an expired transaction fails too: it must never look committed.
      const committing = h.db.connection().execute(async (c) => {
        await sql`begin`.execute(c);
        await sql`insert into hold_probe values (3)`.execute(c);
        // Another connection's statement is answered only once the transaction is rolled back.
        await sql`select 1`.execute(h.db);
        await sql`commit`.execute(c);
      });
      await expect(committing).rejects.toMatchObject({ code: 'TRANSACTION_EXPIRED' });
      expect((await sql<{ n: number }>`select count(*)::int as n from hold_probe`.execute(h.db)).rows[0].n).toBe(0);
      expect(logged.mock.calls.some((c) => String(c[0]).includes('rolled back'))).toBe(true);
    } finally {
      logged.mockRestore();
      await h.close();
    }
    // A fresh PGlite (initdb) takes 5–15 s on the loaded shared machine.
  }, 120_000);
});

pgliteOnly('PGlite in a worker thread', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await buildTestApp({ pgliteThread: 'worker' });
    // The real app plus a route of a module written later that inserts a row twice: the database's own 23505.
    // Schemas compiled on first use, as buildTestApp's (tests/helpers/app.ts).
    app = Fastify(fastifyOptions(t.config, testCompiles.schemas, undefined, testCompiles.keptCompiles));
    await app.register(gpms, { config: t.config, dbh: t.db, ...testCompiles });
    app.post('/api/v1/test/unit-twice', { config: { access: access.login() } }, async () => {
      await t.db.db.insertInto('unit').values({ unitCode: 'ZZ', nameKo: '시험', nameEn: 'test' }).execute();
      await t.db.db.insertInto('unit').values({ unitCode: 'ZZ', nameKo: '시험', nameEn: 'test' }).execute();
      return { ok: true };
    });
    // And one that names a file group no row holds: the database's own 23503.
    app.post('/api/v1/test/orphan-file', { config: { access: access.login() } }, async () => {
      await t.db.db
        .insertInto('boardPost')
        .values({
          board: 'CYBER',
          title: '워커',
          body: '본문',
          fileId: 'no-such-file-group',
          createdBy: 'admin',
          updatedBy: 'admin',
        })
        .execute();
      return { ok: true };
    });
    await app.ready();
    admin = await loginAs(app, 'admin');
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  describe('answers kept while nothing writes', () => {
    const unitName = (db = t.db.db) =>
      db.selectFrom('unit').select('nameKo').where('unitCode', '=', 'EA').executeTakeFirstOrThrow();
    const setUnitName = (nameKo: string, db = t.db.db) =>
      db.updateTable('unit').set({ nameKo }).where('unitCode', '=', 'EA').execute();

    it('a repeated read is answered from the kept answer; a write drops it', async () => {
      const worker = t.db.pgliteWorker!;
      await setUnitName('개');
      await worker.statementStats(true);
      expect(await unitName()).toEqual({ nameKo: '개' });
      expect(await unitName()).toEqual({ nameKo: '개' });
      const stats = await worker.statementStats(false);
      expect(stats).toMatchObject({ answerHits: 1, answerMisses: 1 });
      await setUnitName('개수');
      expect(await unitName()).toEqual({ nameKo: '개수' });
      await setUnitName('개');
      expect(await unitName()).toEqual({ nameKo: '개' });
    });

    it('a transaction reads its own write; after its rollback the others read what was committed', async () => {
      await setUnitName('개');
      expect(await unitName()).toEqual({ nameKo: '개' });
      await t.db.db
        .transaction()
        .execute(async (trx) => {
          await setUnitName('롤백될 이름', trx);
          expect(await unitName(trx)).toEqual({ nameKo: '롤백될 이름' });
          throw new Error('roll back');
        })
        .catch((err: Error) => expect(err.message).toBe('roll back'));
      expect(await unitName()).toEqual({ nameKo: '개' });
      await t.db.db.transaction().execute(async (trx) => setUnitName('커밋된 이름', trx));
      expect(await unitName()).toEqual({ nameKo: '커밋된 이름' });
      await setUnitName('개');
    });

    it("another request's statement waits while a transaction is open, then reads what it committed", async () => {
      await setUnitName('개');
      expect(await unitName()).toEqual({ nameKo: '개' });
      const order: string[] = [];
      let outside: Promise<{ nameKo: string }> | undefined;
      await t.db.db.transaction().execute(async (trx) => {
        await setUnitName('트랜잭션 안', trx);
        // Sent to the thread now, while the transaction is open: it must not run inside it.
        outside = unitName().then((r) => {
          order.push('outside read');
          return r;
        });
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(await unitName(trx)).toEqual({ nameKo: '트랜잭션 안' });
        order.push('commit');
      });
      expect(await outside).toEqual({ nameKo: '트랜잭션 안' });
      expect(order).toEqual(['commit', 'outside read']);
      await setUnitName('개');
    });

    it('a writing function, a view reading the clock, SELECT … INTO and a moving moment are never answered from a kept answer', async () => {
      const db = t.db.db;
      const worker = t.db.pgliteWorker!;
      await sql`create table cache_probe_counter (n int not null)`.execute(db);
      await sql`insert into cache_probe_counter values (0)`.execute(db);
      // Volatile (the default): a number handed out twice would be the same number twice.
      await sql`create function cache_probe_next() returns int language sql as $$ update cache_probe_counter set n = n + 1 returning n $$`.execute(
        db,
      );
      await sql`create view cache_probe_clock as select clock_timestamp() as t`.execute(db);
      try {
        const next = () => sql<{ n: number }>`select cache_probe_next() as n`.execute(db).then((r) => r.rows[0].n);
        expect([await next(), await next()]).toEqual([1, 2]);
        expect((await sql<{ n: number }>`select n from cache_probe_counter`.execute(db)).rows[0].n).toBe(2);

        await sql`select 1 as a into temp cache_probe_into`.execute(db);
        await sql`drop table cache_probe_into`.execute(db);
        await sql`select 1 as a into temp cache_probe_into`.execute(db);
        expect((await sql<{ a: number }>`select a from cache_probe_into`.execute(db)).rows).toEqual([{ a: 1 }]);
        await sql`drop table cache_probe_into`.execute(db);

        await worker.statementStats(true);
        for (let round = 0; round < 2; round++) {
          await sql`select t from cache_probe_clock`.execute(db);
          await sql`select 'today'::date as d`.execute(db);
          await sql`select ${'today'}::date as d`.execute(db);
          await sql`select now() as t, current_date as d`.execute(db);
        }
        expect(await worker.statementStats(false)).toMatchObject({ answerHits: 0, answerMisses: 0 });
      } finally {
        await sql`drop view cache_probe_clock`.execute(db);
        await sql`drop function cache_probe_next()`.execute(db);
        await sql`drop table cache_probe_counter`.execute(db);
      }
    });

    it("a supplier's answer is its company's: the same statement for another company is not answered from it", async () => {
      // A raw count: the company-scope plugin cannot read it, so the company comes from the role and
      // setting (row-level security) alone — the statement text and parameters are the same.
      const count = (compNo: string) =>
        sql<{ n: number }>`select count(*)::int as n from po_header`
          .execute(scopeToCompany(t.db.db, compNo))
          .then((r) => r.rows[0].n);
      const all = (
        await sql<{
          compNo: string;
          n: number;
        }>`select comp_no, count(*)::int as n from po_header group by comp_no order by 2 desc`.execute(t.db.db)
      ).rows;
      expect(all.length).toBeGreaterThan(1);
      expect(all[0].n).not.toBe(all[all.length - 1].n);
      for (const round of [1, 2]) {
        for (const c of all) expect(await count(c.compNo), `${c.compNo}, round ${round}`).toBe(c.n);
      }
    });
  });

  it('/metrics shows how long statements waited for the thread and how long each owner held it, by path', async () => {
    const supplier = await loginAs(app, 'supplier1');
    const staff = await app.inject({ method: 'GET', url: '/api/v1/pos', headers: admin.headers });
    expect(staff.statusCode, staff.body).toBe(200);
    const own = await app.inject({ method: 'GET', url: '/api/v1/cyber/pos', headers: supplier.headers });
    expect(own.statusCode, own.body).toBe(200);
    // A transaction outside any request: one hold, from its begin to its commit, labelled job.
    await t.db.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      await new Promise((resolve) => setTimeout(resolve, 30));
      await sql`select 2`.execute(trx);
    });
    const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
    const count = (name: string, path: string) =>
      Number(new RegExp(`^${name}_count\\{path="${path}"\\} (\\d+)`, 'm').exec(text)?.[1] ?? 0);
    for (const path of ['staff', 'supplier', 'job']) {
      expect(count('gpms_pglite_wait_seconds', path), `wait, ${path}`).toBeGreaterThan(0);
      expect(count('gpms_pglite_hold_seconds', path), `hold, ${path}`).toBeGreaterThan(0);
    }
    // The transaction's hold is one observation of at least its 30 ms, not one per statement.
    expect(text).toMatch(/^gpms_pglite_hold_seconds_bucket\{le="0\.025",path="job"\} \d+/m);
    const jobHolds = (le: string) =>
      Number(new RegExp(`^gpms_pglite_hold_seconds_bucket\\{le="${le}",path="job"\\} (\\d+)`, 'm').exec(text)?.[1]);
    expect(count('gpms_pglite_hold_seconds', 'job') - jobHolds('0.025')).toBeGreaterThanOrEqual(1);
    // Bounded labels: only the three paths.
    const paths = new Set(
      [...text.matchAll(/^gpms_pglite_(?:wait|hold)_seconds_count\{path="([^"]+)"\}/gm)].map((m) => m[1]),
    );
    expect([...paths].every((p) => ['staff', 'supplier', 'job'].includes(p))).toBe(true);
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
    // The metrics' queue length counts the long query waiting in the thread.
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.body).toMatch(/^gpms_pglite_queue_length [1-9]/m);
    expect(await long).toBeGreaterThan(3_000_000);
    // In the main thread the query held the event loop: 'long query' came first.
    expect(order).toEqual(['light 0', 'light 1', 'light 2', 'long query']);
  });

  it('values come back as they did in the main thread: ISO timestamps, numbers, exact decimals, bytes, json', async () => {
    const row = (
      await sql<
        Record<string, unknown>
      >`select now() as t, '2024-11-05 14:30:09.123456+09'::timestamptz as at, 12345678901::int8 as big, 1.50::numeric as n, '2024-02-29'::date as d, '\\x0102'::bytea as b, '{"a":[1,"x"]}'::jsonb as j`.execute(
        t.db.db,
      )
    ).rows[0];
    expect(row.t).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(row).toMatchObject({
      at: '2024-11-05T05:30:09.123Z',
      big: 12345678901,
      n: '1.50',
      d: '2024-02-29',
      j: { a: [1, 'x'] },
    });
    expect(row.b).toBeInstanceOf(Uint8Array);
    expect([...(row.b as Uint8Array)]).toEqual([1, 2]);
  });

  it('a database error keeps its SQLSTATE and detail: 400 for a bad value or reference, 409 for a duplicate', async () => {
    const impossible = await app.inject({
      method: 'GET',
      url: '/api/v1/prs?fromDate=2025-02-30',
      headers: admin.headers,
    });
    expect(impossible.statusCode).toBe(400);
    expect(impossible.json().code).toBe('INVALID_VALUE');
    const reference = await app.inject({ method: 'POST', url: '/api/v1/test/orphan-file', headers: admin.headers });
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
    const bytes = dump.byteLength;
    expect(bytes).toBeGreaterThan(1_000_000);
    const items = async (db: typeof t.db.db) =>
      Number((await sql<{ n: string }>`select count(*) as n from item`.execute(db)).rows[0]!.n);
    const expected = await items(t.db.db);
    // A view on a larger buffer: only its own bytes go, and the caller's buffer stays whole.
    const padded = new Uint8Array(bytes + 16);
    padded.set(dump, 8);
    const fromView = await connect({
      databaseUrl: null,
      pgliteDir: null,
      loadDataDir: padded.subarray(8, 8 + bytes),
    });
    // The whole array moves to the thread without a copy: the caller's is emptied.
    const moved = await connect({ databaseUrl: null, pgliteDir: null, loadDataDir: dump });
    try {
      expect(await items(fromView.db)).toBe(expected);
      expect(await items(moved.db)).toBe(expected);
      expect(padded.byteLength).toBe(bytes + 16);
      expect(dump.byteLength).toBe(0);
    } finally {
      await fromView.close();
      await moved.close();
    }
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
