import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { api, expectError } from './helpers.js';
import { subconParties, subconSteps } from './subcon-helpers.js';

/**
 * The Subcontracting Act on settlements (docs/subcontracting.md "Payment, interest and fees", "감액 서면"), walked
 * with the business clock. Goods received on 2026-12-31: day 59 is 2027-02-28 (a month end), day 60 — the 지급
 * 기한 — is 2027-03-01 (삼일절, a public holiday) and day 61 is 2027-03-02. The Act counts calendar days, so
 * the holiday moves nothing: paying on day 61 owes one day of 지연이자. A 감액 needs a 감액 서면 the supplier
 * acknowledged (§11); only the supplier it is put to can read or acknowledge it.
 */
describe('하도급 payment, interest and 감액 서면 on settlements', () => {
  let t: TestApp;
  let supplier1: LoggedIn;
  let supplier2: LoggedIn;
  let operator: LoggedIn;
  let admin: LoggedIn;
  let http: ReturnType<typeof api>;
  let settle1: string;
  let settle2: string;

  const { moveTo, receivedSubcon, detail, confirmed, built } = subconSteps(() => ({ t, http, operator, admin }));

  beforeAll(async () => {
    t = await buildTestApp();
    http = api(t.app);
    ({ supplier1, supplier2, operator, admin } = await subconParties(t));
    moveTo('2026-12-31');
    await receivedSubcon('C00001', supplier1);
    await receivedSubcon('C00002', supplier2);
    [settle1, settle2] = await built('202612');
  });
  afterAll(() => t.close());

  it('refuses a 감액 without a 서면 the supplier acknowledged, and books it once acknowledged', async () => {
    const adjustments = async () =>
      (await t.db.db.selectFrom('settlementAdjustment').select('adjNo').where('settleNo', '=', settle1).execute())
        .length;
    const bare = await http.post(`/api/v1/settlements/${settle1}/adjustments`, operator, {
      amount: '-50000',
      reason: '품질 불량 차감',
    });
    expectError(bare, 409, 'SUBCON_REDUCTION_UNWRITTEN');
    expect(bare.body.msg).toContain('하도급법 제11조');
    expect(await adjustments()).toBe(0);

    const letter = await http.post(`/api/v1/settlements/${settle1}/reductions`, operator, {
      amount: '50000',
      reason: '검사 합격 후 발견된 도장 불량 2건, 협의한 단가 차감',
    });
    expect(letter.status, JSON.stringify(letter.body)).toBe(200);
    expect(letter.body).toMatchObject({ settleNo: settle1, compNo: 'C00001', amount: '50000', status: 'REQUESTED' });
    const reductionNo = letter.body.reductionNo as string;

    // Not yet acknowledged: still refused.
    const early = await http.post(`/api/v1/settlements/${settle1}/adjustments`, operator, {
      amount: '-50000',
      reason: '품질 불량 차감',
      reductionNo,
    });
    expectError(early, 409, 'SUBCON_REDUCTION_UNWRITTEN');
    expect(early.body.msg).toContain('확인하지 않았습니다');

    // Another supplier neither sees nor acknowledges it, whatever id it sends.
    expect((await http.get(`/api/v1/cyber/settlement-reductions/${reductionNo}`, supplier2)).status).toBe(404);
    const theirs = await http.get('/api/v1/cyber/settlement-reductions', supplier2);
    expect(theirs.status).toBe(200);
    expect(theirs.body.rows.map((r: { reductionNo: string }) => r.reductionNo)).not.toContain(reductionNo);
    expectError(
      await http.post(`/api/v1/cyber/settlement-reductions/${reductionNo}/acknowledge`, supplier2, { version: 1 }),
      404,
      'REDUCTION_NOT_FOUND',
    );

    // Asked as its list screen asks (/myReductionList): page by page.
    const mine = await http.get('/api/v1/cyber/settlement-reductions?status=REQUESTED&page=1&size=100', supplier1);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body).toMatchObject({ total: 1 });
    expect(mine.body.rows).toEqual([expect.objectContaining({ reductionNo, amount: '50000', status: 'REQUESTED' })]);
    const past = await http.get('/api/v1/cyber/settlement-reductions?page=2&size=100', supplier1);
    expect(past.body).toEqual({ rows: [], total: 1 });
    expectError(
      await http.post(`/api/v1/cyber/settlement-reductions/${reductionNo}/acknowledge`, supplier1, { version: 9 }),
      409,
      'VERSION_CONFLICT',
    );
    const ack = await http.post(`/api/v1/cyber/settlement-reductions/${reductionNo}/acknowledge`, supplier1, {
      version: 1,
    });
    expect(ack.status, JSON.stringify(ack.body)).toBe(200);
    expect(ack.body).toMatchObject({ status: 'ACKNOWLEDGED', acknowledgedBy: 'supplier1' });

    // The amount must be the 서면's.
    const other = await http.post(`/api/v1/settlements/${settle1}/adjustments`, operator, {
      amount: '-60000',
      reason: '품질 불량 차감',
      reductionNo,
    });
    expectError(other, 409, 'SUBCON_REDUCTION_UNWRITTEN');
    expect(await adjustments()).toBe(0);

    const adj = await http.post(`/api/v1/settlements/${settle1}/adjustments`, operator, {
      amount: '-50000',
      reason: '품질 불량 차감',
      reductionNo,
    });
    expect(adj.status, JSON.stringify(adj.body)).toBe(200);
    expect(adj.body).toMatchObject({ amount: '-50000', reductionNo });
    const approved = await http.post(`/api/v1/settlement-adjustments/${adj.body.adjNo}/approve`, admin, {
      version: adj.body.version,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    // One adjustment per 서면.
    expectError(
      await http.post(`/api/v1/settlements/${settle1}/adjustments`, operator, {
        amount: '-50000',
        reason: '같은 서면으로 한 번 더',
        reductionNo,
      }),
      409,
      'SUBCON_REDUCTION_UNWRITTEN',
    );
    const d = await detail(settle1);
    expect(d.settlement).toMatchObject({ goodsAmount: '10000000', adjustmentAmount: '-50000', totalAmount: '9950000' });
    expect(d.reductions).toEqual([
      expect.objectContaining({ reductionNo, status: 'ACKNOWLEDGED', adjNo: adj.body.adjNo }),
    ]);
    // An addition needs no 서면.
    const plus = await http.post(`/api/v1/settlements/${settle1}/adjustments`, operator, {
      amount: '1000',
      reason: '운반비',
    });
    expect(plus.status).toBe(200);
    await http.post(`/api/v1/settlement-adjustments/${plus.body.adjNo}/cancel`, operator, {
      version: plus.body.version,
    });
  });

  it('charges an 어음 maturing after day 60 its discount from day 60', async () => {
    await confirmed(settle2, supplier2);
    moveTo('2027-01-30');
    const v = (await detail(settle2)).settlement.version;
    // A bill needs its maturity; a payment cannot be dated after today.
    expectError(
      await http.post(`/api/v1/settlements/${settle2}/payment`, operator, {
        version: v,
        paidOn: '2027-01-30',
        method: 'BILL',
      }),
      400,
      'VALIDATION',
    );
    expectError(
      await http.post(`/api/v1/settlements/${settle2}/payment`, operator, {
        version: v,
        paidOn: '2027-01-31',
        method: 'CASH',
      }),
      400,
      'VALIDATION',
    );
    // Given on day 30, maturing on day 120 (2027-04-30): 60 days after day 60 at 7.5 %:
    // 10,000,000 × 7.5 % × 60 / 365 = 123,287.67… → 123,287 (원 미만 절사).
    const paid = await http.post(`/api/v1/settlements/${settle2}/payment`, operator, {
      version: v,
      paidOn: '2027-01-30',
      method: 'BILL',
      billMaturity: '2027-04-30',
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body.subcon).toMatchObject({
      paymentDue: '2027-03-01',
      paid: true,
      paymentMethod: 'BILL',
      daysLate: 0,
      lateInterest: '0',
      feeDays: 60,
      billFee: '123287',
      billFeeRate: '7.5',
    });
    // Every settlement's detail answers its payment beside the 하도급 side (settlement-payment.test.ts: without one).
    expect(paid.body).toMatchObject({ paidOn: '2027-01-30', paymentMethod: 'BILL', billMaturity: '2027-04-30' });
    // Paid once.
    expectError(
      await http.post(`/api/v1/settlements/${settle2}/payment`, operator, {
        version: paid.body.settlement.version,
        paidOn: '2027-01-30',
        method: 'CASH',
      }),
      409,
      'INVALID_STATE',
    );
    const seen = await http.get(`/api/v1/cyber/settlements/${settle2}`, supplier2);
    expect(seen.body.subcon).toMatchObject({ billFee: '123287', billMaturity: '2027-04-30' });
  });

  it('walks day 59, 60 and 61 across a month end and a holiday: interest from day 61, to the won', async () => {
    await confirmed(settle1, supplier1);
    moveTo('2027-02-28'); // day 59
    let s = (await detail(settle1)).subcon;
    expect(s).toMatchObject({ paymentDue: '2027-03-01', statutoryDue: '2027-03-01', paid: false, daysLate: 0 });
    expect(s.lateInterest).toBe('0');
    moveTo('2027-03-01'); // day 60, 삼일절: still in time
    s = (await detail(settle1)).subcon;
    expect(s).toMatchObject({ daysLate: 0, lateInterest: '0' });
    moveTo('2027-03-02'); // day 61
    s = (await detail(settle1)).subcon;
    // 9,950,000 (10,000,000 less the agreed 감액) × 15.5 % × 1 / 365 = 4,225.34… → 4,225
    expect(s).toMatchObject({ paid: false, daysLate: 1, lateInterest: '4225', lateInterestRate: '15.5' });

    // Another supplier cannot read it.
    expect((await http.get(`/api/v1/cyber/settlements/${settle1}`, supplier2)).status).toBe(404);

    const paid = await http.post(`/api/v1/settlements/${settle1}/payment`, operator, {
      version: (await detail(settle1)).settlement.version,
      paidOn: '2027-03-02',
      method: 'CASH',
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    moveTo('2027-03-20');
    // Kept as paid: the clock moving on changes nothing; the supplier reads the same.
    const seen = await http.get(`/api/v1/cyber/settlements/${settle1}`, supplier1);
    expect(seen.status).toBe(200);
    expect(seen.body.subcon).toMatchObject({
      paid: true,
      paidOn: '2027-03-02',
      paymentMethod: 'CASH',
      daysLate: 1,
      lateInterest: '4225',
      billFee: '0',
    });
    const stored = await t.db.db
      .selectFrom('settlement')
      .select(['lateInterest', 'billFee', 'paidBy'])
      .where('settleNo', '=', settle1)
      .executeTakeFirstOrThrow();
    expect([String(Number(stored.lateInterest)), String(Number(stored.billFee)), stored.paidBy]).toEqual([
      '4225',
      '0',
      'operator',
    ]);
  });
});
