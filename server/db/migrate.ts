import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001-master-data.js';
import * as m0002 from './migrations/0002-purchase-orders.js';
import * as m0010 from './migrations/0010-auth.js';
import * as m0020 from './migrations/0020-purchasing.js';
import * as m0030 from './migrations/0030-fulfilment.js';
import * as m0090 from './migrations/0090-security.js';

/** Migrations are listed here in order; the name is the version recorded in the database. */
const migrations: Record<string, Migration> = {
  '0001-master-data': m0001,
  '0002-purchase-orders': m0002,
  '0010-auth': m0010,
  '0020-purchasing': m0020,
  '0030-fulfilment': m0030,
  '0090-security': m0090,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
