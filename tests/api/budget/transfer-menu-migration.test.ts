import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { up } from '../../../server/db/migrations/0451-budget-transfer-menu.js';
import { up as up0501 } from '../../../server/db/migrations/0501-budget-import-menu.js';
import { createSeededTestDb, type TestDb } from '../../helpers/test-db.js';

/**
 * Migration 0451 gives a database seeded before budget transfers the same 예산전용 menu, authority
 * (that of 예산관리) and DOC_TYPE code the seed gives a new one: remove them, run it, compare; twice.
 */
describe('budget transfer menu and document type on a database seeded before them (migration 0451)', () => {
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
      .where('pgmId', '=', 'PUR_BUDGET_TRANSFER')
      .execute(),
    auth: await t.db
      .selectFrom('menuAuth')
      .select(['authGroupId', 'canRead', 'canWrite'])
      .where('pgmId', '=', 'PUR_BUDGET_TRANSFER')
      .orderBy('authGroupId')
      .execute(),
    code: await t.db
      .selectFrom('code')
      .select(['code', 'textKo', 'textEn', 'sortOrder'])
      .where('groupId', '=', 'DOC_TYPE')
      .where('code', '=', 'BUDGET')
      .execute(),
  });

  it('adds the same rows and grants as the seed, once; the grants are those of 예산관리', async () => {
    const seeded = await snapshot();
    expect(seeded.menus).toHaveLength(1);
    expect(seeded.code).toEqual([{ code: 'BUDGET', textKo: '예산전용', textEn: 'Budget transfer', sortOrder: 50 }]);
    const manage = await t.db
      .selectFrom('menuAuth')
      .select(['authGroupId', 'canRead', 'canWrite'])
      .where('pgmId', '=', 'PUR_BUDGET_MANAGE')
      .orderBy('authGroupId')
      .execute();
    expect(seeded.auth).toEqual(manage);
    expect(seeded.auth.filter((a) => a.canWrite === 'Y').map((a) => a.authGroupId)).toEqual(
      expect.arrayContaining(['10', '20', '50', '99']),
    );

    // A database of before: neither 예산전용 nor 예산 연계 (0501, after it) yet.
    await t.db.deleteFrom('menuAuth').where('pgmId', 'in', ['PUR_BUDGET_TRANSFER', 'PUR_BUDGET_IMPORT']).execute();
    await t.db.deleteFrom('menu').where('pgmId', 'in', ['PUR_BUDGET_TRANSFER', 'PUR_BUDGET_IMPORT']).execute();
    // …nor the document types that came after it (agreements, change orders, contracts): 0451 numbers BUDGET after the last.
    await t.db.deleteFrom('code').where('groupId', '=', 'DOC_TYPE').where('sortOrder', '>=', 50).execute();
    expect(await snapshot()).toEqual({ menus: [], auth: [], code: [] });
    await up(t.db as unknown as Kysely<unknown>);
    expect(await snapshot()).toEqual(seeded);
    await up(t.db as unknown as Kysely<unknown>);
    expect(await snapshot()).toEqual(seeded);
    await up0501(t.db as unknown as Kysely<unknown>);
  });

  it('0501 adds 예산 연계 (/budget/budgetImport) as the seed does: read where 예산관리 is read, write for 99 only; once', async () => {
    const imports = async () => ({
      menus: await t.db
        .selectFrom('menu')
        .select(['pgmId', 'parentId', 'depth', 'pgmName', 'pgmNameEn', 'sspUrl', 'leaf', 'portal', 'sortOrder'])
        .where('pgmId', '=', 'PUR_BUDGET_IMPORT')
        .execute(),
      auth: await t.db
        .selectFrom('menuAuth')
        .select(['authGroupId', 'canRead', 'canWrite'])
        .where('pgmId', '=', 'PUR_BUDGET_IMPORT')
        .orderBy('authGroupId')
        .execute(),
    });
    const seeded = await imports();
    expect(seeded.menus).toHaveLength(1);
    const manage = await t.db
      .selectFrom('menuAuth')
      .select(['authGroupId', 'canRead'])
      .where('pgmId', '=', 'PUR_BUDGET_MANAGE')
      .orderBy('authGroupId')
      .execute();
    expect(seeded.auth.map(({ authGroupId, canRead }) => ({ authGroupId, canRead }))).toEqual(manage);
    expect(seeded.auth.filter((a) => a.canWrite === 'Y').map((a) => a.authGroupId)).toEqual(['99']);
    await t.db.deleteFrom('menuAuth').where('pgmId', '=', 'PUR_BUDGET_IMPORT').execute();
    await t.db.deleteFrom('menu').where('pgmId', '=', 'PUR_BUDGET_IMPORT').execute();
    await up0501(t.db as unknown as Kysely<unknown>);
    expect(await imports()).toEqual(seeded);
    await up0501(t.db as unknown as Kysely<unknown>);
    expect(await imports()).toEqual(seeded);
  });
});
