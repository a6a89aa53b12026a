import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { up } from '../../../server/db/migrations/0650-tax-invoice-menus.js';
import { createSeededTestDb, type TestDb } from '../../helpers/test-db.js';

const LEAVES = [
  'WHS_SETTLE_TAX_INVOICE',
  'WHS_SETTLE_TAX_DEADLINE',
  'WHS_POSTING_TAX_EXCEPTION',
  'CY_SETTLE_TAX_INVOICE',
];

/**
 * Migration 0650 gives a database seeded before the tax-invoice screens the same menus and
 * authority the seed gives a new one (those of 월정산, 기표현황 and the supplier's 월정산): remove
 * them, run it, compare; twice.
 */
describe('tax-invoice menus on a database seeded before them (migration 0650)', () => {
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
    expect(seeded.menus).toHaveLength(4);
    const of = (id: string) => seeded.auth.filter((a) => a.pgmId === id).map(({ pgmId: _, ...g }) => g);
    expect(of('WHS_SETTLE_TAX_INVOICE')).toEqual(await grants('WHS_SETTLE_MONTHLY'));
    expect(of('WHS_SETTLE_TAX_DEADLINE')).toEqual(await grants('WHS_SETTLE_MONTHLY'));
    expect(of('WHS_POSTING_TAX_EXCEPTION')).toEqual(await grants('WHS_POSTING_VOUCHER'));
    expect(of('CY_SETTLE_TAX_INVOICE')).toEqual(await grants('CY_SETTLE_MONTHLY'));
    expect(of('CY_SETTLE_TAX_INVOICE').map((g) => g.authGroupId)).toEqual(['60', '61']);

    await t.db.deleteFrom('menuAuth').where('pgmId', 'in', LEAVES).execute();
    await t.db.deleteFrom('menu').where('pgmId', 'in', LEAVES).execute();
    expect(await snapshot()).toEqual({ menus: [], auth: [] });
    await up(t.db as unknown as Kysely<unknown>);
    expect(await snapshot()).toEqual(seeded);
    await up(t.db as unknown as Kysely<unknown>);
    expect(await snapshot()).toEqual(seeded);
  });
});
