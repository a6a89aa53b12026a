import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import { up as upTenders } from '../../../server/db/migrations/0441-bidding-menu.js';
import { up as upAuctions } from '../../../server/db/migrations/0461-auction-menu.js';
import { up as upAuctionScreens } from '../../../server/db/migrations/0480-auction-screens-menu.js';
import { describeMenuMigration } from '../../helpers/menu-migration.js';

const IDS = [
  'PUR_BID',
  'PUR_BID_TENDER',
  'PUR_BID_OPEN',
  'PUR_BID_AUCTION',
  'CY_BID',
  'CY_BID_MAIN',
  'CY_BID_TENDER',
  'CY_BID_AUCTION',
];

/**
 * Migrations 0441, 0461 (the auction menus) and 0480 (the auction screens' sub-URLs, the supplier's list) give a
 * database seeded before tenders the same tender menus and authority the seed gives a new one: remove them from a
 * seeded database, run the migrations, compare; twice.
 */
describeMenuMigration('tender menus on a database seeded before them (migration 0441)', {
  leaves: IDS,
  // The seed numbers 전자입찰 and 입찰 among menus added after 0441.
  sortOrder: false,
  up: async (db: Kysely<unknown>) => {
    await upTenders(db);
    await upAuctions(db);
    await upAuctionScreens(db);
  },
  seeded: async ({ menus, grantsOf }) => {
    expect(menus).toHaveLength(8);
    // Staff 10 and 20 write the internal screens; suppliers 60 and 61 the external one; users (30) have none.
    const grant = (g: string, id: string) => grantsOf(id).find((a) => a.authGroupId === g);
    for (const g of ['10', '20']) expect(grant(g, 'PUR_BID_OPEN')?.canWrite, g).toBe('Y');
    for (const g of ['60', '61']) expect(grant(g, 'CY_BID_TENDER')?.canWrite, g).toBe('Y');
    expect(grant('30', 'PUR_BID_TENDER')).toBeUndefined();
    expect(grant('40', 'PUR_BID_TENDER')?.canWrite).toBe('N');
    for (const g of ['10', '20']) expect(grant(g, 'PUR_BID_AUCTION')?.canWrite, g).toBe('Y');
    for (const g of ['60', '61']) expect(grant(g, 'CY_BID_AUCTION')?.canWrite, g).toBe('Y');
  },
  unseed: async (db) => {
    await db.deleteFrom('menuAuth').where('pgmId', 'in', IDS).execute();
    // The leaves (three parts) before their parents.
    await db
      .deleteFrom('menu')
      .where(
        'pgmId',
        'in',
        IDS.filter((id) => id.split('_').length === 3),
      )
      .execute();
    await db.deleteFrom('menu').where('pgmId', 'in', IDS).execute();
  },
});
