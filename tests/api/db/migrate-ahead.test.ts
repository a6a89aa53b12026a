import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../../server/db/migrate.js';
import * as m1128 from '../../../server/db/migrations/1128-price-coordination-menus.js';
import { createSeededTestDb, type TestDb } from '../../helpers/test-db.js';

/**
 * A database one release migrated, opened by another (docs/operations.md "Upgrades"). One seeded database, the
 * cases in this order: the second leaves a migration no release of this code knows.
 */
describe('a database another release migrated', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createSeededTestDb();
  });
  afterAll(() => t.drop());

  it('runs a migration this release brings although an earlier release ran a higher-numbered one', async () => {
    // As a release that ran 1163 and 1181 but not 1128 left it (1121–1128 landed after 1181): 1128 undone and
    // forgotten. Kysely alone calls this "corrupted migrations" and the server would not start.
    const name = '1128-price-coordination-menus';
    await m1128.down(t.db as unknown as Kysely<unknown>);
    await sql`delete from kysely_migration where name = ${name}`.execute(t.db);
    const leaves = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from menu
          where pgm_id in ('PUR_SUBCON_COORDINATION', 'CY_AGREEMENT_COORDINATION')`.execute(t.db)
      ).rows[0].n;
    expect(await leaves()).toBe(0);

    await expect(migrateToLatest(t.db)).resolves.toEqual([name]);
    expect(await leaves()).toBe(2);
    const auth = await sql<{ n: number }>`select count(*)::int as n from menu_auth
      where pgm_id = 'PUR_SUBCON_COORDINATION' and can_write = 'Y'`.execute(t.db);
    expect(auth.rows[0].n).toBeGreaterThan(0);
  });

  it('is left as it is by a server of the previous release, which starts on it', async () => {
    // Rolling upgrade: every migration this release knows is applied and a newer one is there too; it starts
    // without migrating.
    await sql`insert into kysely_migration (name, timestamp) values ('9999-from-a-newer-release', ${new Date().toISOString()})`.execute(
      t.db,
    );
    await expect(migrateToLatest(t.db)).resolves.toEqual([]);
    const names = await sql<{ n: string }>`select name as n from kysely_migration order by name desc limit 1`.execute(
      t.db,
    );
    expect(names.rows[0].n).toBe('9999-from-a-newer-release');
  });
});
