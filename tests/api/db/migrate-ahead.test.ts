import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../server/db/migrate.js';
import { createSeededTestDb, type TestDb } from '../../helpers/test-db.js';

/**
 * Rolling upgrade: a server of the previous release restarts after a newer
 * release migrated the database. Every migration it knows is applied and a newer one is there
 * too; it starts without migrating (Kysely alone refuses: "corrupted migrations").
 */
describe('a database a newer release has migrated', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createSeededTestDb();
  });
  afterAll(() => t.drop());

  it('is left as it is by this release, which starts on it', async () => {
    await sql`insert into kysely_migration (name, timestamp) values ('9999-from-a-newer-release', ${new Date().toISOString()})`.execute(
      t.db,
    );
    await expect(migrateToLatest(t.db)).resolves.toEqual([]);
    const names = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(
      t.db,
    );
    expect(names.rows[0].name).toBe('9999-from-a-newer-release');
  });
});
