import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql, type CompiledQuery, type Kysely, type LogEvent } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../../../server/db/connect.js';
import { shaped } from '../../../server/db/lists/shaped.js';
import {
  preparable,
  preparedStatements,
  type PreparedStatements,
} from '../../../server/db/lists/prepared-statements.js';
import { listDeliveries } from '../../../server/modules/fulfilment/delivery/queries.js';
import { createPgDatabase, createSeededTestDb, dropPgDatabase, testDbKind } from '../../helpers/test-db.js';

describe('which statements may go named', () => {
  it('only with parameters and without a `*` select list', () => {
    expect(preparable('select "id" from "t" where "id" = $1', [1])).toBe(true);
    expect(preparable('select count(*) as "n" from "t" where "id" = $1', [1])).toBe(true);
    expect(preparable('select "id" from "t"', [])).toBe(false);
    expect(preparable('select "id" from "t"', undefined)).toBe(false);
    expect(preparable('select * from "t" where "id" = $1', [1])).toBe(false);
    expect(preparable('select distinct * from "t" where "id" = $1', [1])).toBe(false);
    expect(preparable('select "a"."id", "t".* from "t" where "id" = $1', [1])).toBe(false);
    expect(preparable('update "t" set "v" = $1 returning *', [1])).toBe(false);
  });
});

/** PostgreSQL's own list of this connection's prepared statements. */
async function preparedOn(client: pg.PoolClient): Promise<string[]> {
  const r = await client.query<{ statement: string }>(
    'select statement from pg_prepared_statements order by statement',
  );
  return r.rows.map((x) => x.statement);
}

describe.skipIf(testDbKind() !== 'postgres')(
  'prepared statements on PostgreSQL (server/db/lists/prepared-statements.ts)',
  () => {
    const name = `gpms_t_${randomBytes(6).toString('hex')}`;
    let url: string;
    let pool: pg.Pool;
    let handle: DbHandle | undefined;
    let prepared: PreparedStatements;
    const READ = 'select id, v from t where id = $1';

    beforeAll(async () => {
      url = await createPgDatabase(name);
      pool = new pg.Pool({ connectionString: url, max: 1 });
      // pool.end() resolves before its connection has closed, and the drop after it ends that connection (WITH
      // (FORCE)): the server's 57P01 then reaches the pool, uncaught without a listener (a whole run failed on it
      // once). The server's own pool listens the same way (server/db/connect.ts); any other error still fails.
      pool.on('error', (err: Error & { code?: string }) => {
        if (err.code !== '57P01') throw err;
      });
      prepared = preparedStatements({ maxNamed: 2 });
      pool.on('connect', (c) => prepared.attach(c));
      for (const text of [READ, 'select id from t order by id', 'select * from t where id = $1']) prepared.allow(text);
      await pool.query('create table t (id int primary key, v int not null)');
      await pool.query('insert into t values (1, 10), (2, 20)');
    });
    afterAll(async () => {
      await handle?.close();
      await pool?.end();
      await dropPgDatabase(name);
    });

    it('names the statements allowed, from their first run; the answers are the same as unnamed', async () => {
      const client = await pool.connect();
      try {
        const unnamed = 'select id, v from t where id = $1 and v > $2';
        const answers = [];
        for (let i = 0; i < 6; i++) answers.push((await client.query(unnamed, [2, 0])).rows);
        // Repeated but never allowed: not named.
        expect(await preparedOn(client)).toEqual([]);
        answers.push((await client.query(READ, [2])).rows);
        expect(await preparedOn(client)).toEqual([READ]);
        answers.push((await client.query({ text: READ, values: [2] })).rows);
        expect(answers).toEqual(Array(8).fill([{ id: 2, v: 20 }]));
        // Allowed, but without parameters, or with `*`: never named.
        for (let i = 0; i < 2; i++) await client.query('select id from t order by id');
        for (let i = 0; i < 2; i++) await client.query('select * from t where id = $1', [1]);
        expect(await preparedOn(client)).toEqual([READ]);
      } finally {
        client.release();
      }
    });

    it('pg-pool’s query() (a config and a callback, as the lists’ array rows use it) goes named too', async () => {
      const answer = await pool.query({ text: READ, values: [1], rowMode: 'array' });
      expect(answer.rows).toEqual([[1, 10]]);
      const client = await pool.connect();
      try {
        expect(await preparedOn(client)).toEqual([READ]);
      } finally {
        client.release();
      }
    });

    it('names at most maxNamed texts per pool', async () => {
      const client = await pool.connect();
      try {
        for (const text of ['select v from t where id = $1', 'select id from t where v = $1']) {
          prepared.allow(text);
          await client.query(text, [10]);
        }
        expect(await preparedOn(client)).toEqual([READ, 'select v from t where id = $1']);
      } finally {
        client.release();
      }
    });

    it('a column whose type changes under a named statement: prepared again outside a transaction, refused once inside one', async () => {
      const client = await pool.connect();
      try {
        expect((await client.query(READ, [1])).rows).toEqual([{ id: 1, v: 10 }]);
        // As a rolling upgrade's migration might, under a running server.
        await client.query('alter table t alter column v type text');
        expect((await client.query(READ, [1])).rows).toEqual([{ id: 1, v: '10' }]);
        await client.query('alter table t alter column v type int using v::int');
        await client.query('begin');
        await expect(client.query(READ, [1])).rejects.toMatchObject({ code: '0A000' });
        await client.query('rollback');
        // The kept plan is dropped before its next use on this connection, even inside a transaction.
        await client.query('begin');
        expect((await client.query(READ, [2])).rows).toEqual([{ id: 2, v: 20 }]);
        await client.query('commit');
      } finally {
        client.release();
      }
    });

    type T = { t: { id: number; v: number } };
    const byId = shaped('test.byId', (db: Kysely<T>, v: { id: number }) =>
      db.selectFrom('t').select(['id', 'v']).where('id', '=', v.id),
    );

    it('the app’s handle sends a list’s kept (shaped) statement named, and nothing else', async () => {
      handle = await connect({ databaseUrl: url, pgliteDir: null });
      const db = handle.db as unknown as Kysely<T>;
      // Kept on the handle (its first run): allowed on the pool from then on.
      expect(await byId.execute(db, '', { id: 1 })).toEqual([{ id: 1, v: 10 }]);
      await db.connection().execute(async (c) => {
        const rows = [];
        for (let i = 0; i < 4; i++) rows.push(await byId.execute(c, '', { id: 1 + (i % 2) }));
        for (let i = 0; i < 6; i++) await c.selectFrom('t').select('v').where('v', '>', i).execute();
        expect(rows.map((r) => r[0].v)).toEqual([10, 20, 10, 20]);
        const kept = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(c);
        expect(kept.rows.map((r) => r.statement)).toEqual(['select "id", "v" from "t" where "id" = $1']);
      });
    });

    it('DATABASE_PREPARED_STATEMENTS=off: the app’s handle sends every statement unnamed', async () => {
      const off = await connect({ databaseUrl: url, pgliteDir: null, preparedStatements: false });
      try {
        const db = off.db as unknown as Kysely<T>;
        expect(await byId.execute(db, '', { id: 1 })).toEqual([{ id: 1, v: 10 }]);
        await db.connection().execute(async (c) => {
          for (let i = 0; i < 3; i++) await byId.execute(c, '', { id: 1 });
          const kept = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(c);
          expect(kept.rows).toEqual([]);
        });
      } finally {
        await off.close();
      }
    });
  },
);

