import { expect } from 'vitest';
import { up } from '../../../server/db/migrations/0730-contract-clause-menu.js';
import { describeMenuMigration } from '../../helpers/menu-migration.js';

/**
 * Migration 0730 gives a database seeded before the clause library and the create screen the menus
 * the seed gives a new one: 계약 조항 with the authority of 계약 템플릿, and /contract/contractCreate a
 * screen of 계약 관리. Remove them, run it, compare; twice.
 */
describeMenuMigration('contract clause and create menus on a database seeded before them (migration 0730)', {
  leaves: ['PUR_CONTRACT_CLAUSE', 'PUR_CONTRACT_LIST'],
  up,
  seeded: async ({ menus, grantsOf, grants }) => {
    expect(menus).toHaveLength(2);
    expect(grantsOf('PUR_CONTRACT_CLAUSE')).toEqual(await grants('PUR_CONTRACT_TEMPLATE'));
    expect(menus.find((m) => m.pgmId === 'PUR_CONTRACT_LIST')!.sspSubUrls).toContain('/contract/contractCreate');
  },
  unseed: async (db) => {
    await db.deleteFrom('menuAuth').where('pgmId', '=', 'PUR_CONTRACT_CLAUSE').execute();
    await db.deleteFrom('menu').where('pgmId', '=', 'PUR_CONTRACT_CLAUSE').execute();
    await db
      .updateTable('menu')
      .set({ sspSubUrls: ['/contract/contractDetail'] })
      .where('pgmId', '=', 'PUR_CONTRACT_LIST')
      .execute();
  },
});
