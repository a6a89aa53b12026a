import fs from 'node:fs';
import path from 'node:path';
import { CompiledCamelCasePlugin } from './lists/camel-rows.js';
import { loggedRunner, offerArrayRows } from './lists/array-rows.js';
import { Kysely, PostgresDialect, type Dialect, type KyselyConfig, type LogEvent } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.generated.js';
import { pgParsers } from './pglite/parsers.mjs';
import { tarForPglite } from './pglite/tar-bytes.mjs';
import { PgliteWorkerDialect } from './pglite/driver.js';
import { PgliteWorkerClient, type PgliteQueryClient } from './pglite/worker-client.js';
import { lockDataDir } from './pglite/data-dir-lock.js';
import { takeEarlyPglite } from './pglite/early-open.js';
import { compilePgliteWasm } from './pglite/wasm.js';
import { withSnakeCaseCompiler } from './lists/snake-compiler.js';
import { withSupplierRole } from './supplier-role.js';
import { preparedFor, preparedStatements } from './lists/prepared-statements.js';
import { StatementCounter } from './statement-count.js';
import {
  embeddedAuthorityWatch,
  mayWrite,
  postgresAuthorityWatch,
  registerAuthority,
  standbyAuthorityWatch,
  type AuthorityWatch,
} from './authority-watch.js';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** When kind is pglite: the data directory as a tar (tests dump a seeded database and load copies). */
  dumpDataDir?: () => Promise<Uint8Array>;
  /** When PGlite runs in a worker thread: its client (tests stop the thread to see a crash answered). */
  pgliteWorker?: PgliteWorkerClient;
  /** When kind is postgres: the pool (metrics read its total, idle and waiting counts). */
  pgPool?: pg.Pool;
  /** Human description for logs; never contains a password. */
  description: string;
  /**
   * Tells `listener` every statement's time and outcome (the app's metrics); answers the way to stop.
   * Several apps may share one handle (tests), each with its own listener.
   */
  onQuery(listener: QueryListener): () => void;
  /** Counts every statement sent to the request (or other unit of work) that sent it (statement-count.ts). */
  statements: StatementCounter;
  /** The authority version as this server knows it without reading it (authority-watch.ts). */
  authority: AuthorityWatch;
  close(): Promise<void>;
}

type QueryListener = (event: { ms: number; ok: boolean }) => void;

/** Kysely's log hook, feeding the handle's listeners and the caller's own log function if any. */
function queryLog(listeners: Set<QueryListener>, log: KyselyConfig['log']): KyselyConfig['log'] {
  if (log && typeof log !== 'function') return log;
  return (event: LogEvent) => {
    for (const l of listeners) l({ ms: event.queryDurationMillis, ok: event.level === 'query' });
    if (log) return log(event);
  };
}

