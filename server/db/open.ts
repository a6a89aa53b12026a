import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.js';
import { connect, type DbHandle, type PgliteThread } from './connect.js';
import { migrateToLatest } from './migrate.js';
import { lockDataDir } from './pglite/data-dir-lock.js';
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
 */
export async function openDatabase(
  config: Config,
  options: {
    pgliteThread?: PgliteThread;
    prepare?: (db: DbHandle['db']) => Promise<void>;
    restoreNew?: (pgliteDir: string) => Promise<boolean>;
  } = {},
): Promise<{ dbh: DbHandle; applied: string[] }> {
  // Before anything is written there: PGlite's files, keys and uploads are created owner-only.
  secureDataDir(config.dataDir, (message) => console.error(message));
  const pgliteDir = config.databaseUrl ? null : path.join(config.dataDir, 'pgdata');
  const thread = options.pgliteThread ?? 'worker';
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
      const applied = await migrateToLatest(dbh.db);
      await options.prepare?.(dbh.db);
      return { dbh, applied };
    } catch (err) {
      await dbh.close();
      throw err;
    }
  };
  if (config.databaseUrl || thread === 'main') return open(thread);
  // Held from the first open to the worker's: no other process slips in between (data-dir-lock.ts).
  const release = lockDataDir(pgliteDir!);
  try {
    const ready = fs.existsSync(pgliteDir!) || ((await options.restoreNew?.(pgliteDir!)) ?? false);
    if (ready) return await open('worker');
    const first = await open('main');
    await first.dbh.close();
    const dbh = await connect({
      databaseUrl: null,
      pgliteDir,
      pgliteThread: 'worker',
      transactionLimitMs: config.pgliteTransactionLimitMs,
    });
    return { dbh, applied: first.applied };
  } finally {
    release();
  }
}
