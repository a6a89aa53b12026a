import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompanyScopeViolation, scopeToCompany } from '../../../server/db/company-scope.js';
import { createSeededTestDb, type TestDb } from '../../helpers/test-db.js';

describe('scopeToCompany: one company’s view of the database', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createSeededTestDb();
  });
  afterAll(() => t.drop());

  it('limits plain selects, aliases and counts to the company', async () => {
    const scoped = scopeToCompany(t.db, 'C00001');
    const companies = await scoped.selectFrom('company').select('compNo').execute();
    expect(companies).toEqual([{ compNo: 'C00001' }]);
    const other = await scoped.selectFrom('company as c').select('c.compNo').where('c.compNo', '=', 'C00002').execute();
    expect(other).toEqual([]);
    const pos = await scoped
      .selectFrom('poHeader')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const all = await t.db
      .selectFrom('poHeader')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('compNo', '=', 'C00001')
      .executeTakeFirstOrThrow();
    expect(Number(pos.n)).toBe(Number(all.n));
    expect(Number(pos.n)).toBeGreaterThan(0);
  });

  it('limits joined tables in their ON clause, so an outer join keeps unrelated rows', async () => {
    const scoped = scopeToCompany(t.db, 'C00001');
    const rows = await scoped
      .selectFrom('employee as e')
      .leftJoin('appUser as u', 'u.singleid', 'e.singleid')
      .select(['e.singleid', 'u.userId'])
      .where('e.singleid', '=', 'E000001')
      .execute();
    // The employee is not company-owned and stays; its (internal) account is not C00001's, so it is hidden.
    expect(rows).toEqual([{ singleid: 'E000001', userId: null }]);
  });

  it('limits subqueries', async () => {
    const scoped = scopeToCompany(t.db, 'C00002');
    const buyers = await scoped
      .selectFrom('employee')
      .select('singleid')
      .where('singleid', 'in', t.db.selectFrom('poHeader').select('buyerId').where('compNo', '=', 'C00001'))
      .execute();
    expect(buyers).toEqual([]);
  });

  it('updates and deletes touch only the company’s rows', async () => {
    const scoped = scopeToCompany(t.db, 'C00002');
    const r = await scoped
      .updateTable('company')
      .set({ homepage: 'https://hacked.example' })
      .where('compNo', '=', 'C00001')
      .executeTakeFirst();
    expect(Number(r.numUpdatedRows)).toBe(0);
    const d = await scoped.deleteFrom('companyContact').where('compNo', '=', 'C00001').executeTakeFirst();
    expect(Number(d.numDeletedRows)).toBe(0);
    const contacts = await t.db.selectFrom('companyContact').select('seq').where('compNo', '=', 'C00001').execute();
    expect(contacts.length).toBeGreaterThan(0);
    const own = await scoped
      .updateTable('company')
      .set({ homepage: 'https://own.example' })
      .where('compNo', '=', 'C00002')
      .executeTakeFirst();
    expect(Number(own.numUpdatedRows)).toBe(1);
  });

  it('refuses an insert for another company and allows its own', async () => {
    const scoped = scopeToCompany(t.db, 'C00002');
    const row = {
      seq: 99,
      name: '홍길동',
      deptName: null,
      positionNm: null,
      phoneNo: null,
      cellPhoneNo: null,
      email: null,
    };
    await expect(
      scoped
        .insertInto('companyContact')
        .values({ ...row, compNo: 'C00001' })
        .execute(),
    ).rejects.toBeInstanceOf(CompanyScopeViolation);
    await expect(
      scoped
        .insertInto('companyContact')
        .values({ ...row, compNo: 'C00002' })
        .execute(),
    ).resolves.toBeDefined();
  });

  it('keeps the scope inside transactions', async () => {
    const scoped = scopeToCompany(t.db, 'C00001');
    const inside = await scoped.transaction().execute((trx) => trx.selectFrom('company').select('compNo').execute());
    expect(inside).toEqual([{ compNo: 'C00001' }]);
  });
});
