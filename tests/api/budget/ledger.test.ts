import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayKst } from '../../../server/domain/dates.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { awardedRfq, client, day, logins, ok, prBody, refused, type Flow } from '../purchase/helpers.js';

/**
 * Budget control: a PR's approval pre-commits, the order taken from it commits (the
 * PR's share released), a partial receipt moves part of the commitment to actual, a reduction and
 * a cancellation release; STOP refuses the approval that would overdraw, WARN asks for a
 * confirmation, two approvals racing for the last won: one passes. Every figure worked out by hand.
 */
describe('budget ledger and control', () => {
  let t: TestApp;
  let f: Flow;
  const [year, month] = todayKst(new Date()).split('-').map(Number);
  let deptcd: string;

  beforeAll(async () => {
    t = await buildTestApp();
    f = {
      ...client(t),
      u: await logins(t, ['buyer', 'uadmin1', 'opadmin', 'operator', 'admin', 'supplier1', 'supplier2']),
    };
    const draft = ok(await f.post('/api/v1/prs', f.u.buyer, prBody()));
    deptcd = draft.deptcd;
  });
  afterAll(() => t.close());

  /** Sets one budget line (new or existing) through the API. */
  async function setBudget(accountCode: string, amount: string) {
    const found = ok(
      await f.get(
        `/api/v1/budget/lines?fiscalYear=${year}&month=${month}&deptcd=${deptcd}&accountCode=${accountCode}`,
        f.u.admin,
      ),
    );
    const version = found.rows[0]?.version;
    ok(
      await f.put('/api/v1/budget/lines', f.u.admin, {
        lines: [{ fiscalYear: year, month, deptcd, accountCode, amount, ...(version ? { version } : {}) }],
      }),
    );
  }
  async function setPolicy(accountCode: string, policy: 'STOP' | 'WARN' | 'IGNORE') {
    const acc = ok(await f.get('/api/v1/budget/accounts', f.u.admin)).rows.find(
      (r: { accountCode: string }) => r.accountCode === accountCode,
    );
    ok(await f.put(`/api/v1/budget/accounts/${accountCode}/policy`, f.u.admin, { policy, version: acc.version }));
  }
  /** The report's one row for the key: [budget, pre-committed, committed, actual, available]. */
  async function figures(accountCode: string) {
    const r = ok(
      await f.get(
        `/api/v1/budget/report?fiscalYear=${year}&month=${month}&deptcd=${deptcd}&accountCode=${accountCode}`,
        f.u.operator,
      ),
    );
    expect(r.rows).toHaveLength(1);
    const row = r.rows[0];
    return [row.budget, row.preCommitted, row.committed, row.actual, row.available];
  }
  /** Two KRW lines charged to the account: 10 × 1,500 = 15,000 and 2.5 × 12,000.50 = 30,001.25 → 30,001 won; total 45,001. */
  const body = (accountCode: string) => {
    const b = prBody();
    return { ...b, lines: b.lines.map((l) => ({ ...l, budgetAccount: accountCode })) };
  };
  async function submitted(accountCode: string) {
    const pr = ok(await f.post('/api/v1/prs', f.u.buyer, body(accountCode)));
    const s = ok(await f.post(`/api/v1/prs/${pr.prNo}/submit`, f.u.buyer, { version: pr.version }));
    return { prNo: pr.prNo as string, approval: s.approvals.at(-1) as { approvalId: number; version: number } };
  }

  it('approve → order → partial receipt → reduction → cancel: each figure by hand, every one a sum of the ledger', async () => {
    await setPolicy('OUT', 'STOP');
    await setBudget('OUT', '100000');
    expect(await figures('OUT')).toEqual(['100000', '0', '0', '0', '100000']);

    // PR approved: pre-committed 15,000 + 30,001 = 45,001; available 100,000 − 45,001 = 54,999.
    const rfq = await awardedRfq(f, 'C00001', body('OUT'));
    expect(await figures('OUT')).toEqual(['100000', '45001', '0', '0', '54999']);
    const prBudget = ok(await f.get(`/api/v1/budget/prs/${rfq.prNo}`, f.u.buyer));
    expect(
      prBudget.rows.map((l: Record<string, unknown>) => [
        l.lineNo,
        l.accountCode,
        l.policy,
        l.controlled,
        l.available,
        l.requested,
      ]),
    ).toEqual([
      [1, 'OUT', 'STOP', true, '54999', '15000'],
      [2, 'OUT', 'STOP', true, '54999', '30001'],
    ]);

    // The order at the quotation's 1,000 a unit: 10 × 1,000 = 10,000 and 2.5 × 1,000 = 2,500 committed; the PR's 45,001 released.
    const po = ok(
      await f.post('/api/v1/pos', f.u.operator, { rfqNo: rfq.rfqNo, rfqVersion: rfq.version, dueDate: day(20) }),
    );
    expect(await figures('OUT')).toEqual(['100000', '0', '12500', '0', '87500']);
    const sent = ok(await f.post(`/api/v1/pos/${po.poNo}/submit`, f.u.operator, { version: po.version }));
    const a = sent.approvals.at(-1);
    expect(
      ok(await f.post(`/api/v1/approvals/${a.approvalId}/approve`, f.u.opadmin, { version: a.version })).documentStatus,
    ).toBe('SENT');
    const mine = ok(await f.get(`/api/v1/cyber/pos/${po.poNo}`, f.u.supplier1));
    ok(await f.post(`/api/v1/cyber/pos/${po.poNo}/acknowledge`, f.u.supplier1, { version: mine.version }));
    expect(await figures('OUT')).toEqual(['100000', '0', '12500', '0', '87500']);

    // 10 of line 1 delivered, 4 received: 4 × 1,000 = 4,000 actual; line 1 commits 10,000 − 4,000 = 6,000, line 2 still 2,500.
    const d = ok(
      await f.post('/api/v1/cyber/deliveries', f.u.supplier1, {
        poNo: po.poNo,
        deliveryDate: todayKst(new Date()),
        lines: [{ poLineNo: 1, quantity: '10' }],
      }),
    ).delivery;
    ok(
      await f.post(`/api/v1/deliveries/${d.deliveryNo}/receive`, f.u.operator, {
        version: d.version,
        expenses: 'MATERIAL',
        lines: [{ lineNo: 1, quantity: '4', shortReason: 'SHORT' }],
      }),
    );
    expect(await figures('OUT')).toEqual(['100000', '0', '8500', '4000', '87500']);

    // Line 2 reduced from 2.5 to 1: it commits 1 × 1,000 = 1,000, so 1,500 is released: committed 6,000 + 1,000 = 7,000.
    const partly = ok(await f.get(`/api/v1/pos/${po.poNo}`, f.u.operator));
    ok(
      await f.post(`/api/v1/pos/${po.poNo}/change`, f.u.operator, {
        version: partly.version,
        reason: '수량 감소',
        lines: [{ lineNo: 2, quantity: '1' }],
      }),
    );
    expect(await figures('OUT')).toEqual(['100000', '0', '7000', '4000', '89000']);

    // A second PR approved (45,001 pre-committed) and cancelled by its requester: released again.
    const second = await submitted('OUT');
    ok(
      await f.post(`/api/v1/approvals/${second.approval.approvalId}/approve`, f.u.uadmin1, {
        version: second.approval.version,
      }),
    );
    expect(await figures('OUT')).toEqual(['100000', '45001', '7000', '4000', '43999']);
    const approved = ok(await f.get(`/api/v1/prs/${second.prNo}`, f.u.buyer));
    ok(
      await f.post(`/api/v1/prs/${second.prNo}/cancel`, f.u.buyer, { version: approved.version, reason: '계획 취소' }),
    );
    expect(await figures('OUT')).toEqual(['100000', '0', '7000', '4000', '89000']);

    // The ledger holds every movement; its sum per kind is the report.
    const ledger = ok(
      await f.get(
        `/api/v1/budget/ledger?fiscalYear=${year}&month=${month}&deptcd=${deptcd}&accountCode=OUT&size=100`,
        f.u.operator,
      ),
    );
    const moves = [...ledger.rows]
      .reverse()
      .map((r: Record<string, unknown>) => [r.docType, r.lineNo, r.kind, r.event, r.amount]);
    expect(moves).toEqual([
      ['PR', 1, 'PRE_COMMIT', 'APPROVE', '15000'],
      ['PR', 2, 'PRE_COMMIT', 'APPROVE', '30001'],
      ['PO', 1, 'COMMIT', 'ORDER', '10000'],
      ['PO', 2, 'COMMIT', 'ORDER', '2500'],
      ['PR', 1, 'PRE_COMMIT', 'RELEASE', '-15000'],
      ['PR', 2, 'PRE_COMMIT', 'RELEASE', '-30001'],
      ['PO', 1, 'ACTUAL', 'RECEIPT', '4000'],
      ['PO', 1, 'COMMIT', 'RECEIPT', '-4000'],
      ['PO', 2, 'COMMIT', 'CHANGE', '-1500'],
      ['PR', 1, 'PRE_COMMIT', 'APPROVE', '15000'],
      ['PR', 2, 'PRE_COMMIT', 'APPROVE', '30001'],
      ['PR', 1, 'PRE_COMMIT', 'CANCEL', '-15000'],
      ['PR', 2, 'PRE_COMMIT', 'CANCEL', '-30001'],
    ]);
  });

  it('STOP refuses the approval that would overdraw, naming department, account, month, available and requested; nothing changes', async () => {
    await setPolicy('EQP', 'STOP');
    await setBudget('EQP', '0');
    const before = ok(
      await f.get(
        `/api/v1/budget/report?fiscalYear=${year}&month=${month}&deptcd=${deptcd}&accountCode=EQP`,
        f.u.operator,
      ),
    ).rows[0];
    const { prNo, approval } = await submitted('EQP');
    const res = refused(
      await f.post(`/api/v1/approvals/${approval.approvalId}/approve`, f.u.uadmin1, { version: approval.version }),
      409,
      'BUDGET_EXCEEDED',
    );
    expect(res.msg).toContain('설비');
    expect(res.msg).toContain(`${year}년 ${month}월`);
    expect(res.msg).toContain('요청 45,001원');
    expect(res.details).toMatchObject({
      deptcd,
      accountCode: 'EQP',
      fiscalYear: year,
      month,
      available: '0',
      requested: '45001',
    });
    expect(ok(await f.get(`/api/v1/prs/${prNo}`, f.u.buyer)).status).toBe('IN_APPROVAL');
    expect(
      ok(
        await f.get(
          `/api/v1/budget/report?fiscalYear=${year}&month=${month}&deptcd=${deptcd}&accountCode=EQP`,
          f.u.operator,
        ),
      ).rows[0],
    ).toEqual(before);
    // With the budget raised, the same approval passes.
    await setBudget(
      'EQP',
      String(
        BigInt(before.budget) + BigInt(before.preCommitted) + BigInt(before.committed) + BigInt(before.actual) + 45001n,
      ),
    );
    ok(await f.post(`/api/v1/approvals/${approval.approvalId}/approve`, f.u.uadmin1, { version: approval.version }));
  });

  it('WARN asks for a confirmation and records who confirmed; IGNORE only records', async () => {
    await setPolicy('PKG', 'WARN');
    await setBudget('PKG', '0');
    const { prNo, approval } = await submitted('PKG');
    const warn = refused(
      await f.post(`/api/v1/approvals/${approval.approvalId}/approve`, f.u.uadmin1, { version: approval.version }),
      409,
      'BUDGET_WARN_CONFIRM',
    );
    expect(warn.msg).toContain('확인 후 진행하세요');
    ok(
      await f.post(`/api/v1/approvals/${approval.approvalId}/approve`, f.u.uadmin1, {
        version: approval.version,
        confirmBudgetWarning: true,
      }),
    );
    const ex = await t.db.db.selectFrom('budgetException').selectAll().where('docNo', '=', prNo).execute();
    expect(ex.map((e) => [e.policy, e.accountCode, e.requested, e.confirmedBy])).toEqual([
      ['WARN', 'PKG', '45001', 'uadmin1'],
    ]);

    await setPolicy('PKG', 'IGNORE');
    const other = await submitted('PKG');
    ok(
      await f.post(`/api/v1/approvals/${other.approval.approvalId}/approve`, f.u.uadmin1, {
        version: other.approval.version,
      }),
    );
    const ignored = await t.db.db.selectFrom('budgetException').selectAll().where('docNo', '=', other.prNo).execute();
    expect(ignored.map((e) => [e.policy, e.confirmedBy])).toEqual([['IGNORE', null]]);
  });

  it('a PR over a WARN and a STOP account: the refusal comes first, with the next step; the requester is told; each reader sees what to do', async () => {
    // WARN sorts before STOP (EQP < PKG): before, the approver confirmed EQP's warning and was then refused on PKG.
    await setPolicy('EQP', 'WARN');
    await setBudget('EQP', '0');
    await setPolicy('PKG', 'STOP');
    await setBudget('PKG', '0');
    const b = prBody();
    const pr = ok(
      await f.post('/api/v1/prs', f.u.buyer, {
        ...b,
        lines: b.lines.map((l, i) => ({ ...l, budgetAccount: i === 0 ? 'EQP' : 'PKG' })),
      }),
    );
    // Before submitting: the requester (no right to ask for a transfer) is told whom to ask; operator, who may, where.
    const forBuyer = ok(await f.get(`/api/v1/budget/prs/${pr.prNo}`, f.u.buyer)).rows;
    expect(forBuyer.map((r: { exceeds: string | null }) => r.exceeds)).toEqual(['WARN', 'STOP']);
    for (const r of forBuyer)
      expect(r.nextStep).toMatch(/^예산전용은 예산관리 권한이 있는 담당자만 요청할 수 있습니다\. .+\(.+\)에게 /);
    const forOperator = ok(await f.get(`/api/v1/budget/prs/${pr.prNo}`, f.u.operator)).rows;
    expect(forOperator[1].nextStep).toBe(
      '예산전용 화면(구매관리 › 예산관리 › 예산전용)에서 포장재 계정으로 30,001원 이상을 옮기는 전용을 요청하세요.',
    );

    const s = ok(await f.post(`/api/v1/prs/${pr.prNo}/submit`, f.u.buyer, { version: pr.version }));
    const approval = s.approvals.at(-1) as { approvalId: number; version: number };
    const notices = () =>
      t.db.db
        .selectFrom('notification')
        .select(['template', 'body'])
        .where('template', '=', 'approval.budgetHeld')
        .where('refKey', '=', String(approval.approvalId))
        .execute();
    const res = refused(
      await f.post(`/api/v1/approvals/${approval.approvalId}/approve`, f.u.uadmin1, { version: approval.version }),
      409,
      'BUDGET_EXCEEDED',
    );
    expect(res.msg).toContain('포장재');
    expect(res.msg).toContain(
      '부족한 30,001원을 예산전용(구매관리 › 예산관리 › 예산전용)으로 채운 뒤에 다시 처리할 수 있습니다',
    );
    // Confirming the warning changes nothing: the hard limit still refuses.
    refused(
      await f.post(`/api/v1/approvals/${approval.approvalId}/approve`, f.u.uadmin1, {
        version: approval.version,
        confirmBudgetWarning: true,
      }),
      409,
      'BUDGET_EXCEEDED',
    );
    const told = await notices();
    expect(told.length).toBe(2);
    expect(told[0].body).toContain(pr.prNo);
    expect(told[0].body).toContain('예산이 부족해 승인되지 않았습니다');
    expect(told[0].body).toContain('포장재');
    expect(ok(await f.get(`/api/v1/prs/${pr.prNo}`, f.u.buyer)).status).toBe('IN_APPROVAL');
  });

  it('two approvals racing for the last won under STOP: exactly one passes', async () => {
    await setPolicy('RND', 'STOP');
    // Room for one PR of 45,001, not two.
    await setBudget('RND', '50000');
    const [a, b] = [await submitted('RND'), await submitted('RND')];
    const results = await Promise.all(
      [a, b].map((x) =>
        f.post(`/api/v1/approvals/${x.approval.approvalId}/approve`, f.u.uadmin1, { version: x.approval.version }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('BUDGET_EXCEEDED');
    expect(await figures('RND')).toEqual(['50000', '45001', '0', '0', '4999']);
  });

  it('a PR line may name only a known budget account; its item’s category gives the default', async () => {
    const bad = refused(await f.post('/api/v1/prs', f.u.buyer, body('NOPE')), 400, 'VALIDATION');
    expect(bad.details).toEqual(
      expect.arrayContaining([{ path: 'body/lines/0/budgetAccount', message: expect.stringContaining('NOPE') }]),
    );
    const pr = ok(await f.post('/api/v1/prs', f.u.buyer, prBody()));
    // MRO0101-0001 is an MRO item (소모품); the free-text line has no item, so no account.
    expect(pr.lines.map((l: Record<string, unknown>) => [l.budgetAccount, l.budgetAccountName])).toEqual([
      ['SUP', '소모품'],
      [null, null],
    ]);
  });
});
