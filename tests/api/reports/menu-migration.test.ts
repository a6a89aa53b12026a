import { expect } from 'vitest';
import { up } from '../../../server/db/migrations/1000-spend-cube-menu.js';
import { up as upAnalysis } from '../../../server/db/migrations/1181-spend-analysis-menus.js';
import { describeMenuMigration } from '../../helpers/menu-migration.js';

const LEAVES = ['RPT_SPEND_CUBE'];
const ANALYSIS_LEAVES = ['RPT_SAVINGS', 'RPT_MAVERICK', 'RPT_SUPPLIER_SERVICE', 'RPT_SUPPLIER_DEPENDENCY'];

/**
 * Migration 1000 gives a database seeded before the spend cube's screen the menu row and authority the
 * seed gives a new one: /spendCube under 리포트 › 월간 리포트, at each group's level on monthlyReport01
 * (whose authority governs the cube's operation). Remove it, run the migration, compare; twice.
 */
describeMenuMigration('the spend cube menu on a database seeded before it (migration 1000)', {
  leaves: LEAVES,
  up,
  test: 'adds the same row and grants as the seed, once; as the spend reports’ first menu',
  seeded: async ({ menus, grantsOf, grants }) => {
    expect(menus).toHaveLength(1);
    expect(menus[0]).toMatchObject({ pgmId: 'RPT_SPEND_CUBE', parentId: 'RPT_MONTHLY', sspUrl: '/spendCube' });
    expect(grantsOf('RPT_SPEND_CUBE')).toEqual(await grants('RPT_MONTHLY_01'));
    expect(grantsOf('RPT_SPEND_CUBE').length).toBeGreaterThan(5);
  },
  // A database seeded before the cube has none of the menus that came after it (migration 1181's) either: the
  // cube takes the place after the reports it had then.
  unseed: async (db) => {
    await db
      .deleteFrom('menuAuth')
      .where('pgmId', 'in', [...LEAVES, ...ANALYSIS_LEAVES])
      .execute();
    await db
      .deleteFrom('menu')
      .where('pgmId', 'in', [...LEAVES, ...ANALYSIS_LEAVES])
      .execute();
  },
});

/**
 * Migration 1181 does the same for the screens beside the cube — savings, maverick spend, supplier service
 * and dependency: after it, in that order, each at the spend reports' first menu's level.
 */
describeMenuMigration('the spend-analysis menus on a database seeded before them (migration 1181)', {
  leaves: ANALYSIS_LEAVES,
  up: upAnalysis,
  test: 'adds the same rows and grants as the seed, once; as the spend reports’ first menu',
  seeded: async ({ menus, grantsOf, grants }) => {
    // By menu id; the sort order (compared after the migration) keeps the seed's order.
    expect(menus.map((m) => [m.pgmId, m.parentId, m.sspUrl])).toEqual([
      ['RPT_MAVERICK', 'RPT_MONTHLY', '/maverickSpend'],
      ['RPT_SAVINGS', 'RPT_MONTHLY', '/spendSavings'],
      ['RPT_SUPPLIER_DEPENDENCY', 'RPT_MONTHLY', '/supplierDependency'],
      ['RPT_SUPPLIER_SERVICE', 'RPT_MONTHLY', '/supplierService'],
    ]);
    for (const id of ANALYSIS_LEAVES) expect(grantsOf(id)).toEqual(await grants('RPT_MONTHLY_01'));
  },
  unseed: async (db) => {
    await db.deleteFrom('menuAuth').where('pgmId', 'in', ANALYSIS_LEAVES).execute();
    await db.deleteFrom('menu').where('pgmId', 'in', ANALYSIS_LEAVES).execute();
  },
});
