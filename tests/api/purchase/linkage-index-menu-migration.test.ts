import { expect } from 'vitest';
import { up } from '../../../server/db/migrations/1122-linkage-index-menu.js';
import { describeMenuMigration } from '../../helpers/menu-migration.js';

const LEAVES = ['PUR_SUBCON_LINKAGE_INDEX'];

/**
 * Migration 1122 gives a database seeded before it the 연동 기준 지표 menu, at the level each group holds on 단가계약
 * (those who keep agreements keep the indexes their clauses name), as the seed gives a new one. Remove it, run the
 * migration, compare; twice. The seed places it after 하도급 이율, which migration 1163 adds later.
 */
describeMenuMigration('the 연동 기준 지표 menu on a database seeded before it (migration 1122)', {
  leaves: LEAVES,
  up,
  sortOrder: false,
  test: 'adds the same row and grants as the seed, once: the agreements’ groups at their level',
  seeded: async ({ menus, grantsOf, grants }) => {
    expect(menus.map((m) => m.pgmId)).toEqual(LEAVES);
    expect(grantsOf('PUR_SUBCON_LINKAGE_INDEX')).toEqual(await grants('PUR_AGREEMENT'));
    expect(grantsOf('PUR_SUBCON_LINKAGE_INDEX').length).toBeGreaterThan(0);
  },
  unseed: async (db) => {
    await db.deleteFrom('menuAuth').where('pgmId', 'in', LEAVES).execute();
    await db.deleteFrom('menu').where('pgmId', 'in', LEAVES).execute();
  },
});
