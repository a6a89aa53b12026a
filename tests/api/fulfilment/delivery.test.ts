import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { api, count, expectError, insertAcknowledgedPo } from './helpers.js';

/** Deliveries (ASN): register against acknowledged order lines, edit, cancel; without an order; refusals change nothing. */
describe('deliveries', () => {
  let t: TestApp;
  let supplier1: LoggedIn;
  let supplier2: LoggedIn;
  let operator: LoggedIn;
  let monitor: LoggedIn;
  let http: ReturnType<typeof api>;
  let poNo: string;

  beforeAll(async () => {
    t = await buildTestApp();
    http = api(t.app);
    [supplier1, supplier2, operator, monitor] = [
      await sessionAs(t.app, 'supplier1'),
      await sessionAs(t.app, 'supplier2'),
      await sessionAs(t.app, 'operator'),
      await sessionAs(t.app, 'monitor'),
    ];
    poNo = await insertAcknowledgedPo(t, 'C00001', 'KRW', [
      { quantity: '10', unitPrice: '1500' },
      { quantity: '4.5', unitPrice: '2000' },
    ]);
  });
  afterAll(() => t.close());

  const poLines = () =>
    t.db.db
      .selectFrom('poLine')
      .select(['lineNo', 'deliveredQty', 'receivedQty'])
      .where('poNo', '=', poNo)
      .orderBy('lineNo')
      .execute();
  const poStatus = async () =>
    (await t.db.db.selectFrom('poHeader').select('status').where('poNo', '=', poNo).executeTakeFirstOrThrow()).status;

  it('lists my acknowledged orders with open quantities, and one order line by line', async () => {
    const list = await http.get(`/api/v1/cyber/deliverable-orders?poNo=${poNo}`, supplier1);
    expect(list.status).toBe(200);
    expect(list.body.rows).toEqual([expect.objectContaining({ poNo, status: 'ACKNOWLEDGED', openLineCount: 2 })]);
    const one = await http.get(`/api/v1/cyber/deliverable-orders/${poNo}`, supplier1);
    expect(one.body.lines.map((l: { openQty: string }) => l.openQty)).toEqual(['10.000', '4.500']);
    expect((await http.get(`/api/v1/cyber/deliverable-orders/${poNo}`, supplier2)).status).toBe(404);
  });

  it('refuses delivering more than the open quantity: 400 OVER_DELIVERY at the line, nothing written', async () => {
    const before = { deliveries: await count(t, 'delivery'), lines: await poLines() };
    const r = await http.post('/api/v1/cyber/deliveries', supplier1, {
      poNo,
      deliveryDate: '2026-11-02',
      lines: [{ poLineNo: 1, quantity: '10.001' }],
    });
    expectError(r, 400, 'OVER_DELIVERY');
    expect(r.body.details).toEqual([
      { path: 'body/lines/0/quantity', message: expect.stringContaining('발주 잔량(10)') },
    ]);
    const dup = await http.post('/api/v1/cyber/deliveries', supplier1, {
      poNo,
      deliveryDate: '2026-11-02',
      lines: [
        { poLineNo: 1, quantity: '1' },
        { poLineNo: 1, quantity: '1' },
      ],
    });
    expectError(dup, 400, 'VALIDATION');
    const unknownLine = await http.post('/api/v1/cyber/deliveries', supplier1, {
      poNo,
      deliveryDate: '2026-11-02',
      lines: [{ poLineNo: 9, quantity: '1' }],
    });
    expect(unknownLine.body.details[0].path).toBe('body/lines/0/poLineNo');
    const badDate = await http.post('/api/v1/cyber/deliveries', supplier1, {
      poNo,
      deliveryDate: '2026-02-30',
      lines: [{ poLineNo: 1, quantity: '1' }],
    });
    expect(badDate.body.details[0].path).toBe('body/deliveryDate');
    const zero = await http.post('/api/v1/cyber/deliveries', supplier1, {
      poNo,
      deliveryDate: '2026-11-02',
      lines: [{ poLineNo: 1, quantity: '0' }],
    });
    expectError(zero, 400, 'VALIDATION');
    expect(await count(t, 'delivery')).toBe(before.deliveries);
    expect(await poLines()).toEqual(before.lines);
  });

  it('another company’s order answers 404 like a missing one; an order not yet acknowledged 409', async () => {
    const theirs = await http.post('/api/v1/cyber/deliveries', supplier2, {
      poNo,
      deliveryDate: '2026-11-02',
      lines: [{ poLineNo: 1, quantity: '1' }],
    });
    expectError(theirs, 404, 'PO_NOT_FOUND');
    const sent = await t.db.db
      .selectFrom('poHeader')
      .select('poNo')
      .where('compNo', '=', 'C00001')
      .where('status', '=', 'SENT')
      .executeTakeFirstOrThrow();
    const early = await http.post('/api/v1/cyber/deliveries', supplier1, {
      poNo: sent.poNo,
      deliveryDate: '2026-11-02',
      lines: [{ poLineNo: 1, quantity: '1' }],
    });
    expectError(early, 409, 'INVALID_STATE');
    expect(early.body.details).toEqual({ status: 'SENT' });
  });

  let deliveryNo: string;
  let version: number;

  it('registers a partial delivery: DLV number, PO lines delivered, order partly delivered, audited', async () => {
    const r = await http.post('/api/v1/cyber/deliveries', supplier1, {
      poNo,
      deliveryDate: '2026-11-02',
      arrivalDate: '2026-11-03',
      vehicleNo: '12가3456',
      BIGO: '1차 납품',
      lines: [{ poLineNo: 1, quantity: '6', BIGO: '박스 3개' }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const d = r.body.delivery;
    expect(d.deliveryNo).toMatch(/^DLV\d{4}-\d{6}$/);
    expect(d).toMatchObject({
      compNo: 'C00001',
      poNo,
      noPo: 'N',
      status: 'REGISTERED',
      currency: 'KRW',
      AMT: '9000.00',
      BIGO: '1차 납품',
      lineCount: 1,
      version: 1,
    });
    // What an edit of this delivery may take on the line: the 4 still open plus its own 6 (deliverEdit's 납품가능수량).
    expect(r.body.lines).toEqual([
      expect.objectContaining({
        poLineNo: 1,
        quantity: '6.000',
        PRICE: '1500.00',
        AMT: '9000.00',
        BIGO: '박스 3개',
        openQty: '4.000',
        availableQty: '10.000',
      }),
    ]);
    deliveryNo = d.deliveryNo;
    version = d.version;
    expect((await poLines()).map((l) => l.deliveredQty)).toEqual(['6.000', '0.000']);
    expect(await poStatus()).toBe('PARTLY_DELIVERED');
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['action', 'actor'])
      .where('entity', '=', 'delivery')
      .where('entityKey', '=', deliveryNo)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([{ action: 'CREATE', actor: 'supplier1' }]);
  });

  it('edits a registered delivery (stale version 409, quantities re-checked against the rest of the order)', async () => {
    const stale = await http.put(`/api/v1/cyber/deliveries/${deliveryNo}`, supplier1, {
      version: version + 5,
      deliveryDate: '2026-11-02',
      lines: [{ poLineNo: 1, quantity: '7' }],
    });
    expectError(stale, 409, 'VERSION_CONFLICT');
    expect(stale.body.details).toEqual({ currentVersion: version });
    const over = await http.put(`/api/v1/cyber/deliveries/${deliveryNo}`, supplier1, {
      version,
      deliveryDate: '2026-11-02',
      lines: [{ poLineNo: 1, quantity: '10.5' }],
    });
    expectError(over, 400, 'OVER_DELIVERY');
    const ok = await http.put(`/api/v1/cyber/deliveries/${deliveryNo}`, supplier1, {
      version,
      deliveryDate: '2026-11-02',
      lines: [
        { poLineNo: 1, quantity: '10' },
        { poLineNo: 2, quantity: '4.5' },
      ],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.delivery).toMatchObject({ AMT: '24000.00', version: version + 1, lineCount: 2 });
    version = ok.body.delivery.version;
    expect((await poLines()).map((l) => l.deliveredQty)).toEqual(['10.000', '4.500']);
    expect(await poStatus()).toBe('DELIVERED');
    const more = await http.post('/api/v1/cyber/deliveries', supplier1, {
      poNo,
      deliveryDate: '2026-11-03',
      lines: [{ poLineNo: 2, quantity: '0.1' }],
    });
    expectError(more, 409, 'INVALID_STATE');
  });

  it('is private to its supplier and visible to staff', async () => {
    expect((await http.get(`/api/v1/cyber/deliveries/${deliveryNo}`, supplier2)).status).toBe(404);
    const mine = await http.get(`/api/v1/cyber/deliveries?poNo=${poNo}`, supplier1);
    expect(mine.body.rows.map((r: { deliveryNo: string }) => r.deliveryNo)).toEqual([deliveryNo]);
    const theirs = await http.get(`/api/v1/cyber/deliveries?size=500`, supplier2);
    expect(theirs.body.rows.every((r: { compNo: string }) => r.compNo === 'C00002')).toBe(true);
    const staff = await http.get(`/api/v1/deliveries?deliveryNo=${deliveryNo}`, monitor);
    expect(staff.body.total).toBe(1);
    expect((await http.get(`/api/v1/deliveries/${deliveryNo}`, operator)).body.delivery.deliveryNo).toBe(deliveryNo);
    expect((await http.get('/api/v1/deliveries', supplier1)).status).toBe(403);
    // Staff read the supplier's list only through the internal 협력사 화면 menu, and write nothing there.
    expect((await http.get('/api/v1/cyber/deliveries', operator)).status).toBe(200);
    expect(
      (await http.post(`/api/v1/cyber/deliveries/${deliveryNo}/cancel`, operator, { version: 1, reason: 'x' })).status,
    ).toBe(403);
  });

  it('cancels a registered delivery: reason required, quantities back to the order, twice 409', async () => {
    const noReason = await http.post(`/api/v1/cyber/deliveries/${deliveryNo}/cancel`, supplier1, {
      version,
      reason: '  ',
    });
    expectError(noReason, 400, 'VALIDATION');
    expect(noReason.body.details).toEqual([{ path: 'body/reason', message: '취소 사유를 입력하세요' }]);
    expectError(
      await http.post(`/api/v1/cyber/deliveries/${deliveryNo}/cancel`, supplier2, { version, reason: '남의 납품' }),
      404,
      'DELIVERY_NOT_FOUND',
    );
    const ok = await http.post(`/api/v1/cyber/deliveries/${deliveryNo}/cancel`, supplier1, {
      version,
      reason: '수량 오류',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.delivery).toMatchObject({ status: 'CANCELLED', cancelReason: '수량 오류' });
    expect((await poLines()).map((l) => l.deliveredQty)).toEqual(['0.000', '0.000']);
    expect(await poStatus()).toBe('ACKNOWLEDGED');
    expectError(
      await http.post(`/api/v1/cyber/deliveries/${deliveryNo}/cancel`, supplier1, {
        version: ok.body.delivery.version,
        reason: '다시',
      }),
      409,
      'INVALID_STATE',
    );
  });

  it('accepts a delivery without an order, flagged, in the none-order views', async () => {
    const item = await t.db.db
      .selectFrom('item')
      .select(['itemCode', 'unitCode'])
      .orderBy('itemCode')
      .executeTakeFirstOrThrow();
    const bad = await http.post('/api/v1/cyber/deliveries', supplier1, {
      deliveryDate: '2026-11-05',
      lines: [{ quantity: '2', unitCode: 'NOPE' }],
    });
    expectError(bad, 400, 'VALIDATION');
    expect(bad.body.details.map((d: { path: string }) => d.path).sort()).toEqual([
      'body/lines/0/PRICE',
      'body/lines/0/itemName',
      'body/lines/0/unitCode',
    ]);
    const r = await http.post('/api/v1/cyber/deliveries', supplier1, {
      deliveryDate: '2026-11-05',
      BIGO: '긴급 선납품',
      lines: [
        { itemCode: item.itemCode, itemName: '긴급 부품', unitCode: item.unitCode, quantity: '3', PRICE: '12345.50' },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.delivery).toMatchObject({ noPo: 'Y', poNo: null, status: 'REGISTERED', AMT: '37037.00' });
    const no = r.body.delivery.deliveryNo;
    const mine = await http.get('/api/v1/cyber/deliveries/none-order?size=500', supplier1);
    expect(mine.body.rows.some((d: { deliveryNo: string }) => d.deliveryNo === no)).toBe(true);
    expect(mine.body.rows.every((d: { noPo: string; compNo: string }) => d.noPo === 'Y' && d.compNo === 'C00001')).toBe(
      true,
    );
    const admin = await http.get(`/api/v1/deliveries/none-order?deliveryNo=${no}`, monitor);
    expect(admin.body.rows).toHaveLength(1);
    const receive = await http.post(`/api/v1/deliveries/${no}/receive`, operator, { version: 1, expenses: 'MATERIAL' });
    expectError(receive, 409, 'DELIVERY_WITHOUT_PO');
  });

  it('checks list parameters: sort whitelist, date ranges', async () => {
    expect((await http.get('/api/v1/deliveries?sort=registeredBy:asc', monitor)).status).toBe(400);
    const range = await http.get('/api/v1/deliveries?deliveryDates=2026-10-31&deliveryDates=2026-10-01', monitor);
    expectError(range, 400, 'VALIDATION');
    const ok = await http.get(
      '/api/v1/deliveries?deliveryDates=2026-10-01&deliveryDates=2026-10-31&status=RECEIVED&sort=AMT:desc&size=5',
      monitor,
    );
    expect(ok.status).toBe(200);
    expect(ok.body.rows).toHaveLength(5);
    const amounts = ok.body.rows.map((r: { AMT: string }) => Number(r.AMT));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(
      ok.body.rows.every(
        (r: { status: string; deliveryDate: string }) =>
          r.status === 'RECEIVED' && r.deliveryDate.startsWith('2026-10'),
      ),
    ).toBe(true);
  });
});
