import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '../../../server/db/lists/compiled-once.js';
import { scopeToCompany } from '../../../server/db/company-scope.js';
import type { Db } from '../../../server/db/connect.js';
import { createEmptyTestDb, type TestDb } from '../../helpers/test-db.js';

describe('compiledOnce: a fixed statement compiled on its first run, sent as it is afterwards', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createEmptyTestDb();
  });
  afterAll(() => t.drop());

  it('builds once per handle and still reads the current rows (camelCase names, fresh values)', async () => {
    let builds = 0;
    const read = compiledOnce((db: Db) => {
      builds++;
      return db.selectFrom('authVersion').select(['id', 'version']).where('id', '=', 1);
    });
    const [first] = await read(t.db);
    await t.db
      .updateTable('authVersion')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .execute();
    const [second] = await read(t.db);
    expect(second).toEqual({ id: 1, version: Number(first.version) + 1 });
    await read(t.db);
    expect(builds).toBe(1);
  });

  it('through a handle with another plugin (a supplier’s scoped Db), builds every time so that plugin sees each statement', async () => {
    let builds = 0;
    const read = compiledOnce((db: Db) => {
      builds++;
      // A company's own row: the supplier role reads no authority table (migration 0550).
      return db.selectFrom('company').select('compNo').where('compNo', '=', 'C00001');
    });
    const scoped = scopeToCompany(t.db, 'C00001');
    await read(scoped);
    await read(scoped);
    expect(builds).toBe(2);
  });
});
