import { expect } from 'vitest';
import { up } from '../../../server/db/migrations/1163-subcon-screen-menus.js';
import { describeMenuMigration } from '../../helpers/menu-migration.js';

const LEAVES = ['PUR_SUBCON_RATE', 'CY_SETTLE_REDUCTION'];

/**
 * Migration 1163 gives a database seeded before them the 하도급 rate table's menu (as 하도급 대상 규칙 is granted: the
 * operators read it) and the supplier's 감액 서면 menu (as 월정산 is granted), with the authority the seed gives a
 * new one. Remove them, run the migration, compare; twice.
 */
describeMenuMigration('the 하도급 rate and 감액 서면 menus on a database seeded before them (migration 1163)', {
  leaves: LEAVES,
  up,
  // The seed places 연동 기준 지표 (migration 1122, earlier) after 하도급 이율: run alone, 1163 numbers the rates after it.
  sortOrder: false,
  test: 'adds the same rows and grants as the seed, once; the operators read the rates, suppliers acknowledge',
  seeded: async ({ menus, grantsOf, grants }) => {
    expect(menus.map((m) => m.pgmId).sort()).toEqual([...LEAVES].sort());
    expect(grantsOf('PUR_SUBCON_RATE')).toEqual(await grants('PUR_SUBCON_RULE'));
    expect(grantsOf('PUR_SUBCON_RATE').find((g) => g.authGroupId === '20')).toEqual({
      authGroupId: '20',
      canRead: 'Y',
      canWrite: 'N',
    });
    expect(grantsOf('CY_SETTLE_REDUCTION')).toEqual(await grants('CY_SETTLE_MONTHLY'));
    expect(grantsOf('CY_SETTLE_REDUCTION').map((g) => g.authGroupId)).toEqual(['60', '61']);
  },
  unseed: async (db) => {
    await db.deleteFrom('menuAuth').where('pgmId', 'in', LEAVES).execute();
    await db.deleteFrom('menu').where('pgmId', 'in', LEAVES).execute();
  },
});
