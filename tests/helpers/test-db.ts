import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { connect, type ConnectOptions, type DbHandle, type PgliteThread } from '../../server/db/connect.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { emptyPgliteDumpBeside } from '../../server/db/seed-dump.js';
import { compilePgliteWasm } from '../../server/db/pglite/wasm.js';
import { seedHash } from '../../server/db/seed-hash.mjs';

/** Which database this test run uses: the vitest project sets TEST_DB. */
export type TestDbKind = 'pglite' | 'postgres';
export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function testDbKind(): TestDbKind {
  return process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/**
 * Where the tests' PGlite runs: PGLITE_THREAD=main|worker, default main. Every query in a worker
 * costs two thread wake-ups, and on the shared, loaded machine (tests at nice 19) that made
 * seeded test files time out in their setup; the server always uses the worker, and
 * tests/api/db/pglite-worker.test.ts and the start-up test run it. docs/testing.md.
 */
export function testPgliteThread(): PgliteThread {
  return process.env.PGLITE_THREAD === 'worker' ? 'worker' : 'main';
}

/**
 * PGlite's PostgreSQL compiled once per test process and given to every PGlite this helper opens (a process
 * keeps this module from file to file: isolate is off), where each create compiled it again.
 */
let compiledPglite: Promise<WebAssembly.Module> | undefined;
const pgliteWasm = () => (compiledPglite ??= compilePgliteWasm());

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface TestDb extends DbHandle {
  /** DATABASE_URL of this database, or null for PGlite. */
  url: string | null;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated, empty database of the run's kind: PGlite in memory, or a new
 * PostgreSQL database of its own (dropped by drop()).
 */
export async function createEmptyTestDb(
  kind: TestDbKind = testDbKind(),
  pgliteThread = testPgliteThread(),
): Promise<TestDb> {
  if (kind === 'pglite') {
    const empty = await emptyPgliteDump();
    const h = await connect({
      databaseUrl: null,
      pgliteDir: null,
      pgliteThread,
      pgliteWasm: await pgliteWasm(),
      ...(empty ? { loadDataDir: fs.readFileSync(empty) } : {}),
    });
    // Loaded from the run's migrated dump, this finds nothing to do; a new PGlite (no dump provided) is migrated.
    await migrateToLatest(h.db);
    return { ...h, url: null, drop: () => h.close() };
  }
  const name = `gpms_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} template "${await emptyPgTemplate()}"`);
  // A copy of the migrated template: the migrator runs and finds nothing to do, as on PGlite's empty dump.
  return openPgTestDb(name, true);
}

/**
 * PostgreSQL's counterpart of PGlite's empty dump: a database migrated once per hash of the migrations and the seed
 * (seed-hash.mjs, the seed template's key) and kept as a template, which each file asking for an empty database
 * copies. Every migration on a new database took ≈ 1.7 s of the machine's CPU (this process and the server); the
 * twelve files asking for one took 41–45 core-s before, 30–32 after (2026-11-29, docs/testing-log.md). Made under an advisory lock and renamed when
 * complete, as the seed template is; a template allows no connection (a session on it fails every copy).
 */
let emptyTemplate: Promise<string> | undefined;
function emptyPgTemplate(): Promise<string> {
  emptyTemplate ??= makeEmptyPgTemplate().catch((err: unknown) => {
    emptyTemplate = undefined;
    throw err;
  });
  return emptyTemplate;
}

async function makeEmptyPgTemplate(): Promise<string> {
  const name = `gpms_empty_${seedHash(process.cwd()).hash}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    const exists = async () =>
      (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (await exists()) return name;
    const key = BigInt(`0x${createHash('sha256').update(name).digest('hex').slice(0, 15)}`).toString();
    await admin.query('select pg_advisory_lock($1::bigint)', [key]);
    try {
      if (await exists()) return name;
      const making = `${name}_m${process.pid}`;
      await admin.query(`drop database if exists "${making}" with (force)`);
      await admin.query(`create database "${making}"`);
      try {
        const h = await connect({ databaseUrl: withDatabase(PG_ADMIN_URL, making), pgliteDir: null });
        try {
          await migrateToLatest(h.db);
        } finally {
          await h.close();
        }
        await admin.query(`alter database "${making}" rename to "${name}"`);
        await admin.query(`alter database "${name}" with is_template true allow_connections false`);
      } catch (err) {
        await admin.query(`drop database if exists "${making}" with (force)`);
        throw err;
      }
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1::bigint)', [key]);
    }
  } finally {
    await admin.end();
  }
}

/**
 * The migrated, unseeded dump the global setup's seeded one came with (server/db/seed-dump.ts), or null where no
 * global setup provided one: a new PGlite's initdb and migrations then.
 */
async function emptyPgliteDump(): Promise<string | null> {
  const { inject } = await import('vitest');
  const seeded = inject('seededPgliteDump' as never) as string | undefined;
  return seeded ? emptyPgliteDumpBeside(seeded) : null;
}

async function openPgTestDb(name: string, migrate: boolean, log?: ConnectOptions['log']): Promise<TestDb> {
  const url = withDatabase(PG_ADMIN_URL, name);
  const h = await connect({ databaseUrl: url, pgliteDir: null, log });
  if (migrate) await migrateToLatest(h.db);
  return {
    ...h,
    url,
    drop: async () => {
      await h.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * A copy of the seeded demo database that tests/global-setup.ts prepared once per run:
 * PGlite loads the dumped data directory; PostgreSQL clones the template database.
 */
export async function createSeededTestDb(
  kind: TestDbKind = testDbKind(),
  pgliteThread = testPgliteThread(),
  log?: ConnectOptions['log'],
): Promise<TestDb> {
  const { inject } = await import('vitest');
  if (kind === 'pglite') {
    const dumpPath = inject('seededPgliteDump' as never) as string;
    const h = await connect({
      databaseUrl: null,
      pgliteDir: null,
      loadDataDir: fs.readFileSync(dumpPath),
      pgliteThread,
      pgliteWasm: await pgliteWasm(),
      log,
    });
    return { ...h, url: null, drop: () => h.close() };
  }
  const template = inject('seededPgTemplate' as never) as string;
  const name = `gpms_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name} template ${template} ${COPY_STRATEGY}`);
  return openPgTestDb(name, false, log);
}

/**
 * How a seeded template (≈ 80 MB) is copied for each test file. PostgreSQL 15's default, WAL_LOG, writes every
 * page of the copy to the WAL as well; FILE_COPY copies the files and checkpoints. Ten copies of the seeded
 * template took 0.7 s of the machine's CPU each with WAL_LOG and 0.4 s with FILE_COPY (10.2 s and 5.0 s of wall
 * time; 2026-11-26, an idle machine), and a run makes ≈ 150 of them. An empty database (template1's few pages) keeps
 * the default, which needs no checkpoint.
 */
const COPY_STRATEGY = 'strategy file_copy';

export async function dropPgDatabase(name: string): Promise<void> {
  await adminQuery(`drop database if exists ${name} with (force)`);
}

/** A new PostgreSQL database, empty or a copy of `template`; its URL. */
export async function createPgDatabase(name: string, template?: string): Promise<string> {
  await adminQuery(`drop database if exists ${name} with (force)`);
  await adminQuery(
    template ? `create database ${name} template "${template}" ${COPY_STRATEGY}` : `create database ${name}`,
  );
  return withDatabase(PG_ADMIN_URL, name);
}

export async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}
