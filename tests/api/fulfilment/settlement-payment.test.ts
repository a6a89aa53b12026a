import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { api, expectError } from './helpers.js';
import { subconParties, subconSteps } from './subcon-helpers.js';

/**
 * The payment of a settlement without 하도급 lines (docs/subcontracting.md "On the settlement screens"): recorded with
 * the same command as a 하도급 one, it owes nothing beyond its amount, and the detail answers its day, method and
 * maturity — to staff and to its supplier — as it does for every settlement, so the screens can show it paid.
 */
describe('the payment of a settlement without 하도급 lines', () => {
  let t: TestApp;
  let supplier1: LoggedIn;
  let supplier2: LoggedIn;
  let operator: LoggedIn;
  let admin: LoggedIn;
  let http: ReturnType<typeof api>;
  let settleNo: string;

  const { moveTo, receivedPlain, detail, confirmed } = subconSteps(() => ({ t, http, operator, admin }));

  beforeAll(async () => {
    t = await buildTestApp();
    http = api(t.app);
    ({ supplier1, supplier2, operator, admin } = await subconParties(t));
    moveTo('2027-05-10');
    await receivedPlain('C00001', supplier1);
    const b = await http.post('/api/v1/settlements/build', operator, { period: '202705', compNo: 'C00001' });
    expect(b.status, JSON.stringify(b.body)).toBe(200);
    settleNo = (
      await t.db.db
        .selectFrom('settlement')
        .select('settleNo')
        .where('compNo', '=', 'C00001')
        .where('period', '=', '202705')
        .executeTakeFirstOrThrow()
    ).settleNo;
  });
  afterAll(() => t.close());

  it('answers no payment while unpaid, then the day, method and maturity recorded, to staff and to its supplier', async () => {
    const unpaid = await detail(settleNo);
    expect(unpaid).toMatchObject({ subcon: null, paidOn: null, paymentMethod: null, billMaturity: null });

    await confirmed(settleNo, supplier1);
    moveTo('2027-05-20');
    const paid = await http.post(`/api/v1/settlements/${settleNo}/payment`, operator, {
      version: (await detail(settleNo)).settlement.version,
      paidOn: '2027-05-20',
      method: 'BILL',
      billMaturity: '2027-08-31',
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect(paid.body).toMatchObject({
      subcon: null,
      paidOn: '2027-05-20',
      paymentMethod: 'BILL',
      billMaturity: '2027-08-31',
    });
    // Nothing is owed beyond the amount: no charge voucher.
    const charges = await t.db.db
      .selectFrom('erpVoucher')
      .select('voucherNo')
      .where('settleNo', '=', settleNo)
      .where('kind', '=', 'SUBCON_CHARGE')
      .execute();
    expect(charges).toEqual([]);

    const seen = await http.get(`/api/v1/cyber/settlements/${settleNo}`, supplier1);
    expect(seen.status, JSON.stringify(seen.body)).toBe(200);
    expect(seen.body).toMatchObject({ paidOn: '2027-05-20', paymentMethod: 'BILL', billMaturity: '2027-08-31' });
    // Another supplier reads nothing of it.
    expectError(await http.get(`/api/v1/cyber/settlements/${settleNo}`, supplier2), 404, 'SETTLEMENT_NOT_FOUND');

    // Paid once.
    expectError(
      await http.post(`/api/v1/settlements/${settleNo}/payment`, operator, {
        version: paid.body.settlement.version,
        paidOn: '2027-05-20',
        method: 'CASH',
      }),
      409,
      'INVALID_STATE',
    );
  });
});
