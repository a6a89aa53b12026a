import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { up as up0650 } from '../../../server/db/migrations/0650-tax-invoice-menus.js';
import { up as up0942 } from '../../../server/db/migrations/0942-tax-settings-menus.js';
import { createSeededTestDb, type TestDb } from '../../helpers/test-db.js';

const LEAVES = [
  'WHS_SETTLE_TAX_INVOICE',
  'WHS_SETTLE_TAX_DEADLINE',
  'WHS_POSTING_TAX_EXCEPTION',
  'CY_SETTLE_TAX_INVOICE',
  'WHS_SETTLE_ITEM_TAX_TYPE',
  'WHS_SETTLE_SUPPLIER_TAX_TYPE',
  'WHS_SETTLE_PUBLIC_HOLIDAY',
];
/** Both migrations in their order, as a database seeded before either runs them. */
const up = async (db: Kysely<unknown>) => {
  await up0650(db);
  await up0942(db);
};

/**
 * Migrations 0650 and 0942 give a database seeded before the tax-invoice screens and the tax settings the
 * same menus and authority the seed gives a new one (those of 월정산, 기표현황 and the supplier's 월정산):
 * remove them, run both, compare; twice.
 */
describe('tax-invoice menus on a database seeded before them (migrations 0650, 0942)', () => {
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
        'sortOrder',
      ])
      .where('pgmId', 'in', LEAVES)
      .orderBy('pgmId')
      .execute(),
    auth: await t.db
      .selectFrom('menuAuth')
      .select(['pgmId', 'authGroupId', 'canRead', 'canWrite'])
      .where('pgmId', 'in', LEAVES)
      .orderBy('pgmId')
      .orderBy('authGroupId')
      .execute(),
  });
  const grants = (pgmId: string) =>
    t.db
      .selectFrom('menuAuth')
      .select(['authGroupId', 'canRead', 'canWrite'])
      .where('pgmId', '=', pgmId)
      .orderBy('authGroupId')
      .execute();

  it('adds the same rows and grants as the seed, once; each as its sibling settlement menu', async () => {
    const seeded = await snapshot();
    expect(seeded.menus).toHaveLength(7);
    const of = (id: string) => seeded.auth.filter((a) => a.pgmId === id).map(({ pgmId: _, ...g }) => g);
    expect(of('WHS_SETTLE_TAX_INVOICE')).toEqual(await grants('WHS_SETTLE_MONTHLY'));
    expect(of('WHS_SETTLE_TAX_DEADLINE')).toEqual(await grants('WHS_SETTLE_MONTHLY'));
    expect(of('WHS_POSTING_TAX_EXCEPTION')).toEqual(await grants('WHS_POSTING_VOUCHER'));
    expect(of('CY_SETTLE_TAX_INVOICE')).toEqual(await grants('CY_SETTLE_MONTHLY'));
    expect(of('CY_SETTLE_TAX_INVOICE').map((g) => g.authGroupId)).toEqual(['60', '61']);
    for (const id of ['WHS_SETTLE_ITEM_TAX_TYPE', 'WHS_SETTLE_SUPPLIER_TAX_TYPE', 'WHS_SETTLE_PUBLIC_HOLIDAY'])
      expect(of(id)).toEqual(await grants('WHS_SETTLE_MONTHLY'));

    await t.db.deleteFrom('menuAuth').where('pgmId', 'in', LEAVES).execute();
    await t.db.deleteFrom('menu').where('pgmId', 'in', LEAVES).execute();
    expect(await snapshot()).toEqual({ menus: [], auth: [] });
    await up(t.db as unknown as Kysely<unknown>);
    expect(await snapshot()).toEqual(seeded);
    await up(t.db as unknown as Kysely<unknown>);
    expect(await snapshot()).toEqual(seeded);
  });
});
