import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { todayKst } from '../../../server/domain/dates.js';
import { api, count, expectError, insertAcknowledgedPo } from './helpers.js';

/**
 * Partial receipts from /deliverEditAdmin: less than delivered with a reason per line; the
 * shortfall returns to the order line's open quantity and status; receiving more is refused;
 * three-way match and settlement count what was received.
 */
describe('partial receipts', () => {
  let t: TestApp;
  let supplier1: LoggedIn;
  let operator: LoggedIn;
  let admin: LoggedIn;
  let http: ReturnType<typeof api>;
  const today = todayKst(new Date());

  beforeAll(async () => {
    t = await buildTestApp();
    http = api(t.app);
    [supplier1, operator, admin] = [
      await sessionAs(t.app, 'supplier1'),
      await sessionAs(t.app, 'operator'),
      await sessionAs(t.app, 'admin'),
    ];
  });
  afterAll(() => t.close());

  const deliver = async (poNo: string, lines: Array<{ poLineNo: number; quantity: string }>) => {
    const r = await http.post('/api/v1/cyber/deliveries', supplier1, { poNo, deliveryDate: today, lines });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body.delivery as { deliveryNo: string; version: number };
  };
  const poState = async (poNo: string) => {
    const h = await t.db.db.selectFrom('poHeader').select('status').where('poNo', '=', poNo).executeTakeFirstOrThrow();
    const lines = await t.db.db
      .selectFrom('poLine')
      .select(['deliveredQty', 'receivedQty'])
      .where('poNo', '=', poNo)
      .orderBy('lineNo')
      .execute();
    return { status: h.status, delivered: lines.map((l) => l.deliveredQty), received: lines.map((l) => l.receivedQty) };
  };

  it('receives less than delivered with a reason per short line: the remainder is open again and the order partly delivered', async () => {
    const poNo = await insertAcknowledgedPo(t, 'C00001', 'KRW', [
      { quantity: '10', unitPrice: '1000' },
      { quantity: '5', unitPrice: '700' },
    ]);
    const d = await deliver(poNo, [
      { poLineNo: 1, quantity: '10' },
      { poLineNo: 2, quantity: '5' },
    ]);
    expect(await poState(poNo)).toEqual({
      status: 'DELIVERED',
      delivered: ['10.000', '5.000'],
      received: ['0.000', '0.000'],
    });
    const receipts = await count(t, 'whReceipt');
    const base = { version: d.version, expenses: 'MATERIAL' };

    // Refusals change nothing: no reason, more than delivered, a line left out.
    const noReason = await http.post(`/api/v1/deliveries/${d.deliveryNo}/receive`, operator, {
      ...base,
      lines: [
        { lineNo: 1, quantity: '8' },
        { lineNo: 2, quantity: '5' },
      ],
    });
    expectError(noReason, 400, 'VALIDATION');
    expect(noReason.body.details).toEqual([
      { path: 'body/lines/0/shortReason', message: expect.stringContaining('사유') },
    ]);
    expectError(
      await http.post(`/api/v1/deliveries/${d.deliveryNo}/receive`, operator, {
        ...base,
        lines: [
          { lineNo: 1, quantity: '11' },
          { lineNo: 2, quantity: '5' },
        ],
      }),
      400,
      'OVER_RECEIPT',
    );
    const leftOut = await http.post(`/api/v1/deliveries/${d.deliveryNo}/receive`, operator, {
      ...base,
      lines: [{ lineNo: 1, quantity: '10' }],
    });
    expectError(leftOut, 400, 'VALIDATION');
    expect(leftOut.body.details[0].message).toContain('2번 줄');
    const badReason = await http.post(`/api/v1/deliveries/${d.deliveryNo}/receive`, operator, {
      ...base,
      lines: [
        { lineNo: 1, quantity: '8', shortReason: 'LOST' },
        { lineNo: 2, quantity: '5' },
      ],
    });
    expect(badReason.status).toBe(400);
    expect(await count(t, 'whReceipt')).toBe(receipts);
    expect(await poState(poNo)).toEqual({
      status: 'DELIVERED',
      delivered: ['10.000', '5.000'],
      received: ['0.000', '0.000'],
    });

    const r = await http.post(`/api/v1/deliveries/${d.deliveryNo}/receive`, operator, {
      ...base,
      lines: [
        { lineNo: 1, quantity: '7.5', shortReason: 'SHORT', shortRemark: '2.5개 미도착' },
        { lineNo: 2, quantity: '5', shortReason: 'DAMAGED' },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.lines.map((l: { quantity: string; AMT: string }) => [l.quantity, l.AMT])).toEqual([
      ['7.500', '7500.00'],
      ['5.000', '3500.00'],
    ]);
    expect(r.body.receipt.AMT).toBe('11000.00');
    // The full line keeps no reason; the short one keeps its quantity and reason on the delivery.
    const detail = (await http.get(`/api/v1/deliveries/${d.deliveryNo}`, operator)).body;
    expect(
      detail.lines.map((l: { shortQty: string; shortReason: string | null; shortRemark: string | null }) => [
        l.shortQty,
        l.shortReason,
        l.shortRemark,
      ]),
    ).toEqual([
      ['2.500', 'SHORT', '2.5개 미도착'],
      ['0.000', null, null],
    ]);
    expect(detail.lines[0].openQty).toBe('2.500');
    expect(await poState(poNo)).toEqual({
      status: 'PARTLY_DELIVERED',
      delivered: ['7.500', '5.000'],
      received: ['7.500', '5.000'],
    });
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['action', 'afterData'])
      .where('entity', '=', 'delivery')
      .where('entityKey', '=', d.deliveryNo)
      .where('action', '=', 'RECEIVE')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(audit.afterData)).toContain('SHORT');

    // The supplier sees the remainder open and may deliver it, not more.
    const open = (await http.get(`/api/v1/cyber/deliverable-orders/${poNo}`, supplier1)).body;
    expect(open.lines.map((l: { openQty: string }) => l.openQty)).toEqual(['2.500', '0.000']);
    expectError(
      await http.post('/api/v1/cyber/deliveries', supplier1, {
        poNo,
        deliveryDate: today,
        lines: [{ poLineNo: 1, quantity: '3' }],
      }),
      400,
      'OVER_DELIVERY',
    );

    // Three-way match agrees: delivered counts what the receipt kept, so nothing is "not yet received".
    const match = (await http.get(`/api/v1/three-way-match?poNo=${poNo}`, operator)).body;
    expect(
      match.rows.map((m: { deliveredQty: string; receivedQty: string; issues: string[] }) => [
        m.deliveredQty,
        m.receivedQty,
        m.issues,
      ]),
    ).toEqual([
      ['7.500', '7.500', expect.not.arrayContaining(['DELIVERED_COUNTER', 'NOT_YET_RECEIVED', 'OVER_RECEIVED'])],
      ['5.000', '5.000', expect.not.arrayContaining(['DELIVERED_COUNTER', 'NOT_YET_RECEIVED', 'OVER_RECEIVED'])],
    ]);

    // Decided, the month settles the received 7.5, not the delivered 10.
    let rc = r.body.receipt;
    rc = (await http.post(`/api/v1/warehousing/${rc.whReqNo}/approve`, admin, { version: rc.version })).body.receipt;
    rc = (await http.post(`/api/v1/warehousing/${rc.whReqNo}/decide`, operator, { version: rc.version })).body.receipt;
    expect(rc.status).toBe('DECIDED');
    const period = today.slice(0, 4) + today.slice(5, 7);
    const built = await http.post('/api/v1/settlements/build', operator, { period, compNo: 'C00001' });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    const settleNo = [...built.body.created, ...built.body.rebuilt][0];
    const settlement = (await http.get(`/api/v1/settlements/${settleNo}`, operator)).body;
    const mine = settlement.lines.filter((l: { poNo: string }) => l.poNo === poNo);
    expect(mine.map((l: { quantity: string; AMT: string }) => [l.quantity, l.AMT])).toEqual([
      ['7.500', '7500.00'],
      ['5.000', '3500.00'],
    ]);
    const matched = settlement.match.filter((m: { poNo: string }) => m.poNo === poNo);
    expect(matched.every((m: { issues: string[] }) => m.issues.length === 0)).toBe(true);

    // The remainder, delivered and received, completes the order.
    const rest = await deliver(poNo, [{ poLineNo: 1, quantity: '2.5' }]);
    expect(
      (
        await http.post(`/api/v1/deliveries/${rest.deliveryNo}/receive`, operator, {
          version: rest.version,
          expenses: 'MATERIAL',
        })
      ).status,
    ).toBe(200);
    expect(await poState(poNo)).toEqual({
      status: 'DELIVERED',
      delivered: ['10.000', '5.000'],
      received: ['10.000', '5.000'],
    });
  });

  it('a line received at 0 (wrong item) opens it whole; cancelling the receipt gives the delivery back whole — refused once the remainder came anew', async () => {
    const poNo = await insertAcknowledgedPo(t, 'C00001', 'KRW', [
      { quantity: '4', unitPrice: '500' },
      { quantity: '6', unitPrice: '100' },
    ]);
    const d = await deliver(poNo, [
      { poLineNo: 1, quantity: '4' },
      { poLineNo: 2, quantity: '6' },
    ]);
    const r = await http.post(`/api/v1/deliveries/${d.deliveryNo}/receive`, operator, {
      version: d.version,
      expenses: 'MATERIAL',
      lines: [
        { lineNo: 1, quantity: '0', shortReason: 'WRONG_ITEM' },
        { lineNo: 2, quantity: '6' },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.lines).toHaveLength(1);
    expect(await poState(poNo)).toEqual({
      status: 'PARTLY_DELIVERED',
      delivered: ['0.000', '6.000'],
      received: ['0.000', '6.000'],
    });

    // Cancelled before anything came again: the delivery is registered whole, the shortfall cleared.
    const cancelled = await http.post(`/api/v1/warehousing/${r.body.receipt.whReqNo}/cancel`, operator, {
      version: r.body.receipt.version,
      reason: '재검수',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await poState(poNo)).toEqual({
      status: 'DELIVERED',
      delivered: ['4.000', '6.000'],
      received: ['0.000', '0.000'],
    });
    let delivery = (await http.get(`/api/v1/deliveries/${d.deliveryNo}`, operator)).body;
    expect(
      delivery.lines.map((l: { shortQty: string; shortReason: string | null }) => [l.shortQty, l.shortReason]),
    ).toEqual([
      ['0.000', null],
      ['0.000', null],
    ]);

    // Received short again, then the supplier delivers the remainder: the first receipt can no longer be cancelled.
    const again = await http.post(`/api/v1/deliveries/${d.deliveryNo}/receive`, operator, {
      version: delivery.delivery.version,
      expenses: 'MATERIAL',
      lines: [
        { lineNo: 1, quantity: '1', shortReason: 'SHORT' },
        { lineNo: 2, quantity: '6' },
      ],
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    await deliver(poNo, [{ poLineNo: 1, quantity: '3' }]);
    const audit = await count(t, 'auditLog');
    const refusedCancel = await http.post(`/api/v1/warehousing/${again.body.receipt.whReqNo}/cancel`, operator, {
      version: again.body.receipt.version,
      reason: '재검수',
    });
    expectError(refusedCancel, 409, 'SHORTFALL_REDELIVERED');
    expect(await count(t, 'auditLog')).toBe(audit);
    expect(await poState(poNo)).toEqual({
      status: 'DELIVERED',
      delivered: ['4.000', '6.000'],
      received: ['1.000', '6.000'],
    });
    delivery = (await http.get(`/api/v1/deliveries/${d.deliveryNo}`, operator)).body;
    expect(delivery.delivery.status).toBe('RECEIVED');
  });
});
