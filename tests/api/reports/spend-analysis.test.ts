import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, refused, type Who } from '../purchase/helpers.js';
import { insertAnalysisFixture, type AnalysisFixture } from './analysis-fixtures.js';

/**
 * Maverick spend, supplier service and savings (docs/reports.md): each rule on the constructed 2017
 * documents of analysis-fixtures.ts, worked out by hand there; the figures the existing reports also count
 * (ordered won per supplier and category, on-time and late receipt lines, ordered won per buyer) to the
 * won against them; the scope of a requester (group 30) and a department (31); a supplier refused.
 */
const Q = 'fromMonth=201701&toMonth=201712';
type Row = Record<string, unknown>;
const pick = (rows: Row[], ...fields: string[]) => rows.map((r) => fields.map((f) => r[f]));

describe('spend analysis: maverick spend, supplier service, savings', () => {
  let t: TestApp;
  let http: ReturnType<typeof client>;
  let who: Record<string, Who>;
  let fx: AnalysisFixture;

  beforeAll(async () => {
    t = await buildTestApp();
    fx = await insertAnalysisFixture(t);
    http = client(t);
    who = await logins(t, ['admin', 'buyer', 'uadmin1', 'supplier1']);
  }, 180_000);
  afterAll(async () => t?.close());

  const get = async (path: string, as: Who = who.admin) => ok(await http.get(`${path}?${Q}&size=100`, as));
  const getQ = async (path: string, query: string, as: Who = who.admin) =>
    ok(await http.get(`${path}?${Q}&size=100&${query}`, as));

  describe('maverick spend', () => {
    const M = '/api/v1/reports/maverick';

    it('a delivery without an order: registered ones, not cancelled ones', async () => {
      const r = await getQ(M, 'kind=NO_PO');
      // No order, so no order line: 항번 is blank (null), not 0.
      expect(pick(r.rows, 'kind', 'deliveryNo', 'poNo', 'lineNo', 'docDate', 'compNo', 'amountKrw')).toEqual([
        ['NO_PO', 'AN17-D1', null, null, '2017-03-10', 'C00001', '120000'],
      ]);
    });

    it('an order line at a price other than the supplier’s active agreement: the deviation in won', async () => {
      // M1 (C00001, A at 100,000 × 3) against AG1's 95,000: (100,000 − 95,000) × 3 = 15,000. M2 at 95,000 is on
      // the agreement; M3 (C00002) has only AG3, whose validity ended in 2016; item B's AG2 is a draft.
      const r = await getQ(M, 'kind=OFF_AGREEMENT');
      expect(
        pick(r.rows, 'poNo', 'lineNo', 'itemCode', 'unitPrice', 'refPrice', 'deviationKrw', 'agreementNo', 'amountKrw'),
      ).toEqual([['AN17-M1', 1, fx.itemA, '100000', '95000', '15000', 'AN17-AG1', '300000']]);
      expect(r.totals).toMatchObject({ deviationKrw: '15000', amountKrw: '300000' });
    });

    it('orders split under the approval threshold: same supplier and item within N days, each under, together over', async () => {
      // C00002 item B under 100,000,000: M4 02-13 (50,000), S1 04-03 (60,000,000), S2 04-08 (50,000,000), S3 04-20
      // (40,000,000); S4 (150,000,000) is over the threshold itself. Within 7 days of S1: S1 + S2 = 110,000,000.
      const week = await getQ(M, 'kind=SPLIT&sort=docDate:asc');
      expect(pick(week.rows, 'poNo', 'lineNo', 'refNo', 'groupCount', 'groupKrw', 'thresholdKrw', 'amountKrw')).toEqual(
        [
          ['AN17-S1', null, 'AN17-S1', 2, '110000000', '100000000', '60000000'],
          ['AN17-S2', null, 'AN17-S1', 2, '110000000', '100000000', '50000000'],
        ],
      );
      // Three days: S2 is five days after S1, so no group.
      expect((await getQ(M, 'kind=SPLIT&days=3')).rows).toEqual([]);
      // Twenty days: S1 + S2 + S3 = 150,000,000 from S1; S2's own window (S2 + S3 = 90,000,000) is not a group,
      // and no second group starts inside the first.
      const long = await getQ(M, 'kind=SPLIT&days=20&sort=docDate:asc');
      expect(pick(long.rows, 'poNo', 'refNo', 'groupCount', 'groupKrw')).toEqual([
        ['AN17-S1', 'AN17-S1', 3, '150000000'],
        ['AN17-S2', 'AN17-S1', 3, '150000000'],
        ['AN17-S3', 'AN17-S1', 3, '150000000'],
      ]);
      refused(await http.get(`${M}?${Q}&days=0`, who.admin), 400);
    });

    it('all three rules together, with totals over the whole result', async () => {
      const r = await get(M);
      expect(r.total).toBe(4);
      expect(r.rows.map((x: Row) => x.kind).sort()).toEqual(['NO_PO', 'OFF_AGREEMENT', 'SPLIT', 'SPLIT']);
      expect(r.totals).toMatchObject({ amountKrw: '110420000', deviationKrw: '15000' });
      expect(new Set(r.rows.map((x: Row) => x.rowKey)).size).toBe(4);
    });

    it('scope: a requester sees its own orders and no delivery without an order; a department filter outside is refused', async () => {
      // buyer (E000005, group 30) bought M1 and M3: M1's off-agreement line only.
      const own = await get(M, who.buyer);
      expect(pick(own.rows, 'kind', 'poNo')).toEqual([['OFF_AGREEMENT', 'AN17-M1']]);
      refused(await http.get(`${M}?${Q}&deptcd=D2110`, who.buyer), 403, 'REPORT_SCOPE');
      // uadmin1 (group 31, D2110): M2 and M4 — on the agreement and not split.
      expect((await get(M, who.uadmin1)).rows).toEqual([]);
    });
  });

  describe('supplier service', () => {
    const S = '/api/v1/reports/supplier-service';

    it('per supplier: days to confirm, service level, days to receive, on time, share and tail', async () => {
      const r = await getQ(S, 'sort=compNo:asc');
      expect(
        pick(r.rows, 'compNo', 'poCount', 'sentCount', 'ackCount', 'avgConfirmDays', 'orderedKrw', 'receivedValueKrw'),
      ).toEqual([
        // M1 2.5 days, M2 0.5; M1 2 of 3 received (W3 cancelled) at 100,000 + M2 95,000.
        ['C00001', 2, 2, 2, '1.5', '395000', '295000'],
        // S1 sent, not acknowledged; S2 one day; S2 received whole.
        ['C00002', 6, 2, 1, '1', '300170000', '50000000'],
      ]);
      expect(
        pick(r.rows, 'serviceLevelPct', 'receiptLineCount', 'avgReceiveDays', 'onTimeCount', 'lateCount', 'onTimePct'),
      ).toEqual([
        ['74.7', 2, '7', 1, 1, '50'],
        ['16.7', 1, '12', 1, 0, '100'],
      ]);
      expect(pick(r.rows, 'sharePct', 'cumulativePct', 'tail')).toEqual([
        ['0.1', '100', 'Y'],
        ['99.9', '99.9', 'N'],
      ]);
      expect(r.totals).toMatchObject({ poCount: 8, orderedKrw: '300565000', onTimeCount: 2, lateCount: 1 });
    });

    it('reconciles to the won with monthlyReport03 (ordered per supplier) and 07 (on-time and late lines)', async () => {
      for (const q of [Q, 'fromMonth=202401&toMonth=202612']) {
        const s = ok(await http.get(`${S}?${q}&size=500`, who.admin));
        const r03 = ok(await http.get(`/api/v1/reports/monthly/03?${q}&size=500`, who.admin));
        const ordered = Object.fromEntries(
          (s.rows as Row[]).filter((x) => x.orderedKrw !== '0').map((x) => [x.compNo, x.orderedKrw]),
        );
        expect(ordered).toEqual(Object.fromEntries((r03.rows as Row[]).map((x) => [x.key, x.totalKrw])));
        expect(s.totals.orderedKrw).toBe(r03.totals.totalKrw);
        const r07 = ok(await http.get(`/api/v1/reports/monthly/07?${q}&size=100`, who.admin));
        expect([s.totals.onTimeCount, s.totals.lateCount, s.totals.receiptLineCount]).toEqual([
          r07.totals.onTimeCount,
          r07.totals.lateCount,
          r07.totals.lineCount,
        ]);
        const late = ok(await http.get(`/api/v1/reports/late-receipts?${q}&size=1`, who.admin));
        expect(late.total).toBe(r07.totals.lateCount);
      }
    });

    it('late receipts: the late lines with their days late', async () => {
      const r = await get('/api/v1/reports/late-receipts');
      expect(pick(r.rows, 'whReqNo', 'poNo', 'dueDate', 'whReqDate', 'daysLate', 'amountKrw')).toEqual([
        ['AN17-W2', 'AN17-M2', '2017-02-15', '2017-02-17', 2, '95000'],
      ]);
      expect((await getQ('/api/v1/reports/late-receipts', 'compNo=C00002')).rows).toEqual([]);
    });

    it('dependency: per category, the largest supplier’s share — the category totals are monthlyReport04’s', async () => {
      const r = await getQ('/api/v1/reports/supplier-dependency', 'sort=topSharePct:asc');
      expect(pick(r.rows, 'catCode', 'categoryKrw', 'supplierCount', 'topCompNo', 'topKrw', 'topSharePct')).toEqual([
        [fx.catA, '515000', 2, 'C00001', '395000', '76.7'],
        [fx.catB, '300050000', 1, 'C00002', '300050000', '100'],
      ]);
      for (const q of [Q, 'fromMonth=202401&toMonth=202612']) {
        const d = ok(await http.get(`/api/v1/reports/supplier-dependency?${q}&size=500`, who.admin));
        const r04 = ok(await http.get(`/api/v1/reports/monthly/04?${q}&size=500`, who.admin));
        expect(Object.fromEntries((d.rows as Row[]).map((x) => [x.catCode, x.categoryKrw]))).toEqual(
          Object.fromEntries((r04.rows as Row[]).map((x) => [x.key, x.totalKrw])),
        );
      }
    });

    it('scope: a requester’s own orders; a department’s orders', async () => {
      const own = await getQ(S, 'sort=compNo:asc', who.buyer);
      expect(pick(own.rows, 'compNo', 'poCount', 'orderedKrw', 'receiptLineCount')).toEqual([
        ['C00001', 1, '300000', 1],
        ['C00002', 1, '120000', 0],
      ]);
      const dept = await getQ(S, 'sort=compNo:asc', who.uadmin1);
      expect(pick(dept.rows, 'compNo', 'poCount', 'orderedKrw', 'lateCount')).toEqual([
        ['C00001', 1, '95000', 1],
        ['C00002', 1, '50000', 0],
      ]);
    });
  });

  describe('savings four ways', () => {
    const V = '/api/v1/reports/savings';

    it('by buyer: each basis only where its reference exists', async () => {
      const r = await getQ(V, 'by=buyer&sort=key:asc');
      expect(pick(r.rows, 'key', 'lineCount', 'orderedKrw')).toEqual([
        ['E000005', 2, '420000'],
        ['E000006', 2, '145000'],
        ['E000007', 4, '300000000'],
      ]);
      const [e5, e6, e7] = r.rows as Row[];
      // M1 (A 3 × 100,000): first quote C00001's 105,000 → 15,000; average (105,000 + 115,000) ÷ 2 → 30,000;
      // estimate 110,000 → 30,000. Agreement AG1's 95,000 on M1 (−15,000) and M3 (120,000: −25,000).
      expect(e5).toMatchObject({
        firstQuoteLines: 1,
        firstQuoteAwardedKrw: '300000',
        firstQuoteReferenceKrw: '315000',
        firstQuoteSavingsKrw: '15000',
        firstQuotePct: '4.8',
        avgQuoteLines: 1,
        avgQuoteSavingsKrw: '30000',
        estimateLines: 1,
        estimateSavingsKrw: '30000',
        agreementLines: 2,
        agreementAwardedKrw: '420000',
        agreementSavingsKrw: '-40000',
        agreementReferenceKrw: '380000',
        agreementPct: '-10.5',
        secondPriceLines: 0,
        secondPriceSavingsKrw: '0',
        secondPricePct: null,
      });
      // M4 from tender T1: C00001's 58,000 against 50,000; M2 on AG1's price: 0.
      expect(e6).toMatchObject({
        secondPriceLines: 1,
        secondPriceSavingsKrw: '8000',
        secondPricePct: '13.8',
        agreementLines: 1,
        agreementSavingsKrw: '0',
        firstQuoteLines: 0,
        estimateLines: 0,
      });
      // S3 from auction AU1: C00001's lowest bid 43,000,000 against 40,000,000.
      expect(e7).toMatchObject({
        secondPriceLines: 1,
        secondPriceAwardedKrw: '40000000',
        secondPriceSavingsKrw: '3000000',
        secondPricePct: '7',
        agreementLines: 0,
      });
      expect(r.totals).toMatchObject({ secondPriceSavingsKrw: '3008000', agreementSavingsKrw: '-40000' });
    });

    it('by category; the ordered won reconciles with the spend cube by buyer and by category', async () => {
      const c = await getQ(V, 'by=category&sort=key:asc');
      expect(Object.fromEntries((c.rows as Row[]).map((x) => [x.key, [x.orderedKrw, x.agreementSavingsKrw]]))).toEqual({
        [fx.catA]: ['515000', '-40000'],
        [fx.catB]: ['300050000', '0'],
      });
      for (const q of [Q, 'fromMonth=202401&toMonth=202612'])
        for (const [by, dim] of [
          ['buyer', 'buyer'],
          ['category', 'category'],
        ]) {
          const s = ok(await http.get(`${V}?${q}&by=${by}&size=500`, who.admin));
          const cube = ok(await http.get(`/api/v1/reports/cube?${q}&dim1=${dim}&size=500`, who.admin));
          expect(Object.fromEntries((s.rows as Row[]).map((x) => [x.key, x.orderedKrw]))).toEqual(
            Object.fromEntries((cube.rows as Row[]).filter((x) => x.totalKrw !== '0').map((x) => [x.key1, x.totalKrw])),
          );
        }
    });

    it('scope: a requester’s own orders', async () => {
      const own = await getQ(V, 'by=buyer', who.buyer);
      expect(pick(own.rows, 'key', 'orderedKrw', 'agreementSavingsKrw')).toEqual([['E000005', '420000', '-40000']]);
    });
  });

  it('a supplier is refused every one of them, whatever it asks for', async () => {
    for (const path of [
      '/api/v1/reports/maverick',
      '/api/v1/reports/supplier-service',
      '/api/v1/reports/supplier-dependency',
      '/api/v1/reports/late-receipts',
      '/api/v1/reports/savings',
    ]) {
      const res = await http.get(`${path}?${Q}&compNo=C00001`, who.supplier1);
      expect(res.statusCode, path).toBe(403);
      expect(res.body).not.toContain('AN17-');
    }
  });
});
