import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, refused, type Who } from '../purchase/helpers.js';
import { insertReportFixture } from './fixtures.js';

const URL03 = '/api/v1/reports/monthly/03';
const Q = 'fromMonth=201901&toMonth=201903';

describe('monthlyReport03: spend by supplier', () => {
  let t: TestApp;
  let http: ReturnType<typeof client>;
  let who: Record<string, Who>;

  beforeAll(async () => {
    t = await buildTestApp();
    await insertReportFixture(t);
    http = client(t);
    who = await logins(t, ['admin', 'buyer', 'uadmin1', 'uadmin2', 'tfadmin', 'supplier1']);
  }, 120_000);
  afterAll(async () => t?.close());

  it('sums approved-or-later orders per supplier in won, JPY converted at the month rate (else the system rate)', async () => {
    const body = ok(await http.get(`${URL03}?${Q}`, who.admin));
    expect(body.total).toBe(2);
    expect(body.rows).toEqual([
      expect.objectContaining({
        key: 'C00001',
        poCount: 2,
        lineCount: 3,
        krwAmount: '250000',
        jpyAmount: '10000',
        jpyKrwAmount: '100000',
        totalKrw: '350000',
        sharePct: '81.6',
      }),
      expect.objectContaining({
        key: 'C00002',
        poCount: 2,
        lineCount: 2,
        krwAmount: '70000',
        jpyAmount: '999',
        jpyKrwAmount: '9044',
        totalKrw: '79044',
        sharePct: '18.4',
      }),
    ]);
    expect(body.rows[0].name).toMatch(/\S/);
    expect(body.totals).toEqual({
      poCount: 4,
      lineCount: 5,
      krwAmount: '320000',
      jpyAmount: '10999',
      jpyKrwAmount: '109044',
      totalKrw: '429044',
      sharePct: '100',
    });
  });

  it('sorts and pages on the server; the totals stay those of the whole result', async () => {
    const body = ok(await http.get(`${URL03}?${Q}&sort=totalKrw:asc&size=1&page=1`, who.admin));
    expect(body.rows.map((r: { key: string }) => r.key)).toEqual(['C00002']);
    expect(body.total).toBe(2);
    expect(body.totals.totalKrw).toBe('429044');
  });

  it('narrows by month range and department', async () => {
    const feb = ok(await http.get(`${URL03}?fromMonth=201902&toMonth=201902`, who.admin));
    expect(feb.rows.map((r: { key: string; totalKrw: string }) => [r.key, r.totalKrw])).toEqual([
      ['C00001', '100000'],
      ['C00002', '70000'],
    ]);
    const dept = ok(await http.get(`${URL03}?${Q}&deptcd=D1220`, who.admin));
    expect(dept.rows.map((r: { key: string; totalKrw: string }) => [r.key, r.totalKrw])).toEqual([
      ['C00001', '250000'],
      ['C00002', '70000'],
    ]);
  });

  it('scopes by authority group: 30 its own orders, 31 its department, 32 its section', async () => {
    const pairs = (b: { rows: Array<{ key: string; totalKrw: string }> }) => b.rows.map((r) => [r.key, r.totalKrw]);
    // buyer (30, E000005): P1 as buyer, P4 as requester.
    expect(pairs(ok(await http.get(`${URL03}?${Q}`, who.buyer)))).toEqual([
      ['C00001', '250000'],
      ['C00002', '70000'],
    ]);
    // uadmin1 (31, D2110): P2.
    expect(pairs(ok(await http.get(`${URL03}?${Q}`, who.uadmin1)))).toEqual([['C00001', '100000']]);
    // uadmin2 (32, section D2000): P2 and P3.
    expect(pairs(ok(await http.get(`${URL03}?${Q}`, who.uadmin2)))).toEqual([
      ['C00001', '100000'],
      ['C00002', '9044'],
    ]);
  });

  it('refuses a section or department outside the scope (403), whatever the user sends', async () => {
    refused(await http.get(`${URL03}?${Q}&deptcd=D2110`, who.buyer), 403, 'REPORT_SCOPE');
    refused(await http.get(`${URL03}?${Q}&section=D1000`, who.uadmin1), 403, 'REPORT_SCOPE');
    refused(await http.get(`${URL03}?${Q}&deptcd=D1220`, who.uadmin2), 403, 'REPORT_SCOPE');
    // Inside the scope is fine.
    ok(await http.get(`${URL03}?${Q}&deptcd=D2130`, who.uadmin2));
    refused(await http.get(`/api/v1/reports/orders?${Q}&deptcd=D1220`, who.uadmin1), 403, 'REPORT_SCOPE');
  });

  it('refuses a month range over 36 months or reversed (400), and callers without the report menu or portal', async () => {
    refused(await http.get(`${URL03}?fromMonth=201601&toMonth=201901`, who.admin), 400, 'REPORT_PERIOD');
    ok(await http.get(`${URL03}?fromMonth=201602&toMonth=201901`, who.admin));
    refused(await http.get(`${URL03}?fromMonth=201903&toMonth=201901`, who.admin), 400, 'REPORT_PERIOD');
    expect((await http.get(`${URL03}?fromMonth=2019-01&toMonth=201903`, who.admin)).statusCode).toBe(400);
    expect((await http.get(`${URL03}?${Q}`, who.tfadmin)).statusCode).toBe(403);
    expect((await http.get(`${URL03}?${Q}`, who.supplier1)).statusCode).toBe(403);
  });

  it('drills down from a supplier to the orders behind it, in the same scope', async () => {
    const all = ok(await http.get(`/api/v1/reports/orders?${Q}&compNo=C00001`, who.admin));
    expect(all.rows.map((r: { poNo: string }) => r.poNo).sort()).toEqual(['RPT19-P1', 'RPT19-P2']);
    expect(all.totals.krwAmount).toBe('350000');
    const p2 = all.rows.find((r: { poNo: string }) => r.poNo === 'RPT19-P2');
    expect(p2).toMatchObject({
      currency: 'JPY',
      amount: '10000',
      krwAmount: '100000',
      lineCount: 1,
      poDate: '2019-02-15',
    });
    const mine = ok(await http.get(`/api/v1/reports/orders?${Q}&compNo=C00002`, who.buyer));
    expect(mine.rows.map((r: { poNo: string }) => r.poNo)).toEqual(['RPT19-P4']);
  });
});