/**
 * A kept list statement is planned once per connection on PostgreSQL, and after five runs PostgreSQL may
 * keep its generic plan — made without the values. What the statement's text must do for that plan to
 * stay good (prepared-statements.ts), checked on the plan itself, not on timings.
 */
describe.skipIf(testDbKind() !== 'postgres')('the lists’ kept statements under a generic plan', () => {
  it('deliveries: a row’s receipt is found by the partial index wh_receipt_active_delivery', async () => {
    const seen: CompiledQuery[] = [];
    const t = await createSeededTestDb('postgres', undefined, (e: LogEvent) => void seen.push(e.query));
    try {
      await listDeliveries(t.db, {}, { field: 'deliveryDate', direction: 'desc' }, { limit: 100, offset: 0 });
      const page = seen.find((q) => /from "delivery" as "d"/.test(q.sql) && /"wh_req_no"/.test(q.sql));
      expect(page?.sql).toMatch(/ limit 101$/);
      const client = await t.pgPool!.connect();
      try {
        await client.query('set plan_cache_mode = force_generic_plan');
        // With sequential scans priced out, the plan still holds one only where no index can serve.
        await client.query('set enable_seqscan = off');
        await client.query(`prepare generic_page as ${page!.sql}`);
        const args = page!.parameters.map((p) => client.escapeLiteral(String(p))).join(', ');
        const plan = (
          await client.query<{ 'QUERY PLAN': string }>(`explain execute generic_page${args ? `(${args})` : ''}`)
        ).rows
          .map((r) => r['QUERY PLAN'])
          .join('\n');
        expect(plan).toMatch(/wh_receipt_active_delivery/);
        expect(plan).not.toMatch(/Seq Scan on wh_receipt/);
      } finally {
        await client.query('deallocate generic_page; reset plan_cache_mode; reset enable_seqscan');
        client.release();
      }
    } finally {
      await t.drop();
    }
  });
});
