import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, refused, type Who } from '../purchase/helpers.js';
import { insertReportFixture, type Fixture } from './fixtures.js';

/** Every report's figures on the 2019 fixture (tests/api/reports/fixtures.ts), worked out by hand. */
const Q = 'fromMonth=201901&toMonth=201903';
type Row = Record<string, unknown>;
const pick = (rows: Row[], ...fields: string[]) => rows.map((r) => fields.map((f) => r[f]));

describe('reports on a hand-computed fixture', () => {
  let t: TestApp;
  let http: ReturnType<typeof client>;
  let who: Record<string, Who>;
  let fx: Fixture;

  beforeAll(async () => {
    t = await buildTestApp();
    fx = await insertReportFixture(t);
    http = client(t);
    who = await logins(t, ['admin', 'buyer', 'uadmin1', 'uadmin2', 'monitor']);
  }, 120_000);
  afterAll(async () => t?.close());

  it('monthlyReport01: spend by business section', async () => {
    const b = ok(await http.get(`/api/v1/reports/monthly/01?${Q}`, who.admin));
    expect(pick(b.rows, 'key', 'poCount', 'lineCount', 'krwAmount', 'jpyAmount', 'jpyKrwAmount', 'totalKrw')).toEqual([
      ['D1000', 2, 3, '320000', '0', '0', '320000'],
      ['D2000', 2, 2, '0', '10999', '109044', '109044'],
    ]);
    expect(b.rows[0].name).toBe('본사');
    expect(b.totals.totalKrw).toBe('429044');
  });

  it('monthlyReport02: spend by department, in the section-32 scope too', async () => {
    const b = ok(await http.get(`/api/v1/reports/monthly/02?${Q}`, who.admin));
    expect(pick(b.rows, 'key', 'totalKrw')).toEqual([
      ['D1220', '320000'],
      ['D2110', '100000'],
      ['D2130', '9044'],
    ]);
    const s = ok(await http.get(`/api/v1/reports/monthly/02?${Q}`, who.uadmin2));
    expect(pick(s.rows, 'key', 'totalKrw')).toEqual([
      ['D2110', '100000'],
      ['D2130', '9044'],
    ]);
  });

  it('monthlyReport04 and 05: spend by item category and by sourcing group', async () => {
    // A: P1 200,000 + P2 10,000 yen (100,000 won) + P4 70,000; B: P1 50,000 + P3 999 yen (9,044 won).
    for (const [nn, keyA, keyB] of [
      ['04', fx.catA, fx.catB],
      ['05', fx.sgA, fx.sgB],
    ]) {
      const b = ok(await http.get(`/api/v1/reports/monthly/${nn}?${Q}`, who.admin));
      expect(pick(b.rows, 'key', 'poCount', 'lineCount', 'krwAmount', 'jpyKrwAmount', 'totalKrw')).toEqual([
        [keyA, 3, 3, '270000', '100000', '370000'],
        [keyB, 2, 2, '50000', '9044', '59044'],
      ]);
    }
  });

  it('monthlyReport06: PR-to-PO lead time per order month', async () => {
    const b = ok(await http.get(`/api/v1/reports/monthly/06?${Q}`, who.admin));
    expect(pick(b.rows, 'month', 'poCount', 'avgDays', 'minDays', 'maxDays', 'within14Count')).toEqual([
      ['201901', 1, '7', 7, 7, 1],
      ['201902', 1, '20', 20, 20, 0],
    ]);
    expect(b.totals).toMatchObject({ poCount: 2, totalDays: 27, avgDays: '13.5', within14Count: 1 });
  });

  it('monthlyReport07: on-time delivery per receipt month', async () => {
    const b = ok(await http.get(`/api/v1/reports/monthly/07?${Q}`, who.admin));
    expect(pick(b.rows, 'month', 'lineCount', 'onTimeCount', 'lateCount', 'onTimeRate', 'avgDelayDays')).toEqual([
      ['201901', 2, 1, 1, '50', '5'],
      ['201902', 2, 1, 1, '50', '1'],
    ]);
    expect(b.totals).toMatchObject({ lineCount: 4, onTimeCount: 2, lateCount: 2, onTimeRate: '50' });
    // The buyer (30) sees P1 and P4 only.
    const mine = ok(await http.get(`/api/v1/reports/monthly/07?${Q}`, who.buyer));
    expect(pick(mine.rows, 'month', 'lineCount', 'onTimeCount')).toEqual([
      ['201901', 2, 1],
      ['201902', 1, 1],
    ]);
  });

  it('monthlyReport08: settlement totals per settlement month, scoped through the orders', async () => {
    const b = ok(await http.get(`/api/v1/reports/monthly/08?${Q}`, who.admin));
    expect(
      pick(
        b.rows,
        'month',
        'settlementCount',
        'supplierCount',
        'lineCount',
        'krwAmount',
        'jpyAmount',
        'jpyKrwAmount',
        'totalKrw',
        'postedKrw',
      ),
    ).toEqual([
      ['201902', 1, 1, 2, '200000', '10000', '100000', '300000', '300000'],
      ['201903', 1, 1, 1, '70000', '0', '0', '70000', '0'],
    ]);
    expect(b.totals.totalKrw).toBe('370000');
    const dept = ok(await http.get(`/api/v1/reports/monthly/08?${Q}`, who.uadmin1));
    expect(pick(dept.rows, 'month', 'lineCount', 'totalKrw')).toEqual([['201902', 1, '100000']]);
  });

  it('monthlyReport09: price variance against the reference price', async () => {
    const b = ok(await http.get(`/api/v1/reports/monthly/09?${Q}`, who.admin));
    expect(
      pick(b.rows, 'month', 'lineCount', 'aboveCount', 'referenceKrw', 'actualKrw', 'varianceKrw', 'variancePct'),
    ).toEqual([
      ['201901', 2, 1, '230000', '250000', '20000', '8.7'],
      ['201902', 1, 0, '90000', '70000', '-20000', '-22.2'],
    ]);
    expect(b.totals).toMatchObject({
      lineCount: 3,
      aboveCount: 1,
      referenceKrw: '320000',
      actualKrw: '320000',
      varianceKrw: '0',
      variancePct: '0',
    });
  });

  it('monthlyReport10: new suppliers per month of their first order', async () => {
    const b = ok(await http.get(`/api/v1/reports/monthly/10?${Q}`, who.admin));
    expect(pick(b.rows, 'month', 'supplierCount', 'poCount', 'totalKrw')).toEqual([
      ['201901', 1, 1, '250000'],
      ['201902', 1, 1, '70000'],
    ]);
  });

  it('costUnitDifference: the spread between suppliers and from the first to the last price', async () => {
    const b = ok(await http.get(`/api/v1/reports/cost-unit/difference?${Q}`, who.admin));
    expect(b.rows).toEqual([
      expect.objectContaining({
        itemCode: fx.itemA,
        currency: 'KRW',
        supplierCount: 2,
        lineCount: 2,
        minPrice: '70000',
        maxPrice: '100000',
        avgPrice: '90000',
        spread: '30000',
        spreadPct: '42.9',
        firstPrice: '100000',
        lastPrice: '70000',
      }),
    ]);
    const all = ok(await http.get(`/api/v1/reports/cost-unit/difference?${Q}&minSuppliers=1`, who.admin));
    expect(all.total).toBe(4);
  });

  it('highCostUnit: lines above the reference price, by how much and by whom', async () => {
    const b = ok(await http.get(`/api/v1/reports/cost-unit/high?${Q}`, who.admin));
    expect(b.rows).toEqual([
      expect.objectContaining({
        itemCode: fx.itemA,
        refPrice: '90000',
        aboveCount: 1,
        excessAmount: '20000',
        excessKrw: '20000',
        maxOverPct: '11.1',
        buyerCount: 1,
        buyerName: '정수빈',
      }),
    ]);
  });

  it('highCostUnitDetail: one item per month, and the item is required', async () => {
    const b = ok(await http.get(`/api/v1/reports/cost-unit/detail?${Q}&itemCode=${fx.itemA}`, who.admin));
    expect(
      b.rows
        .map((r: Row) => `${r.month} ${r.currency} ${r.minPrice}-${r.avgPrice}-${r.maxPrice} ref ${r.refPrice}`)
        .sort(),
    ).toEqual([
      '201901 KRW 100000-100000-100000 ref 90000',
      '201902 JPY 1000-1000-1000 ref 90000',
      '201902 KRW 70000-70000-70000 ref 90000',
    ]);
    refused(await http.get(`/api/v1/reports/cost-unit/detail?${Q}`, who.admin), 400, 'REPORT_ITEM');
  });

  it('itemMasterCostNew: reference against last and average price', async () => {
    const b = ok(await http.get(`/api/v1/reports/item-master-cost?${Q}`, who.admin));
    expect(
      pick(b.rows, 'itemCode', 'refPrice', 'lineCount', 'lastPrice', 'avgPrice', 'lastVsRefPct', 'avgVsRefPct'),
    ).toEqual([
      [fx.itemA, '90000', 2, '70000', '90000', '-22.2', '0'],
      [fx.itemB, '50000', 1, '50000', '50000', '0', '0'],
    ]);
  });

  it('drill-down bases: receipts, settlements and new suppliers', async () => {
    const nos = (b: { rows: Row[] }) => b.rows.map((r) => r.poNo).sort();
    expect(
      nos(ok(await http.get('/api/v1/reports/orders?fromMonth=201901&toMonth=201901&basis=receipt', who.admin))),
    ).toEqual(['RPT19-P1']);
    expect(
      nos(ok(await http.get('/api/v1/reports/orders?fromMonth=201902&toMonth=201902&basis=settlement', who.admin))),
    ).toEqual(['RPT19-P1', 'RPT19-P2']);
    expect(
      nos(ok(await http.get('/api/v1/reports/orders?fromMonth=201902&toMonth=201902&basis=newSupplier', who.admin))),
    ).toEqual(['RPT19-P4']);
    expect(nos(ok(await http.get(`/api/v1/reports/orders?${Q}&catCode=${fx.catB}`, who.admin)))).toEqual([
      'RPT19-P1',
      'RPT19-P3',
    ]);
    const b = ok(await http.get(`/api/v1/reports/orders?${Q}&itemCode=${fx.itemB}&compNo=C00001`, who.admin));
    expect(b.rows).toEqual([
      expect.objectContaining({ poNo: 'RPT19-P1', lineCount: 1, amount: '50000', krwAmount: '50000' }),
    ]);
  });

  it('a read-only group (monitoring, 40) sees the whole company; a missing period is refused', async () => {
    const b = ok(await http.get(`/api/v1/reports/monthly/01?${Q}`, who.monitor));
    expect(b.totals.totalKrw).toBe('429044');
    refused(await http.get('/api/v1/reports/monthly/01?fromMonth=201901', who.admin), 400, 'REPORT_PERIOD');
  });
});
