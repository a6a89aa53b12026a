import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type DbHandle } from '../../../server/db/connect.js';
import { preparable, preparedStatements } from '../../../server/db/prepared-statements.js';
import { createPgDatabase, dropPgDatabase, testDbKind } from '../../helpers/test-db.js';

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
  const r = await client.query<{ statement: string }>('select statement from pg_prepared_statements order by statement');
  return r.rows.map((x) => x.statement);
}

describe.skipIf(testDbKind() !== 'postgres')('prepared statements on PostgreSQL (server/db/prepared-statements.ts)', () => {
  const name = `gpms_t_${randomBytes(6).toString('hex')}`;
  let url: string;
  let pool: pg.Pool;
  let handle: DbHandle | undefined;
  const READ = 'select id, v from t where id = $1';

  beforeAll(async () => {
    url = await createPgDatabase(name);
    pool = new pg.Pool({ connectionString: url, max: 1 });
    const prepared = preparedStatements({ threshold: 3, maxNamed: 2 });
    pool.on('connect', (c) => prepared.attach(c));
    await pool.query('create table t (id int primary key, v int not null)');
    await pool.query('insert into t values (1, 10), (2, 20)');
  });
  afterAll(async () => {
    await handle?.close();
    await pool?.end();
    await dropPgDatabase(name);
  });

  it('names a statement at its threshold-th sighting; the answers are the same before and after', async () => {
    const client = await pool.connect();
    try {
      const answers = [];
      for (let i = 0; i < 2; i++) answers.push((await client.query(READ, [2])).rows);
      expect(await preparedOn(client)).toEqual([]);
      for (let i = 0; i < 3; i++) answers.push((await client.query({ text: READ, values: [2] })).rows);
      expect(await preparedOn(client)).toEqual([READ]);
      expect(answers).toEqual(Array(5).fill([{ id: 2, v: 20 }]));
      // A statement without parameters, or with `*`, never is.
      for (let i = 0; i < 4; i++) await client.query('select id from t order by id');
      for (let i = 0; i < 4; i++) await client.query('select * from t where id = $1', [1]);
      expect(await preparedOn(client)).toEqual([READ]);
    } finally {
      client.release();
    }
  });

  it('names at most maxNamed texts per pool', async () => {
    const client = await pool.connect();
    try {
      for (const text of ['select v from t where id = $1', 'select id from t where v = $1']) {
        for (let i = 0; i < 3; i++) await client.query(text, [10]);
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

  it('the app’s handle sends its repeated statements named', async () => {
    handle = await connect({ databaseUrl: url, pgliteDir: null });
    const db = handle.db as unknown as import('kysely').Kysely<{ t: { id: number; v: number } }>;
    await db.connection().execute(async (c) => {
      const rows = [];
      for (let i = 0; i < 6; i++) rows.push(await c.selectFrom('t').select(['id', 'v']).where('id', '=', 1 + (i % 2)).execute());
      expect(rows.map((r) => r[0].v)).toEqual([10, 20, 10, 20, 10, 20]);
      const kept = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(c);
      expect(kept.rows.map((r) => r.statement)).toEqual(['select "id", "v" from "t" where "id" = $1']);
    });
  });

  it('DATABASE_PREPARED_STATEMENTS=off: the app’s handle sends every statement unnamed', async () => {
    const off = await connect({ databaseUrl: url, pgliteDir: null, preparedStatements: false });
    try {
      const db = off.db as unknown as import('kysely').Kysely<{ t: { id: number; v: number } }>;
      await db.connection().execute(async (c) => {
        for (let i = 0; i < 6; i++) await c.selectFrom('t').select(['id', 'v']).where('id', '=', 1).execute();
        const kept = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(c);
        expect(kept.rows).toEqual([]);
      });
    } finally {
      await off.close();
    }
  });
});
