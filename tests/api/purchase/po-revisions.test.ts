import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayKst } from '../../../server/domain/dates.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { awardedRfq, client, day, logins, ok, prBody, refused, type Flow } from './helpers.js';

/**
 * PO change orders as revisions (docs/agreements.md "Change orders"): the diff, the old revision
 * kept, re-approval when the rule says, the supplier's acknowledgement of each revision, a receipt
 * made on revision 1 still matched after revision 2, quantities never below what was received, the
 * budget ledger after a revision, lines added and removed.
 */
describe('PO change orders (revisions)', { timeout: 120_000 }, () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = {
      ...client(t),
      u: await logins(t, ['buyer', 'uadmin1', 'opadmin', 'operator', 'admin', 'supplier1', 'supplier2']),
    };
  });
  afterAll(() => t.close());

  /** An order to C00001 (FORWARD_YN=Y: sent on approval) acknowledged by its supplier. */
  async function acknowledgedPo(body?: Record<string, unknown>) {
    const rfq = await awardedRfq(f, 'C00001', body);
    const po = ok(
      await f.post('/api/v1/pos', f.u.operator, { rfqNo: rfq.rfqNo, rfqVersion: rfq.version, dueDate: day(20) }),
    );
    const sent = ok(await f.post(`/api/v1/pos/${po.poNo}/submit`, f.u.operator, { version: po.version }));
    const a = sent.approvals.at(-1);
    ok(await f.post(`/api/v1/approvals/${a.approvalId}/approve`, f.u.opadmin, { version: a.version }));
    const seen = ok(await f.get(`/api/v1/cyber/pos/${po.poNo}`, f.u.supplier1));
    ok(await f.post(`/api/v1/cyber/pos/${po.poNo}/acknowledge`, f.u.supplier1, { version: seen.version }));
    return ok(await f.get(`/api/v1/pos/${po.poNo}`, f.u.operator));
  }

  const change = (po: { poNo: string; version: number }, body: Record<string, unknown>) =>
    f.post(`/api/v1/pos/${po.poNo}/change`, f.u.operator, { version: po.version, reason: '변경', ...body });

  it('a change within the approval is revision 2 at once: old terms kept, a field-level diff, acknowledged again', async () => {
    const po = await acknowledgedPo();
    expect(po).toMatchObject({ status: 'ACKNOWLEDGED', revision: 1, totalAmount: '12500.00', revisions: [] });
    const changed = ok(
      await change(po, { dueDate: day(25), lines: [{ lineNo: 1, quantity: '8', deliveryDate: day(22) }] }),
    );
    expect(changed).toMatchObject({ status: 'SENT', revision: 2, totalAmount: '10500.00', acknowledgedAt: null });
    // The answer says the change is in force (not proposed), as which revision.
    expect(changed).toMatchObject({ changeOutcome: 'APPLIED', changeRevision: 2 });
    // The supplier is told of a change (revision 2 and what changed), not of a new order.
    const told = await t.db.db
      .selectFrom('notification')
      .select(['template', 'subject', 'body'])
      .where('refKey', '=', po.poNo)
      .where('template', 'in', ['po.sent', 'po.changed'])
      .orderBy('id')
      .execute();
    const notice = told.at(-1)!;
    expect(notice.template).toBe('po.changed');
    expect(notice.subject).toContain('변경차수 2');
    expect(notice.body).toContain('새 발주가 아니라 기존 발주의 변경');
    expect(notice.body).toContain('- 1번 품목 수량: 10 → 8');
    expect(notice.body).toContain('- 발주금액: 12,500 → 10,500');
    // The history shows amounts and quantities grouped, as people read them.
    const total = changed.changes.find((c: { field: string }) => c.field === 'totalAmount');
    expect([total.beforeValue, total.beforeText, total.afterText]).toEqual(['12500.00', '12,500', '10,500']);
    expect(changed.revisions.map((r: Record<string, unknown>) => [r.revision, r.status])).toEqual([
      [1, 'SUPERSEDED'],
      [2, 'CURRENT'],
    ]);
    const [r1, r2] = changed.revisions;
    expect(r1.snapshot.lines[0]).toMatchObject({ lineNo: 1, quantity: '10.000', unitPrice: '1000.00' });
    expect(r1.acknowledgedAt).not.toBeNull();
    expect(r2.diff).toEqual([
      { field: 'dueDate', lineNo: null, before: day(20), after: day(25) },
      { field: 'quantity', lineNo: 1, before: '10.000', after: '8.000' },
      { field: 'deliveryDate', lineNo: 1, before: day(20), after: day(22) },
      { field: 'totalAmount', lineNo: null, before: '12500.00', after: '10500.00' },
    ]);
    expect(r2).toMatchObject({ needsApproval: false, acknowledgedAt: null, reason: '변경' });
    // poChangeInfo keeps its rows, under the revision's change_seq.
    expect(changed.changes.filter((c: { changeSeq: number }) => c.changeSeq === r2.changeSeq)).toHaveLength(5);

    // The supplier sees revision 2 unacknowledged, its diff, and acknowledges it.
    const seen = ok(await f.get(`/api/v1/cyber/pos/${po.poNo}`, f.u.supplier1));
    expect(seen).toMatchObject({ revision: 2, revisionAcknowledged: false, actions: ['acknowledge'] });
    expect(seen.revisions).toHaveLength(2);
    refused(await f.get(`/api/v1/cyber/pos/${po.poNo}`, f.u.supplier2), 404);
    refused(await f.post(`/api/v1/cyber/pos/${po.poNo}/acknowledge`, f.u.supplier2, { version: seen.version }), 404);
    const acked = ok(
      await f.post(`/api/v1/cyber/pos/${po.poNo}/acknowledge`, f.u.supplier1, { version: seen.version }),
    );
    expect(acked).toMatchObject({ status: 'ACKNOWLEDGED', revisionAcknowledged: true, actions: [] });
    expect(acked.revisions[1].acknowledgedAt).not.toBeNull();
  });

  it('above the approved amount: proposed, approved again, then in force and acknowledged again; a rejection changes nothing', async () => {
    const po = await acknowledgedPo();
    const proposed = ok(await change(po, { lines: [{ lineNo: 1, quantity: '12' }] }));
    expect(proposed).toMatchObject({ status: 'ACKNOWLEDGED', revision: 1, totalAmount: '12500.00' });
    // The answer says it is a proposal waiting for approval, not a change in force.
    expect(proposed).toMatchObject({ changeOutcome: 'PROPOSED', changeRevision: 2 });
    const p = proposed.revisions.at(-1);
    expect(p).toMatchObject({ revision: 2, status: 'PROPOSED', needsApproval: true, approvalStatus: 'PENDING' });
    expect(p.snapshot.totalAmount).toBe('14500.00');
    // The supplier does not see a proposal.
    expect(ok(await f.get(`/api/v1/cyber/pos/${po.poNo}`, f.u.supplier1)).revisions).toHaveLength(1);
    // One proposal at a time.
    refused(await change(proposed, { dueDate: day(26) }), 409, 'PO_CHANGE_PENDING');

    const inbox = ok(await f.get('/api/v1/home/approvals?size=500', f.u.opadmin)).rows;
    const item = inbox.find((r: { docNo: string }) => r.docNo === `${po.poNo}-2`);
    // The approver's card shows the proposed total beside the one in force.
    expect(item).toMatchObject({ docType: 'PO_CHANGE', amount: '14500.00', previousAmount: '12500.00' });
    // The approver decides on the order's screen: its approval is the order's open round.
    const asApprover = ok(await f.get(`/api/v1/pos/${po.poNo}`, f.u.opadmin));
    expect(asApprover.pendingApprovalId).toBe(item.approvalId);
    expect(asApprover.actions).toEqual(expect.arrayContaining(['approve', 'reject']));
    const decided = ok(
      await f.post(`/api/v1/approvals/${item.approvalId}/approve`, f.u.opadmin, { version: item.version }),
    );
    expect(decided.documentStatus).toBe('APPROVED');
    const after = ok(await f.get(`/api/v1/pos/${po.poNo}`, f.u.operator));
    expect(after).toMatchObject({ status: 'SENT', revision: 2, totalAmount: '14500.00', approvedAmount: '14500.00' });
    const seen = ok(await f.get(`/api/v1/cyber/pos/${po.poNo}`, f.u.supplier1));
    ok(await f.post(`/api/v1/cyber/pos/${po.poNo}/acknowledge`, f.u.supplier1, { version: seen.version }));

    // Rejected: the order keeps its terms; the revision is recorded as rejected.
    const again = ok(await f.get(`/api/v1/pos/${po.poNo}`, f.u.operator));
    const up = ok(await change(again, { lines: [{ lineNo: 2, quantity: '5' }] }));
    const r3 = up.revisions.at(-1);
    expect(r3).toMatchObject({ revision: 3, status: 'PROPOSED' });
    const a3 = ok(await f.get('/api/v1/home/approvals?size=500', f.u.opadmin)).rows.find(
      (r: { docNo: string }) => r.docNo === `${po.poNo}-3`,
    );
    ok(
      await f.post(`/api/v1/approvals/${a3.approvalId}/reject`, f.u.opadmin, {
        version: a3.version,
        comment: '증량 불가',
      }),
    );
    const kept = ok(await f.get(`/api/v1/pos/${po.poNo}`, f.u.operator));
    expect(kept).toMatchObject({ status: 'ACKNOWLEDGED', revision: 2, totalAmount: '14500.00' });
    expect(kept.revisions.at(-1)).toMatchObject({ revision: 3, status: 'REJECTED' });
    // The next change takes the number after the rejected proposal.
    const next = ok(await change(kept, { dueDate: day(27) }));
    expect(next).toMatchObject({ revision: 4, dueDate: day(27) });
    expect(next.revisions.map((r: { revision: number; status: string }) => [r.revision, r.status])).toEqual([
      [1, 'SUPERSEDED'],
      [2, 'SUPERSEDED'],
      [3, 'REJECTED'],
      [4, 'CURRENT'],
    ]);
  });

  it('lines added and removed; a receipt made on revision 1 is still matched after revision 2; never below what was received', async () => {
    const po = await acknowledgedPo();
    const d = ok(
      await f.post('/api/v1/cyber/deliveries', f.u.supplier1, {
        poNo: po.poNo,
        deliveryDate: todayKst(new Date()),
        lines: [{ poLineNo: 1, quantity: '6' }],
      }),
    ).delivery;
    ok(
      await f.post(`/api/v1/deliveries/${d.deliveryNo}/receive`, f.u.operator, {
        version: d.version,
        expenses: 'MATERIAL',
        lines: [{ lineNo: 1, quantity: '4', shortReason: 'SHORT' }],
      }),
    );
    const partly = ok(await f.get(`/api/v1/pos/${po.poNo}`, f.u.operator));
    expect(partly.status).toBe('PARTLY_DELIVERED');
    // Received 4 of the 6 delivered (the delivery records the 4 accepted): never below 4.
    const below = refused(await change(partly, { lines: [{ lineNo: 1, quantity: '3' }] }), 400, 'VALIDATION');
    expect(below.details![0].message).toBe('이미 납품·입고된 수량(4.000)보다 적게 바꿀 수 없습니다');
    refused(await change(partly, { removeLines: [1] }), 400, 'VALIDATION');

    const changed = ok(
      await change(partly, {
        lines: [{ lineNo: 1, quantity: '7' }],
        removeLines: [2],
        addLines: [{ itemName: '추가 와셔', unitCode: 'EA', quantity: '3', unitPrice: '1000', deliveryDate: day(15) }],
      }),
    );
    expect(changed.revision).toBe(2);
    expect(
      changed.lines.map((l: Record<string, unknown>) => [l.lineNo, l.quantity, l.deliveredQty, l.receivedQty]),
    ).toEqual([
      [1, '7.000', '4.000', '4.000'],
      [3, '3.000', '0.000', '0.000'],
    ]);
    expect(changed.revisions[1].diff).toEqual(
      expect.arrayContaining([
        { field: 'line', lineNo: 3, before: null, after: '추가 와셔 3.000 × 1000.00' },
        { field: 'line', lineNo: 2, before: expect.stringContaining('2.500'), after: null },
      ]),
    );
    // The receipt line of revision 1 still points at line 1, which still exists with its received quantity.
    const receiptLines = await t.db.db
      .selectFrom('whReceiptLine')
      .select(['poNo', 'poLineNo', 'quantity'])
      .where('poNo', '=', po.poNo)
      .execute();
    expect(receiptLines).toEqual([expect.objectContaining({ poLineNo: 1 })]);
    // A partly delivered order keeps its status; the supplier acknowledges the revision itself.
    expect(changed.status).toBe('PARTLY_DELIVERED');
    const seen = ok(await f.get(`/api/v1/cyber/pos/${po.poNo}`, f.u.supplier1));
    expect(seen).toMatchObject({ revisionAcknowledged: false, actions: ['acknowledge'] });
    const acked = ok(
      await f.post(`/api/v1/cyber/pos/${po.poNo}/acknowledge`, f.u.supplier1, { version: seen.version }),
    );
    expect(acked).toMatchObject({ status: 'PARTLY_DELIVERED', revisionAcknowledged: true, actions: [] });
  });

  it('deliveries and receipts of a line changed in an unacknowledged revision are refused until the supplier acknowledges it', async () => {
    const po = await acknowledgedPo();
    const deliver = (lines: unknown[]) =>
      f.post('/api/v1/cyber/deliveries', f.u.supplier1, { poNo: po.poNo, deliveryDate: todayKst(new Date()), lines });
    const first = ok(await deliver([{ poLineNo: 1, quantity: '4' }])).delivery;
    const partly = ok(await f.get(`/api/v1/pos/${po.poNo}`, f.u.operator));
    expect(partly.status).toBe('PARTLY_DELIVERED');
    // A price cut (1,000 → 10): within the approval, in force at once as revision 2, not yet acknowledged.
    const cut = ok(await change(partly, { lines: [{ lineNo: 1, unitPrice: '10' }] }));
    expect(cut).toMatchObject({ revision: 2, status: 'PARTLY_DELIVERED' });

    const early = refused(await deliver([{ poLineNo: 1, quantity: '2' }]), 409, 'PO_REVISION_UNACKNOWLEDGED');
    expect(early.msg).toBe(
      '발주 2차 변경(1번 품목)을 협력사가 아직 확인하지 않아 납품할 수 없습니다. 협력사가 변경을 확인한 뒤 납품하세요',
    );
    expect(early.details).toEqual({ revision: 2, poLineNos: [1] });
    // The delivery made on revision 1 is neither re-priced by an edit nor received at the new price.
    refused(
      await f.put(`/api/v1/cyber/deliveries/${first.deliveryNo}`, f.u.supplier1, {
        version: first.version,
        deliveryDate: todayKst(new Date()),
        lines: [{ poLineNo: 1, quantity: '4' }],
      }),
      409,
      'PO_REVISION_UNACKNOWLEDGED',
    );
    const receipt = refused(
      await f.post(`/api/v1/deliveries/${first.deliveryNo}/receive`, f.u.operator, {
        version: first.version,
        expenses: 'MATERIAL',
      }),
      409,
      'PO_REVISION_UNACKNOWLEDGED',
    );
    expect(receipt.msg).toContain('입고할 수 없습니다');
    // A line the revision did not change is delivered as before.
    ok(await deliver([{ poLineNo: 2, quantity: '1' }]));
    expect(ok(await f.get(`/api/v1/pos/${po.poNo}`, f.u.operator)).lines[0].deliveredQty).toBe('4.000');

    // Acknowledged: the new terms are the supplier's too, and the line is delivered and received on them.
    const seen = ok(await f.get(`/api/v1/cyber/pos/${po.poNo}`, f.u.supplier1));
    ok(await f.post(`/api/v1/cyber/pos/${po.poNo}/acknowledge`, f.u.supplier1, { version: seen.version }));
    const next = ok(await deliver([{ poLineNo: 1, quantity: '2' }])).delivery;
    expect(next.AMT).toBe('20.00');
    ok(
      await f.post(`/api/v1/deliveries/${first.deliveryNo}/receive`, f.u.operator, {
        version: first.version,
        expenses: 'MATERIAL',
      }),
    );
  });

  /** Runs `body` with SYSTEM_CONST PO_CHANGE_APPROVAL set to `rule`, then puts the seeded rule back. */
  async function underRule(rule: string, body: () => Promise<void>) {
    const set = (attr1: string) =>
      t.db.db
        .updateTable('code')
        .set({ attr1 })
        .where('groupId', '=', 'SYSTEM_CONST')
        .where('code', '=', 'PO_CHANGE_APPROVAL')
        .execute();
    await set(rule);
    try {
      await body();
    } finally {
      await set('AMOUNT_UP');
    }
  }

  /** Line 1's quantity giving the order (line 1 at 1,000 won, line 2 fixed at 2,500) the total `total`. */
  const lineOneFor = (total: number) => ({ lineNo: 1, quantity: ((total - 2500) / 1000).toFixed(3) });
  const current = (poNo: string) => f.get(`/api/v1/pos/${poNo}`, f.u.operator).then((r) => ok(r));

  /** Approves the proposed change `<poNo>-<revision>` as the PO_CHANGE line's approver (opadmin). */
  async function approveProposal(poNo: string, revision: number) {
    const a = ok(await f.get('/api/v1/home/approvals?size=500', f.u.opadmin)).rows.find(
      (r: { docNo: string }) => r.docNo === `${poNo}-${revision}`,
    );
    ok(await f.post(`/api/v1/approvals/${a.approvalId}/approve`, f.u.opadmin, { version: a.version }));
  }

  it('PCT:n in exact decimals against the approved amount: exactly 7 % and exactly 29 % are not more; one won past 29 % of the approval is, after a change in between', async () => {
    await underRule('PCT:7', async () => {
      const po = await acknowledgedPo();
      expect(po).toMatchObject({ totalAmount: '12500.00', approvedAmount: '12500.00' });
      // 12,500 → 13,375 is 7 % exactly (a float division says 7.000000000000001 %).
      const seven = ok(await change(po, { lines: [lineOneFor(13375)] }));
      expect(seven).toMatchObject({ revision: 2, totalAmount: '13375.00', approvedAmount: '12500.00' });
      expect(seven.revisions.at(-1)).toMatchObject({ status: 'CURRENT', needsApproval: false });
    });
    await underRule('PCT:29', async () => {
      const po = await acknowledgedPo();
      // +20 %, then 29 % above the approval exactly (7.5 % above the revision before): neither is more.
      const twenty = ok(await change(po, { lines: [lineOneFor(15000)] }));
      expect(twenty).toMatchObject({ revision: 2, totalAmount: '15000.00' });
      const exactly = ok(await change(twenty, { lines: [lineOneFor(16125)] }));
      expect(exactly).toMatchObject({ revision: 3, totalAmount: '16125.00', approvedAmount: '12500.00' });
      // One won more is past 29 % of what was approved, though a hair from the revision before: approved again.
      const past = ok(await change(exactly, { lines: [lineOneFor(16126)] }));
      expect(past).toMatchObject({ revision: 3, totalAmount: '16125.00' });
      expect(past.revisions.at(-1)).toMatchObject({ revision: 4, status: 'PROPOSED', needsApproval: true });
    });
  });

  it('PCT:10: five changes of +9 % each are measured against the approval, so the second and the fourth go to approval again', async () => {
    await underRule('PCT:10', async () => {
      const po = await acknowledgedPo();
      // 12,500 → 13,625 → 14,851 → 16,188 → 17,645 → 19,233: +9 % each time, +53.9 % in all.
      const totals = [13625, 14851, 16188, 17645, 19233];
      const proposed: number[] = [];
      for (const [i, total] of totals.entries()) {
        const changed = ok(await change(await current(po.poNo), { lines: [lineOneFor(total)] }));
        const last = changed.revisions.at(-1);
        if (last.status === 'PROPOSED') {
          proposed.push(i + 1);
          await approveProposal(po.poNo, last.revision);
        }
        expect(await current(po.poNo)).toMatchObject({ totalAmount: `${total}.00` });
      }
      expect(proposed).toEqual([2, 4]);
      // The last approval covered 17,645; 19,233 is within 10 % of it.
      expect(await current(po.poNo)).toMatchObject({ approvedAmount: '17645.00', totalAmount: '19233.00' });
    });
  });

  it('the budget ledger follows the revision', async () => {
    const b = prBody();
    const po = await acknowledgedPo({ ...b, lines: b.lines.map((l) => ({ ...l, budgetAccount: 'OUT' })) });
    const committed = async () =>
      (
        await t.db.db
          .selectFrom('budgetLedger')
          .select(['lineNo', (eb) => eb.fn.sum<string>('amount').as('amount')])
          .where('docType', '=', 'PO')
          .where('docNo', '=', po.poNo)
          .where('kind', '=', 'COMMIT')
          .groupBy('lineNo')
          .orderBy('lineNo')
          .execute()
      ).map((r) => [r.lineNo, Number(r.amount)]);
    expect(await committed()).toEqual([
      [1, 10000],
      [2, 2500],
    ]);
    const reduced = ok(await change(po, { lines: [{ lineNo: 1, quantity: '4' }] }));
    expect(await committed()).toEqual([
      [1, 4000],
      [2, 2500],
    ]);
    // A line added by a change order orders no PR line: it is charged to the PR's first budgeted line's account,
    // whatever number it gets (line 3 here, where the PR has two lines).
    ok(
      await change(reduced, {
        addLines: [{ itemName: '추가 와셔', unitCode: 'EA', quantity: '3', unitPrice: '1000', deliveryDate: day(15) }],
      }),
    );
    expect(await committed()).toEqual([
      [1, 4000],
      [2, 2500],
      [3, 3000],
    ]);
  });
});
