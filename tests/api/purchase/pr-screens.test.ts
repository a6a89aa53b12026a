import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, day, logins, ok, openRfq, prBody, refused, type Flow } from './helpers.js';

/**
 * What the PR, receipt and approval-administration screens read besides the documents themselves:
 * the PR's approval as flat fields (open round, whose turn, every step as a row), its current
 * quotation request with the invited suppliers, the supplier search for invitations, one rule,
 * and the lines with their approvers.
 */
describe('PR screens: approval and quotation fields, supplier search, rule and line reads', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = {
      ...client(t),
      u: await logins(t, ['buyer', 'uadmin1', 'opadmin', 'operator', 'admin', 'monitor', 'supplier1', 'supplier2']),
    };
  });
  afterAll(() => t.close());

  it('a PR in approval names its open round in the approval-state shape of every document; only the pending approver gets approve / reject', async () => {
    // ≥ 10,000,000 won: two steps, uadmin1 then opadmin.
    const pr = ok(
      await f.post(
        '/api/v1/prs',
        f.u.buyer,
        prBody({ lines: [{ itemName: '대형 설비', unitCode: 'EA', quantity: '1', estUnitPrice: '12000000' }] }),
      ),
    );
    expect(pr).toMatchObject({
      pendingApprovalId: null,
      pendingApprovalVersion: null,
      currentApproverName: null,
      approvalSteps: [],
    });
    expect(pr).not.toHaveProperty('approvalId');
    expect(pr).not.toHaveProperty('myApprovalTurn');
    const submitted = ok(await f.post(`/api/v1/prs/${pr.prNo}/submit`, f.u.buyer, { version: pr.version }));
    const a1 = submitted.approvals[0].approvalId;
    expect(submitted.pendingApprovalId).toBe(a1);
    expect(submitted.pendingApprovalVersion).toBe(submitted.approvals[0].version);
    expect(submitted.currentApproverName).toBe('강동현');
    expect(submitted.actions).toEqual(['cancel']);
    expect(
      submitted.approvalSteps.map((s: Record<string, unknown>) => [
        s.stepKey,
        s.round,
        s.approverId,
        s.status,
        s.approvalStatus,
        s.submittedByName,
      ]),
    ).toEqual([
      [`${a1}-1`, 1, 'E000006', 'PENDING', 'PENDING', '정수빈'],
      [`${a1}-2`, 1, 'E000002', 'WAITING', 'PENDING', '정수빈'],
    ]);
    // The same fields as an order's detail (one shape for PR, PO, simple order and LOI).
    const anyPo = await t.db.db
      .selectFrom('poHeader')
      .select('poNo')
      .where('poType', '=', 'PO')
      .limit(1)
      .executeTakeFirstOrThrow();
    const po = ok(await f.get(`/api/v1/pos/${anyPo.poNo}`, f.u.opadmin));
    for (const field of ['pendingApprovalId', 'pendingApprovalVersion', 'currentApproverName', 'approvalSteps']) {
      expect(po).toHaveProperty(field);
      expect(submitted).toHaveProperty(field);
    }

    const first = ok(await f.get(`/api/v1/prs/${pr.prNo}`, f.u.uadmin1));
    expect(first.actions).toEqual(['approve', 'reject']);
    const notYet = ok(await f.get(`/api/v1/prs/${pr.prNo}`, f.u.opadmin));
    expect(notYet.actions).not.toContain('approve');

    ok(
      await f.post(`/api/v1/approvals/${first.pendingApprovalId}/approve`, f.u.uadmin1, {
        version: first.pendingApprovalVersion,
        comment: '1차 승인',
      }),
    );
    const second = ok(await f.get(`/api/v1/prs/${pr.prNo}`, f.u.opadmin));
    expect(second).toMatchObject({
      currentApproverName: '박성호',
      pendingApprovalVersion: first.pendingApprovalVersion + 1,
    });
    expect(second.actions).toEqual(expect.arrayContaining(['approve', 'reject']));
    expect(second.approvalSteps[0]).toMatchObject({ status: 'APPROVED', comment: '1차 승인', approverName: '강동현' });
    expect(second.approvalSteps[1]).toMatchObject({ status: 'PENDING' });

    // A rejection ends the round; a new submission is round 2, the first stays in the rows.
    ok(
      await f.post(`/api/v1/approvals/${second.pendingApprovalId}/reject`, f.u.opadmin, {
        version: second.pendingApprovalVersion,
        comment: '예산 재검토',
      }),
    );
    const rejected = ok(await f.get(`/api/v1/prs/${pr.prNo}`, f.u.buyer));
    expect(rejected).toMatchObject({
      status: 'REJECTED',
      pendingApprovalId: null,
      pendingApprovalVersion: null,
      currentApproverName: null,
    });
    const again = ok(await f.post(`/api/v1/prs/${pr.prNo}/submit`, f.u.buyer, { version: rejected.version }));
    expect(again.pendingApprovalId).not.toBe(a1);
    expect(again.approvalSteps.map((s: Record<string, unknown>) => [s.stepKey, s.round, s.status])).toEqual([
      [`${a1}-1`, 1, 'APPROVED'],
      [`${a1}-2`, 1, 'REJECTED'],
      [`${again.pendingApprovalId}-1`, 2, 'PENDING'],
      [`${again.pendingApprovalId}-2`, 2, 'WAITING'],
    ]);
  });

  it('a PR out for quotation carries its request, the invited suppliers and what purchasing may do', async () => {
    const rfq = await openRfq(f, ['C00001', 'C00002']);
    const pr = ok(await f.get(`/api/v1/prs/${rfq.prNo}`, f.u.operator));
    expect(pr).toMatchObject({
      status: 'QUOT_REQUESTED',
      rfqNo: rfq.rfqNo,
      rfqStatus: 'OPEN',
      rfqVersion: rfq.version,
      rfqDeadlinePassed: false,
      rfqSelectionAllowed: false,
      rfqActions: ['cancel'],
    });
    expect(pr.quotations.map((q: Record<string, unknown>) => [q.compNo, q.status, q.quoteNo])).toEqual([
      ['C00001', 'REQUESTED', null],
      ['C00002', 'REQUESTED', null],
    ]);
    // A reader without write on the receipt screen sees the request but may do nothing with it.
    expect(ok(await f.get(`/api/v1/prs/${rfq.prNo}`, f.u.monitor)).rfqActions).toEqual([]);

    for (const who of [f.u.supplier1, f.u.supplier2]) {
      const q = ok(await f.get(`/api/v1/cyber/quotations/${rfq.rfqNo}`, who));
      ok(
        await f.put(`/api/v1/cyber/quotations/${rfq.rfqNo}`, who, {
          version: q.version,
          leadTimeDays: 7,
          validUntil: day(30),
          lines: q.lines.map((l: { lineNo: number }) => ({ lineNo: l.lineNo, unitPrice: '1000' })),
        }),
      );
    }
    const answered = ok(await f.get(`/api/v1/prs/${rfq.prNo}`, f.u.operator));
    expect(answered.rfqSelectionAllowed).toBe(true);
    expect(answered.rfqActions).toEqual(['select', 'cancel']);
    expect(
      answered.quotations.every(
        (q: { status: string; quoteNo: string | null }) => q.status === 'SUBMITTED' && q.quoteNo,
      ),
    ).toBe(true);

    // Cancelled: the PR has no current request any more.
    ok(
      await f.post(`/api/v1/rfqs/${rfq.rfqNo}/cancel`, f.u.operator, {
        version: answered.rfqVersion,
        reason: '사양 변경',
      }),
    );
    const reopened = ok(await f.get(`/api/v1/prs/${rfq.prNo}`, f.u.operator));
    expect(reopened).toMatchObject({
      status: 'RECEIVED',
      rfqNo: null,
      rfqStatus: null,
      rfqActions: [],
      quotations: [],
    });
    expect(reopened.rfqs).toEqual([expect.objectContaining({ rfqNo: rfq.rfqNo, status: 'CANCELLED' })]);
  });

  it('receiving may file every line under one level-4 sourcing group; other levels and unknown groups are refused', async () => {
    const pr = ok(await f.post('/api/v1/prs', f.u.buyer, prBody()));
    const sub = ok(await f.post(`/api/v1/prs/${pr.prNo}/submit`, f.u.buyer, { version: pr.version }));
    ok(
      await f.post(`/api/v1/approvals/${sub.pendingApprovalId}/approve`, f.u.uadmin1, {
        version: sub.pendingApprovalVersion,
      }),
    );
    const approved = ok(await f.get(`/api/v1/prs/${pr.prNo}`, f.u.operator));
    const [leaf, upper] = await Promise.all([
      t.db.db
        .selectFrom('sourcingGroup')
        .select(['sgCode', 'sgName'])
        .where('sgLevel', '=', '004')
        .where('useYn', '=', 'Y')
        .orderBy('sgCode')
        .limit(1)
        .executeTakeFirstOrThrow(),
      t.db.db
        .selectFrom('sourcingGroup')
        .select('sgCode')
        .where('sgLevel', '=', '003')
        .limit(1)
        .executeTakeFirstOrThrow(),
    ]);
    const level = refused(
      await f.post(`/api/v1/prs/${pr.prNo}/receive`, f.u.operator, {
        version: approved.version,
        buyerId: 'E000004',
        sgCode: upper.sgCode,
      }),
      400,
      'VALIDATION',
    );
    expect(level.details).toEqual([{ path: 'body/sgCode', message: '소싱그룹은 4단계(세분류)까지 선택하세요' }]);
    refused(
      await f.post(`/api/v1/prs/${pr.prNo}/receive`, f.u.operator, {
        version: approved.version,
        buyerId: 'E000004',
        sgCode: 'NOPE',
      }),
      400,
      'VALIDATION',
    );
    expect(ok(await f.get(`/api/v1/prs/${pr.prNo}`, f.u.operator)).status).toBe('APPROVED');
    const received = ok(
      await f.post(`/api/v1/prs/${pr.prNo}/receive`, f.u.operator, {
        version: approved.version,
        buyerId: 'E000004',
        sgCode: leaf.sgCode,
      }),
    );
    expect(received).toMatchObject({ status: 'RECEIVED', buyerId: 'E000004' });
    expect(received.lines.map((l: { sgCode: string; sgName: string }) => [l.sgCode, l.sgName])).toEqual([
      [leaf.sgCode, leaf.sgName],
      [leaf.sgCode, leaf.sgName],
    ]);
    // Without a group the lines keep their own (the item master's, or none for free text).
    const other = ok(await f.post('/api/v1/prs', f.u.buyer, prBody()));
    const sub2 = ok(await f.post(`/api/v1/prs/${other.prNo}/submit`, f.u.buyer, { version: other.version }));
    ok(
      await f.post(`/api/v1/approvals/${sub2.pendingApprovalId}/approve`, f.u.uadmin1, {
        version: sub2.pendingApprovalVersion,
      }),
    );
    const approved2 = ok(await f.get(`/api/v1/prs/${other.prNo}`, f.u.operator));
    const kept = ok(
      await f.post(`/api/v1/prs/${other.prNo}/receive`, f.u.operator, {
        version: approved2.version,
        buyerId: 'E000004',
        sgCode: null,
      }),
    );
    expect(kept.lines.map((l: { sgCode: string | null }) => l.sgCode)).toEqual([approved2.lines[0].sgCode, null]);
  });

  it('answers an item of the master as a PR line starts from it; an unknown one is 404', async () => {
    const item = ok(await f.get('/api/v1/prs/items/mro0101-0001', f.u.buyer));
    expect(item).toMatchObject({
      itemCode: 'MRO0101-0001',
      itemName: '육각볼트',
      unitCode: 'EA',
      sgCode: 'SGI-MRO0101-D',
    });
    expect(item.sgName).toMatch(/[가-힣]/);
    expect(item.refPrice).toMatch(/^\d+(\.\d+)?$/);
    refused(await f.get('/api/v1/prs/items/NOPE-0000', f.u.buyer), 404, 'ITEM_NOT_FOUND');
    expect((await f.get('/api/v1/prs/items/MRO0101-0001', f.u.supplier1)).statusCode).toBeGreaterThanOrEqual(401);
  });

  it('searches trading suppliers by name, company number or business number for the company popup', async () => {
    const byNo = ok(await f.get('/api/v1/rfqs/suppliers?q=C00001', f.u.operator));
    expect(byNo.rows[0]).toMatchObject({ compNo: 'C00001' });
    expect(byNo.rows[0].taxNo2).toMatch(/^\d{3}-\d{2}-\d{5}$/);
    const name = byNo.rows[0].compNameKr as string;
    const byName = ok(await f.get(`/api/v1/rfqs/suppliers?q=${encodeURIComponent(name.slice(0, 2))}`, f.u.operator));
    expect(byName.rows.map((r: { compNo: string }) => r.compNo)).toContain('C00001');
    const byTax = ok(await f.get(`/api/v1/rfqs/suppliers?q=${byNo.rows[0].taxNo2}`, f.u.operator));
    expect(byTax.rows.map((r: { compNo: string }) => r.compNo)).toContain('C00001');
    // Digits inside a name are part of the name, not a business number: C00001's name with three of its
    // business number's digits after it finds nothing (it found C00001 and every company holding them).
    const digits = (byNo.rows[0].taxNo2 as string).replace(/\D/g, '').slice(0, 3);
    const nameWithDigits = ok(
      await f.get(`/api/v1/rfqs/suppliers?q=${encodeURIComponent(`${name} x${digits}`)}`, f.u.operator),
    );
    expect(nameWithDigits.rows).toEqual([]);
    const all = ok(await f.get('/api/v1/rfqs/suppliers?size=5', f.u.operator));
    expect(all.rows).toHaveLength(5);
    expect(all.total).toBeGreaterThan(5);
    const inactive = await t.db.db
      .selectFrom('company')
      .select('compNo')
      .where('status', '<>', 'ACTIVE')
      .limit(1)
      .executeTakeFirst();
    if (inactive)
      expect(
        ok(await f.get(`/api/v1/rfqs/suppliers?q=${inactive.compNo}`, f.u.operator)).rows.map(
          (r: { compNo: string }) => r.compNo,
        ),
      ).not.toContain(inactive.compNo);
    // The requester has no receipt screen; a supplier never reaches internal routes.
    refused(await f.get('/api/v1/rfqs/suppliers?q=C', f.u.buyer), 403);
    expect((await f.get('/api/v1/rfqs/suppliers?q=C', f.u.supplier1)).statusCode).toBeGreaterThanOrEqual(401);
  });

  it('reads one rule; lists lines with their ordered approvers and the rules using them', async () => {
    const rules = ok(await f.get('/api/v1/approval/rules?docType=PR', f.u.admin));
    const one = ok(await f.get(`/api/v1/approval/rules/${rules.rows[0].ruleId}`, f.u.admin));
    expect(one).toEqual(rules.rows[0]);
    refused(await f.get('/api/v1/approval/rules/999999', f.u.admin), 404, 'APPROVAL_RULE_NOT_FOUND');
    refused(await f.get(`/api/v1/approval/rules/${rules.rows[0].ruleId}`, f.u.buyer), 403);

    const lines = ok(await f.get('/api/v1/approval/lines', f.u.admin));
    const two = lines.rows.find((l: { stepCount: number }) => l.stepCount === 2);
    expect(two.steps.map((s: { stepNo: number }) => s.stepNo)).toEqual([1, 2]);
    expect(two.steps.map((s: { approverName: string }) => s.approverName).join(' → ')).toBe(two.approvers);
    expect(two.rules.length).toBe(two.ruleCount);
    const detail = ok(await f.get(`/api/v1/approval/lines/${two.lineId}`, f.u.admin));
    expect(detail.steps).toEqual(two.steps);
    expect(detail.rules).toEqual(two.rules);
  });
});
