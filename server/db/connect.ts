import fs from 'node:fs';
import path from 'node:path';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import { PGlite } from '@electric-sql/pglite';
import { PGliteDialect } from 'kysely-pglite-dialect';
import pg from 'pg';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded client when kind is pglite (tests dump and load its data directory). */
  pglite?: PGlite;
  /** Human description for logs; never contains a password. */
  description: string;
  close(): Promise<void>;
}

// Both drivers must hand the same JS values to our code: counts and bigints as numbers,
// dates as 'YYYY-MM-DD' strings (no time-zone shifting), money as exact decimal strings.
const OID_INT8 = 20;
const OID_DATE = 1082;
const OID_NUMERIC = 1700;

const pgParsers: Record<number, (value: string) => unknown> = {
  [OID_INT8]: (v) => Number(v),
  [OID_DATE]: (v) => v,
  [OID_NUMERIC]: (v) => v,
};

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
}

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
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [camelCase()] }),
      kind: 'postgres',
      description: `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}${options.searchPath ? ` (schema ${options.searchPath})` : ''}`,
      close: async () => {
        await pool.end();
      },
    };
  }
  if (options.pgliteDir) fs.mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
  const client = await PGlite.create({
    dataDir: options.pgliteDir ?? undefined,
    loadDataDir: options.loadDataDir,
    parsers: pgParsers,
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client), plugins: [camelCase()] });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    description: options.pgliteDir ? `PGlite ${options.pgliteDir}` : 'PGlite (in memory)',
    close: async () => {
      await db.destroy();
    },
  };
}
