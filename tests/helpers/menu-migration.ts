import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/schema.generated.js';
import { createSeededTestDb, type TestDb } from './test-db.js';

type Grant = { authGroupId: string; canRead: 'Y' | 'N'; canWrite: 'Y' | 'N' };

/** What a menu migration's test checks of the freshly seeded rows before taking them away. */
export interface SeededMenus {
  menus: Array<Record<string, unknown> & { pgmId: string }>;
  /** The seeded grants of one of the leaves. */
  grantsOf: (pgmId: string) => Grant[];
  /** The grants of any menu now (a sibling whose authority the new menu copies). */
  grants: (pgmId: string) => Promise<Grant[]>;
  /** What `spec.extra` read of the seeded database (other rows the migration adds: a code, …). */
  extra: unknown;
}

/**
 * The test of a migration that adds menus to a database seeded before them: seed a database, check
 * the seed's rows (`seeded`), take them away as an old database lacks them (`unseed`), run the
 * migration, and compare with what the seed gave — twice, so that running it again changes nothing.
 * `extra` reads other rows the migration adds besides the menus (compared the same way).
 */
export function describeMenuMigration(
  title: string,
  spec: {
    leaves: readonly string[];
    up: (db: Kysely<unknown>) => Promise<void>;
    seeded: (seed: SeededMenus) => Promise<void>;
    unseed: (db: Kysely<Database>) => Promise<void>;
    extra?: (db: Kysely<Database>) => Promise<unknown>;
    /**
     * false: the menus' sort order is not compared — the seed places them among menus that later
     * migrations add, so an old database running this migration alone numbers them otherwise.
     */
    sortOrder?: boolean;
    test?: string;
  },
): void {
  describe(title, () => {
    let t: TestDb;
    beforeAll(async () => {
      t = await createSeededTestDb();
    }, 120_000);
    afterAll(() => t?.drop());

    const snapshot = async () => ({
      menus: await t.db
        .selectFrom('menu')
        .select([
          'pgmId',
          'parentId',
          'depth',
          'pgmName',
          'pgmNameEn',
          'sspUrl',
          'sspSubUrls',
          'leaf',
          'portal',
          ...(spec.sortOrder === false ? [] : (['sortOrder'] as const)),
        ])
        .where('pgmId', 'in', spec.leaves)
        .orderBy('pgmId')
        .execute(),
      auth: await t.db
        .selectFrom('menuAuth')
        .select(['pgmId', 'authGroupId', 'canRead', 'canWrite'])
        .where('pgmId', 'in', spec.leaves)
        .orderBy('pgmId')
        .orderBy('authGroupId')
        .execute(),
      extra: spec.extra ? await spec.extra(t.db) : null,
    });

    it(spec.test ?? 'adds the same rows and grants as the seed, once', async () => {
      const before = await snapshot();
      await spec.seeded({
        menus: before.menus,
        grantsOf: (id) => before.auth.filter((a) => a.pgmId === id).map(({ pgmId: _, ...g }) => g),
        grants: (pgmId) =>
          t.db
            .selectFrom('menuAuth')
            .select(['authGroupId', 'canRead', 'canWrite'])
            .where('pgmId', '=', pgmId)
            .orderBy('authGroupId')
            .execute(),
        extra: before.extra,
      });
      await spec.unseed(t.db);
      const up = () => spec.up(t.db as unknown as Kysely<unknown>);
      await up();
      expect(await snapshot()).toEqual(before);
      await up();
      expect(await snapshot()).toEqual(before);
    });
  });
}
