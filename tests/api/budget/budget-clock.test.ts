import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayKst } from '../../../server/domain/dates.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, prBody, refused, type Flow } from '../purchase/helpers.js';

/**
 * One business clock (docs/testing.md "The business clock"): a PR's budget month is its document
 * day, and that day is the app's clock, not the real one. With the clock moved to 15 January of next
 * year (a year the seed has no budget in), a PR is dated then, its approval pre-commits against that
 * month's line, and STOP refuses the next one naming that month; the report's default year is the
 * clock's year too. Before the clock reached the PR's date, the PR took the real month and next
 * January's line stayed untouched.
 */
describe('budget by the business clock', () => {
  let t: TestApp;
  let f: Flow;
  const next = Number(todayKst(new Date()).slice(0, 4)) + 1;
  let deptcd: string;

  beforeAll(async () => {
    t = await buildTestApp();
    f = { ...client(t), u: await logins(t, ['buyer', 'uadmin1', 'operator', 'admin']) };
    deptcd = ok(await f.post('/api/v1/prs', f.u.buyer, prBody())).deptcd;
    ok(
      await f.put('/api/v1/budget/lines', f.u.admin, {
        lines: [{ fiscalYear: next, month: 1, deptcd, accountCode: 'EQP', amount: '50,000' }],
      }),
    );
    const acc = ok(await f.get('/api/v1/budget/accounts', f.u.admin)).rows.find(
      (r: { accountCode: string }) => r.accountCode === 'EQP',
    );
    ok(await f.put('/api/v1/budget/accounts/EQP/policy', f.u.admin, { policy: 'STOP', version: acc.version }));
  });
  afterAll(() => t.close());

  /** [budget, pre-committed, available] of next January's line. */
  async function january() {
    const r = ok(
      await f.get(`/api/v1/budget/report?fiscalYear=${next}&month=1&deptcd=${deptcd}&accountCode=EQP`, f.u.operator),
    );
    expect(r.rows).toHaveLength(1);
    return [r.rows[0].budget, r.rows[0].preCommitted, r.rows[0].available];
  }
  /** A PR of 45,001 won charged to EQP (prBody's two lines), submitted. */
  async function submitted() {
    const b = prBody({ desiredDate: `${next}-02-14` });
    const pr = ok(
      await f.post('/api/v1/prs', f.u.buyer, {
        ...b,
        lines: b.lines.map((l) => ({ ...l, budgetAccount: 'EQP' })),
      }),
    );
    const s = ok(await f.post(`/api/v1/prs/${pr.prNo}/submit`, f.u.buyer, { version: pr.version }));
    return { pr, approval: s.approvals.at(-1) as { approvalId: number; version: number } };
  }

  it('a PR made on the moved day commits against that month; STOP refuses the next one naming it', async () => {
    expect(await january()).toEqual(['50000', '0', '50000']);
    // 15 January of next year, noon in Korea.
    t.app.clock.advance(Date.parse(`${next}-01-15T03:00:00Z`) - t.app.clock.now().getTime());

    const first = await submitted();
    expect(first.pr.prDate).toBe(`${next}-01-15`);
    ok(
      await f.post(`/api/v1/approvals/${first.approval.approvalId}/approve`, f.u.uadmin1, {
        version: first.approval.version,
      }),
    );
    expect(await january()).toEqual(['50000', '45001', '4999']);

    const second = await submitted();
    const res = refused(
      await f.post(`/api/v1/approvals/${second.approval.approvalId}/approve`, f.u.uadmin1, {
        version: second.approval.version,
      }),
      409,
      'BUDGET_EXCEEDED',
    );
    expect(res.msg).toContain(`${next}년 1월`);
    expect(res.details).toMatchObject({ fiscalYear: next, month: 1, available: '4999', requested: '45001' });
    expect(await january()).toEqual(['50000', '45001', '4999']);
  });

  it('the report without a year shows the clock’s year', async () => {
    const r = ok(await f.get(`/api/v1/budget/report?deptcd=${deptcd}&accountCode=EQP`, f.u.operator));
    expect(r.rows.length).toBeGreaterThan(0);
    expect(new Set(r.rows.map((x: { fiscalYear: number }) => x.fiscalYear))).toEqual(new Set([next]));
  });
});
