import fs from 'node:fs';
import path from 'node:path';
import { CamelCasePlugin, Kysely, PostgresDialect, type KyselyConfig } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema.js';
import { pgParsers } from './pglite/parsers.mjs';
import { PgliteWorkerClient, type PgliteQueryClient } from './pglite/worker-client.js';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** When kind is pglite: the data directory as a tar (tests dump a seeded database and load copies). */
  dumpDataDir?: () => Promise<Blob>;
  /** When PGlite runs in a worker thread: its client (tests stop the thread to see a crash answered). */
  pgliteWorker?: PgliteWorkerClient;
  /** Human description for logs; never contains a password. */
  description: string;
  close(): Promise<void>;
}

// underscoreBeforeDigits keeps the spec's TAX_NO_2 as tax_no_2 (taxNo2 in code).
const camelCase = () => new CamelCasePlugin({ underscoreBeforeDigits: true });

export interface ConnectOptions {
  /** postgres://… when set, else PGlite. */
  databaseUrl: string | null;
  /** PGlite data directory; null means in memory. */
  pgliteDir: string | null;
  /** PostgreSQL schema to use (tests isolate themselves this way). */
  searchPath?: string;
  /** A PGlite data-dir dump to start from (tests load a seeded snapshot). */
  loadDataDir?: Blob;
  /** Kysely's query log (the API benchmark records the statements an operation runs). */
  log?: KyselyConfig['log'];
  /**
   * Where PGlite runs: 'worker' (default; the server always) — a worker thread, so a long query
   * does not stop the event loop (#19 finding 6); 'main' — in this thread, as before.
   */
  pgliteThread?: PgliteThread;
}

export type PgliteThread = 'main' | 'worker';

export async function connect(options: ConnectOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      options: options.searchPath ? `-c search_path=${options.searchPath}` : undefined,
      types: {
        getTypeParser: ((oid: number, format?: string) =>
          pgParsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client whose connection the server ends (a restart, DROP DATABASE … WITH (FORCE))
    // is reported on the pool; without a listener that would be an uncaught exception. The pool
    // drops the client and the next query opens a new connection.
    pool.on('error', (err) => {
      process.emitWarning(`PostgreSQL closed an idle connection: ${err.message}`, { code: 'GPMS_PG_IDLE' });
    });
    const url = new URL(options.databaseUrl);
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [camelCase()], log: options.log }),
      kind: 'postgres',
      description: `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}${options.searchPath ? ` (schema ${options.searchPath})` : ''}`,
      close: async () => {
        await pool.end();
      },
    };
  }
  if (options.pgliteDir) fs.mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
  const description = options.pgliteDir ? `PGlite ${options.pgliteDir}` : 'PGlite (in memory)';
  if ((options.pgliteThread ?? 'worker') === 'worker') {
    const worker = await PgliteWorkerClient.start({ dataDir: options.pgliteDir, loadDataDir: options.loadDataDir });
    return pgliteHandle(worker, `${description}, worker thread`, () => worker.dumpDataDir(), worker, options.log);
  }
  const client = await PGlite.create({
    dataDir: options.pgliteDir ?? undefined,
    loadDataDir: options.loadDataDir,
    parsers: pgParsers,
  });
  return pgliteHandle(client, description, () => client.dumpDataDir('none'), undefined, options.log);
}

function pgliteHandle(client: PgliteQueryClient, description: string, dumpDataDir: () => Promise<Blob>, worker?: PgliteWorkerClient, log?: KyselyConfig['log']): DbHandle {
  // kysely-pglite-dialect's driver (one connection: a queue, a transaction holds it from begin to
  // commit) calls only query() and close() on its client, which the worker client provides too.
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client as PGlite), plugins: [camelCase()], log });
  return {
    db,
    kind: 'pglite',
    dumpDataDir,
    pgliteWorker: worker,
    description,
    close: async () => {
      await db.destroy();
    },
  };
}
