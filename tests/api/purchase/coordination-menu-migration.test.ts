import { expect } from 'vitest';
import { up } from '../../../server/db/migrations/1128-price-coordination-menus.js';
import { describeMenuMigration } from '../../helpers/menu-migration.js';

const LEAVES = ['PUR_SUBCON_COORDINATION', 'CY_AGREEMENT_COORDINATION'];

/**
 * Migration 1128 gives a database seeded before them the 납품대금 조정협의 menus: staff's at the level each group holds
 * on 단가계약 (the agreements' keepers answer the requests), the supplier's as 단가계약 조회 is granted. Remove them,
 * run the migration, compare; twice.
 */
describeMenuMigration('the 납품대금 조정협의 menus on a database seeded before them (migration 1128)', {
  leaves: LEAVES,
  up,
  test: 'adds the same rows and grants as the seed, once: the agreements’ groups at their level, suppliers as on 단가계약 조회',
  seeded: async ({ menus, grantsOf, grants }) => {
    expect(menus.map((m) => m.pgmId).sort()).toEqual([...LEAVES].sort());
    expect(grantsOf('PUR_SUBCON_COORDINATION')).toEqual(await grants('PUR_AGREEMENT'));
    expect(grantsOf('PUR_SUBCON_COORDINATION').find((g) => g.authGroupId === '20')).toEqual({
      authGroupId: '20',
      canRead: 'Y',
      canWrite: 'Y',
    });
    expect(grantsOf('CY_AGREEMENT_COORDINATION')).toEqual(await grants('CY_AGREEMENT'));
    expect(grantsOf('CY_AGREEMENT_COORDINATION').map((g) => g.authGroupId)).toEqual(['60', '61']);
  },
  unseed: async (db) => {
    await db.deleteFrom('menuAuth').where('pgmId', 'in', LEAVES).execute();
    await db.deleteFrom('menu').where('pgmId', 'in', LEAVES).execute();
  },
});
