import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, type Flow } from '../purchase/helpers.js';

/**
 * The filters, sort and page the change-request and status-request lists share
 * (server/modules/suppliers/request-flow.ts), each checked against the seeded rows read
 * straight from the database: company number (any case), a part of the name, several states,
 * sorting by the joined company's name, a page.
 */
describe('supplier request lists: shared filters, sort and page', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = { ...client(t), u: await logins(t, ['monitor']) };
  });
  afterAll(() => t.close());

  type Row = { reqNo: string; compNo: string; compNameKr: string; status: string };
  // Each request table with its company, ordered as the lists order by the company name.
  const rowsOf = (table: 'companyStatusRequest' | 'companyChangeRequest'): Promise<Row[]> =>
    (table === 'companyStatusRequest'
      ? t.db.db.selectFrom('companyStatusRequest as r')
      : t.db.db.selectFrom('companyChangeRequest as r')
    )
      .innerJoin('company as c', 'c.compNo', 'r.compNo')
      .select(['r.reqNo', 'r.compNo', 'c.compNameKr', 'r.status'])
      .orderBy('c.compNameKr', 'asc')
      .orderBy('r.reqNo', 'desc')
      .execute();
  const lists = [
    { url: '/api/v1/supplier-status-requests', table: 'companyStatusRequest' as const },
    { url: '/api/v1/company-change-requests', table: 'companyChangeRequest' as const },
  ];

  for (const { url, table } of lists) {
    it(`${url}`, async () => {
      const seeded = await rowsOf(table);
      expect(seeded.length).toBeGreaterThan(2);
      const get = async (query: string) =>
        ok<{ rows: Row[]; total: number }>(await f.get(`${url}?size=500&${query}`, f.u.monitor));
      const nos = (rows: Array<{ reqNo: string }>) => rows.map((r) => r.reqNo).sort();

      const one = seeded[0];
      const byComp = await get(`compNo=${one.compNo.toLowerCase()}`);
      expect(nos(byComp.rows)).toEqual(nos(seeded.filter((r) => r.compNo === one.compNo)));

      const part = one.compNameKr.slice(1, 3);
      const byName = await get(`compNameKr=${encodeURIComponent(part)}`);
      expect(nos(byName.rows)).toEqual(nos(seeded.filter((r) => r.compNameKr.includes(part))));
      // A LIKE wildcard is taken as itself.
      expect((await get('compNameKr=%25')).total).toBe(seeded.filter((r) => r.compNameKr.includes('%')).length);

      const states = [...new Set(seeded.map((r) => r.status))].slice(0, 2);
      const byStatus = await get(states.map((s) => `status=${s}`).join('&'));
      expect(nos(byStatus.rows)).toEqual(nos(seeded.filter((r) => states.includes(r.status))));
      expect(byStatus.total).toBe(byStatus.rows.length);

      // By the joined company's name (the database's collation), then the newest request first.
      const sorted = await get('sort=compNameKr:asc');
      expect(sorted.rows.map((r) => r.reqNo)).toEqual(seeded.map((r) => r.reqNo));
      expect(sorted.total).toBe(seeded.length);

      const page = ok<{ rows: Row[]; total: number }>(await f.get(`${url}?size=1&page=2&sort=reqNo:asc`, f.u.monitor));
      expect(page.total).toBe(seeded.length);
      expect(page.rows.map((r) => r.reqNo)).toEqual([seeded.map((r) => r.reqNo).sort()[1]]);
    });
  }
});
