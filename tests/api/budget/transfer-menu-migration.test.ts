import { expect } from 'vitest';
import { up } from '../../../server/db/migrations/0451-budget-transfer-menu.js';
import { up as up0501 } from '../../../server/db/migrations/0501-budget-import-menu.js';
import { describeMenuMigration } from '../../helpers/menu-migration.js';

/**
 * Migration 0451 gives a database seeded before budget transfers the same 예산전용 menu, authority
 * (that of 예산관리) and DOC_TYPE code the seed gives a new one: remove them, run it, compare; twice.
 */
describeMenuMigration('budget transfer menu and document type on a database seeded before them (migration 0451)', {
  leaves: ['PUR_BUDGET_TRANSFER'],
  up,
  test: 'adds the same rows and grants as the seed, once; the grants are those of 예산관리',
  extra: (db) =>
    db
      .selectFrom('code')
      .select(['code', 'textKo', 'textEn', 'sortOrder'])
      .where('groupId', '=', 'DOC_TYPE')
      .where('code', '=', 'BUDGET')
      .execute(),
  seeded: async ({ menus, grantsOf, grants, extra }) => {
    expect(menus).toHaveLength(1);
    expect(extra).toEqual([{ code: 'BUDGET', textKo: '예산전용', textEn: 'Budget transfer', sortOrder: 50 }]);
    const auth = grantsOf('PUR_BUDGET_TRANSFER');
    expect(auth).toEqual(await grants('PUR_BUDGET_MANAGE'));
    expect(auth.filter((a) => a.canWrite === 'Y').map((a) => a.authGroupId)).toEqual(
      expect.arrayContaining(['10', '20', '50', '99']),
    );
  },
  unseed: async (db) => {
    // A database of before: neither 예산전용 nor 예산 연계 (0501, after it) yet…
    await db.deleteFrom('menuAuth').where('pgmId', 'in', ['PUR_BUDGET_TRANSFER', 'PUR_BUDGET_IMPORT']).execute();
    await db.deleteFrom('menu').where('pgmId', 'in', ['PUR_BUDGET_TRANSFER', 'PUR_BUDGET_IMPORT']).execute();
    // …nor the document types that came after it (agreements, change orders, contracts): 0451 numbers BUDGET after the last.
    await db.deleteFrom('code').where('groupId', '=', 'DOC_TYPE').where('sortOrder', '>=', 50).execute();
  },
});

/** Migration 0501 adds 예산 연계 (/budget/budgetImport) as the seed does. */
describeMenuMigration('budget import menu on a database seeded before it (migration 0501)', {
  leaves: ['PUR_BUDGET_IMPORT'],
  up: up0501,
  test: 'adds 예산 연계 as the seed does: read where 예산관리 is read, write for 99 only; once',
  seeded: async ({ menus, grantsOf, grants }) => {
    expect(menus).toHaveLength(1);
    const auth = grantsOf('PUR_BUDGET_IMPORT');
    const manage = await grants('PUR_BUDGET_MANAGE');
    expect(auth.map(({ authGroupId, canRead }) => ({ authGroupId, canRead }))).toEqual(
      manage.map(({ authGroupId, canRead }) => ({ authGroupId, canRead })),
    );
    expect(auth.filter((a) => a.canWrite === 'Y').map((a) => a.authGroupId)).toEqual(['99']);
  },
  unseed: async (db) => {
    await db.deleteFrom('menuAuth').where('pgmId', '=', 'PUR_BUDGET_IMPORT').execute();
    await db.deleteFrom('menu').where('pgmId', '=', 'PUR_BUDGET_IMPORT').execute();
  },
});
