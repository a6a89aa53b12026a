import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { approveAll, client, day, type Flow, logins, ok, refused } from './helpers.js';

/**
 * A change order of a call-off against its agreement (docs/agreements.md "Change orders"): the
 * agreement is checked before the change is decided on. A change beyond an APPROVE agreement goes to
 * the PO_CHANGE approval even when no re-approval rule (PO_CHANGE_APPROVAL) asks for it — its approvers
 * see what it goes beyond, and it is not in force (nor consumed) until approved; REFUSE refuses it;
 * within the agreement nothing changes (in force at once). The price is raised while the quantity falls,
 * so the total stays below the approved amount and the default rule (AMOUNT_UP) alone would not ask.
 */
describe('change orders of a call-off against its agreement', { timeout: 120_000 }, () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = { ...client(t), u: await logins(t, ['operator', 'opadmin', 'uadmin1', 'supplier1']) };
  });
  afterAll(() => t.close());

  /** An active agreement (one line, 1,000 a unit, 100 agreed) under the policy, and a sent call-off of 10. */
  async function sentCallOff(callOffPolicy: 'APPROVE' | 'REFUSE') {
    const draft = ok(
      await f.post('/api/v1/agreements', f.u.operator, {
        compNo: 'C00001',
        title: `변경 시험 단가계약 ${callOffPolicy}`,
        currency: 'KRW',
        validFrom: day(0),
        validTo: day(30),
        ceilingAmount: null,
        callOffPolicy,
        lines: [{ itemCode: 'MRO0101-0001', unitPrice: '1000', agreedQty: '100' }],
      }),
    );
    const submitted = ok(
      await f.post(`/api/v1/agreements/${draft.agreementNo}/submit`, f.u.operator, { version: draft.version }),
    );
    await approveAll(f, f.u, submitted.approvals.at(-1));
    const po = ok(
      await f.post(`/api/v1/agreements/${draft.agreementNo}/call-offs`, f.u.operator, {
        dueDate: day(10),
        lines: [{ agreementLineNo: 1, quantity: '10' }],
      }),
    );
    const inApproval = ok(await f.post(`/api/v1/pos/${po.poNo}/submit`, f.u.operator, { version: po.version }));
    await approveAll(f, f.u, inApproval.approvals.at(-1));
    let sent = ok(await f.get(`/api/v1/pos/${po.poNo}`, f.u.operator));
    if (sent.status === 'APPROVED')
      sent = ok(await f.post(`/api/v1/pos/${po.poNo}/send`, f.u.operator, { version: sent.version }));
    expect(sent).toMatchObject({ status: 'SENT', totalAmount: '10000.00', agreementException: null });
    return { agreementNo: draft.agreementNo as string, po: sent };
  }

  const change = (po: { poNo: string; version: number }, lines: unknown[]) =>
    f.post(`/api/v1/pos/${po.poNo}/change`, f.u.operator, { version: po.version, reason: '단가 인상', lines });

  const ordered = async (agreementNo: string) =>
    ok(await f.get(`/api/v1/agreements/${agreementNo}`, f.u.operator)).lines[0].orderedQty;

  const priceException = '2차 변경: 1번 품목의 단가(1,500)가 계약 단가(1,000)와 다릅니다';

  it('APPROVE: a price above the agreed one goes to approval though the total falls; in force (and consumed) only once approved', async () => {
    const { agreementNo, po } = await sentCallOff('APPROVE');
    expect(await ordered(agreementNo)).toBe('10.000');
    // 5 × 1,500 = 7,500: below the approved 10,000, so AMOUNT_UP alone would have put it in force.
    const proposed = ok(await change(po, [{ lineNo: 1, quantity: '5', unitPrice: '1500' }]));
    expect(proposed).toMatchObject({ changeOutcome: 'PROPOSED', changeRevision: 2, revision: 1 });
    expect(proposed).toMatchObject({ totalAmount: '10000.00', agreementException: priceException });
    expect(proposed.lines[0]).toMatchObject({ quantity: '10.000', unitPrice: '1000.00' });
    expect(proposed.revisions.at(-1)).toMatchObject({
      revision: 2,
      status: 'PROPOSED',
      needsApproval: true,
      agreementException: priceException,
    });
    // A proposal consumes nothing; the supplier sees neither the proposal nor the exception.
    expect(await ordered(agreementNo)).toBe('10.000');
    const seen = ok(await f.get(`/api/v1/cyber/pos/${po.poNo}`, f.u.supplier1));
    expect(seen.revisions).toHaveLength(1);
    expect(JSON.stringify(seen)).not.toContain('계약 단가');

    // The approver sees the exception on the order it decides on, then puts the revision in force.
    const approval = proposed.approvals.find((a: { docType: string }) => a.docType === 'PO_CHANGE');
    expect(approval).toBeDefined();
    await approveAll(f, f.u, approval);
    const after = ok(await f.get(`/api/v1/pos/${po.poNo}`, f.u.operator));
    expect(after).toMatchObject({
      revision: 2,
      totalAmount: '7500.00',
      approvedAmount: '7500.00',
      agreementException: priceException,
    });
    expect(after.lines[0]).toMatchObject({ quantity: '5.000', unitPrice: '1500.00' });
    expect(await ordered(agreementNo)).toBe('5.000');
  });

  it('APPROVE: a rejected proposal leaves the order, its exception and the agreement as they were', async () => {
    const { agreementNo, po } = await sentCallOff('APPROVE');
    const proposed = ok(await change(po, [{ lineNo: 1, quantity: '5', unitPrice: '1500' }]));
    expect(proposed.changeOutcome).toBe('PROPOSED');
    const a = proposed.approvals.find((x: { docType: string }) => x.docType === 'PO_CHANGE');
    const step = a.steps.find((s: { status: string }) => s.status === 'PENDING');
    const who = step.approverId === 'E000006' ? f.u.uadmin1 : f.u.opadmin;
    ok(await f.post(`/api/v1/approvals/${a.approvalId}/reject`, who, { version: a.version, comment: '계약 단가로' }));
    const after = ok(await f.get(`/api/v1/pos/${po.poNo}`, f.u.operator));
    expect(after).toMatchObject({ revision: 1, totalAmount: '10000.00', agreementException: null });
    expect(after.revisions.at(-1)).toMatchObject({ revision: 2, status: 'REJECTED' });
    expect(await ordered(agreementNo)).toBe('10.000');
  });

  it('REFUSE: a price above the agreed one is refused, nothing proposed or changed', async () => {
    const { agreementNo, po } = await sentCallOff('REFUSE');
    const res = refused(
      await change(po, [{ lineNo: 1, quantity: '5', unitPrice: '1500' }]),
      409,
      'AGREEMENT_CALL_OFF_REFUSED',
    );
    expect(res.msg).toBe('1번 품목의 단가(1,500)가 계약 단가(1,000)와 다릅니다');
    const after = ok(await f.get(`/api/v1/pos/${po.poNo}`, f.u.operator));
    expect(after).toMatchObject({ revision: 1, version: po.version, totalAmount: '10000.00' });
    expect(after.revisions).toEqual([]);
    expect(await ordered(agreementNo)).toBe('10.000');
  });

  it('within the agreement: in force at once, no approval, no exception', async () => {
    const { agreementNo, po } = await sentCallOff('APPROVE');
    const applied = ok(await change(po, [{ lineNo: 1, quantity: '8' }]));
    expect(applied).toMatchObject({ changeOutcome: 'APPLIED', revision: 2, totalAmount: '8000.00' });
    expect(applied.agreementException).toBeNull();
    expect(applied.approvals.some((a: { docType: string }) => a.docType === 'PO_CHANGE')).toBe(false);
    expect(await ordered(agreementNo)).toBe('8.000');
  });
});
