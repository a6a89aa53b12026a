import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { connect, pgliteWorkerBeforeOpen, type DbHandle, type PgliteThread } from './connect.js';
import { migrateToLatest } from './migrate.js';
import { lockDataDir } from './pglite/data-dir-lock.js';
import { closeEarlyPglite } from './pglite/early-open.js';
import { secureDataDir } from '../storage/data-dir.js';

/**
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR),
 * migrates it and runs `prepare` (the demo seed on a first start). PGlite serves from a worker
 * thread; only benchmarks ask for the main thread, to compare. On a new data directory, migrations
 * and `prepare` — thousands of statements before the first request — run with PGlite in this
 * thread, where a statement does not pay a hop between threads (a first start with the demo seed:
 * 63 s through the worker, 45 s before it), and the worker then opens the same data directory. A
 * data directory that exists (a restart), or one `restoreNew` filled (a copy of the seeded demo
 * company, server/db/seed-dump.ts), has at most an upgrade's few migrations to run: the worker
 * opens it at once, and PGlite starts once instead of twice.
 *
 * `beside` (the server's app, built and its schemas warmed) runs with the worker's handle before the
 * thread has opened the database: the thread's start (≈ 1.5 s of CPU on a restart) and a first start's
 * wait for the seeded copy run while this thread builds the app; what `beside` sends waits for the open.
 * It must not depend on the migrations (building the app reads nothing). On PostgreSQL, or with PGlite in
 * this thread, it runs after the database is ready.
 */
export async function openDatabase<T = undefined>(
  config: Config,
  options: {
    pgliteThread?: PgliteThread;
    prepare?: (db: DbHandle['db']) => Promise<void>;
    restoreNew?: (pgliteDir: string) => Promise<boolean>;
    beside?: (dbh: DbHandle) => Promise<T>;
  } = {},
): Promise<{ dbh: DbHandle; applied: string[]; beside: T }> {
  // Before anything is written there: PGlite's files, keys and uploads are created owner-only.
  secureDataDir(config.dataDir, (message) => console.error(message));
  const pgliteDir = config.databaseUrl ? null : path.join(config.dataDir, 'pgdata');
  const thread = options.pgliteThread ?? 'worker';
  const migrateAndPrepare = async (dbh: DbHandle) => {
    const applied = await migrateToLatest(dbh.db);
    await options.prepare?.(dbh.db);
    return applied;
  };
  const open = async (pgliteThread: PgliteThread) => {
    const dbh = await connect({
      databaseUrl: config.databaseUrl,
      listenUrl: config.databaseListenUrl,
      pgliteDir,
      pgliteThread,
      preparedStatements: config.databasePreparedStatements,
      transactionLimitMs: config.pgliteTransactionLimitMs,
    });
    try {
      return { dbh, applied: await migrateAndPrepare(dbh) };
    } catch (err) {
      await dbh.close();
      throw err;
    }
  };
  const besideOf = async (dbh: DbHandle) => (options.beside ? await options.beside(dbh) : (undefined as T));
  if (config.databaseUrl || thread === 'main') {
    // A thread server/boot.ts began on a data directory is nobody's here: closed before anything opens one.
    await closeEarlyPglite();
    const opened = await open(thread);
    try {
      return { ...opened, beside: await besideOf(opened.dbh) };
    } catch (err) {
      await opened.dbh.close();
      throw err;
    }
  }
  // Held from the first open to the worker's: no other process slips in between (data-dir-lock.ts).
  const release = lockDataDir(pgliteDir!);
  try {
    const exists = fs.existsSync(pgliteDir!);
    const worker = pgliteWorkerBeforeOpen({
      databaseUrl: null,
      pgliteDir: pgliteDir!,
      transactionLimitMs: config.pgliteTransactionLimitMs,
      // A restore may wait for the seed's dump: the thread's WebAssembly is compiled meanwhile.
      compileWasmNow: !exists && options.restoreNew !== undefined,
    });
    const beside = besideOf(worker.dbh);
    // Awaited below; meanwhile its failure is not an unhandled rejection.
    beside.catch(() => undefined);
    try {
      let applied: string[];
      const ready = exists || ((await options.restoreNew?.(pgliteDir!)) ?? false);
      if (ready) {
        await worker.open();
        applied = await migrateAndPrepare(worker.dbh);
      } else {
        const first = await open('main');
        await first.dbh.close();
        applied = first.applied;
        await worker.open();
      }
      return { dbh: worker.dbh, applied, beside: await beside };
    } catch (err) {
      await worker.dbh.close();
      throw err;
    }
  } finally {
    release();
  }
}