function listenerSet(): { listeners: Set<QueryListener>; onQuery: DbHandle['onQuery'] } {
  const listeners = new Set<QueryListener>();
  return {
    listeners,
    onQuery: (listener) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}

// underscoreBeforeDigits keeps the spec's TAX_NO_2 as tax_no_2 (taxNo2 in code); rows renamed by a
// function compiled per column list (camel-rows.ts), statements' names by the compiler (snake-compiler.ts).
const camelCase = () => new CompiledCamelCasePlugin({ underscoreBeforeDigits: true });

export interface ConnectOptions {
  /** postgres://… when set, else PGlite. */
  databaseUrl: string | null;
  /** PostgreSQL: where the authority watch LISTENs (past a pooler in transaction mode); default databaseUrl. */
  listenUrl?: string | null;
  /** PGlite data directory; null means in memory. */
  pgliteDir: string | null;
  /** PostgreSQL schema to use (tests isolate themselves this way). */
  searchPath?: string;
  /**
   * A PGlite data-dir dump (dumpDataDir's tar) to start from (tests load a seeded snapshot). In a worker thread
   * its buffer moves there: the caller's array is emptied.
   */
  loadDataDir?: Uint8Array;
  /** Kysely's query log (the API benchmark records the statements an operation runs). */
  log?: KyselyConfig['log'];
  /**
   * Where PGlite runs: 'worker' (default; the server always) — a worker thread, so a long query
   * does not stop the event loop; 'main' — in this thread, as before.
   */
  pgliteThread?: PgliteThread;
  /**
   * Run supplier-scoped statements as the gpms_supplier role under row-level security (default
   * true; supplier-role.ts). false only for bench/rls.ts, which measures what it costs.
   */
  supplierRole?: boolean;
  /** PostgreSQL: send repeated statements named (default true; prepared-statements.ts, DATABASE_PREPARED_STATEMENTS). */
  preparedStatements?: boolean;
  /**
   * PGlite in the worker: how long one transaction may hold the database thread before it is rolled
   * back (PGLITE_TRANSACTION_LIMIT_MS; default 30 s).
   */
  transactionLimitMs?: number;
  /**
   * PostgreSQL: the database is a hot standby (a streaming replica, DATABASE_REPLICA_URL) that only reads: no
   * authority listener (a standby cannot LISTEN) and no notice asked of its sessions (replica.ts).
   */
  standby?: boolean;
  /** PGlite's PostgreSQL already compiled (pglite/wasm.ts), where a process opens many databases: else each compiles it. */
  pgliteWasm?: WebAssembly.Module;
}

export type PgliteThread = 'main' | 'worker';

const roleAware = (dialect: Dialect, options: ConnectOptions, statements?: StatementCounter): Dialect => {
  const snake = withSnakeCaseCompiler(dialect);
  if (options.supplierRole === false) return snake;
  // On PostgreSQL a request may hold one connection for all its statements (a supplier's: one
  // transaction, its role set once); on PGlite each supplier statement stays one message of its own.
  return withSupplierRole(snake, statements ? () => statements.current()?.held : undefined);
};

export async function connect(options: ConnectOptions): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      // Waiting for a connection is bounded: with the database unreachable (a network cut: no
      // refusal, no answer) a request answers 503 DATABASE_UNAVAILABLE after 10 s instead of hanging
      // until the client gives up; long enough that a burst queued behind slow queries still waits.
      connectionTimeoutMillis: 10_000,
      // gpms.authority_notice: this server's sessions are told when they move the authority version (migration 0630).
      options:
        [
          options.standby ? '' : '-c gpms.authority_notice=on',
          options.searchPath ? `-c search_path=${options.searchPath}` : '',
        ]
          .filter((o) => o !== '')
          .join(' ') || undefined,
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
    // …and a client checked out between two statements (in a transaction) has no pool listener:
    // its 'error' event (57P01 on a fast stop, "Connection terminated unexpectedly") was an uncaught
    // exception that would end the process. The statement in progress or the next one fails with
    // it (answered 503 DATABASE_UNAVAILABLE) and the pool discards the client when it is released.
    // The lists' kept statements go named: parsed and planned once per connection (prepared-statements.ts).
    const prepared = options.preparedStatements === false ? null : preparedStatements();
    const statements = new StatementCounter();
    const authority = options.standby
      ? standbyAuthorityWatch()
      : postgresAuthorityWatch({ connectionString: options.listenUrl ?? options.databaseUrl });
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      // Whether this connection's transaction moved the authority version (the notice of migration 0630).
      let moved = false;
      client.on('notice', (notice) => {
        if (authority.announced(notice.message)) moved = true;
      });
      // Every statement on a pooled connection passes here (Kysely's, transaction control, the
      // prepared statements' upkeep below): each one is counted to the request that sent it. A
      // statement that committed a move of the authority version answers only once every server
      // holds the new number (authority-watch.ts): after that, none answers from the old authority.
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      client.query = ((...args: unknown[]) => {
        statements.count();
        const result = query(...args);
        if (typeof args[args.length - 1] === 'function' || !(result instanceof Promise)) return result;
        return result.then(async (value) => {
          if (moved && client.getTransactionStatus() === 'I') {
            moved = false;
            await authority.settle();
          }
          return value;
        });
      }) as typeof client.query;
      prepared?.attach(client);
    });
    const url = new URL(options.databaseUrl);
    const { listeners, onQuery } = listenerSet();
    const log = queryLog(listeners, options.log);
    const db = new Kysely<Database>({
      dialect: roleAware(new PostgresDialect({ pool }), options, statements),
      plugins: [camelCase()],
      log,
    });
    if (prepared) preparedFor(db.getExecutor(), prepared);
    registerAuthority(db, authority);
    // The benched lists' kept statements in array mode, on the pool as Kysely runs them (array-rows.ts).
    if (typeof log === 'function') {
      offerArrayRows(
        db,
        loggedRunner(async (q) => {
          const r = await pool.query<unknown[]>({ text: q.sql, values: [...q.parameters], rowMode: 'array' });
          return { columns: r.fields.map((f) => f.name), rows: r.rows };
        }, log),
      );
    }
    return {
      db,
      kind: 'postgres',
      pgPool: pool,
      onQuery,
      statements,
      authority,
      description: `PostgreSQL ${options.standby ? 'replica ' : ''}${url.hostname}:${url.port || 5432}${url.pathname}${options.searchPath ? ` (schema ${options.searchPath})` : ''}`,
      close: async () => {
        await authority.close();
        await pool.end();
      },
    };
  }
  if (options.pgliteDir) fs.mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
  // One process at a time in a data directory (data-dir-lock.ts): taken before PGlite opens it,
  // given back when the handle closes.
  const release = options.pgliteDir ? lockDataDir(options.pgliteDir) : () => undefined;
  try {
    const description = options.pgliteDir ? `PGlite ${options.pgliteDir}` : 'PGlite (in memory)';
    let handle: DbHandle;
    if ((options.pgliteThread ?? 'worker') === 'worker') {
      const worker = await PgliteWorkerClient.start({
        dataDir: options.pgliteDir,
        loadDataDir: options.loadDataDir,
        transactionLimitMs: options.transactionLimitMs,
        wasmModule: options.pgliteWasm,
      });
      handle = pgliteHandle(worker, `${description}, worker thread`, () => worker.dumpDataDir(), worker, options);
    } else {
      // Loaded only here: the server's PGlite is its worker thread's, and a restart's main thread need not load it.
      const [{ PGlite }, { PGliteDialect }] = await Promise.all([
        import('@electric-sql/pglite'),
        import('kysely-pglite-dialect'),
      ]);
      const client = await PGlite.create({
        dataDir: options.pgliteDir ?? undefined,
        loadDataDir: options.loadDataDir ? tarForPglite(options.loadDataDir) : undefined,
        pgliteWasmModule: options.pgliteWasm,
        parsers: pgParsers,
      });
      handle = pgliteHandle(
        client,
        description,
        async () => new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer()),
        undefined,
        options,
        new PGliteDialect(client),
      );
    }
    const close = handle.close;
    return {
      ...handle,
      close: async () => {
        try {
          await close();
        } finally {
          release();
        }
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

/**
 * PGlite in its worker thread on a data directory, the handle before the thread: `open()` starts the
 * thread on the directory, and what is sent before waits for it. The server builds its app with the handle
 * while the thread opens the database — a restart's two longest steps side by side, on the two cores
 * (server/db/open.ts). The directory's lock is taken now and given back when the handle closes.
 */
export function pgliteWorkerBeforeOpen(
  options: ConnectOptions & {
    pgliteDir: string;
    /**
     * PostgreSQL's WebAssembly compiled now (≈ 0.9 s of CPU, on V8's own threads) rather than when the thread
     * starts: a first start's restore waits for the seed's dump meanwhile.
     */
    compileWasmNow?: boolean;
  },
): {
  dbh: DbHandle;
  open: () => Promise<void>;
} {
  fs.mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
  // The thread server/boot.ts began on this directory before the modules loaded, if it did (early-open.ts).
  const { early, closed } = takeEarlyPglite(options.pgliteDir, options.transactionLimitMs);
  const lock = lockDataDir(options.pgliteDir);
  const release = () => {
    lock();
    early?.release();
  };
  const worker = early?.client ?? PgliteWorkerClient.unstarted();
  const wasm = !early && !options.pgliteWasm && options.compileWasmNow ? compilePgliteWasm() : undefined;
  wasm?.catch(() => undefined);
  const handle = pgliteHandle(
    worker,
    `PGlite ${options.pgliteDir}, worker thread`,
    () => worker.dumpDataDir(),
    worker,
    options,
  );
  const close = handle.close;
  return {
    dbh: {
      ...handle,
      close: async () => {
        try {
          await close();
        } finally {
          release();
        }
      },
    },
    open: async () => {
      if (early) return early.opened;
      // One begun early that is not this handle's is closed first: it may hold this very directory.
      await closed;
      return worker.begin({
        dataDir: options.pgliteDir,
        transactionLimitMs: options.transactionLimitMs,
        // Failed to compile here: the thread compiles its own (and says what fails).
        wasmModule: options.pgliteWasm ?? (await wasm?.catch(() => undefined)),
      });
    },
  };
}

function pgliteHandle(
  client: PgliteQueryClient,
  description: string,
  dumpDataDir: () => Promise<Uint8Array>,
  worker: PgliteWorkerClient | undefined,
  options: ConnectOptions,
  /** In this thread: kysely-pglite-dialect's dialect on `client`. */
  mainDialect?: Dialect,
): DbHandle {
  // In the worker thread: our driver (pglite/driver.ts) sends every statement at once and the thread
  // keeps a transaction's statements together. In this thread (PGLITE_THREAD=main):
  // kysely-pglite-dialect's driver (one connection: a queue, a transaction holds it from begin to
  // commit). withSupplierRole: a supplier's statement outside a transaction is wrapped in one of its own,
  // which holds that one connection for the statement only, not for the request.
  const { listeners, onQuery } = listenerSet();
  const statements = new StatementCounter();
  const authority = embeddedAuthorityWatch();
  // Every statement that may write (any but a plain SELECT; begin and commit included) makes the
  // authority version unknown until it is read again: this process is the only way into the database.
  if (worker) {
    worker.countStatements((n, sql) => {
      statements.count(n);
      if (sql === null || mayWrite(sql)) authority.mayHaveWritten();
    });
    // The worker's wait and hold figures by path: a request's (a supplier's or staff's), or none (jobs).
    worker.classifyPaths(() => {
      const tally = statements.current();
      return !tally ? 'job' : tally.supplier ? 'supplier' : 'staff';
    });
  } else {
    // In this thread kysely-pglite-dialect sends every statement through query().
    const query = client.query.bind(client);
    client.query = (sql, params) => {
      statements.count();
      if (mayWrite(sql)) authority.mayHaveWritten();
      return query(sql, params);
    };
  }
  const dialect = worker ? new PgliteWorkerDialect(worker) : mainDialect!;
  const log = queryLog(listeners, options.log);
  const db = new Kysely<Database>({ dialect: roleAware(dialect, options), plugins: [camelCase()], log });
  registerAuthority(db, authority);
  // In the worker thread the benched lists' kept statements are read as arrays (array-rows.ts); in
  // this thread (PGLITE_THREAD=main) through kysely-pglite-dialect's driver as objects.
  if (worker && typeof log === 'function')
    offerArrayRows(
      db,
      loggedRunner(async (q) => worker.queryArrays(q.sql, [...q.parameters]), log),
    );
  return {
    db,
    kind: 'pglite',
    onQuery,
    statements,
    authority,
    dumpDataDir,
    pgliteWorker: worker,
    description,
    close: async () => {
      await db.destroy();
    },
  };
}
