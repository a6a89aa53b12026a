import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayKst } from '../../../server/domain/dates.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { testDbKind } from '../../helpers/test-db.js';
import { client, day, logins, ok, prBody, type Flow } from '../purchase/helpers.js';

/**
 * Every path that locks budget lines locks them in one global order (docs/budget.md › Lock order:
 * year, month, department and account bytewise — `compareBudgetKeys`). Raced on PostgreSQL (PGlite
 * has one connection: nothing runs at once): a PR's last approval (the consumption check locks the
 * keys whose consumption grows) and a budget transfer's last approval (source and target) touch the
 * same two lines. The lines are held by a third transaction (the gate) until both approvals wait on
 * their first lock, then released: in different orders each would get its first line and wait for
 * the other's — PostgreSQL's deadlock detector would fail one — while in one order the second waits
 * behind the first and both pass. The accounts are `SUP` and `ext`, which a locale order
 * ('ext' < 'SUP') and a bytewise one ('SUP' < 'ext') put in opposite orders.
 */
describe.skipIf(testDbKind() !== 'postgres')(
  'budget line lock order: a PR approval and a transfer approval on the same two lines (PostgreSQL)',
  () => {
    let t: TestApp;
    let f: Flow;
    const [year, month] = todayKst(new Date()).split('-').map(Number);
    let dept: string;

    beforeAll(async () => {
      t = await buildTestApp();
      f = { ...client(t), u: await logins(t, ['buyer', 'uadmin1', 'opadmin', 'operator', 'admin']) };
      dept = (
        await t.db.db
          .selectFrom('employee')
          .select('deptcd')
          .where('singleid', '=', 'E000005')
          .executeTakeFirstOrThrow()
      ).deptcd;
      await t.db.db
        .insertInto('code')
        .values({
          groupId: 'BUDGET_ACCOUNT',
          code: 'ext',
          textKo: '외부용역',
          textEn: 'External services',
          sortOrder: 990,
          useYn: 'Y',
        })
        .execute();
      await t.db.db.insertInto('budgetAccount').values({ accountCode: 'ext', policy: 'STOP' }).execute();
      const existing = ok(
        await f.get(`/api/v1/budget/lines?fiscalYear=${year}&month=${month}&deptcd=${dept}&size=50`, f.u.admin),
      ).rows as Array<{ accountCode: string; version: number }>;
      const version = (a: string) => existing.find((r) => r.accountCode === a)?.version;
      ok(
        await f.put('/api/v1/budget/lines', f.u.admin, {
          lines: ['SUP', 'ext'].map((a) => ({
            fiscalYear: year,
            month,
            deptcd: dept,
            accountCode: a,
            amount: '900000000',
            ...(version(a) ? { version: version(a) } : {}),
          })),
        }),
      );
    });
    afterAll(() => t.close());

    const waitingOnLocks = async () =>
      Number(
        (
          await sql<{
            n: string;
          }>`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(
            t.db.db,
          )
        ).rows[0].n,
      );

    /**
     * The barrier: a third transaction holds the department's SUP and ext lines until `requests` are
     * all waiting for a lock (each is in its own transaction on its own connection of the pool), then
     * lets them go. Answers the requests' answers.
     */
    async function raced<T>(requests: () => Promise<T>[]): Promise<T[]> {
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let held!: () => void;
      const holding = new Promise<void>((r) => (held = r));
      const gate = t.db.db.transaction().execute(async (trx) => {
        await sql`select 1 from budget_line where fiscal_year = ${year} and month = ${month} and deptcd = ${dept} and account_code in ('SUP', 'ext') for update`.execute(
          trx,
        );
        held();
        await released;
      });
      await holding;
      const started = requests();
      const answers = Promise.all(started);
      const until = Date.now() + 20_000;
      while ((await waitingOnLocks()) < started.length && Date.now() < until)
        await new Promise((r) => setTimeout(r, 20));
      expect(await waitingOnLocks()).toBe(started.length);
      release();
      await gate;
      return answers;
    }
    /** An approved PR of two SUP lines: pre-committed 10 × 1,500 + 2.5 × 12,000.50 = 45,001 won. */
    async function approvedPr() {
      const b = prBody();
      const pr = ok(
        await f.post('/api/v1/prs', f.u.buyer, { ...b, lines: b.lines.map((l) => ({ ...l, budgetAccount: 'SUP' })) }),
      );
      const approval = ok(
        await f.post(`/api/v1/prs/${pr.prNo}/submit`, f.u.buyer, { version: pr.version }),
      ).approvals.at(-1);
      ok(await f.post(`/api/v1/approvals/${approval.approvalId}/approve`, f.u.uadmin1, { version: approval.version }));
      return pr.prNo as string;
    }
    const ledgerOf = async (docType: 'PR' | 'LOI', docNo: string) =>
      String(
        (
          await t.db.db
            .selectFrom('budgetLedger')
            .select(sql<string>`coalesce(sum(amount), 0)`.as('n'))
            .where('docType', '=', docType)
            .where('docNo', '=', docNo)
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('two documents of one PR changing at once: the second computes its difference from what the first posted (the PR is locked first)', async () => {
      const prNo = await approvedPr();
      expect(await ledgerOf('PR', prNo)).toBe('45001');
      const loiBody = {
        compNo: 'C00001',
        title: '동시 변경 LOI',
        scope: '금형 제작',
        currency: 'KRW',
        amount: '30000000',
        validFrom: day(0),
        validUntil: day(90),
      };
      // LOI 1 is taken from the PR (its pre-commitment released); LOI 2 from none.
      const loi1 = ok(await f.post('/api/v1/lois', f.u.operator, { ...loiBody, prNo }));
      const loi2 = ok(await f.post('/api/v1/lois', f.u.operator, loiBody));
      expect(await ledgerOf('PR', prNo)).toBe('0');
      expect(await ledgerOf('LOI', loi1.loiNo)).toBe('30000000');
      // At once: LOI 1 leaves the PR (alone, the PR would be pre-committed again) and LOI 2 joins it
      // (so the PR stays taken). Each grows the SUP line, so each waits at the barrier.
      const [a, b] = await raced(() => [
        f.put(`/api/v1/lois/${loi1.loiNo}`, f.u.operator, { ...loiBody, prNo: null, version: loi1.version }),
        f.put(`/api/v1/lois/${loi2.loiNo}`, f.u.operator, { ...loiBody, prNo, version: loi2.version }),
      ]);
      expect([a.statusCode, b.statusCode], `${a.body}\n${b.body}`).toEqual([200, 200]);
      // The PR is taken by LOI 2: nothing of it is pre-committed; LOI 2 commits its amount.
      expect(await ledgerOf('PR', prNo)).toBe('0');
      expect(await ledgerOf('LOI', loi2.loiNo)).toBe('30000000');
      // LOI 1, taken from no PR now, commits nothing any more.
      expect(await ledgerOf('LOI', loi1.loiNo)).toBe('0');
    });

    it('both approvals pass, round after round (no deadlock)', async () => {
      const before = await t.db.db
        .selectFrom('budgetLine')
        .select(['accountCode', 'transferred'])
        .where('fiscalYear', '=', year)
        .where('month', '=', month)
        .where('deptcd', '=', dept)
        .where('accountCode', 'in', ['SUP', 'ext'])
        .execute();
      const transferredBefore = {
        SUP: Number(before.find((l) => l.accountCode === 'SUP')!.transferred),
        ext: Number(before.find((l) => l.accountCode === 'ext')!.transferred),
      };
      for (let round = 0; round < 3; round++) {
        // A PR of two lines, SUP and ext, at its last approval (uadmin1's) …
        const b = prBody();
        const pr = ok(
          await f.post('/api/v1/prs', f.u.buyer, {
            ...b,
            lines: b.lines.map((l, i) => ({ ...l, budgetAccount: i === 0 ? 'SUP' : 'ext' })),
          }),
        );
        const prApproval = ok(
          await f.post(`/api/v1/prs/${pr.prNo}/submit`, f.u.buyer, { version: pr.version }),
        ).approvals.at(-1);
        // … and a transfer ext → SUP of the same department and month, at its last approval (opadmin's).
        const x = ok(
          await f.post('/api/v1/budget/transfers', f.u.operator, {
            fiscalYear: year,
            fromMonth: month,
            fromDeptcd: dept,
            fromAccount: 'ext',
            toMonth: month,
            toDeptcd: dept,
            toAccount: 'SUP',
            amount: '1000',
            reason: `잠금 순서 ${round}`,
          }),
        );

        let release!: () => void;
        const released = new Promise<void>((r) => (release = r));
        let held!: () => void;
        const holding = new Promise<void>((r) => (held = r));
        const gate = t.db.db.transaction().execute(async (trx) => {
          await sql`select 1 from budget_line where fiscal_year = ${year} and month = ${month} and deptcd = ${dept} and account_code in ('SUP', 'ext') for update`.execute(
            trx,
          );
          held();
          await released;
        });
        await holding;
        const answers = Promise.all([
          f.post(`/api/v1/approvals/${prApproval.approvalId}/approve`, f.u.uadmin1, { version: prApproval.version }),
          f.post(`/api/v1/approvals/${x.pendingApprovalId}/approve`, f.u.opadmin, {
            version: x.pendingApprovalVersion,
          }),
        ]);
        // Both approvals are waiting for a budget line before the gate opens.
        const until = Date.now() + 20_000;
        while ((await waitingOnLocks()) < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
        expect(await waitingOnLocks()).toBe(2);
        release();
        await gate;
        const [a, c] = await answers;
        expect([a.statusCode, c.statusCode], `${a.body}\n${c.body}`).toEqual([200, 200]);
        expect([a.json().documentStatus, c.json().documentStatus]).toEqual(['APPROVED', 'APPROVED']);
        // Each counted once: the PR pre-commits its two lines (15,000 SUP + 30,001 ext), the transfer moved 1,000.
        expect(await ledgerOf('PR', pr.prNo)).toBe('45001');
      }
      const moved = await t.db.db
        .selectFrom('budgetLine')
        .select(['accountCode', 'transferred'])
        .where('fiscalYear', '=', year)
        .where('month', '=', month)
        .where('deptcd', '=', dept)
        .where('accountCode', 'in', ['SUP', 'ext'])
        .orderBy('accountCode')
        .execute();
      expect(moved.map((l) => [l.accountCode, String(l.transferred)])).toEqual([
        ['SUP', String(3000 + transferredBefore.SUP)],
        ['ext', String(-3000 + transferredBefore.ext)],
      ]);
    });
  },
);
