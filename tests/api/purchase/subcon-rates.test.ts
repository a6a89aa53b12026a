import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { todayKst } from '../../../server/domain/dates.js';
import { api, expectError, insertAcknowledgedPo } from '../fulfilment/helpers.js';

type Rate = { rateKind: string; effectiveFrom: string; ratePct: string; inForce: boolean };

/**
 * The FTC's rates a 하도급 payment's 지연이자 and 어음 fees are computed at (docs/subcontracting.md "What a company
 * configures"): kept by the purchasing managers (Korean 400s, 409 on a second rate of one kind and day, an audit
 * row), read by the operators, refused to suppliers. A rate in force from its day changes the interest of a payment
 * made from then on and not one already recorded. Goods of 10,000,000 won received on 2026-12-31: day 60 is
 * 2027-03-01, so paying on 2027-03-02 owes one day and on 2027-03-03 two. Also the staff's list of a settlement's
 * 감액 서면 the adjustment dialog chooses from.
 */
describe('하도급 FTC rates', () => {
  let t: TestApp;
  let http: ReturnType<typeof api>;
  let supplier1: LoggedIn;
  let supplier2: LoggedIn;
  let operator: LoggedIn;
  let admin: LoggedIn;
  let settle1: string;
  let settle2: string;

  const moveTo = (day: string) => t.app.clock.advance(Date.parse(`${day}T03:00:00Z`) - t.app.clock.now().getTime());

  async function receivedSubcon(compNo: string, supplier: LoggedIn) {
    const today = todayKst(t.app.clock.now());
    const poNo = await insertAcknowledgedPo(t, compNo, 'KRW', [{ quantity: '4', unitPrice: '2500000' }]);
    await t.db.db.updateTable('poHeader').set({ subconKind: 'MANUFACTURE' }).where('poNo', '=', poNo).execute();
    const d = await http.post('/api/v1/cyber/deliveries', supplier, {
      poNo,
      deliveryDate: today,
      lines: [{ poLineNo: 1, quantity: '4' }],
    });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    let r = (
      await http.post(`/api/v1/deliveries/${d.body.delivery.deliveryNo}/receive`, operator, {
        version: d.body.delivery.version,
        expenses: 'MATERIAL',
      })
    ).body.receipt;
    r = (await http.post(`/api/v1/warehousing/${r.whReqNo}/approve`, admin, { version: r.version })).body.receipt;
    r = (await http.post(`/api/v1/warehousing/${r.whReqNo}/decide`, operator, { version: r.version })).body.receipt;
    expect(r.status).toBe('DECIDED');
  }

  const detail = async (settleNo: string) => {
    const r = await http.get(`/api/v1/settlements/${settleNo}`, operator);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body;
  };

  async function confirmed(settleNo: string, supplier: LoggedIn) {
    const asked = await http.post(`/api/v1/settlements/${settleNo}/request-confirm`, operator, {
      version: (await detail(settleNo)).settlement.version,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    const c = await http.post(`/api/v1/cyber/settlements/${settleNo}/confirm`, supplier, {
      version: asked.body.settlement.version,
    });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
  }

  const rates = async (who: LoggedIn = operator): Promise<Rate[]> => {
    const r = await http.get('/api/v1/subcon/rates', who);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.rows;
  };

  beforeAll(async () => {
    t = await buildTestApp();
    http = api(t.app);
    [supplier1, supplier2, operator, admin] = [
      await sessionAs(t.app, 'supplier1'),
      await sessionAs(t.app, 'supplier2'),
      await sessionAs(t.app, 'operator'),
      await sessionAs(t.app, 'admin'),
    ];
    moveTo('2026-12-31');
    await receivedSubcon('C00001', supplier1);
    await receivedSubcon('C00002', supplier2);
    const built = await http.post('/api/v1/settlements/build', operator, { period: '202612' });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const ofComp = async (compNo: string) =>
      (
        await t.db.db
          .selectFrom('settlement')
          .select('settleNo')
          .where('compNo', '=', compNo)
          .where('period', '=', '202612')
          .executeTakeFirstOrThrow()
      ).settleNo;
    [settle1, settle2] = [await ofComp('C00001'), await ofComp('C00002')];
  });
  afterAll(() => t.close());

  it('lists the seeded rates, newest first per kind, the one in force marked', async () => {
    expect((await rates()).map((r) => [r.rateKind, r.effectiveFrom, r.ratePct, r.inForce])).toEqual([
      ['BILL_DISCOUNT', '2002-06-10', '7.5', true],
      ['BILL_SUBSTITUTE', '2008-01-01', '7', true],
      ['LATE_INTEREST', '2015-07-01', '15.5', true],
    ]);
  });

  it('refuses a wrong rate with each field’s Korean message, a second rate of one kind and day, and non-keepers', async () => {
    const bad = await http.post('/api/v1/subcon/rates', admin, {
      rateKind: 'PENALTY',
      effectiveFrom: '2027-02-30',
      ratePct: '0',
      source: ' ',
    });
    expectError(bad, 400, 'VALIDATION');
    expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'body/effectiveFrom',
      'body/rateKind',
      'body/ratePct',
      'body/source',
    ]);
    // §13⑧: at most 40 % a year; at most three decimals.
    const over = await http.post('/api/v1/subcon/rates', admin, {
      rateKind: 'LATE_INTEREST',
      effectiveFrom: '2027-01-01',
      ratePct: '40.001',
      source: '공정위 고시',
    });
    expectError(over, 400, 'VALIDATION');
    expect(over.body.details[0].message).toContain('연 40% 이하');
    expect(over.body.details[0].message).toContain('제13조제8항');
    expectError(
      await http.post('/api/v1/subcon/rates', admin, {
        rateKind: 'LATE_INTEREST',
        effectiveFrom: '2027-01-01',
        ratePct: '12.3456',
        source: '공정위 고시',
      }),
      400,
      'VALIDATION',
    );
    const dup = await http.post('/api/v1/subcon/rates', admin, {
      rateKind: 'LATE_INTEREST',
      effectiveFrom: '2015-07-01',
      ratePct: '12',
      source: '같은 날 두 번째',
    });
    expectError(dup, 409, 'SUBCON_RATE_DUPLICATE');
    expect(dup.body.msg).toContain('2015-07-01');
    // The operators read the rates and do not keep them; a supplier neither.
    expect(
      (
        await http.post('/api/v1/subcon/rates', operator, {
          rateKind: 'LATE_INTEREST',
          effectiveFrom: '2027-01-01',
          ratePct: '12',
          source: 'x',
        })
      ).status,
    ).toBe(403);
    expect((await http.get('/api/v1/subcon/rates', supplier1)).status).toBe(403);
    expect(
      (
        await http.post('/api/v1/subcon/rates', supplier1, {
          rateKind: 'LATE_INTEREST',
          effectiveFrom: '2027-01-01',
          ratePct: '12',
          source: 'x',
        })
      ).status,
    ).toBe(403);
    expect((await rates()).length).toBe(3);
  });

  it('lists a settlement’s 감액 서면 for staff, and only the usable ones for the adjustment dialog', async () => {
    const list = async (query = '') => {
      const r = await http.get(`/api/v1/settlements/${settle1}/reductions${query}`, operator);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.rows.map((x: { reductionNo: string }) => x.reductionNo);
    };
    expect(await list()).toEqual([]);
    const write = async (amount: string) => {
      const r = await http.post(`/api/v1/settlements/${settle1}/reductions`, operator, { amount, reason: '불량 차감' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.reductionNo as string;
    };
    const [first, second] = [await write('30000'), await write('20000')];
    const ack = await http.post(`/api/v1/cyber/settlement-reductions/${first}/acknowledge`, supplier1, { version: 1 });
    expect(ack.status, JSON.stringify(ack.body)).toBe(200);
    expect(await list()).toEqual([first, second]);
    expect(await list('?status=REQUESTED')).toEqual([second]);
    expect(await list('?usable=Y')).toEqual([first]);
    // Booked by an adjustment, it is no longer a choice.
    const adj = await http.post(`/api/v1/settlements/${settle1}/adjustments`, operator, {
      amount: '-30000',
      reason: '불량 차감',
      reductionNo: first,
    });
    expect(adj.status, JSON.stringify(adj.body)).toBe(200);
    expect(await list('?usable=Y')).toEqual([]);
    await http.post(`/api/v1/settlement-adjustments/${adj.body.adjNo}/cancel`, operator, { version: adj.body.version });
    expectError(await http.get('/api/v1/settlements/ST0000-000000/reductions', operator), 404, 'SETTLEMENT_NOT_FOUND');
    expect((await http.get(`/api/v1/settlements/${settle1}/reductions`, supplier1)).status).toBe(403);
  });

  it('counts a payment made from a new rate’s day at it, and leaves a recorded payment as it was', async () => {
    await confirmed(settle1, supplier1);
    await confirmed(settle2, supplier2);
    moveTo('2027-03-02'); // day 61 of both
    // 10,000,000 × 15.5 % × 1 / 365 = 4,246.57… → 4,246
    const paid1 = await http.post(`/api/v1/settlements/${settle1}/payment`, operator, {
      version: (await detail(settle1)).settlement.version,
      paidOn: '2027-03-02',
      method: 'CASH',
      billMaturity: '',
    });
    expect(paid1.status, JSON.stringify(paid1.body)).toBe(200);
    expect(paid1.body.subcon).toMatchObject({ paid: true, daysLate: 1, lateInterest: '4246' });
    expect((await detail(settle2)).subcon).toMatchObject({ paid: false, lateInterest: '4246' });

    const made = await http.post('/api/v1/subcon/rates', admin, {
      rateKind: 'LATE_INTEREST',
      effectiveFrom: '2027-03-02',
      ratePct: '20',
      source: '공정위 고시(지연이율) 개정 — 시험용',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ rateKind: 'LATE_INTEREST', ratePct: '20', inForce: true, updatedBy: 'admin' });
    const late = (await rates()).filter((r) => r.rateKind === 'LATE_INTEREST');
    expect(late.map((r) => [r.effectiveFrom, r.inForce])).toEqual([
      ['2027-03-02', true],
      ['2015-07-01', false],
    ]);
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['action', 'actor'])
      .where('entity', '=', 'subcon_rate')
      .where('entityKey', '=', 'LATE_INTEREST:2027-03-02')
      .execute();
    expect(audit).toEqual([{ action: 'CREATE', actor: 'admin' }]);

    // The recorded payment keeps its interest; the unpaid one accrues at the new rate from its day.
    expect((await detail(settle1)).subcon).toMatchObject({ paid: true, lateInterest: '4246' });
    // 10,000,000 × 20 % × 1 / 365 = 5,479.45… → 5,479
    expect((await detail(settle2)).subcon).toMatchObject({ paid: false, lateInterest: '5479', lateInterestRate: '20' });
    moveTo('2027-03-03');
    const paid2 = await http.post(`/api/v1/settlements/${settle2}/payment`, operator, {
      version: (await detail(settle2)).settlement.version,
      paidOn: '2027-03-03',
      method: 'CASH',
    });
    // Two days at 20 %: 10,958.90… → 10,958
    expect(paid2.status, JSON.stringify(paid2.body)).toBe(200);
    expect(paid2.body.subcon).toMatchObject({ paid: true, daysLate: 2, lateInterest: '10958' });
    const stored = await t.db.db
      .selectFrom('settlement')
      .select(['settleNo', 'lateInterest'])
      .where('settleNo', 'in', [settle1, settle2])
      .orderBy('settleNo')
      .execute();
    expect(Object.fromEntries(stored.map((s) => [s.settleNo, String(Number(s.lateInterest))]))).toEqual({
      [settle1]: '4246',
      [settle2]: '10958',
    });
  });
});
