import { expect } from 'vitest';
import { up } from '../../../server/db/migrations/1110-subcon-menus.js';
import { describeMenuMigration } from '../../helpers/menu-migration.js';

const LEAVES = ['PUR_SUBCON_RULE', 'PUR_SUBCON_COMPLIANCE'];
const ROWS = ['PUR_SUBCON', ...LEAVES];

/**
 * Migration 1110 gives a database seeded before the 하도급 screens the group, its two leaves and the authority the
 * seed gives a new one: the order requests' level, the rules read-only for the operators (20). Remove them, run
 * the migration, compare; twice.
 */
describeMenuMigration('the 하도급 menus on a database seeded before them (migration 1110)', {
  leaves: ROWS,
  up,
  test: 'adds the same rows and grants as the seed, once; the operators read the rules without changing them',
  seeded: async ({ menus, grantsOf, grants }) => {
    expect(menus.map((m) => m.pgmId).sort()).toEqual([...ROWS].sort());
    expect(grantsOf('PUR_SUBCON_COMPLIANCE')).toEqual(await grants('PUR_ORDER_REQUEST'));
    const rule = grantsOf('PUR_SUBCON_RULE');
    expect(rule.find((g) => g.authGroupId === '20')).toEqual({ authGroupId: '20', canRead: 'Y', canWrite: 'N' });
    expect(rule.find((g) => g.authGroupId === '10')).toEqual({ authGroupId: '10', canRead: 'Y', canWrite: 'Y' });
  },
  unseed: async (db) => {
    // A database seeded before 1110 has none of the later 하도급 menus either (1122 adds the linkage indexes', 1128
    // the 조정협의's, 1163 the rates'): every other child of the group goes too, whichever migration adds it.
    const children = await db.selectFrom('menu').select('pgmId').where('parentId', '=', 'PUR_SUBCON').execute();
    const later = children.map((m) => m.pgmId).filter((id) => !LEAVES.includes(id));
    expect(later).toEqual(
      expect.arrayContaining(['PUR_SUBCON_RATE', 'PUR_SUBCON_LINKAGE_INDEX', 'PUR_SUBCON_COORDINATION']),
    );
    await db.deleteFrom('menuAuth').where('pgmId', 'in', later).execute();
    await db.deleteFrom('menu').where('pgmId', 'in', later).execute();
    await db.deleteFrom('menuAuth').where('pgmId', 'in', ROWS).execute();
    await db.deleteFrom('menu').where('pgmId', 'in', LEAVES).execute();
    await db.deleteFrom('menu').where('pgmId', '=', 'PUR_SUBCON').execute();
  },
});
