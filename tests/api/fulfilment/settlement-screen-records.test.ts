import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { api, expectError } from './helpers.js';

/**
 * The records the settlement screens load as one flat form (docs/fulfilment.md): a settlement
 * and a voucher carry their header fields at the top level as well as nested, a voucher its
 * debit/credit lines, and one adjustment can be read by its number.
 */
describe('settlement screens: flat records, voucher lines, one adjustment', () => {
  let t: TestApp;
  let operator: LoggedIn;
  let monitor: LoggedIn;
  let supplier1: LoggedIn;
  let supplier2: LoggedIn;
  let http: ReturnType<typeof api>;

  beforeAll(async () => {
    t = await buildTestApp();
    http = api(t.app);
    [operator, monitor, supplier1, supplier2] = [
      await sessionAs(t.app, 'operator'),
      await sessionAs(t.app, 'monitor'),
      await sessionAs(t.app, 'supplier1'),
      await sessionAs(t.app, 'supplier2'),
    ];
  });
  afterAll(() => t.close());

  it('a settlement answers its header at the top level too, for staff and for its supplier', async () => {
    const s = await t.db.db
      .selectFrom('settlement')
      .select(['settleNo'])
      .where('compNo', '=', 'C00001')
      .where('status', '=', 'CONFIRM_REQUESTED')
      .orderBy('settleNo')
      .executeTakeFirstOrThrow();
    const staff = await http.get(`/api/v1/settlements/${s.settleNo}`, operator);
    expect(staff.status).toBe(200);
    const { settlement, lines, adjustments, match, matchStatus, subcon, reductions, ...rest } = staff.body;
    const { paidOn, paymentMethod, billMaturity, ...flat } = rest;
    expect(flat).toEqual(settlement);
    // Not a 하도급 settlement: no payment clock, no 감액 서면; not paid yet.
    expect([subcon, reductions]).toEqual([null, []]);
    expect([paidOn, paymentMethod, billMaturity]).toEqual([null, null, null]);
    expect(flat).toMatchObject({ settleNo: s.settleNo, compNo: 'C00001', status: 'CONFIRM_REQUESTED' });
    expect(lines.length).toBe(settlement.lineCount);
    expect(Array.isArray(adjustments) && Array.isArray(match) && typeof matchStatus === 'string').toBe(true);
    const mine = await http.get(`/api/v1/cyber/settlements/${s.settleNo}`, supplier1);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      settleNo: s.settleNo,
      version: settlement.version,
      totalAmount: settlement.totalAmount,
    });
    expectError(await http.get(`/api/v1/cyber/settlements/${s.settleNo}`, supplier2), 404, 'SETTLEMENT_NOT_FOUND');
    // A workflow step answers the same flat record, with the new state and version.
    const confirmed = await http.post(`/api/v1/cyber/settlements/${s.settleNo}/confirm`, supplier1, {
      version: settlement.version,
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({
      settleNo: s.settleNo,
      status: 'CONFIRMED',
      version: settlement.version + 1,
      settlement: { status: 'CONFIRMED' },
    });
  });

  it('one adjustment by its number; missing answers 404; suppliers have no access', async () => {
    const a = await t.db.db
      .selectFrom('settlementAdjustment')
      .select(['adjNo', 'settleNo', 'amount', 'status'])
      .where('status', '=', 'REJECTED')
      .orderBy('adjNo')
      .executeTakeFirstOrThrow();
    const one = await http.get(`/api/v1/settlement-adjustments/${a.adjNo}`, monitor);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ adjNo: a.adjNo, settleNo: a.settleNo, status: 'REJECTED' });
    expect(one.body.decisionComment).toMatch(/\S/);
    const listed = await http.get(`/api/v1/settlement-adjustments?adjNo=${a.adjNo}`, monitor);
    expect(listed.body.rows[0]).toEqual(one.body);
    expectError(await http.get('/api/v1/settlement-adjustments/AJ2099-999999', operator), 404, 'ADJUSTMENT_NOT_FOUND');
    expect((await http.get(`/api/v1/settlement-adjustments/${a.adjNo}`, supplier1)).status).toBe(403);
  });

  it('a voucher answers its header at the top level, the posting date and balanced debit/credit lines', async () => {
    const list = await http.get('/api/v1/vouchers?status=POSTED&sort=postedAt:desc&size=1', monitor);
    const voucherNo = list.body.rows[0].voucherNo;
    const d = await http.get(`/api/v1/vouchers/${voucherNo}`, monitor);
    expect(d.status).toBe(200);
    const { voucher, payload, errors, lines, postingDate, vendorTaxNo, ...flat } = d.body;
    expect(flat).toEqual(voucher);
    expect(postingDate).toBe(payload.postingDate);
    expect(vendorTaxNo).toBe(payload.vendor.taxNo);
    expect(Array.isArray(errors)).toBe(true);
    expect(lines.length).toBe(payload.lines.length);
    const sum = (side: 'debitAmount' | 'creditAmount') =>
      lines.reduce((s: number, l: Record<string, string | null>) => s + Number(l[side] ?? 0), 0);
    expect(sum('debitAmount')).toBe(sum('creditAmount'));
    expect(sum('creditAmount')).toBeGreaterThan(0);
    for (const l of lines)
      expect(l.side === 'DEBIT' ? [l.debitAmount, l.creditAmount] : [l.creditAmount, l.debitAmount]).toEqual([
        l.amount,
        null,
      ]);
  });

  it('a build for every supplier may send a blank supplier code; the statement PDF carries its Korean file name', async () => {
    const period = (
      await t.db.db.selectFrom('settlement').select('period').orderBy('period', 'desc').executeTakeFirstOrThrow()
    ).period;
    const built = await http.post('/api/v1/settlements/build', operator, { period, compNo: '' });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    expect(built.body.period).toBe(period);
    expect(built.body.skipped.length + built.body.rebuilt.length + built.body.created.length).toBeGreaterThan(1);
    const s = await t.db.db
      .selectFrom('settlement')
      .select('settleNo')
      .where('status', '=', 'POSTED')
      .orderBy('settleNo')
      .executeTakeFirstOrThrow();
    const pdf = await http.get(`/api/v1/statements/${s.settleNo}?format=pdf`, monitor);
    expect(pdf.status).toBe(200);
    expect(String(pdf.res.headers['content-disposition'])).toBe(
      `inline; filename="statement-${s.settleNo}.pdf"; filename*=UTF-8''${encodeURIComponent(`거래명세서_${s.settleNo}.pdf`)}`,
    );
  });
});
