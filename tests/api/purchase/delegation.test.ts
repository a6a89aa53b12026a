import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, day, logins, ok, prBody, refused, type Flow } from './helpers.js';

/** Approval delegation: a deputy for a period gets the approvals; the history says on whose behalf; bad deputies and periods are refused. */
describe('approval delegation', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = { ...client(t), u: await logins(t, ['buyer', 'uadmin1', 'opadmin', 'operator', 'monitor', 'supplier1']) };
  });
  afterAll(() => t.close());

  const count = async () =>
    Number(
      (
        await t.db.db
          .selectFrom('approvalDelegation')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const submitPr = async () => {
    const pr = ok(await f.post('/api/v1/prs', f.u.buyer, prBody()));
    return ok(await f.post(`/api/v1/prs/${pr.prNo}/submit`, f.u.buyer, { version: pr.version }));
  };

  it('refuses oneself, a deputy outside the groups that may work on the documents, bad periods and overlaps, changing nothing', async () => {
    const self = refused(
      await f.post('/api/v1/approval/delegations', f.u.uadmin1, {
        deputyId: 'E000006',
        fromDate: day(0),
        toDate: day(3),
      }),
      400,
      'VALIDATION',
    );
    expect(self.details).toEqual([{ path: 'body/deputyId', message: '본인을 대리 결재자로 지정할 수 없습니다' }]);
    const readOnly = refused(
      await f.post('/api/v1/approval/delegations', f.u.uadmin1, {
        deputyId: 'E000009',
        fromDate: day(0),
        toDate: day(3),
      }),
      409,
      'DELEGATION_GROUP_NOT_ALLOWED',
    );
    expect(readOnly.msg).toContain('오혜진');
    refused(
      await f.post('/api/v1/approval/delegations', f.u.uadmin1, {
        deputyId: 'E999999',
        fromDate: day(0),
        toDate: day(3),
      }),
      400,
      'VALIDATION',
    );
    const past = refused(
      await f.post('/api/v1/approval/delegations', f.u.uadmin1, {
        deputyId: 'E000002',
        fromDate: day(-1),
        toDate: day(3),
      }),
      400,
      'VALIDATION',
    );
    expect(past.details![0].path).toBe('body/fromDate');
    const backwards = refused(
      await f.post('/api/v1/approval/delegations', f.u.uadmin1, {
        deputyId: 'E000002',
        fromDate: day(3),
        toDate: day(1),
      }),
      400,
      'VALIDATION',
    );
    expect(backwards.details![0].path).toBe('body/toDate');
    expect(
      (
        await f.post('/api/v1/approval/delegations', f.u.supplier1, {
          deputyId: 'E000002',
          fromDate: day(0),
          toDate: day(3),
        })
      ).statusCode,
    ).toBe(403);
    expect(await count()).toBe(0);

    const made = ok(
      await f.post('/api/v1/approval/delegations', f.u.uadmin1, {
        deputyId: 'E000002',
        fromDate: day(0),
        toDate: day(3),
        reason: '출장',
      }),
    );
    expect(made).toMatchObject({
      approverId: 'E000006',
      approverName: '강동현',
      deputyId: 'E000002',
      deputyName: '박성호',
      fromDate: day(0),
      toDate: day(3),
      status: 'ACTIVE',
      reason: '출장',
    });
    const overlap = refused(
      await f.post('/api/v1/approval/delegations', f.u.uadmin1, {
        deputyId: 'E000004',
        fromDate: day(3),
        toDate: day(5),
      }),
      409,
      'DELEGATION_OVERLAP',
    );
    expect(overlap.msg).toContain(day(0));
    expect(await count()).toBe(1);
    // A period after it is fine (and cancelled again right away).
    const later = ok(
      await f.post('/api/v1/approval/delegations', f.u.uadmin1, {
        deputyId: 'E000004',
        fromDate: day(4),
        toDate: day(5),
      }),
    );
    refused(
      await f.post(`/api/v1/approval/delegations/${later.delegationId}/cancel`, f.u.opadmin, {
        version: later.version,
      }),
      403,
      'NOT_ALLOWED',
    );
    ok(
      await f.post(`/api/v1/approval/delegations/${later.delegationId}/cancel`, f.u.uadmin1, {
        version: later.version,
      }),
    );
    expect(
      ok(await f.get('/api/v1/approval/delegations', f.u.uadmin1))
        .rows.map((r: { status: string }) => r.status)
        .sort(),
    ).toEqual(['ACTIVE', 'CANCELLED']);
  });

  it('during the period approvals go to the deputy, who approves on the approver’s behalf; the approver no longer can', async () => {
    const pr = await submitPr();
    const approval = pr.approvals.at(-1);
    expect(approval.steps[0]).toMatchObject({
      approverId: 'E000002',
      approverName: '박성호',
      onBehalfOf: 'E000006',
      onBehalfOfName: '강동현',
      status: 'PENDING',
    });
    refused(
      await f.post(`/api/v1/approvals/${approval.approvalId}/approve`, f.u.uadmin1, { version: approval.version }),
      403,
      'NOT_ALLOWED',
    );
    // The deputy's home shows it pending.
    const done = ok(
      await f.post(`/api/v1/approvals/${approval.approvalId}/approve`, f.u.opadmin, {
        version: approval.version,
        comment: '대결',
      }),
    );
    expect(done.approval.steps[0]).toMatchObject({
      approverId: 'E000002',
      onBehalfOf: 'E000006',
      status: 'APPROVED',
      comment: '대결',
    });
    expect(done.documentStatus).toBe('APPROVED');
    const detail = ok(await f.get(`/api/v1/prs/${pr.prNo}`, f.u.buyer));
    expect(detail.approvalSteps[0]).toMatchObject({ approverName: '박성호', onBehalfOfName: '강동현' });
  });

  it('a step reached later goes to the deputy named then; after cancelling, approvals go to the approver again', async () => {
    // A two-step line (1천만원 이상): uadmin1 then opadmin; opadmin names the operator as deputy.
    const big = prBody({ lines: [{ itemName: '대형 설비', unitCode: 'EA', quantity: '1', estUnitPrice: '20000000' }] });
    const deputy = ok(
      await f.post('/api/v1/approval/delegations', f.u.opadmin, {
        deputyId: 'E000004',
        fromDate: day(0),
        toDate: day(0),
      }),
    );
    const pr = ok(await f.post('/api/v1/prs', f.u.buyer, big));
    const submitted = ok(await f.post(`/api/v1/prs/${pr.prNo}/submit`, f.u.buyer, { version: pr.version }));
    let approval = submitted.approvals.at(-1);
    // Step 1 is uadmin1's, delegated to opadmin (the first test's delegation); opadmin approves.
    expect(
      approval.steps.map((s: { approverId: string; onBehalfOf: string | null }) => [s.approverId, s.onBehalfOf]),
    ).toEqual([
      ['E000002', 'E000006'],
      ['E000002', null],
    ]);
    approval = ok(
      await f.post(`/api/v1/approvals/${approval.approvalId}/approve`, f.u.opadmin, { version: approval.version }),
    ).approval;
    // Step 2 (opadmin's own) became pending: it goes to opadmin's deputy, the operator.
    expect(approval.steps[1]).toMatchObject({ approverId: 'E000004', onBehalfOf: 'E000002', status: 'PENDING' });
    approval = ok(
      await f.post(`/api/v1/approvals/${approval.approvalId}/approve`, f.u.operator, { version: approval.version }),
    ).approval;
    expect(approval.status).toBe('APPROVED');

    ok(
      await f.post(`/api/v1/approval/delegations/${deputy.delegationId}/cancel`, f.u.opadmin, {
        version: deputy.version,
      }),
    );
    const mine = ok(await f.get('/api/v1/approval/delegations', f.u.uadmin1)).rows.find(
      (r: { status: string }) => r.status === 'ACTIVE',
    );
    ok(
      await f.post(`/api/v1/approval/delegations/${mine.delegationId}/cancel`, f.u.uadmin1, { version: mine.version }),
    );
    const again = await submitPr();
    expect(again.approvals.at(-1).steps[0]).toMatchObject({ approverId: 'E000006', onBehalfOf: null });
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'approval_delegation')
      .orderBy('id')
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(6);
  });
});
