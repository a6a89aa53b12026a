import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { todayKst } from '../../../server/domain/dates.js';
import { api, count, expectError, insertAcknowledgedPo } from './helpers.js';

/**
 * Monthly settlement end to end with exact amounts: receipts × PO prices in KRW, JPY converted
 * per 100 yen (first at the SYSTEM_CONST rate, then at the month's own rate), adjustments with
 * approval, the supplier's dispute and confirmation, the statement and the three-way match.
 */
describe('monthly settlement', () => {
  let t: TestApp;
  let supplier1: LoggedIn;
  let supplier2: LoggedIn;
  let operator: LoggedIn;
  let admin: LoggedIn;
  let http: ReturnType<typeof api>;
  const today = todayKst(new Date());
  const period = today.slice(0, 4) + today.slice(5, 7);
  let krwPo: string;
  let jpyPo: string;
  let settleNo: string;
  let version: number;

  /** Delivered by the supplier, received, approved and finally decided today. */
  async function receiveAll(poNo: string, lines: Array<{ poLineNo: number; quantity: string }>) {
    const d = (await http.post('/api/v1/cyber/deliveries', supplier1, { poNo, deliveryDate: today, lines })).body
      .delivery;
    let r = (
      await http.post(`/api/v1/deliveries/${d.deliveryNo}/receive`, operator, {
        version: d.version,
        expenses: 'MATERIAL',
      })
    ).body.receipt;
    r = (await http.post(`/api/v1/warehousing/${r.whReqNo}/approve`, admin, { version: r.version })).body.receipt;
    r = (await http.post(`/api/v1/warehousing/${r.whReqNo}/decide`, operator, { version: r.version })).body.receipt;
    expect(r.status).toBe('DECIDED');
  }

  beforeAll(async () => {
    t = await buildTestApp();
    http = api(t.app);
    [supplier1, supplier2, operator, admin] = [
      await sessionAs(t.app, 'supplier1'),
      await sessionAs(t.app, 'supplier2'),
      await sessionAs(t.app, 'operator'),
      await sessionAs(t.app, 'admin'),
    ];
    krwPo = await insertAcknowledgedPo(t, 'C00001', 'KRW', [
      { quantity: '12.5', unitPrice: '1234' },
      { quantity: '3', unitPrice: '9990' },
    ]);
    jpyPo = await insertAcknowledgedPo(t, 'C00001', 'JPY', [
      { quantity: '7', unitPrice: '1234' },
      { quantity: '2.5', unitPrice: '333' },
    ]);
    await receiveAll(krwPo, [
      { poLineNo: 1, quantity: '12.5' },
      { poLineNo: 2, quantity: '3' },
    ]);
    await receiveAll(jpyPo, [
      { poLineNo: 1, quantity: '7' },
      { poLineNo: 2, quantity: '2.5' },
    ]);
    // This month has no rate of its own yet: the build falls back to SYSTEM_CONST / JPY_RATE (905.32).
    await t.db.db.deleteFrom('fxRate').where('period', '=', period).execute();
  });
  afterAll(() => t.close());

  it('builds the supplier-month from decided receipts × PO prices, JPY at the SYSTEM_CONST rate per 100 yen', async () => {
    expectError(await http.post('/api/v1/settlements/build', operator, { period: '299912' }), 400, 'VALIDATION');
    const built = await http.post('/api/v1/settlements/build', operator, { period, compNo: 'C00001' });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    expect(built.body).toMatchObject({ period, rebuilt: [], skipped: [] });
    expect(built.body.created).toHaveLength(1);
    settleNo = built.body.created[0];
    expect(settleNo).toMatch(/^ST\d{4}-\d{6}$/);
    const d = (await http.get(`/api/v1/settlements/${settleNo}`, operator)).body;
    // 12.5 × 1,234 = 15,425 ₩ · 3 × 9,990 = 29,970 ₩
    // 7 × 1,234 = 8,638 ¥ → 8,638 × 905.32 ÷ 100 = 78,201.5416 → 78,202 ₩
    // 2.5 × 333 = 832.5 → 833 ¥ → 833 × 905.32 ÷ 100 = 7,541.3156 → 7,541 ₩
    expect(
      d.lines.map(
        (l: { poNo: string; quantity: string; PRICE: string; currency: string; AMT: string; krwAmount: string }) => [
          l.poNo,
          l.quantity,
          l.PRICE,
          l.currency,
          l.AMT,
          l.krwAmount,
        ],
      ),
    ).toEqual([
      [krwPo, '12.500', '1234.00', 'KRW', '15425.00', '15425'],
      [krwPo, '3.000', '9990.00', 'KRW', '29970.00', '29970'],
      [jpyPo, '7.000', '1234.00', 'JPY', '8638.00', '78202'],
      [jpyPo, '2.500', '333.00', 'JPY', '833.00', '7541'],
    ]);
    expect(d.settlement).toMatchObject({
      settleNo,
      compNo: 'C00001',
      period,
      status: 'DRAFT',
      lineCount: 4,
      krwGoodsAmount: '45395',
      jpyGoodsAmount: '9471',
      jpyKrwAmount: '85743',
      goodsAmount: '131138',
      adjustmentAmount: '0',
      totalAmount: '131138',
      jpyRate: '905.32',
      jpyRateSource: 'SYSTEM_CONST',
    });
    expect(d.matchStatus).toBe('MATCH');
    expect(d.match).toHaveLength(4);
    expect(d.match.every((m: { issues: string[] }) => m.issues.length === 0)).toBe(true);
    version = d.settlement.version;
    const again = await http.post('/api/v1/settlements/build', operator, { period, compNo: 'C00001' });
    expect(again.body).toMatchObject({ created: [], rebuilt: [settleNo] });
    expect(await count(t, 'settlement')).toBe(
      (await t.db.db.selectFrom('settlement').select('settleNo').execute()).length,
    );
    version = (await http.get(`/api/v1/settlements/${settleNo}`, operator)).body.settlement.version;
  });

  it('rebuilds at the month’s own rate once one is set (stale version: 409)', async () => {
    expectError(await http.put(`/api/v1/fx-rates/JPY/${period}`, operator, { rate: '0' }), 400, 'VALIDATION');
    const put = await http.put(`/api/v1/fx-rates/JPY/${period}`, operator, { rate: '950' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ currency: 'JPY', period, rate: '950', version: 1 });
    expectError(await http.put(`/api/v1/fx-rates/JPY/${period}`, operator, { rate: '951' }), 409, 'VERSION_CONFLICT');
    expectError(
      await http.post(`/api/v1/settlements/${settleNo}/rebuild`, operator, { version: version - 1 }),
      409,
      'VERSION_CONFLICT',
    );
    const r = await http.post(`/api/v1/settlements/${settleNo}/rebuild`, operator, { version });
    expect(r.status).toBe(200);
    // 8,638 × 9.5 = 82,061 ₩ · 833 × 9.5 = 7,913.5 → 7,914 ₩
    expect(r.body.lines.map((l: { krwAmount: string }) => l.krwAmount)).toEqual(['15425', '29970', '82061', '7914']);
    expect(r.body.settlement).toMatchObject({
      jpyKrwAmount: '89975',
      goodsAmount: '135370',
      totalAmount: '135370',
      jpyRate: '950',
      jpyRateSource: 'MONTHLY',
    });
    version = r.body.settlement.version;
    const rates = await http.get(`/api/v1/fx-rates?periods=${period}&periods=${period}`, operator);
    expect(rates.body.rows).toEqual([expect.objectContaining({ period, rate: '950' })]);
  });

  it('adjusts by +/− whole won with a reason and another person’s approval', async () => {
    const before = await count(t, 'settlementAdjustment');
    const noReason = await http.post(`/api/v1/settlements/${settleNo}/adjustments`, operator, {
      amount: '20000',
      reason: '   ',
    });
    expectError(noReason, 400, 'VALIDATION');
    expect(noReason.body.details).toEqual([{ path: 'body/reason', message: '조정 사유를 입력하세요' }]);
    expectError(
      await http.post(`/api/v1/settlements/${settleNo}/adjustments`, operator, { amount: '0', reason: '영' }),
      400,
      'VALIDATION',
    );
    expect(
      (await http.post(`/api/v1/settlements/${settleNo}/adjustments`, operator, { amount: '12.5', reason: '소수' }))
        .status,
    ).toBe(400);
    expect(await count(t, 'settlementAdjustment')).toBe(before);

    const plus = (
      await http.post(`/api/v1/settlements/${settleNo}/adjustments`, operator, {
        amount: '+20000',
        reason: '운반비 추가 정산',
      })
    ).body;
    const minus = (
      await http.post(`/api/v1/settlements/${settleNo}/adjustments`, operator, {
        amount: '-5000',
        reason: '불량품 반품 차감',
      })
    ).body;
    expect(plus).toMatchObject({ amount: '20000', status: 'REQUESTED', requestedBy: 'operator', settleNo });
    expect(minus.adjNo).toMatch(/^AJ\d{4}-\d{6}$/);
    expectError(
      await http.post(`/api/v1/settlement-adjustments/${plus.adjNo}/approve`, operator, { version: plus.version }),
      403,
      'SELF_APPROVAL',
    );
    expect(
      (await http.post(`/api/v1/settlement-adjustments/${plus.adjNo}/approve`, admin, { version: plus.version })).body
        .status,
    ).toBe('APPROVED');
    expect(
      (await http.post(`/api/v1/settlement-adjustments/${minus.adjNo}/approve`, admin, { version: minus.version })).body
        .status,
    ).toBe('APPROVED');
    expectError(
      await http.post(`/api/v1/settlement-adjustments/${minus.adjNo}/approve`, admin, { version: minus.version + 1 }),
      409,
      'INVALID_STATE',
    );

    const third = (
      await http.post(`/api/v1/settlements/${settleNo}/adjustments`, operator, { amount: '1000', reason: '중복 청구' })
    ).body;
    expectError(
      await http.post(`/api/v1/settlement-adjustments/${third.adjNo}/reject`, admin, { version: third.version }),
      400,
      'VALIDATION',
    );
    expect(
      (
        await http.post(`/api/v1/settlement-adjustments/${third.adjNo}/reject`, admin, {
          version: third.version,
          comment: '근거 없음',
        })
      ).body.status,
    ).toBe('REJECTED');

    const s = (await http.get(`/api/v1/settlements/${settleNo}`, operator)).body;
    expect(s.settlement).toMatchObject({
      goodsAmount: '135370',
      adjustmentAmount: '15000',
      totalAmount: '150370',
      pendingAdjustments: 0,
    });
    expect(s.adjustments.map((a: { amount: string; status: string }) => [a.amount, a.status])).toEqual([
      ['20000', 'APPROVED'],
      ['-5000', 'APPROVED'],
      ['1000', 'REJECTED'],
    ]);
    version = s.settlement.version;
    const hist = await http.get(`/api/v1/settlement-adjustments?settleNo=${settleNo}&sort=adjNo:asc`, operator);
    expect(hist.body).toMatchObject({ total: 3, totals: { amount: '16000' } });
  });

  it('puts the settlement to the supplier only when no adjustment is pending', async () => {
    const pending = (
      await http.post(`/api/v1/settlements/${settleNo}/adjustments`, operator, { amount: '-100', reason: '확인 중' })
    ).body;
    expectError(
      await http.post(`/api/v1/settlements/${settleNo}/request-confirm`, operator, { version }),
      409,
      'ADJUSTMENT_PENDING',
    );
    expectError(
      await http.post(`/api/v1/settlement-adjustments/${pending.adjNo}/cancel`, admin, { version: pending.version }),
      403,
      'NOT_REQUESTER',
    );
    expect(
      (
        await http.post(`/api/v1/settlement-adjustments/${pending.adjNo}/cancel`, operator, {
          version: pending.version,
        })
      ).body.status,
    ).toBe('CANCELLED');
    expect((await http.get(`/api/v1/cyber/settlements/${settleNo}`, supplier1)).status).toBe(404);
    const r = await http.post(`/api/v1/settlements/${settleNo}/request-confirm`, operator, { version });
    expect(r.status).toBe(200);
    expect(r.body.settlement.status).toBe('CONFIRM_REQUESTED');
    version = r.body.settlement.version;
    expectError(
      await http.post(`/api/v1/settlements/${settleNo}/adjustments`, operator, { amount: '100', reason: '늦은 조정' }),
      409,
      'INVALID_STATE',
    );
    expectError(
      await http.post(`/api/v1/settlements/${settleNo}/rebuild`, operator, { version }),
      409,
      'INVALID_STATE',
    );
    expectError(await http.post(`/api/v1/settlements/${settleNo}/post`, operator, { version }), 409, 'INVALID_STATE');
  });

  it('lets only its supplier see, dispute (with a reason) and confirm it; confirming twice is 409', async () => {
    expectError(await http.get(`/api/v1/cyber/settlements/${settleNo}`, supplier2), 404, 'SETTLEMENT_NOT_FOUND');
    expectError(
      await http.post(`/api/v1/cyber/settlements/${settleNo}/confirm`, supplier2, { version }),
      404,
      'SETTLEMENT_NOT_FOUND',
    );
    const mine = await http.get(`/api/v1/cyber/settlements?periods=${period}&periods=${period}`, supplier1);
    expect(mine.body.rows.map((s: { settleNo: string }) => s.settleNo)).toEqual([settleNo]);
    const seen = (await http.get(`/api/v1/cyber/settlements/${settleNo}`, supplier1)).body;
    expect(seen.settlement.totalAmount).toBe('150370');
    expect(seen.adjustments.map((a: { status: string }) => a.status)).toEqual(['APPROVED', 'APPROVED']);
    expect(
      (await http.get('/api/v1/cyber/settlements?size=500', supplier1)).body.rows.every(
        (s: { status: string; compNo: string }) => s.status !== 'DRAFT' && s.compNo === 'C00001',
      ),
    ).toBe(true);

    expectError(
      await http.post(`/api/v1/cyber/settlements/${settleNo}/dispute`, supplier1, { version, reason: '' }),
      400,
      'VALIDATION',
    );
    const disputed = await http.post(`/api/v1/cyber/settlements/${settleNo}/dispute`, supplier1, {
      version,
      reason: '반품 차감 금액 확인 요청',
    });
    expect(disputed.body.settlement).toMatchObject({ status: 'DISPUTED', disputeReason: '반품 차감 금액 확인 요청' });
    version = disputed.body.settlement.version;
    version = (await http.post(`/api/v1/settlements/${settleNo}/request-confirm`, operator, { version })).body
      .settlement.version;
    expectError(
      await http.post(`/api/v1/cyber/settlements/${settleNo}/confirm`, supplier1, { version: version - 1 }),
      409,
      'VERSION_CONFLICT',
    );
    const confirmed = await http.post(`/api/v1/cyber/settlements/${settleNo}/confirm`, supplier1, { version });
    expect(confirmed.body.settlement).toMatchObject({ status: 'CONFIRMED', confirmedBy: 'supplier1' });
    const twice = await http.post(`/api/v1/cyber/settlements/${settleNo}/confirm`, supplier1, {
      version: confirmed.body.settlement.version,
    });
    expectError(twice, 409, 'INVALID_STATE');
    expect(twice.body.msg).toBe('이미 확인된 정산입니다');
    const skipped = await http.post('/api/v1/settlements/build', operator, { period });
    expect(skipped.body.skipped).toContainEqual({ compNo: 'C00001', settleNo, status: 'CONFIRMED' });
    const history = (await http.get(`/api/v1/settlements/${settleNo}/history`, operator)).body.map(
      (h: { entity: string; action: string }) => `${h.entity}:${h.action}`,
    );
    expect(history).toEqual(
      expect.arrayContaining([
        'settlement:BUILD',
        'settlement:REBUILD',
        'settlement:ADJUST',
        'settlement:REQUEST_CONFIRM',
        'settlement:DISPUTE',
        'settlement:CONFIRM',
        'settlement_adjustment:REJECT',
      ]),
    );
  });

  it('prints the statement as HTML with a print stylesheet and as a PDF, for staff and its own supplier', async () => {
    const html = await t.app.inject({
      method: 'GET',
      url: `/api/v1/statements/${settleNo}`,
      headers: operator.headers,
    });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.body).toContain('거래명세서');
    expect(html.body).toContain('@media print');
    expect(html.body).toContain('₩150,370');
    expect(html.body).toContain('100엔당 950원');
    expect(html.body).toContain('운반비 추가 정산');
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/v1/cyber/statements/${settleNo}?format=pdf`,
      headers: supplier1.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const bytes = pdf.rawPayload;
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(bytes.subarray(-6).toString('latin1')).toBe('%%EOF\n');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/cyber/statements/${settleNo}`, headers: supplier2.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/statements/${settleNo}`, headers: supplier1.headers }))
        .statusCode,
    ).toBe(403);
  });

  it('shows a three-way mismatch when a price no longer agrees with the order', async () => {
    await t.db.db
      .updateTable('poLine')
      .set({ unitPrice: '9999.00' })
      .where('poNo', '=', krwPo)
      .where('lineNo', '=', 2)
      .execute();
    const d = (await http.get(`/api/v1/settlements/${settleNo}`, operator)).body;
    expect(d.matchStatus).toBe('MISMATCH');
    expect(d.match.find((m: { poNo: string; poLineNo: number }) => m.poNo === krwPo && m.poLineNo === 2)).toMatchObject(
      { status: 'MISMATCH', issues: ['PRICE_MISMATCH'], orderedQty: '3.000', settledQty: '3.000' },
    );
    const list = await http.get(`/api/v1/three-way-match?period=${period}&compNo=C00001&onlyMismatch=Y`, operator);
    expect(list.body.rows.map((m: { poNo: string; poLineNo: number }) => `${m.poNo}/${m.poLineNo}`)).toEqual([
      `${krwPo}/2`,
    ]);
    expect(list.body.totals.mismatches).toBe(1);
    expectError(await http.get('/api/v1/three-way-match', operator), 400, 'VALIDATION');
  });
});
