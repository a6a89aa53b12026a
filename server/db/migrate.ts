import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import { migrations } from './migrations/index.generated.js';

/**
 * The migrations are the files of server/db/migrations, found by `npm run codegen:migrations`
 * (index.generated.ts; `npm test` fails when it is stale). Kysely runs them in the order of their
 * names, which begin with the number (docs/contributing.md#a-migration).
 *
 * Unordered migrations are allowed: numbers are handed out in blocks ahead of the work, so a release can
 * bring a migration numbered below one an earlier release already ran (1121–1128 landed after 1163 and 1181).
 * Kysely alone calls that database corrupted and every server of the new release refuses to start on it; here
 * the missing migrations run, in the order of their names. Each migration is therefore written to stand on the
 * schema of every migration numbered below it, not on those above (tests/api/db/migrate-ahead.test.ts).
 */
const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
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
