import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import { migrations } from './migrations/index.generated.js';

/**
 * The migrations are the files of server/db/migrations, found by `npm run codegen:migrations`
 * (index.generated.ts; `npm test` fails when it is stale). Kysely runs them in the order of their
 * names, which begin with the number (docs/contributing.md#a-migration).
 */
const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  // During a rolling upgrade (docs/operations.md "Upgrades") a server of the previous release may
  // (re)start on a database a newer release already migrated: every migration it knows is applied,
  // and newer ones it does not know are there too. Kysely calls that corrupted and refuses to start;
  // under expand/contract the old code runs on the expanded schema, so it starts without migrating.
  const known = await migrator.getMigrations();
  if (known.length > 0 && known.every((m) => m.executedAt !== undefined)) return [];
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${cause}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
