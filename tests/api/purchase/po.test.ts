import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { awardedRfq, client, day, logins, ok, refused, snapshot, type Flow } from './helpers.js';

/** Purchase orders: built from the selected quotation, approved by rule, sent per FORWARD_YN, acknowledged, changed, cancelled. */
describe('purchase orders', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = {
      ...client(t),
      u: await logins(t, [
        'buyer',
        'uadmin1',
        'uadmin3',
        'opadmin',
        'operator',
        'tfadmin',
        'monitor',
        'supplier1',
        'supplier2',
      ]),
    };
  });
  afterAll(() => t.close());

  /** An awarded request turned into a draft PO by the operator. */
  async function draftPo(winner: 'C00001' | 'C00002') {
    const rfq = await awardedRfq(f, winner);
    return ok(
      await f.post('/api/v1/pos', f.u.operator, { rfqNo: rfq.rfqNo, rfqVersion: rfq.version, dueDate: day(20) }),
    );
  }

  /** Submits a draft and has opadmin approve it; answers the PO detail. */
  async function approvedPo(po: { poNo: string; version: number }) {
    const sent = ok(await f.post(`/api/v1/pos/${po.poNo}/submit`, f.u.operator, { version: po.version }));
    const a = sent.approvals.at(-1);
    ok(await f.post(`/api/v1/approvals/${a.approvalId}/approve`, f.u.opadmin, { version: a.version }));
    return ok(await f.get(`/api/v1/pos/${po.poNo}`, f.u.operator));
  }

  it('answers getForwardYn per company with the spec’s field names', async () => {
    const res = ok(
      await f.post('/api/v1/OrderApproval/getForwardYn', f.u.operator, {
        params: ['C00001', 'c00002', 'C99999', 'C00001'],
      }),
    );
    expect(res).toEqual({
      success: true,
      resultData: [
        {
          COMP_NO: 'C00001',
          COMP_NAME_KR: expect.any(String),
          TAX_NO_2: expect.stringMatching(/^\d{3}-\d{2}-\d{5}$/),
          FORWARD_YN: 'Y',
        },
        {
          COMP_NO: 'C00002',
          COMP_NAME_KR: expect.any(String),
          TAX_NO_2: expect.stringMatching(/^\d{3}-\d{2}-\d{5}$/),
          FORWARD_YN: 'N',
        },
      ],
    });
    refused(await f.post('/api/v1/OrderApproval/getForwardYn', f.u.operator, { params: [] }), 400, 'VALIDATION');
    refused(await f.post('/api/v1/OrderApproval/getForwardYn', f.u.operator, {}), 400, 'VALIDATION');
    refused(await f.post('/api/v1/OrderApproval/getForwardYn', f.u.buyer, { params: ['C00001'] }), 403, 'GPMS006');
    refused(await f.post('/api/v1/OrderApproval/getForwardYn', f.u.supplier1, { params: ['C00001'] }), 403);
    // The read twin the order forms call as they open (a screen calls only GETs by itself): the same answer.
    expect(
      ok(
        await f.get(
          '/api/v1/OrderApproval/forward-yn?compNo=C00001&compNo=c00002&compNo=C99999&compNo=C00001',
          f.u.operator,
        ),
      ),
    ).toEqual(res);
    expect(
      ok(await f.get('/api/v1/OrderApproval/forward-yn?compNo=C00002', f.u.operator)).resultData.map(
        (r: { FORWARD_YN: string }) => r.FORWARD_YN,
      ),
    ).toEqual(['N']);
    refused(await f.get('/api/v1/OrderApproval/forward-yn', f.u.operator), 400, 'VALIDATION');
    refused(await f.get('/api/v1/OrderApproval/forward-yn?compNo=C00001', f.u.buyer), 403, 'GPMS006');
  });

  it('builds a draft PO from the selected quotation; the PR is ordered; a second PO is refused', async () => {
    const rfq = await awardedRfq(f, 'C00001');
    const lastPo = await t.db.db
      .selectFrom('documentSequence')
      .select('lastValue')
      .where('prefix', '=', 'PO')
      .where('period', '=', day(0).slice(0, 4))
      .executeTakeFirst();
    refused(
      await f.post('/api/v1/pos', f.u.buyer, { rfqNo: rfq.rfqNo, rfqVersion: rfq.version, dueDate: day(20) }),
      403,
      'GPMS006',
    );
    refused(
      await f.post('/api/v1/pos', f.u.operator, { rfqNo: rfq.rfqNo, rfqVersion: rfq.version, dueDate: day(-2) }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post('/api/v1/pos', f.u.operator, { rfqNo: rfq.rfqNo, rfqVersion: rfq.version - 1, dueDate: day(20) }),
      409,
      'VERSION_CONFLICT',
    );
    refused(
      await f.post('/api/v1/pos', f.u.operator, {
        rfqNo: rfq.rfqNo,
        rfqVersion: rfq.version,
        dueDate: day(20),
        loiNo: 'LOI2099-000001',
      }),
      400,
      'VALIDATION',
    );
    const po = ok(
      await f.post('/api/v1/pos', f.u.operator, {
        rfqNo: rfq.rfqNo,
        rfqVersion: rfq.version,
        dueDate: day(20),
        lines: [{ lineNo: 2, deliveryDate: day(25) }],
      }),
    );
    expect(po.poNo).toBe(`PO${day(0).slice(0, 4)}-${String((lastPo?.lastValue ?? 0) + 1).padStart(6, '0')}`);
    expect(po).toMatchObject({
      poType: 'PO',
      status: 'DRAFT',
      approvalStatus: 'NONE',
      compNo: 'C00001',
      forwardYn: 'Y',
      prNo: rfq.prNo,
      rfqNo: rfq.rfqNo,
      buyerId: 'E000004',
      requesterId: 'E000005',
    });
    expect(po.quoteNo).toMatch(/^QT/);
    // The request's quantities at the selected quotation's prices: 10 × 1000 + 2.5 × 1000.
    expect(
      po.lines.map((l: { quantity: string; unitPrice: string; amount: string; deliveryDate: string }) => [
        l.quantity,
        l.unitPrice,
        l.amount,
        l.deliveryDate,
      ]),
    ).toEqual([
      ['10.000', '1000.00', '10000.00', day(20)],
      ['2.500', '1000.00', '2500.00', day(25)],
    ]);
    expect(po.totalAmount).toBe('12500.00');
    expect(po.actions).toEqual(['update', 'submit', 'cancel']);
    expect(ok(await f.get(`/api/v1/prs/${rfq.prNo}`, f.u.operator))).toMatchObject({
      status: 'ORDERED',
      orders: [{ poNo: po.poNo, status: 'DRAFT' }],
    });
    const again = refused(
      await f.post('/api/v1/pos', f.u.operator, { rfqNo: rfq.rfqNo, rfqVersion: rfq.version, dueDate: day(20) }),
      409,
      'PO_EXISTS',
    );
    expect(again.details).toEqual({ poNo: po.poNo });
    // A draft is edited by its buyer; the supplier does not see it.
    const edited = ok(
      await f.put(`/api/v1/pos/${po.poNo}`, f.u.operator, {
        version: po.version,
        title: '수정된 발주',
        dueDate: day(21),
        remark: '분할 납품 가능',
      }),
    );
    expect(edited).toMatchObject({ title: '수정된 발주', dueDate: day(21), version: po.version + 1 });
    refused(
      await f.put(`/api/v1/pos/${po.poNo}`, f.u.operator, { version: po.version, title: 'x', dueDate: day(21) }),
      409,
      'VERSION_CONFLICT',
    );
    refused(await f.get(`/api/v1/cyber/pos/${po.poNo}`, f.u.supplier1), 404, 'PO_NOT_FOUND');
  });

  it('approval sends a FORWARD_YN=Y supplier’s order at once; the supplier acknowledges once', async () => {
    const po = await draftPo('C00001');
    const sent = ok(await f.post(`/api/v1/pos/${po.poNo}/submit`, f.u.operator, { version: po.version }));
    expect(sent).toMatchObject({ status: 'IN_APPROVAL', approvalStatus: 'PENDING' });
    const a = sent.approvals[0];
    expect(a).toMatchObject({ docType: 'PO', lineName: '발주 결재', amountKrw: '12500' });
    refused(await f.post(`/api/v1/pos/${po.poNo}/send`, f.u.operator, { version: sent.version }), 409, 'INVALID_STATE');
    const done = ok(await f.post(`/api/v1/approvals/${a.approvalId}/approve`, f.u.opadmin, { version: a.version }));
    expect(done.documentStatus).toBe('SENT');
    const po2 = ok(await f.get(`/api/v1/pos/${po.poNo}`, f.u.operator));
    expect(po2).toMatchObject({ status: 'SENT', approvalStatus: 'APPROVED', approvedAmount: '12500.00' });
    expect(po2.forwardedAt).not.toBeNull();
    expect(po2.history.map((h: { action: string }) => h.action)).toEqual(['CREATE', 'SUBMIT', 'APPROVED', 'SENT']);

    const list = ok(await f.get('/api/v1/cyber/pos?open=Y&size=500', f.u.supplier1));
    expect(list.rows.find((r: { poNo: string }) => r.poNo === po.poNo)).toMatchObject({ status: 'SENT' });
    const mine = ok(await f.get(`/api/v1/cyber/pos/${po.poNo}`, f.u.supplier1));
    expect(mine).toMatchObject({ status: 'SENT', actions: ['acknowledge'], buyerName: '김민수' });
    expect(mine).not.toHaveProperty('approvedAmount');
    expect(mine).not.toHaveProperty('approvals');
    // Another company's order answers exactly like a missing one, and cannot be acknowledged.
    const theirs = await f.get(`/api/v1/cyber/pos/${po.poNo}`, f.u.supplier2);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual((await f.get('/api/v1/cyber/pos/PO2099-999999', f.u.supplier2)).json());
    refused(
      await f.post(`/api/v1/cyber/pos/${po.poNo}/acknowledge`, f.u.supplier2, { version: mine.version }),
      404,
      'PO_NOT_FOUND',
    );
    expect(
      ok(await f.get('/api/v1/cyber/pos?size=5000', f.u.supplier2)).rows.some(
        (r: { poNo: string }) => r.poNo === po.poNo,
      ),
    ).toBe(false);

    refused(
      await f.post(`/api/v1/cyber/pos/${po.poNo}/acknowledge`, f.u.supplier1, { version: mine.version - 1 }),
      409,
      'VERSION_CONFLICT',
    );
    const ack = ok(await f.post(`/api/v1/cyber/pos/${po.poNo}/acknowledge`, f.u.supplier1, { version: mine.version }));
    expect(ack).toMatchObject({ status: 'ACKNOWLEDGED', actions: [] });
    const second = refused(
      await f.post(`/api/v1/cyber/pos/${po.poNo}/acknowledge`, f.u.supplier1, { version: ack.version }),
      409,
      'INVALID_STATE',
    );
    expect(second.msg).toBe('이미 확인한 발주입니다');
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['action', 'actor'])
      .where('entity', '=', 'po_header')
      .where('entityKey', '=', po.poNo)
      .where('action', '=', 'ACKNOWLEDGE')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([{ action: 'ACKNOWLEDGE', actor: 'supplier1' }]);
  });

  it('a FORWARD_YN=N supplier’s approved order waits for the buyer to send it', async () => {
    const po = await approvedPo(await draftPo('C00002'));
    expect(po).toMatchObject({ status: 'APPROVED', forwardYn: 'N', forwardedAt: null, actions: ['send', 'cancel'] });
    refused(await f.get(`/api/v1/cyber/pos/${po.poNo}`, f.u.supplier2), 404, 'PO_NOT_FOUND');
    refused(await f.post(`/api/v1/pos/${po.poNo}/send`, f.u.uadmin3, { version: po.version }), 403, 'GPMS006');
    refused(
      await f.post(`/api/v1/pos/${po.poNo}/send`, f.u.operator, { version: po.version - 1 }),
      409,
      'VERSION_CONFLICT',
    );
    const sent = ok(await f.post(`/api/v1/pos/${po.poNo}/send`, f.u.operator, { version: po.version }));
    expect(sent.status).toBe('SENT');
    refused(await f.post(`/api/v1/pos/${po.poNo}/send`, f.u.operator, { version: sent.version }), 409, 'INVALID_STATE');
    expect(ok(await f.get(`/api/v1/cyber/pos/${po.poNo}`, f.u.supplier2)).status).toBe('SENT');
  });

  it('an approver’s rejection returns the draft; it can be resubmitted', async () => {
    const po = await draftPo('C00001');
    const sent = ok(await f.post(`/api/v1/pos/${po.poNo}/submit`, f.u.operator, { version: po.version }));
    const a = sent.approvals[0];
    const r = ok(
      await f.post(`/api/v1/approvals/${a.approvalId}/reject`, f.u.opadmin, {
        version: a.version,
        comment: '단가 재협의 필요',
      }),
    );
    expect(r.documentStatus).toBe('DRAFT');
    const back = ok(await f.get(`/api/v1/pos/${po.poNo}`, f.u.operator));
    expect(back).toMatchObject({ status: 'DRAFT', approvalStatus: 'REJECTED' });
    const again = ok(await f.post(`/api/v1/pos/${po.poNo}/submit`, f.u.operator, { version: back.version }));
    expect(again.approvals).toHaveLength(2);
  });

  it('tells the screen whose turn it is: the open round, its version, the steps flat, approve/reject for the current approver only', async () => {
    const po = await draftPo('C00001');
    expect(po).toMatchObject({
      pendingApprovalId: null,
      pendingApprovalVersion: null,
      currentApproverName: null,
      approvalSteps: [],
    });
    expect(po.history.map((h: { no: number; action: string }) => [h.no, h.action])).toEqual([[1, 'CREATE']]);
    const sent = ok(await f.post(`/api/v1/pos/${po.poNo}/submit`, f.u.operator, { version: po.version }));
    const a = sent.approvals[0];
    expect(sent).toMatchObject({
      pendingApprovalId: a.approvalId,
      pendingApprovalVersion: a.version,
      currentApproverName: '박성호',
    });
    expect(sent.approvalSteps).toEqual([
      expect.objectContaining({
        stepKey: `${a.approvalId}-1`,
        round: 1,
        approvalId: a.approvalId,
        approvalStatus: 'PENDING',
        lineName: '발주 결재',
        stepNo: 1,
        approverId: 'E000002',
        approverName: '박성호',
        status: 'PENDING',
        comment: null,
      }),
    ]);
    expect(sent.actions).toEqual(['cancel']);
    const asApprover = ok(await f.get(`/api/v1/pos/${po.poNo}`, f.u.opadmin));
    expect(asApprover.actions).toEqual(['cancel', 'approve', 'reject']);
    expect(ok(await f.get(`/api/v1/pos/${po.poNo}`, f.u.monitor)).actions).toEqual([]);
    ok(
      await f.post(`/api/v1/approvals/${a.approvalId}/reject`, f.u.opadmin, {
        version: asApprover.pendingApprovalVersion,
        comment: '수량 재확인',
      }),
    );
    const back = ok(await f.get(`/api/v1/pos/${po.poNo}`, f.u.opadmin));
    expect(back).toMatchObject({
      status: 'DRAFT',
      pendingApprovalId: null,
      pendingApprovalVersion: null,
      currentApproverName: null,
    });
    expect(back.actions).not.toContain('approve');
    expect(back.approvalSteps).toEqual([
      expect.objectContaining({ round: 1, approvalStatus: 'REJECTED', status: 'REJECTED', comment: '수량 재확인' }),
    ]);
    const again = ok(await f.post(`/api/v1/pos/${po.poNo}/submit`, f.u.operator, { version: back.version }));
    expect(again.approvalSteps.map((s: { round: number; status: string }) => [s.round, s.status])).toEqual([
      [1, 'REJECTED'],
      [2, 'PENDING'],
    ]);
    expect(again.pendingApprovalId).toBe(again.approvals[1].approvalId);
  });

  // A change above the approved amount is approved again (po-revisions.test.ts).
  it('records changes after sending (before, after, who, why), asks for a new acknowledgment', async () => {
    const po = await draftPo('C00001');
    await approvedPo(po);
    const s1 = ok(await f.get(`/api/v1/cyber/pos/${po.poNo}`, f.u.supplier1));
    ok(await f.post(`/api/v1/cyber/pos/${po.poNo}/acknowledge`, f.u.supplier1, { version: s1.version }));
    const current = ok(await f.get(`/api/v1/pos/${po.poNo}`, f.u.operator));
    expect(current.actions).toEqual(['change', 'cancel']);
    const snap = await snapshot(t, 'poChange');
    refused(
      await f.post(`/api/v1/pos/${po.poNo}/change`, f.u.operator, {
        version: current.version,
        reason: '',
        dueDate: day(30),
      }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post(`/api/v1/pos/${po.poNo}/change`, f.u.operator, {
        version: current.version,
        reason: '변경 없음',
        dueDate: current.dueDate,
      }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post(`/api/v1/pos/${po.poNo}/change`, f.u.operator, {
        version: current.version,
        reason: 'x',
        lines: [{ lineNo: 1, quantity: '0' }],
      }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post(`/api/v1/pos/${po.poNo}/change`, f.u.operator, {
        version: current.version,
        reason: 'x',
        lines: [{ lineNo: 1, unitPrice: '9.999' }],
      }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post(`/api/v1/pos/${po.poNo}/change`, f.u.operator, {
        version: current.version,
        reason: 'x',
        lines: [{ lineNo: 7, quantity: '1' }],
      }),
      400,
      'VALIDATION',
    );
    refused(
      await f.post(`/api/v1/pos/${po.poNo}/change`, f.u.operator, {
        version: current.version - 1,
        reason: 'x',
        dueDate: day(30),
      }),
      409,
      'VERSION_CONFLICT',
    );
    refused(
      await f.post(`/api/v1/pos/${po.poNo}/change`, f.u.monitor, {
        version: current.version,
        reason: 'x',
        dueDate: day(30),
      }),
      403,
      'GPMS006',
    );
    expect(await snapshot(t, 'poChange')).toEqual(snap);

    const changed = ok(
      await f.post(`/api/v1/pos/${po.poNo}/change`, f.u.operator, {
        version: current.version,
        reason: '협력사 납기 조정 요청',
        dueDate: day(30),
        lines: [{ lineNo: 1, quantity: '8', unitPrice: '990' }],
      }),
    );
    expect(changed).toMatchObject({ status: 'SENT', acknowledgedAt: null, dueDate: day(30), totalAmount: '10420.00' });
    const rows = changed.changes.map(
      (c: {
        field: string;
        lineNo: number | null;
        beforeValue: string;
        afterValue: string;
        reason: string;
        changedBy: string;
        changedByName: string;
      }) => [c.field, c.lineNo, c.beforeValue, c.afterValue],
    );
    expect(rows).toEqual(
      expect.arrayContaining([
        ['dueDate', null, day(20), day(30)],
        ['quantity', 1, '10.000', '8.000'],
        ['unitPrice', 1, '1000.00', '990.00'],
        ['totalAmount', null, '12500.00', '10420.00'],
        ['status', null, 'ACKNOWLEDGED', 'SENT'],
      ]),
    );
    expect(
      changed.changes.every(
        (c: { reason: string; changedBy: string; changedByName: string }) =>
          c.reason === '협력사 납기 조정 요청' && c.changedBy === 'operator' && c.changedByName === '김민수',
      ),
    ).toBe(true);
    const info = ok(await f.get(`/api/v1/po-changes?poNo=${po.poNo}&sort=field:asc`, f.u.opadmin));
    expect(info.total).toBe(5);
    expect(info.rows[0]).toMatchObject({ compNo: 'C00001', fieldName: expect.any(String) });
    // The supplier sees what changed and acknowledges the new terms.
    const seen = ok(await f.get(`/api/v1/cyber/pos/${po.poNo}`, f.u.supplier1));
    expect(seen).toMatchObject({ status: 'SENT', actions: ['acknowledge'], totalAmount: '10420.00' });
    expect(seen.changes).toHaveLength(5);
    ok(await f.post(`/api/v1/cyber/pos/${po.poNo}/acknowledge`, f.u.supplier1, { version: seen.version }));
    // poChangeInfo never shows a supplier another company's changes.
    refused(await f.get('/api/v1/po-changes', f.u.supplier2), 403);
  });

  it('cancels with a reason unless something was delivered; a sent order’s cancellation is recorded', async () => {
    const po = await draftPo('C00001');
    const sent = await approvedPo(po);
    await t.db.db
      .updateTable('poLine')
      .set({ deliveredQty: '1' })
      .where('poNo', '=', po.poNo)
      .where('lineNo', '=', 1)
      .execute();
    refused(
      await f.post(`/api/v1/pos/${po.poNo}/cancel`, f.u.operator, { version: sent.version, reason: '취소' }),
      409,
      'PO_DELIVERED',
    );
    await t.db.db.updateTable('poLine').set({ deliveredQty: '0' }).where('poNo', '=', po.poNo).execute();
    refused(
      await f.post(`/api/v1/pos/${po.poNo}/cancel`, f.u.operator, { version: sent.version, reason: ' ' }),
      400,
      'VALIDATION',
    );
    const cancelled = ok(
      await f.post(`/api/v1/pos/${po.poNo}/cancel`, f.u.operator, {
        version: sent.version,
        reason: '요청부서 취소 요청',
      }),
    );
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelReason: '요청부서 취소 요청', actions: [] });
    expect(cancelled.changes.at(-1)).toMatchObject({
      field: 'status',
      beforeValue: 'SENT',
      afterValue: 'CANCELLED',
      beforeText: '발주전송',
      afterText: '취소',
      reason: '요청부서 취소 요청',
    });
    expect(ok(await f.get(`/api/v1/cyber/pos/${po.poNo}`, f.u.supplier1))).toMatchObject({
      status: 'CANCELLED',
      cancelReason: '요청부서 취소 요청',
      actions: [],
    });
    refused(
      await f.post(`/api/v1/cyber/pos/${po.poNo}/acknowledge`, f.u.supplier1, { version: cancelled.version }),
      409,
      'INVALID_STATE',
    );
    refused(
      await f.post(`/api/v1/pos/${po.poNo}/change`, f.u.operator, {
        version: cancelled.version,
        reason: 'x',
        dueDate: day(40),
      }),
      409,
      'INVALID_STATE',
    );
    refused(
      await f.post(`/api/v1/pos/${po.poNo}/cancel`, f.u.operator, { version: cancelled.version, reason: 'x' }),
      409,
      'INVALID_STATE',
    );
    // A draft cancelled while in approval withdraws it.
    const other = await draftPo('C00002');
    const inApproval = ok(await f.post(`/api/v1/pos/${other.poNo}/submit`, f.u.operator, { version: other.version }));
    const withdrawn = ok(
      await f.post(`/api/v1/pos/${other.poNo}/cancel`, f.u.tfadmin, {
        version: inApproval.version,
        reason: '중복 발주',
      }),
    );
    expect(withdrawn).toMatchObject({ status: 'CANCELLED', approvalStatus: 'WITHDRAWN', changes: [] });
  });

  it('lists orders with filters, sorting and totals; suppliers list only their own sent orders', async () => {
    const all = ok(await f.get('/api/v1/pos?size=20&sort=totalAmount:desc', f.u.monitor));
    expect(all.total).toBeGreaterThan(5000);
    expect(all.totals.reduce((s: number, x: { count: number }) => s + x.count, 0)).toBe(all.total);
    const c1 = ok(await f.get('/api/v1/pos?compNo=C00001&status=SENT&status=ACKNOWLEDGED&size=500', f.u.operator));
    expect(
      c1.rows.every(
        (r: { compNo: string; status: string }) => r.compNo === 'C00001' && ['SENT', 'ACKNOWLEDGED'].includes(r.status),
      ),
    ).toBe(true);
    const linked = ok(await f.get('/api/v1/pos?poType=PO&fromDate=2026-09-15&size=50', f.u.operator));
    expect(linked.rows.some((r: { prNo: string | null; rfqNo: string | null }) => r.prNo && r.rfqNo)).toBe(true);
    const supplierRows = ok(await f.get('/api/v1/cyber/pos?size=5000', f.u.supplier1));
    const ids = supplierRows.rows.map((r: { poNo: string }) => r.poNo);
    const visible = await t.db.db
      .selectFrom('poHeader')
      .select('poNo')
      .where('compNo', '=', 'C00001')
      .where('forwardedAt', 'is not', null)
      .execute();
    expect(ids.sort()).toEqual(visible.map((v) => v.poNo).sort());
    expect(
      supplierRows.rows.every((r: { status: string }) => !['DRAFT', 'IN_APPROVAL', 'APPROVED'].includes(r.status)),
    ).toBe(true);
    refused(await f.get('/api/v1/pos', f.u.buyer), 403, 'GPMS006');
  });
});
