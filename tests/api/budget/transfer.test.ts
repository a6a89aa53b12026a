import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayKst } from '../../../server/domain/dates.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, prBody, refused, type Flow } from '../purchase/helpers.js';

/**
 * Budget transfers (예산전용, docs/budget.md "Transfers"): a transfer goes through the
 * BUDGET approval rule's line (opadmin in the seed); nothing moves until the last approval, which
 * moves the amount from the source's `transferred` to the target's in one transaction, checking the
 * source again; more than the source has available is refused at the request and at the approval
 * (409, nothing changed); a rejection or a cancellation releases nothing. The figures are by hand.
 * The budgets live in next year, where the seed has none, so every figure is the test's own.
 */
describe('budget transfers', () => {
  let t: TestApp;
  let f: Flow;
  const [thisYear, thisMonth] = todayKst(new Date()).split('-').map(Number);
  const year = thisYear + 1;
  let deptA: string;
  let deptB: string;

  beforeAll(async () => {
    t = await buildTestApp();
    f = {
      ...client(t),
      u: await logins(t, ['buyer', 'uadmin1', 'uadmin2', 'opadmin', 'operator', 'admin', 'supplier1']),
    };
    deptA = (
      await t.app.dbh.db
        .selectFrom('employee')
        .select('deptcd')
        .where('singleid', '=', 'E000005')
        .executeTakeFirstOrThrow()
    ).deptcd;
    deptB = (
      await t.app.dbh.db
        .selectFrom('department')
        .select('deptcd')
        .where('deptcd', '<>', deptA)
        .where('useYn', '=', 'Y')
        .orderBy('deptcd')
        .executeTakeFirstOrThrow()
    ).deptcd;
    ok(
      await f.put('/api/v1/budget/lines', f.u.admin, {
        lines: [{ fiscalYear: year, month: 1, deptcd: deptA, accountCode: 'EQP', amount: '100,000' }],
      }),
    );
  });
  afterAll(() => t.close());

  const body = (over: Record<string, unknown> = {}) => ({
    fiscalYear: year,
    fromMonth: 1,
    fromDeptcd: deptA,
    fromAccount: 'EQP',
    toMonth: 2,
    toDeptcd: deptB,
    toAccount: 'SUP',
    amount: '60,000',
    reason: '설비 예산 일부를 소모품으로 전용',
    ...over,
  });
  /** [amount, transferred, available] of a line of next year, or null when there is none. */
  async function line(month: number, deptcd: string, accountCode: string) {
    const r = ok(
      await f.get(
        `/api/v1/budget/lines?fiscalYear=${year}&month=${month}&deptcd=${deptcd}&accountCode=${accountCode}`,
        f.u.operator,
      ),
    );
    return r.rows[0] ? [r.rows[0].amount, r.rows[0].transferred, r.rows[0].available] : null;
  }
  const transfers = async () =>
    ok(await f.get(`/api/v1/budget/transfers?fiscalYear=${year}&size=100`, f.u.operator)).rows as Array<
      Record<string, unknown>
    >;
  const approve = (x: { pendingApprovalId: number; pendingApprovalVersion: number }, who = f.u.opadmin) =>
    f.post(`/api/v1/approvals/${x.pendingApprovalId}/approve`, who, { version: x.pendingApprovalVersion });

  it('refuses bad input with a field error and more than the source has with 409 — nothing written', async () => {
    for (const amount of ['-5', 'abc', '0', '1.5']) {
      expect(
        refused(await f.post('/api/v1/budget/transfers', f.u.operator, body({ amount })), 400).details?.[0].path,
      ).toBe('body/amount');
    }
    expect(
      refused(await f.post('/api/v1/budget/transfers', f.u.operator, body({ toDeptcd: 'NOPE' })), 400).details?.[0]
        .path,
    ).toBe('body/toDeptcd');
    expect(
      refused(await f.post('/api/v1/budget/transfers', f.u.operator, body({ fromAccount: 'NOPE' })), 400).details?.[0]
        .path,
    ).toBe('body/fromAccount');
    expect(
      refused(
        await f.post('/api/v1/budget/transfers', f.u.operator, body({ toMonth: 1, toDeptcd: deptA, toAccount: 'EQP' })),
        400,
      ).details?.[0].path,
    ).toBe('body/toAccount');
    expect(
      refused(await f.post('/api/v1/budget/transfers', f.u.operator, body({ reason: '  ' })), 400).details?.[0].path,
    ).toBe('body/reason');
    // No budget line for the source (March): nothing to move.
    const none = refused(
      await f.post('/api/v1/budget/transfers', f.u.operator, body({ fromMonth: 3 })),
      400,
      'BUDGET_LINE_NOT_FOUND',
    );
    expect(none.msg).toContain(`${year}년 3월`);
    // 150,000 from a line with 100,000 available.
    const over = refused(
      await f.post('/api/v1/budget/transfers', f.u.operator, body({ amount: '150000' })),
      409,
      'BUDGET_TRANSFER_EXCEEDED',
    );
    expect(over.msg).toMatch(/가용 100,000원, 요청 150,000원/);
    expect(over.details).toMatchObject({
      deptcd: deptA,
      accountCode: 'EQP',
      fiscalYear: year,
      month: 1,
      available: '100000',
      requested: '150000',
    });
    expect(await transfers()).toEqual([]);
    expect(await line(1, deptA, 'EQP')).toEqual(['100000', '0', '100000']);
  });

  it('moves nothing until approved; the approval moves it, re-checks the source and creates a missing target at 0', async () => {
    const first = ok(await f.post('/api/v1/budget/transfers', f.u.operator, body()));
    expect(first).toMatchObject({
      status: 'IN_APPROVAL',
      approvalStatus: 'PENDING',
      amount: '60000',
      currentApproverName: expect.any(String),
      fromAvailable: '100000',
    });
    expect(first.transferNo).toMatch(/^BT\d{4}-\d{6}$/);
    expect(first.approvalSteps).toHaveLength(1);
    expect(first.approvalSteps[0]).toMatchObject({
      approverId: 'E000002',
      status: 'PENDING',
      lineName: '예산전용 결재',
    });
    // The requester may cancel; the approver's row offers approve and reject; nothing has moved.
    expect(first.actions).toEqual(['cancel']);
    const asApprover = ok(await f.get(`/api/v1/budget/transfers?transferNo=${first.transferNo}`, f.u.opadmin)).rows[0];
    expect(asApprover.actions).toEqual(['approve', 'reject']);
    expect(await line(1, deptA, 'EQP')).toEqual(['100000', '0', '100000']);
    expect(await line(2, deptB, 'SUP')).toBeNull();
    // The approver's home card lists it with the reason and the amount.
    const home = ok(await f.get('/api/v1/home/approvals?size=200', f.u.opadmin)).rows.find(
      (r: { docNo: string }) => r.docNo === first.transferNo,
    );
    expect(home).toMatchObject({
      docType: 'BUDGET',
      title: '설비 예산 일부를 소모품으로 전용',
      amount: '60000',
      currency: 'KRW',
    });

    // A second request for 60,000 is allowed now (nothing moved yet: 100,000 available) …
    const second = ok(
      await f.post(
        '/api/v1/budget/transfers',
        f.u.operator,
        body({ toMonth: 1, toDeptcd: deptA, toAccount: 'SUP', reason: '두 번째 전용' }),
      ),
    );
    // Not the current approver: 403; the requester cannot approve.
    refused(await approve(first, f.u.operator), 403);

    // Approved: the source gives 60,000 (available 100,000 − 60,000 = 40,000); the target, created at 0, holds 60,000.
    expect(ok(await approve(first)).documentStatus).toBe('APPROVED');
    expect(await line(1, deptA, 'EQP')).toEqual(['100000', '-60000', '40000']);
    expect(await line(2, deptB, 'SUP')).toEqual(['0', '60000', '60000']);
    const report = ok(await f.get(`/api/v1/budget/report?fiscalYear=${year}&by=detail&size=500`, f.u.operator));
    const rowOf = (m: number, d: string, a: string) =>
      report.rows.find((r: Record<string, unknown>) => r.month === m && r.deptcd === d && r.accountCode === a);
    expect(rowOf(1, deptA, 'EQP')).toMatchObject({ budget: '40000', transferred: '-60000', available: '40000' });
    expect(rowOf(2, deptB, 'SUP')).toMatchObject({ budget: '60000', transferred: '60000', available: '60000' });
    expect(report.totals).toMatchObject({ budget: '100000', transferred: '0' });

    // … but its approval finds 40,000 left: 409, the approval stays where it was, nothing moved.
    const refusedAt = refused(await approve(second), 409, 'BUDGET_TRANSFER_EXCEEDED');
    expect(refusedAt.msg).toMatch(/가용 40,000원, 요청 60,000원/);
    const still = ok(await f.get(`/api/v1/budget/transfers/${second.transferNo}`, f.u.opadmin));
    expect(still).toMatchObject({
      status: 'IN_APPROVAL',
      pendingApprovalVersion: second.pendingApprovalVersion,
      actions: ['approve', 'reject'],
    });
    expect(await line(1, deptA, 'EQP')).toEqual(['100000', '-60000', '40000']);
    expect(await line(1, deptA, 'SUP')).toBeNull();

    // Rejected (a comment required): nothing had moved, nothing is released.
    refused(
      await f.post(`/api/v1/approvals/${second.pendingApprovalId}/reject`, f.u.opadmin, {
        version: second.pendingApprovalVersion,
      }),
      400,
    );
    expect(
      ok(
        await f.post(`/api/v1/approvals/${second.pendingApprovalId}/reject`, f.u.opadmin, {
          version: second.pendingApprovalVersion,
          comment: '가용 부족',
        }),
      ).documentStatus,
    ).toBe('REJECTED');
    expect(await line(1, deptA, 'EQP')).toEqual(['100000', '-60000', '40000']);
    expect((await transfers()).map((r) => [r.transferNo, r.status])).toEqual([
      [second.transferNo, 'REJECTED'],
      [first.transferNo, 'APPROVED'],
    ]);
  });

  it('the requester cancels one in approval (reason, version); others may not; an approved one cannot be', async () => {
    const x = ok(await f.post('/api/v1/budget/transfers', f.u.operator, body({ amount: '1000' })));
    refused(
      await f.post(`/api/v1/budget/transfers/${x.transferNo}/cancel`, f.u.admin, {
        version: x.version,
        reason: '취소',
      }),
      403,
    );
    refused(
      await f.post(`/api/v1/budget/transfers/${x.transferNo}/cancel`, f.u.operator, {
        version: x.version + 1,
        reason: '취소',
      }),
      409,
      'VERSION_CONFLICT',
    );
    refused(
      await f.post(`/api/v1/budget/transfers/${x.transferNo}/cancel`, f.u.operator, {
        version: x.version,
        reason: ' ',
      }),
      400,
    );
    const c = ok(
      await f.post(`/api/v1/budget/transfers/${x.transferNo}/cancel`, f.u.operator, {
        version: x.version,
        reason: '요청 철회',
      }),
    );
    expect(c).toMatchObject({
      status: 'CANCELLED',
      approvalStatus: 'WITHDRAWN',
      cancelReason: '요청 철회',
      actions: [],
      pendingApprovalId: null,
    });
    expect(c.approvalSteps[0].status).toBe('SKIPPED');
    refused(await approve(x), 409);
    expect(await line(1, deptA, 'EQP')).toEqual(['100000', '-60000', '40000']);
    refused(
      await f.post(`/api/v1/budget/transfers/${x.transferNo}/cancel`, f.u.operator, {
        version: c.version,
        reason: '다시',
      }),
      409,
      'INVALID_STATE',
    );
    refused(await f.get('/api/v1/budget/transfers/BT1999-000001', f.u.operator), 404);
  });

  it('two approvals racing for the source’s last 40,000: exactly one passes', async () => {
    const a = ok(await f.post('/api/v1/budget/transfers', f.u.operator, body({ amount: '30000', toMonth: 3 })));
    const b = ok(await f.post('/api/v1/budget/transfers', f.u.operator, body({ amount: '30000', toMonth: 4 })));
    const results = await Promise.all([a, b].map((x) => approve(x)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('BUDGET_TRANSFER_EXCEEDED');
    expect(await line(1, deptA, 'EQP')).toEqual(['100000', '-90000', '10000']);
  });

  it('a PR refused under STOP passes after a transfer into its key (the control counts the transferred budget)', async () => {
    // This month's budget of the buyer's department for RND (STOP) is set to 10,000; the PR asks 45,001.
    const found = ok(
      await f.get(
        `/api/v1/budget/lines?fiscalYear=${thisYear}&month=${thisMonth}&deptcd=${deptA}&accountCode=RND`,
        f.u.admin,
      ),
    ).rows[0];
    ok(
      await f.put('/api/v1/budget/lines', f.u.admin, {
        lines: [
          {
            fiscalYear: thisYear,
            month: thisMonth,
            deptcd: deptA,
            accountCode: 'RND',
            amount: '10000',
            ...(found ? { version: found.version } : {}),
          },
        ],
      }),
    );
    const b = prBody();
    const pr = ok(
      await f.post('/api/v1/prs', f.u.buyer, { ...b, lines: b.lines.map((l) => ({ ...l, budgetAccount: 'RND' })) }),
    );
    const s = ok(await f.post(`/api/v1/prs/${pr.prNo}/submit`, f.u.buyer, { version: pr.version }));
    const pending = s.approvals.at(-1);
    const no = refused(
      await f.post(`/api/v1/approvals/${pending.approvalId}/approve`, f.u.uadmin1, { version: pending.version }),
      409,
      'BUDGET_EXCEEDED',
    );
    expect(no.details).toMatchObject({ accountCode: 'RND', requested: '45001' });
    const availableBefore = BigInt(no.details ? (no.details as unknown as { available: string }).available : '0');
    // The PR's budget grid said so before the approver tried: each RND line carries the shortfall of
    // the PR's RND lines together and the very message the approval answered.
    const before = ok(await f.get(`/api/v1/budget/prs/${pr.prNo}`, f.u.buyer));
    for (const r of before.rows) {
      expect(r.shortfall).toBe(String(45001n - (availableBefore < 0n ? 0n : availableBefore)));
      // The refusal then says what to do next (fill the shortfall by a transfer); the grid's warning is its first part.
      expect(no.msg.startsWith(r.warning)).toBe(true);
      expect(r.exceeds).toBe('STOP');
    }
    // 예산전용: 50,000 from this month's SUP of the department to its RND.
    const x = ok(
      await f.post('/api/v1/budget/transfers', f.u.operator, {
        fiscalYear: thisYear,
        fromMonth: thisMonth,
        fromDeptcd: deptA,
        fromAccount: 'SUP',
        toMonth: thisMonth,
        toDeptcd: deptA,
        toAccount: 'RND',
        amount: '50000',
        reason: '시험연구 예산 보충',
      }),
    );
    expect(ok(await approve(x)).documentStatus).toBe('APPROVED');
    const after = ok(await f.get(`/api/v1/budget/prs/${pr.prNo}`, f.u.buyer));
    expect(BigInt(after.rows[0].available)).toBe(availableBefore + 50000n);
    expect(after.rows.map((r: Record<string, unknown>) => [r.exceeds, r.shortfall, r.warning])).toEqual([
      [null, null, null],
      [null, null, null],
    ]);
    expect(
      ok(await f.post(`/api/v1/approvals/${pending.approvalId}/approve`, f.u.uadmin1, { version: pending.version }))
        .documentStatus,
    ).toBe('APPROVED');
  });

  it('the PR’s budget availability is answered only to those who may read the PR (its detail’s scope)', async () => {
    const pr = ok(await f.post('/api/v1/prs', f.u.buyer, prBody()));
    const mine = ok(await f.get(`/api/v1/budget/prs/${pr.prNo}`, f.u.buyer));
    expect(mine.rows.map((r: Record<string, unknown>) => r.lineNo)).toEqual([1, 2]);
    expect(mine.total).toBe(2);
    // uadmin2 (group 32) sees its own section's PRs only: the PR and its budget alike answer 404.
    refused(await f.get(`/api/v1/prs/${pr.prNo}`, f.u.uadmin2), 404);
    refused(await f.get(`/api/v1/budget/prs/${pr.prNo}`, f.u.uadmin2), 404, 'PR_NOT_FOUND');
    // Purchasing and the budget screens' groups read every PR.
    ok(await f.get(`/api/v1/budget/prs/${pr.prNo}`, f.u.operator));
  });

  it('the requester cannot approve their own transfer, even as its approver: 403 SELF_APPROVAL, nothing moved; they may reject or cancel it', async () => {
    // opadmin (E000002) is the seed's BUDGET line's approver; here they ask for the transfer themselves.
    const before = await line(1, deptA, 'EQP');
    const own = ok(await f.post('/api/v1/budget/transfers', f.u.opadmin, body({ amount: '1000', toMonth: 5 })));
    expect(own.approvalSteps[0]).toMatchObject({ approverId: 'E000002', status: 'PENDING' });
    expect(own.actions).toEqual(['reject', 'cancel']);
    const no = refused(await approve(own), 403, 'SELF_APPROVAL');
    expect(no.msg).toBe('본인이 요청한 예산전용은 승인할 수 없습니다');
    const still = ok(await f.get(`/api/v1/budget/transfers/${own.transferNo}`, f.u.opadmin));
    expect(still).toMatchObject({ status: 'IN_APPROVAL', pendingApprovalVersion: own.pendingApprovalVersion });
    expect(still.approvalSteps[0].status).toBe('PENDING');
    expect(await line(1, deptA, 'EQP')).toEqual(before);
    expect(await line(5, deptB, 'SUP')).toBeNull();
    expect(
      ok(
        await f.post(`/api/v1/approvals/${own.pendingApprovalId}/reject`, f.u.opadmin, {
          version: own.pendingApprovalVersion,
          comment: '본인 요청 — 결재선 변경 후 다시',
        }),
      ).documentStatus,
    ).toBe('REJECTED');
  });

  it('suppliers get 403 on every transfer operation', async () => {
    refused(await f.get('/api/v1/budget/transfers', f.u.supplier1), 403);
    refused(await f.get('/api/v1/budget/transfers/BT2026-000001', f.u.supplier1), 403);
    refused(await f.post('/api/v1/budget/transfers', f.u.supplier1, body()), 403);
    refused(
      await f.post('/api/v1/budget/transfers/BT2026-000001/cancel', f.u.supplier1, { version: 1, reason: 'x' }),
      403,
    );
  });
});
