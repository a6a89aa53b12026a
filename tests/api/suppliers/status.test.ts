import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { awardedRfq, client, day, logins, ok, receivedPr, refused, snapshot, type Flow } from '../purchase/helpers.js';

/** Status change requests (/compChangeStatusList) and the rule they enforce: no RFQ or order to a suspended or closed supplier. */
describe('supplier status change requests', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = {
      ...client(t),
      u: await logins(t, [
        'admin',
        'opadmin',
        'tfadmin',
        'operator',
        'monitor',
        'buyer',
        'uadmin1',
        'supplier1',
        'supplier2',
      ]),
    };
  });
  afterAll(() => t.close());

  it('lists the seeded requests in every state', async () => {
    const all = ok(await f.get('/api/v1/supplier-status-requests?size=500', f.u.monitor));
    expect(new Set(all.rows.map((r: { status: string }) => r.status))).toEqual(
      new Set(['REQUESTED', 'APPROVED', 'REJECTED', 'WITHDRAWN']),
    );
    const open = ok(await f.get('/api/v1/supplier-status-requests?status=REQUESTED', f.u.opadmin));
    expect(open.rows.every((r: { actions: string[] }) => r.actions.includes('approve'))).toBe(true);
    // The requester (tfadmin) may only withdraw its own request; read-only staff may do nothing.
    const mine = ok(await f.get('/api/v1/supplier-status-requests?status=REQUESTED', f.u.tfadmin));
    expect(mine.rows.every((r: { actions: string[] }) => r.actions.join() === 'withdraw')).toBe(true);
    const ro = ok(await f.get('/api/v1/supplier-status-requests?status=REQUESTED', f.u.monitor));
    expect(ro.rows.every((r: { actions: string[] }) => r.actions.length === 0)).toBe(true);
    refused(await f.get('/api/v1/supplier-status-requests', f.u.buyer), 403);
    refused(await f.get('/api/v1/supplier-status-requests', f.u.supplier1), 403);
  });

  it('suspends a supplier with four eyes; the buyer is then refused an RFQ invitation and an order, with the reason', async () => {
    // An RFQ awarded to C00002 before the suspension: ordering from it must be refused afterwards.
    const awarded = await awardedRfq(f, 'C00002');
    const pr = await receivedPr(f);

    const bad = refused(
      await f.post('/api/v1/supplier-status-requests', f.u.tfadmin, {
        compNo: 'C00002',
        toStatus: 'SUSPENDED',
        reason: '  ',
      }),
      400,
      'VALIDATION',
    );
    expect(bad.details![0].path).toBe('body/reason');
    refused(
      await f.post('/api/v1/supplier-status-requests', f.u.tfadmin, {
        compNo: 'C00002',
        toStatus: 'ACTIVE',
        reason: '그대로',
      }),
      409,
      'STATUS_UNCHANGED',
    );
    refused(
      await f.post('/api/v1/supplier-status-requests', f.u.tfadmin, {
        compNo: 'C09999',
        toStatus: 'SUSPENDED',
        reason: '없음',
      }),
      404,
      'SUPPLIER_NOT_FOUND',
    );
    refused(
      await f.post('/api/v1/supplier-status-requests', f.u.tfadmin, {
        compNo: 'C00002',
        toStatus: 'SUSPENDED',
        reason: '가'.repeat(334),
      }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post('/api/v1/supplier-status-requests', f.u.operator, {
        compNo: 'C00002',
        toStatus: 'SUSPENDED',
        reason: '운영자',
      }),
      403,
    );

    const req = ok(
      await f.post('/api/v1/supplier-status-requests', f.u.tfadmin, {
        compNo: 'C00002',
        toStatus: 'SUSPENDED',
        reason: '품질 감사 부적합',
      }),
    );
    expect(req).toMatchObject({
      compNo: 'C00002',
      fromStatus: 'ACTIVE',
      toStatus: 'SUSPENDED',
      status: 'REQUESTED',
      version: 1,
      actions: ['withdraw'],
    });
    expect(req.reqNo).toMatch(/^CSR\d{4}-\d{6}$/);
    refused(
      await f.post('/api/v1/supplier-status-requests', f.u.admin, {
        compNo: 'C00002',
        toStatus: 'CLOSED',
        reason: '두 번째',
      }),
      409,
      'STATUS_REQUEST_OPEN',
    );
    // Still trading while the request waits.
    expect(ok(await f.get('/api/v1/suppliers/C00002', f.u.tfadmin)).status).toBe('ACTIVE');

    refused(
      await f.post(`/api/v1/supplier-status-requests/${req.reqNo}/approve`, f.u.tfadmin, { version: 1 }),
      403,
      'NOT_ALLOWED',
    );
    refused(
      await f.post(`/api/v1/supplier-status-requests/${req.reqNo}/reject`, f.u.opadmin, { version: 1 }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post(`/api/v1/supplier-status-requests/${req.reqNo}/withdraw`, f.u.opadmin, { version: 1 }),
      403,
      'NOT_ALLOWED',
    );
    refused(
      await f.post(`/api/v1/supplier-status-requests/${req.reqNo}/approve`, f.u.opadmin, { version: 2 }),
      409,
      'VERSION_CONFLICT',
    );
    refused(await f.post(`/api/v1/supplier-status-requests/${req.reqNo}/approve`, f.u.monitor, { version: 1 }), 403);
    const approved = ok(
      await f.post(`/api/v1/supplier-status-requests/${req.reqNo}/approve`, f.u.opadmin, {
        version: 1,
        comment: '확인',
      }),
    );
    expect(approved).toMatchObject({
      status: 'APPROVED',
      decidedBy: 'opadmin',
      decisionComment: '확인',
      version: 2,
      actions: [],
    });
    refused(
      await f.post(`/api/v1/supplier-status-requests/${req.reqNo}/reject`, f.u.opadmin, {
        version: 2,
        comment: '늦음',
      }),
      409,
      'INVALID_STATE',
    );

    const company = ok(await f.get('/api/v1/suppliers/C00002', f.u.tfadmin));
    expect(company).toMatchObject({ status: 'SUSPENDED', statusReason: '품질 감사 부적합' });
    expect(company.history.at(-1).action).toBe('STATUS_CHANGE');

    // No invitation: the buyer reads why, and nothing is written.
    const before = await snapshot(t, 'rfqHeader');
    const rfq = refused(
      await f.post('/api/v1/rfqs', f.u.operator, {
        prNo: pr.prNo,
        prVersion: pr.version,
        deadline: day(7),
        suppliers: ['C00001', 'C00002'],
      }),
      400,
      'SUPPLIER_NOT_ELIGIBLE',
    );
    expect(rfq.details).toEqual([{ path: 'body/suppliers/1', message: expect.stringContaining('품질 감사 부적합') }]);
    expect(rfq.msg).toContain('거래정지 협력사에는 견적을 요청할 수 없습니다');
    expect(await snapshot(t, 'rfqHeader')).toEqual(before);
    // No order from the RFQ it had won, nor a simple order.
    const po = refused(
      await f.post('/api/v1/pos', f.u.operator, {
        rfqNo: awarded.rfqNo,
        rfqVersion: awarded.version,
        dueDate: day(20),
      }),
      400,
      'SUPPLIER_NOT_ELIGIBLE',
    );
    expect(po.msg).toContain('발주할 수 없습니다');
    const simple = refused(
      await f.post('/api/v1/simple-orders', f.u.operator, {
        title: '소액',
        compNo: 'C00002',
        dueDate: day(10),
        currency: 'KRW',
        lines: [{ itemCode: 'MRO0101-0001', quantity: '1', unitPrice: '1000' }],
      }),
      400,
      'SUPPLIER_NOT_ELIGIBLE',
    );
    expect(simple.details![0].path).toBe('body/compNo');
    // The other supplier is still invited.
    ok(
      await f.post('/api/v1/rfqs', f.u.operator, {
        prNo: pr.prNo,
        prVersion: pr.version,
        deadline: day(7),
        suppliers: ['C00001'],
      }),
    );

    // Reactivation: rejected once, then approved; the reason is cleared.
    const back = ok(
      await f.post('/api/v1/supplier-status-requests', f.u.tfadmin, {
        compNo: 'C00002',
        toStatus: 'ACTIVE',
        reason: '시정조치 완료',
      }),
    );
    const rejected = ok(
      await f.post(`/api/v1/supplier-status-requests/${back.reqNo}/reject`, f.u.admin, {
        version: 1,
        comment: '증빙 부족',
      }),
    );
    expect(rejected.status).toBe('REJECTED');
    expect(ok(await f.get('/api/v1/suppliers/C00002', f.u.tfadmin)).status).toBe('SUSPENDED');
    const again = ok(
      await f.post('/api/v1/supplier-status-requests', f.u.tfadmin, {
        compNo: 'C00002',
        toStatus: 'ACTIVE',
        reason: '증빙 제출',
      }),
    );
    const withdrawn = ok(
      await f.post(`/api/v1/supplier-status-requests/${again.reqNo}/withdraw`, f.u.tfadmin, { version: 1 }),
    );
    expect(withdrawn.status).toBe('WITHDRAWN');
    const third = ok(
      await f.post('/api/v1/supplier-status-requests', f.u.tfadmin, {
        compNo: 'C00002',
        toStatus: 'ACTIVE',
        reason: '증빙 재제출',
      }),
    );
    ok(await f.post(`/api/v1/supplier-status-requests/${third.reqNo}/approve`, f.u.opadmin, { version: 1 }));
    expect(ok(await f.get('/api/v1/suppliers/C00002', f.u.tfadmin))).toMatchObject({
      status: 'ACTIVE',
      statusReason: null,
    });
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'company_status_request')
      .where('entityKey', 'in', [req.reqNo, back.reqNo])
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['CREATE', 'APPROVED', 'CREATE', 'REJECTED']);
  });
});
