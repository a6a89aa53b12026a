import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m0001 from './migrations/0001-master-data.js';
import * as m0002 from './migrations/0002-purchase-orders.js';
import * as m0010 from './migrations/0010-auth.js';
import * as m0020 from './migrations/0020-purchasing.js';
import * as m0030 from './migrations/0030-fulfilment.js';
import * as m0040 from './migrations/0040-suppliers.js';
import * as m0050 from './migrations/0050-evaluation.js';
import * as m0060 from './migrations/0060-items.js';
import * as m0070 from './migrations/0070-reports-assets.js';
import * as m0080 from './migrations/0080-portal-admin.js';
import * as m0090 from './migrations/0090-security.js';
import * as m0100 from './migrations/0100-notifications.js';
import * as m0110 from './migrations/0110-purchasing-finish.js';
import * as m0120 from './migrations/0120-operations.js';
import * as m0130 from './migrations/0130-file-owner-indexes.js';
import * as m0230 from './migrations/0230-export-jobs.js';
import * as m0260 from './migrations/0260-po-list-totals.js';
import * as m0150 from './migrations/0150-supplier-self-service.js';
import * as m0190 from './migrations/0190-notification-ref.js';
import * as m0140 from './migrations/0140-supplier-applications.js';
import * as m0240 from './migrations/0240-company-number-counter.js';
import * as m0280 from './migrations/0280-report-summary.js';

/** Migrations are listed here in order; the name is the version recorded in the database. */
const migrations: Record<string, Migration> = {
  '0001-master-data': m0001,
  '0002-purchase-orders': m0002,
  '0010-auth': m0010,
  '0020-purchasing': m0020,
  '0030-fulfilment': m0030,
  '0040-suppliers': m0040,
  '0050-evaluation': m0050,
  '0060-items': m0060,
  '0070-reports-assets': m0070,
  '0080-portal-admin': m0080,
  '0090-security': m0090,
  '0100-notifications': m0100,
  '0110-purchasing-finish': m0110,
  '0120-operations': m0120,
  '0130-file-owner-indexes': m0130,
  '0230-export-jobs': m0230,
  '0260-po-list-totals': m0260,
  '0150-supplier-self-service': m0150,
  '0190-notification-ref': m0190,
  '0140-supplier-applications': m0140,
  '0240-company-number-counter': m0240,
  '0280-report-summary': m0280,
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
