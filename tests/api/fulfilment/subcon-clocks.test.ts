import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { todayKst } from '../../../server/domain/dates.js';
import { plusDays } from '../../../server/domain/subcontracting.js';
import { api, expectError, insertAcknowledgedPo } from './helpers.js';

const DAY = 86_400_000;

/**
 * The inspection and payment clocks of a 하도급 order's received lines (docs/subcontracting.md), walked with the
 * business clock: open on days 9 and 10, 합격 간주 from day 11 — when a return (cancelling the receipt) and a
 * 불합격 are refused; a written result stops the clock. The supplier reads its own clocks, not another's.
 */
describe('하도급 clocks on receipts', () => {
  let t: TestApp;
  let supplier1: LoggedIn;
  let supplier2: LoggedIn;
  let operator: LoggedIn;
  let http: ReturnType<typeof api>;
  let today: string;

  beforeAll(async () => {
    t = await buildTestApp();
    http = api(t.app);
    [supplier1, supplier2, operator] = [
      await sessionAs(t.app, 'supplier1'),
      await sessionAs(t.app, 'supplier2'),
      await sessionAs(t.app, 'operator'),
    ];
    today = todayKst(t.app.clock.now());
  });
  afterAll(() => t.close());

  /** A 하도급 order of C00001 delivered and received today; answers the receipt and the delivery. */
  const received = async (paymentTermDays: number | null) => {
    const now = todayKst(t.app.clock.now());
    const poNo = await insertAcknowledgedPo(t, 'C00001', 'KRW', [{ quantity: '4', unitPrice: '2500' }]);
    await t.db.db
      .updateTable('poHeader')
      .set({ subconKind: 'MANUFACTURE', paymentTermDays })
      .where('poNo', '=', poNo)
      .execute();
    const d = await http.post('/api/v1/cyber/deliveries', supplier1, {
      poNo,
      deliveryDate: now,
      lines: [{ poLineNo: 1, quantity: '4' }],
    });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    const deliveryNo = d.body.delivery.deliveryNo as string;
    const r = await http.post(`/api/v1/deliveries/${deliveryNo}/receive`, operator, {
      version: d.body.delivery.version,
      expenses: 'MATERIAL',
      whReqDate: now,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return { whReqNo: r.body.whReqNo as string, deliveryNo };
  };
  const clockOf = async (whReqNo: string) => {
    const r = await http.get(`/api/v1/warehousing/${whReqNo}`, operator);
    expect(r.status).toBe(200);
    return r.body as { version: number; subconClocks: Array<Record<string, unknown>> };
  };

  it('walks day 9, 10 and 11: 합격 간주 only on day 11, then a return and a 불합격 are refused', async () => {
    const a = await received(30);
    const b = await received(null);
    const start = await clockOf(a.whReqNo);
    expect(start.subconClocks).toEqual([
      expect.objectContaining({
        lineNo: 1,
        subconKind: 'MANUFACTURE',
        receivedOn: today,
        inspectionDue: plusDays(today, 10),
        inspectionState: 'OPEN',
        // The agreed 30 days is shorter than 60.
        paymentDue: plusDays(today, 30),
      }),
    ]);
    expect((await clockOf(b.whReqNo)).subconClocks[0].paymentDue).toBe(plusDays(today, 60));

    // A non-하도급 receipt has no clocks.
    const plainPo = await insertAcknowledgedPo(t, 'C00001', 'KRW', [{ quantity: '1', unitPrice: '100' }]);
    const pd = await http.post('/api/v1/cyber/deliveries', supplier1, {
      poNo: plainPo,
      deliveryDate: today,
      lines: [{ poLineNo: 1, quantity: '1' }],
    });
    const pr = await http.post(`/api/v1/deliveries/${pd.body.delivery.deliveryNo}/receive`, operator, {
      version: pd.body.delivery.version,
      expenses: 'MATERIAL',
    });
    expect(pr.body.subconClocks).toEqual([]);

    t.app.clock.advance(9 * DAY);
    expect((await clockOf(a.whReqNo)).subconClocks[0].inspectionState).toBe('OPEN');
    t.app.clock.advance(DAY);
    expect((await clockOf(a.whReqNo)).subconClocks[0].inspectionState).toBe('OPEN');
    // Day 10: a written 불합격 is still in time (receipt b), and stops its clock.
    const failed = await http.post(`/api/v1/warehousing/${b.whReqNo}/lines/1/inspection`, operator, {
      version: (await clockOf(b.whReqNo)).version,
      result: 'FAIL',
    });
    expect(failed.status, JSON.stringify(failed.body)).toBe(200);
    expect(failed.body.subconClocks[0]).toMatchObject({ inspectionState: 'FAIL', inspectionResult: 'FAIL' });

    t.app.clock.advance(DAY);
    const day11 = await clockOf(a.whReqNo);
    expect(day11.subconClocks[0].inspectionState).toBe('DEEMED_PASS');
    expect((await clockOf(b.whReqNo)).subconClocks[0].inspectionState).toBe('FAIL');

    const back = await http.post(`/api/v1/warehousing/${a.whReqNo}/cancel`, operator, {
      version: day11.version,
      reason: '품질 불량 반품',
    });
    expectError(back, 409, 'SUBCON_DEEMED_ACCEPTED');
    expect(back.body.msg).toContain('합격으로 간주');
    expect(back.body.msg).toContain('하도급법 제9조제2항');
    expectError(
      await http.post(`/api/v1/warehousing/${a.whReqNo}/lines/1/inspection`, operator, {
        version: day11.version,
        result: 'FAIL',
      }),
      409,
      'SUBCON_DEEMED_ACCEPTED',
    );
    expect((await clockOf(a.whReqNo)).version).toBe(day11.version);
    // A 합격 may still be written down; the line written 불합격 in time can be returned.
    const passed = await http.post(`/api/v1/warehousing/${a.whReqNo}/lines/1/inspection`, operator, {
      version: day11.version,
      result: 'PASS',
    });
    expect(passed.status, JSON.stringify(passed.body)).toBe(200);
    expect(passed.body.subconClocks[0].inspectionState).toBe('PASS');
    const returned = await http.post(`/api/v1/warehousing/${b.whReqNo}/cancel`, operator, {
      version: (await clockOf(b.whReqNo)).version,
      reason: '불합격 반품',
    });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
  });

  it('the supplier reads its own delivery’s clocks; another company’s supplier gets 404', async () => {
    const a = await received(null);
    const own = await http.get(`/api/v1/cyber/deliveries/${a.deliveryNo}`, supplier1);
    expect(own.status).toBe(200);
    const todayNow = todayKst(t.app.clock.now());
    expect(own.body.subconClocks).toEqual([
      expect.objectContaining({
        whReqNo: a.whReqNo,
        inspectionDue: plusDays(todayNow, 10),
        paymentDue: plusDays(todayNow, 60),
      }),
    ]);
    expectError(await http.get(`/api/v1/cyber/deliveries/${a.deliveryNo}`, supplier2), 404, 'DELIVERY_NOT_FOUND');
  });
});
