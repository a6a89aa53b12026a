import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { up } from '../../../server/db/migrations/0730-contract-clause-menu.js';
import { createSeededTestDb, type TestDb } from '../../helpers/test-db.js';

const LEAVES = ['PUR_CONTRACT_CLAUSE', 'PUR_CONTRACT_LIST'];

/**
 * Migration 0730 gives a database seeded before the clause library and the create screen the menus
 * the seed gives a new one: 계약 조항 with the authority of 계약 템플릿, and /contract/contractCreate a
 * screen of 계약 관리. Remove them, run it, compare; twice.
 */
describe('contract clause and create menus on a database seeded before them (migration 0730)', () => {
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

  it('adds the same rows and grants as the seed, once', async () => {
    const seeded = await snapshot();
    expect(seeded.menus).toHaveLength(2);
    const of = (id: string) => seeded.auth.filter((a) => a.pgmId === id).map(({ pgmId: _, ...g }) => g);
    expect(of('PUR_CONTRACT_CLAUSE')).toEqual(await grants('PUR_CONTRACT_TEMPLATE'));
    expect(seeded.menus.find((m) => m.pgmId === 'PUR_CONTRACT_LIST')!.sspSubUrls).toContain('/contract/contractCreate');

    await t.db.deleteFrom('menuAuth').where('pgmId', '=', 'PUR_CONTRACT_CLAUSE').execute();
    await t.db.deleteFrom('menu').where('pgmId', '=', 'PUR_CONTRACT_CLAUSE').execute();
    await t.db
      .updateTable('menu')
      .set({ sspSubUrls: ['/contract/contractDetail'] })
      .where('pgmId', '=', 'PUR_CONTRACT_LIST')
      .execute();
    await up(t.db as unknown as Kysely<unknown>);
    expect(await snapshot()).toEqual(seeded);
    await up(t.db as unknown as Kysely<unknown>);
    expect(await snapshot()).toEqual(seeded);
  });
});
