import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import { up as up0650 } from '../../../server/db/migrations/0650-tax-invoice-menus.js';
import { up as up0942 } from '../../../server/db/migrations/0942-tax-settings-menus.js';
import { up as up0980 } from '../../../server/db/migrations/0980-tax-invoice-match-menus.js';
import { up as up1162 } from '../../../server/db/migrations/1162-tax-invoice-amend-intake-menu.js';
import { describeMenuMigration } from '../../helpers/menu-migration.js';

const LEAVES = [
  'WHS_SETTLE_TAX_INVOICE',
  'WHS_SETTLE_TAX_DEADLINE',
  'WHS_POSTING_TAX_EXCEPTION',
  'CY_SETTLE_TAX_INVOICE',
  'WHS_SETTLE_ITEM_TAX_TYPE',
  'WHS_SETTLE_SUPPLIER_TAX_TYPE',
  'WHS_SETTLE_PUBLIC_HOLIDAY',
];
/** The migrations in their order, as a database seeded before any of them runs them. */
const up = async (db: Kysely<unknown>) => {
  await up0650(db);
  await up0942(db);
  await up0980(db);
  await up1162(db);
};

/**
 * Migrations 0650, 0942 and 0980 give a database seeded before the tax-invoice screens, the tax settings and the
 * match view the same menus (the match view a sub-screen of both portals' 세금계산서) and authority the seed gives a
 * new one (those of 월정산, 기표현황 and the supplier's 월정산): remove them, run all three, compare; twice.
 */
describeMenuMigration('tax-invoice menus on a database seeded before them (migrations 0650, 0942, 0980, 1162)', {
  leaves: LEAVES,
  up,
  test: 'adds the same rows and grants as the seed, once; each as its sibling settlement menu',
  // The seed places the supplier's 세금계산서 before 감액 서면 (migration 1163, later): a database that runs these
  // migrations without it numbers its settlement menus otherwise.
  sortOrder: false,
  seeded: async ({ menus, grantsOf, grants }) => {
    expect(menus).toHaveLength(7);
    const subs = (id: string) => menus.find((m) => m.pgmId === id)?.sspSubUrls;
    expect(subs('WHS_SETTLE_TAX_INVOICE')).toContain('/taxInvoiceMatch');
    expect(subs('CY_SETTLE_TAX_INVOICE')).toContain('/myTaxInvoiceMatch');
    expect(subs('CY_SETTLE_TAX_INVOICE')).toContain('/myTaxInvoiceAmendIntake');
    expect(grantsOf('WHS_SETTLE_TAX_INVOICE')).toEqual(await grants('WHS_SETTLE_MONTHLY'));
    expect(grantsOf('WHS_SETTLE_TAX_DEADLINE')).toEqual(await grants('WHS_SETTLE_MONTHLY'));
    expect(grantsOf('WHS_POSTING_TAX_EXCEPTION')).toEqual(await grants('WHS_POSTING_VOUCHER'));
    expect(grantsOf('CY_SETTLE_TAX_INVOICE')).toEqual(await grants('CY_SETTLE_MONTHLY'));
    expect(grantsOf('CY_SETTLE_TAX_INVOICE').map((g) => g.authGroupId)).toEqual(['60', '61']);
    for (const id of ['WHS_SETTLE_ITEM_TAX_TYPE', 'WHS_SETTLE_SUPPLIER_TAX_TYPE', 'WHS_SETTLE_PUBLIC_HOLIDAY'])
      expect(grantsOf(id)).toEqual(await grants('WHS_SETTLE_MONTHLY'));
  },
  unseed: async (db) => {
    await db.deleteFrom('menuAuth').where('pgmId', 'in', LEAVES).execute();
    await db.deleteFrom('menu').where('pgmId', 'in', LEAVES).execute();
    expect(await db.selectFrom('menu').select('pgmId').where('pgmId', 'in', LEAVES).execute()).toEqual([]);
  },
});
