import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';
import { todayKst } from '../../../server/domain/dates.js';
import { api, insertAcknowledgedPo } from './helpers.js';

/**
 * The detail answers of deliveries and receipts carry their header both as `delivery` / `receipt`
 * and at the top level: the screens' edit forms read one flat record (screens/fulfilment-delivery).
 */
describe('delivery and receipt details as flat screen records', () => {
  let t: TestApp;
  let supplier1: LoggedIn;
  let supplier2: LoggedIn;
  let operator: LoggedIn;
  let admin: LoggedIn;
  let http: ReturnType<typeof api>;
  let poNo: string;
  const today = todayKst(new Date());

  beforeAll(async () => {
    t = await buildTestApp();
    http = api(t.app);
    [supplier1, supplier2, operator, admin] = [
      await sessionAs(t.app, 'supplier1'),
      await sessionAs(t.app, 'supplier2'),
      await sessionAs(t.app, 'operator'),
      await sessionAs(t.app, 'admin'),
    ];
    poNo = await insertAcknowledgedPo(t, 'C00001', 'KRW', [{ quantity: '8', unitPrice: '1250' }]);
  });
  afterAll(() => t.close());

  it('a delivery answers its header at the top level too, the same as `delivery`, for the supplier and for staff', async () => {
    const created = await http.post('/api/v1/cyber/deliveries', supplier1, {
      poNo,
      deliveryDate: today,
      vehicleNo: '34나5678',
      lines: [{ poLineNo: 1, quantity: '3' }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    // subconClocks: the 하도급 due dates per received line, beside the lines (empty on an order that is not 하도급).
    const { delivery, lines, receipts, receiveLines, subconClocks, ...top } = created.body;
    expect(subconClocks).toEqual([]);
    expect(top).toEqual(delivery);
    expect(receiveLines).toEqual([
      {
        lineNo: 1,
        itemName: expect.any(String),
        unitCode: expect.any(String),
        deliveredQty: '3.000',
        quantity: '3.000',
        shortReason: null,
        shortRemark: null,
      },
    ]);
    expect(top).toMatchObject({
      poNo,
      status: 'REGISTERED',
      noPo: 'N',
      vehicleNo: '34나5678',
      AMT: '3750.00',
      version: 1,
    });
    expect(lines).toHaveLength(1);
    expect(receipts).toEqual([]);

    const mine = await http.get(`/api/v1/cyber/deliveries/${delivery.deliveryNo}`, supplier1);
    expect(mine.body).toMatchObject({
      deliveryNo: delivery.deliveryNo,
      status: 'REGISTERED',
      version: 1,
      delivery: { deliveryNo: delivery.deliveryNo },
    });
    expect((await http.get(`/api/v1/cyber/deliveries/${delivery.deliveryNo}`, supplier2)).status).toBe(404);
    const staff = await http.get(`/api/v1/deliveries/${delivery.deliveryNo}`, operator);
    expect(staff.body).toMatchObject({
      deliveryNo: delivery.deliveryNo,
      compName: expect.any(String),
      lines: [expect.objectContaining({ poLineNo: 1, quantity: '3.000', openQty: '5.000' })],
    });
  });

  it('a receipt answers its header at the top level too; every workflow answer carries the new state and version there', async () => {
    const d = await http.post('/api/v1/cyber/deliveries', supplier1, {
      poNo,
      deliveryDate: today,
      lines: [{ poLineNo: 1, quantity: '2' }],
    });
    const received = await http.post(`/api/v1/deliveries/${d.body.deliveryNo}/receive`, operator, {
      version: d.body.version,
      expenses: 'MATERIAL',
    });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    const { receipt, lines, subconClocks, ...top } = received.body;
    expect(subconClocks).toEqual([]);
    expect(top).toEqual(receipt);
    expect(top).toMatchObject({
      deliveryNo: d.body.deliveryNo,
      status: 'REQUESTED',
      approvalStatus: 'PENDING',
      version: 1,
    });
    expect(lines).toHaveLength(1);

    const approved = await http.post(`/api/v1/warehousing/${top.whReqNo}/approve`, admin, { version: top.version });
    expect(approved.body).toMatchObject({
      status: 'APPROVED',
      approvalStatus: 'APPROVED',
      whAppNo: expect.stringMatching(/^WA/),
      version: 2,
    });
    const read = await http.get(`/api/v1/warehousing/${top.whReqNo}`, operator);
    expect(read.body).toMatchObject({ whReqNo: top.whReqNo, status: 'APPROVED', version: 2, receipt: { version: 2 } });
    const delivery = await http.get(`/api/v1/deliveries/${d.body.deliveryNo}`, operator);
    expect(delivery.body).toMatchObject({
      status: 'RECEIVED',
      whReqNo: top.whReqNo,
      receipts: [expect.objectContaining({ whReqNo: top.whReqNo, status: 'APPROVED' })],
    });
  });
});
