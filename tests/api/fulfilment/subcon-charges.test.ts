import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { claimSubconCharge } from '../../../server/modules/fulfilment/posting/subcon-charge.js';
import { appPostingTo, closeWithErp, fakeErp } from './fake-erp.js';
import { api, expectError } from './helpers.js';
import { subconParties, subconSteps } from './subcon-helpers.js';

type Sent = { voucherNo: string; settleNo: string; amount: string; lines: Array<Record<string, unknown>> };

/**
 * The 지연이자 and 어음 fees of a 하도급 payment posted to the ERP as a voucher of their own (docs/subcontracting.md
 * "Posting the interest and fee"), and the compliance view's money columns (§13⑥⑦⑧, §11), walked with the business
 * clock. Goods of 10,000,000 won received on 2026-12-31 (day 60: 2027-03-01) and on 2027-01-05 (day 60: 2027-03-06).
 */
describe('하도급 payment charges: their ERP voucher and the compliance view’s money', () => {
  const erp = fakeErp<Sent>();
  let t: TestApp;
  let supplier1: LoggedIn;
  let supplier2: LoggedIn;
  let operator: LoggedIn;
  let admin: LoggedIn;
  let f: ReturnType<typeof api>;
  /** December: C00001's and C00002's; January: the same two suppliers'. */
  const settle: Record<'dec1' | 'dec2' | 'jan1' | 'jan2', string> = { dec1: '', dec2: '', jan1: '', jan2: '' };
  const receipts: Record<string, string> = {};

  const { moveTo, receivedSubcon, detail, confirmed, built } = subconSteps(() => ({ t, http: f, operator, admin }));

  const pay = async (settleNo: string, body: Record<string, unknown>) => {
    const r = await f.post(`/api/v1/settlements/${settleNo}/payment`, operator, {
      version: (await detail(settleNo)).settlement.version,
      ...body,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };

  const chargeVouchers = (settleNo: string) =>
    t.db.db
      .selectFrom('erpVoucher')
      .selectAll()
      .where('settleNo', '=', settleNo)
      .where('kind', '=', 'SUBCON_CHARGE')
      .execute();

  const compliance = async () => {
    const r = await f.get('/api/v1/subcon/compliance?size=500', operator);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body as {
      rows: Array<Record<string, string | number | null>>;
      counts: Record<string, number>;
      sums: Record<string, string>;
    };
  };

  beforeAll(async () => {
    t = await appPostingTo(erp);
    f = api(t.app);
    ({ supplier1, supplier2, operator, admin } = await subconParties(t));
    moveTo('2026-12-31');
    receipts.dec1 = await receivedSubcon('C00001', supplier1);
    receipts.dec2 = await receivedSubcon('C00002', supplier2);
    [settle.dec1, settle.dec2] = await built('202612');
    moveTo('2027-01-05');
    receipts.jan1 = await receivedSubcon('C00001', supplier1);
    receipts.jan2 = await receivedSubcon('C00002', supplier2);
    [settle.jan1, settle.jan2] = await built('202701');
    for (const [key, supplier] of [
      ['dec1', supplier1],
      ['dec2', supplier2],
      ['jan1', supplier1],
      ['jan2', supplier2],
    ] as const) {
      expect((await detail(settle[key])).settlement.totalAmount).toBe('10000000');
      await confirmed(settle[key], supplier);
    }
  });
  afterAll(() => closeWithErp(t, erp));

  it('posts nothing for a payment that owes nothing: given in time, by a bill maturing on day 60 itself', async () => {
    moveTo('2027-01-10');
    const paid = await pay(settle.jan1, { paidOn: '2027-01-10', method: 'BILL', billMaturity: '2027-03-06' });
    expect(paid.subcon).toMatchObject({
      lateInterest: '0',
      billFee: '0',
      chargeVoucherNo: null,
      chargeVoucherStatus: null,
    });
    expect(await chargeVouchers(settle.jan1)).toEqual([]);
    expect(erp.bodies).toEqual([]);
  });

  it('posts an 어음’s discount from day 60 as 지급수수료 against 미지급금, leaving the settlement’s own state', async () => {
    moveTo('2027-01-30');
    // Given on day 30, maturing on day 120: 60 days after day 60 at 7.5 %:
    // 10,000,000 × 7.5 % × 60 / 365 = 123,287.67… → 123,287 (원 미만 절사).
    const paid = await pay(settle.dec2, { paidOn: '2027-01-30', method: 'BILL', billMaturity: '2027-04-30' });
    const [v] = await chargeVouchers(settle.dec2);
    expect(v).toMatchObject({ kind: 'SUBCON_CHARGE', status: 'POSTED', compNo: 'C00002', period: '202612' });
    expect(String(Number(v.amount))).toBe('123287');
    expect(paid.subcon).toMatchObject({ billFee: '123287', chargeVoucherNo: v.voucherNo });
    const sent = erp.bodies.filter((r) => r.key === v.idempotencyKey);
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({
      voucherNo: v.voucherNo,
      settleNo: settle.dec2,
      amount: '123287',
      postingDate: '2027-01-30',
      subconCharge: { paidOn: '2027-01-30', method: 'BILL', billMaturity: '2027-04-30', lateInterest: '0' },
    });
    expect(sent[0].body.lines).toEqual([
      expect.objectContaining({ side: 'DEBIT', kind: 'BILL_FEE', amount: '123287' }),
      expect.objectContaining({ side: 'CREDIT', kind: 'OTHER_PAYABLE', amount: '123287' }),
    ]);
    // The settlement's own posting is untouched: still confirmed, not posted by this voucher.
    expect((await detail(settle.dec2)).settlement.status).toBe('CONFIRMED');
    // Staff see it among the vouchers, with its kind.
    const shown = await f.get(`/api/v1/vouchers/${v.voucherNo}`, operator);
    expect(shown.body).toMatchObject({ kind: 'SUBCON_CHARGE', status: 'POSTED' });

    // Posting the settlement afterwards makes the settlement's own voucher: the charge voucher is not taken for it.
    const posted = await f.post(`/api/v1/settlements/${settle.dec2}/post`, operator, {
      version: (await detail(settle.dec2)).settlement.version,
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body).toMatchObject({ kind: 'SETTLEMENT', status: 'POSTED', amount: '10000000' });
    expect(posted.body.voucherNo).not.toBe(v.voucherNo);
    const after = await detail(settle.dec2);
    expect(after.settlement).toMatchObject({ status: 'POSTED', voucherNo: posted.body.voucherNo });
    expect(after.subcon).toMatchObject({ chargeVoucherNo: v.voucherNo, chargeVoucherStatus: 'POSTED' });
  });

  it('shows the interest accruing on unpaid lines past day 60, to the business day, and posts it to the won when paid', async () => {
    moveTo('2027-03-01'); // day 60 of the December receipt: nothing accrues yet
    let view = await compliance();
    let row = view.rows.find((r) => r.kind === 'PAYMENT_NEAR' && r.whReqNo === receipts.dec1);
    expect(row).toMatchObject({ settleNo: settle.dec1, amount: '10000000', lateInterest: '0', daysPast: 0 });
    moveTo('2027-03-02'); // day 61
    view = await compliance();
    row = view.rows.find((r) => r.kind === 'PAYMENT_OVERDUE' && r.whReqNo === receipts.dec1);
    // 10,000,000 × 15.5 % × 1 / 365 = 4,246.57… → 4,246
    expect(row).toMatchObject({ settleNo: settle.dec1, amount: '10000000', lateInterest: '4246', daysPast: 1 });
    // The January line of the unpaid settlement is not late yet; the paid one is no longer listed.
    expect(view.rows.find((r) => r.kind === 'PAYMENT_NEAR' && r.whReqNo === receipts.jan2)).toMatchObject({
      settleNo: settle.jan2,
      lateInterest: '0',
    });
    expect(Number(view.sums.interestAccruing)).toBeGreaterThanOrEqual(4246);
    expect(view.rows.filter((r) => r.whReqNo === receipts.jan1 && r.kind !== 'DEEMED_PASS')).toEqual([]);
    expect(view.rows.filter((r) => r.whReqNo === receipts.dec2 && r.kind !== 'DEEMED_PASS')).toEqual([]);

    const paid = await pay(settle.dec1, { paidOn: '2027-03-02', method: 'CASH' });
    const [v] = await chargeVouchers(settle.dec1);
    expect(paid.subcon).toMatchObject({
      lateInterest: '4246',
      chargeVoucherNo: v.voucherNo,
      chargeVoucherStatus: 'POSTED',
    });
    const sent = erp.bodies.filter((r) => r.key === v.idempotencyKey);
    expect(sent).toHaveLength(1);
    expect(sent[0].body.amount).toBe('4246');
    expect(sent[0].body.lines).toEqual([
      expect.objectContaining({ side: 'DEBIT', kind: 'INTEREST', amount: '4246' }),
      expect.objectContaining({ side: 'CREDIT', kind: 'OTHER_PAYABLE', amount: '4246' }),
    ]);
    view = await compliance();
    expect(view.rows.filter((r) => r.whReqNo === receipts.dec1 && r.kind !== 'DEEMED_PASS')).toEqual([]);
    expect(view.rows.find((r) => r.rowKey === `S:${settle.dec1}`)).toMatchObject({
      kind: 'PAID_WITH_CHARGES',
      poNo: null,
      subconKind: 'MANUFACTURE',
      paidOn: '2027-03-02',
      lateInterest: '4246',
      billFee: '0',
      chargeVoucherNo: v.voucherNo,
      chargeVoucherStatus: 'POSTED',
    });
  });

  it('a failed posting keeps the payment; a retry under the same key books it once and never makes a second voucher', async () => {
    moveTo('2027-03-10'); // day 64 of the January receipt
    erp.state.mode = 'down';
    // 10,000,000 × 15.5 % × 4 / 365 = 16,986.30… → 16,986
    const paid = await pay(settle.jan2, { paidOn: '2027-03-10', method: 'CASH' });
    expect(paid.subcon).toMatchObject({ paid: true, lateInterest: '16986', chargeVoucherStatus: 'FAILED' });
    expect(paid.settlement.status).toBe('CONFIRMED');
    let [v] = await chargeVouchers(settle.jan2);
    expect(v).toMatchObject({ status: 'FAILED', attempts: 3 });
    const errors = await f.get(`/api/v1/posting-errors?voucherNo=${v.voucherNo}&status=FAILED`, operator);
    expect(errors.body.rows).toEqual([expect.objectContaining({ settleNo: settle.jan2, httpStatus: 503 })]);

    // Asked again for the same payment (a second follower, a replay): nothing more is made.
    const again = await t.db.db.transaction().execute((trx) =>
      claimSubconCharge(
        trx,
        {
          settleNo: settle.jan2,
          compNo: 'C00002',
          period: '202701',
          paidOn: '2027-03-10',
          method: 'CASH',
          billMaturity: null,
          lateInterest: '16986',
          billFee: '0',
        },
        'operator',
        t.app.clock.now(),
      ),
    );
    expect(again).toBeNull();
    // Nor does recording the payment again.
    expectError(
      await f.post(`/api/v1/settlements/${settle.jan2}/payment`, operator, {
        version: paid.settlement.version,
        paidOn: '2027-03-10',
        method: 'CASH',
      }),
      409,
      'INVALID_STATE',
    );

    // The ERP books the retry but its answer is lost; the adapter tries again under the same key.
    erp.state.mode = 'dropAfterBooking';
    const retried = await f.post(`/api/v1/vouchers/${v.voucherNo}/retry`, operator, { version: v.version });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.voucher).toMatchObject({ status: 'POSTED', erpDocNo: erp.booked.get(v.idempotencyKey) });
    expectError(
      await f.post(`/api/v1/vouchers/${v.voucherNo}/retry`, operator, { version: retried.body.voucher.version }),
      409,
      'ALREADY_POSTED',
    );
    erp.state.mode = 'ok';
    const vouchers = await chargeVouchers(settle.jan2);
    expect(vouchers).toHaveLength(1);
    [v] = vouchers;
    expect(v.status).toBe('POSTED');
    // Every try sent the same voucher (the retry reads it back from the database, its keys in jsonb's order).
    const bodies = erp.bodies.filter((r) => r.key === v.idempotencyKey).map((r) => r.body);
    expect(bodies).toHaveLength(5);
    for (const b of bodies) expect(b).toEqual(bodies[0]);
    expect([...erp.booked.keys()].filter((k) => k === v.idempotencyKey)).toHaveLength(1);
    expect((await detail(settle.jan2)).settlement.status).toBe('CONFIRMED');
  });

  it('lists 감액 without an acknowledged 서면, and the sums and /metrics counts agree with the rows', async () => {
    // Constructed: reductions that reached the table around the rule (loaded data, from before it).
    const reduce = (
      adjNo: string,
      amount: string,
      status: 'REQUESTED' | 'APPROVED' | 'REJECTED',
      reductionNo: string | null,
    ) =>
      t.db.db
        .insertInto('settlementAdjustment')
        .values({
          adjNo,
          settleNo: settle.jan1,
          compNo: 'C00001',
          amount,
          reason: '구 시스템에서 옮긴 감액',
          status,
          requestedBy: 'operator',
          reductionNo,
        })
        .execute();
    const letter = (reductionNo: string, amount: string, status: 'REQUESTED' | 'ACKNOWLEDGED') =>
      t.db.db
        .insertInto('settlementReduction')
        .values({
          reductionNo,
          settleNo: settle.jan1,
          compNo: 'C00001',
          amount,
          reason: '불량 차감',
          status,
          createdBy: 'operator',
          ...(status === 'ACKNOWLEDGED' ? { acknowledgedBy: 'supplier1', acknowledgedAt: new Date() } : {}),
        })
        .execute();
    await letter('RDT-1', '30000', 'REQUESTED');
    await letter('RDT-2', '20000', 'ACKNOWLEDGED');
    await letter('RDT-3', '10000', 'ACKNOWLEDGED');
    await reduce('ADT-NONE', '-50000', 'APPROVED', null); // no 서면 at all
    await reduce('ADT-UNACK', '-30000', 'REQUESTED', 'RDT-1'); // not acknowledged
    await reduce('ADT-OTHER', '-25000', 'APPROVED', 'RDT-2'); // another amount
    await reduce('ADT-OK', '-10000', 'APPROVED', 'RDT-3'); // written and acknowledged: not a finding
    await reduce('ADT-REJ', '-70000', 'REJECTED', null); // does not count
    await reduce('ADT-PLUS', '5000', 'APPROVED', null); // an addition needs no 서면

    const view = await compliance();
    const unwritten = view.rows.filter((r) => r.kind === 'REDUCTION_UNWRITTEN' && r.settleNo === settle.jan1);
    expect(unwritten.map((r) => [r.adjNo, r.amount]).sort()).toEqual([
      ['ADT-NONE', '50000'],
      ['ADT-OTHER', '25000'],
      ['ADT-UNACK', '30000'],
    ]);
    expect(unwritten[0]).toMatchObject({ subconKind: 'MANUFACTURE', compNameKr: expect.any(String), poNo: null });

    const only = await f.get('/api/v1/subcon/compliance?kind=PAID_WITH_CHARGES&size=500', operator);
    expect(only.body.rows.every((r: { kind: string }) => r.kind === 'PAID_WITH_CHARGES')).toBe(true);
    expect(only.body.rows.map((r: { settleNo: string }) => r.settleNo)).toEqual(
      expect.arrayContaining([settle.dec1, settle.dec2, settle.jan2]),
    );
    expect(only.body.rows.map((r: { settleNo: string }) => r.settleNo)).not.toContain(settle.jan1);

    // The sums are over every finding, whatever the page.
    const total = (kind: string, field: string) =>
      String(view.rows.filter((r) => r.kind === kind).reduce((a, r) => a + Number(r[field] ?? 0), 0));
    expect(view.sums).toMatchObject({
      interestPaid: total('PAID_WITH_CHARGES', 'lateInterest'),
      feesPaid: total('PAID_WITH_CHARGES', 'billFee'),
      reductionsUnwritten: total('REDUCTION_UNWRITTEN', 'amount'),
    });
    expect(Number(view.sums.interestPaid)).toBeGreaterThanOrEqual(4246 + 16986);
    expect(Number(view.sums.feesPaid)).toBeGreaterThanOrEqual(123287);
    expect((await f.get('/api/v1/subcon/compliance?size=1', operator)).body.sums).toEqual(view.sums);

    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    for (const kind of ['PAID_WITH_CHARGES', 'REDUCTION_UNWRITTEN'])
      expect(metrics.body).toContain(`gpms_subcon_findings{kind="${kind}"} ${view.counts[kind]}`);
    expect(view.counts.REDUCTION_UNWRITTEN).toBeGreaterThanOrEqual(3);
  });
});
