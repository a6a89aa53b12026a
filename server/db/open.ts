import path from 'node:path';
import type { Config } from '../config.js';
import { connect, type DbHandle } from './connect.js';
import { migrateToLatest } from './migrate.js';

/** Opens the configured database (PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR) and migrates it. */
export async function openDatabase(config: Config): Promise<{ dbh: DbHandle; applied: string[] }> {
  const dbh = await connect({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? null : path.join(config.dataDir, 'pgdata'),
  });
  try {
    const applied = await migrateToLatest(dbh.db);
    return { dbh, applied };
  } catch (err) {
    await dbh.close();
    throw err;
  }
}
