import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayKst } from '../../../server/domain/dates.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { awardFlows } from './award-helpers.js';
import { client, logins, ok, prBody, receivedPr, refused, type Flow } from './helpers.js';

/**
 * An award's order commits the PR's budget as every order does (docs/budget.md, docs/agreements.md):
 * the tender's or auction's order lines are committed (event ORDER) and the PR's pre-commitment
 * released, in the award's transaction, each line on the account of the PR line it orders; a STOP
 * account over its budget refuses the award and a WARN one asks for confirmBudgetWarning, nothing
 * written either way; cancelling the order gives it back.
 */
describe('an award’s order commits the PR’s budget', { timeout: 240_000 }, () => {
  let t: TestApp;
  let f: Flow;
  let bid: ReturnType<typeof awardFlows>;
  let deptcd: string;
  const [year, month] = todayKst(new Date()).split('-').map(Number);

  beforeAll(async () => {
    t = await buildTestApp();
    f = {
      ...client(t),
      u: await logins(t, ['buyer', 'uadmin1', 'opadmin', 'operator', 'tfadmin', 'admin', 'supplier1', 'supplier2']),
    };
    bid = awardFlows(t, f);
    deptcd = ok(await f.post('/api/v1/prs', f.u.buyer, prBody())).deptcd;
  });
  afterAll(() => t.close());

  const key = (accountCode: string) => `fiscalYear=${year}&month=${month}&deptcd=${deptcd}&accountCode=${accountCode}`;
  async function setBudget(accountCode: string, amount: string) {
    const found = ok(await f.get(`/api/v1/budget/lines?${key(accountCode)}`, f.u.admin));
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
  /** The report's row of the key (budget in force, pre-committed, committed, actual, available). */
  async function report(accountCode: string) {
    const r = ok(await f.get(`/api/v1/budget/report?${key(accountCode)}`, f.u.operator));
    expect(r.rows).toHaveLength(1);
    return r.rows[0] as Record<string, string>;
  }
  /** Sets the key's budget so that exactly `room` won is available now (whatever the seed consumed). */
  async function leaveRoom(accountCode: string, policy: 'STOP' | 'WARN' | 'IGNORE', room: number) {
    await setPolicy(accountCode, policy);
    await setBudget(accountCode, '0');
    const available = BigInt((await report(accountCode)).available);
    await setBudget(accountCode, String(BigInt(room) - available));
    expect((await report(accountCode)).available).toBe(String(room));
  }
  /** The ledger rows of a document, in order: [line, account, kind, event, amount]. */
  const ledger = async (docNo: string) =>
    (
      await t.db.db
        .selectFrom('budgetLedger')
        .select(['lineNo', 'accountCode', 'kind', 'event', 'amount'])
        .where('docNo', '=', docNo)
        .orderBy('entryId')
        .execute()
    ).map((r) => [r.lineNo, r.accountCode, r.kind, r.event, Number(r.amount)]);
  const exceptions = (docNo: string) =>
    t.db.db
      .selectFrom('budgetException')
      .select(['policy', 'accountCode', 'requested', 'confirmedBy'])
      .where('docNo', '=', docNo)
      .execute();
  const prStatus = async (prNo: string) => ok(await f.get(`/api/v1/prs/${prNo}`, f.u.operator)).status;

  /** A received PR: line 1 is 5 × 1,000 on `first`, line 2 is 2 × 1,000 on `second` (7,000 pre-committed). */
  const prOn = (first: string, second: string) =>
    receivedPr(
      f,
      prBody({
        lines: [
          { itemCode: 'MRO0101-0001', quantity: '5', estUnitPrice: '1000', budgetAccount: first },
          { itemName: '일반 부품', unitCode: 'EA', quantity: '2', estUnitPrice: '1000', budgetAccount: second },
        ],
      }),
    );

  it('a tender’s award commits each order line on its PR line’s account and releases the PR; a cancelled order gives back', async () => {
    await leaveRoom('OUT', 'STOP', 1_000_000);
    await leaveRoom('SUP', 'STOP', 1_000_000);
    const pr = await prOn('OUT', 'SUP');
    expect((await ledger(pr.prNo)).sort()).toEqual([
      [1, 'OUT', 'PRE_COMMIT', 'APPROVE', 5000],
      [2, 'SUP', 'PRE_COMMIT', 'APPROVE', 2000],
    ]);
    // Each line to its lowest price: line 1 to C00001 at 900, line 2 to C00002 at 1,100 — two orders of one
    // line each, the second's line 1 ordering the PR's line 2 (charged to SUP, not to line 1's OUT).
    const tender = await bid.openedTender(pr, { C00001: ['900', '1200'], C00002: ['1000', '1100'] }, 'LOWEST_PER_LINE');
    const awarded = ok(await bid.awardTender(tender));
    const orders = Object.fromEntries(
      awarded.orders.map((o: { compNo: string; poNo: string }) => [o.compNo, o.poNo as string]),
    );
    expect(await ledger(orders.C00001)).toEqual([[1, 'OUT', 'COMMIT', 'ORDER', 4500]]);
    expect(await ledger(orders.C00002)).toEqual([[1, 'SUP', 'COMMIT', 'ORDER', 2200]]);
    // The release rows of one movement come in no particular order.
    expect((await ledger(pr.prNo)).slice(2).sort()).toEqual([
      [1, 'OUT', 'PRE_COMMIT', 'RELEASE', -5000],
      [2, 'SUP', 'PRE_COMMIT', 'RELEASE', -2000],
    ]);
    expect(await prStatus(pr.prNo)).toBe('ORDERED');
    expect((await report('OUT')).available).toBe(String(1_000_000 - 4500));
    expect((await report('SUP')).available).toBe(String(1_000_000 - 2200));

    const po = ok(await f.get(`/api/v1/pos/${orders.C00002}`, f.u.operator));
    ok(await f.post(`/api/v1/pos/${po.poNo}/cancel`, f.u.operator, { version: po.version, reason: '시험 취소' }));
    expect(await ledger(orders.C00002)).toEqual([
      [1, 'SUP', 'COMMIT', 'ORDER', 2200],
      [1, 'SUP', 'COMMIT', 'CANCEL', -2200],
    ]);
    expect(await ledger(orders.C00001)).toEqual([[1, 'OUT', 'COMMIT', 'ORDER', 4500]]);
    expect((await report('SUP')).available).toBe('1000000');
  });

  it('an auction’s award commits its order (ORDER) and releases the PR; cancelling gives back', async () => {
    await leaveRoom('OUT', 'STOP', 1_000_000);
    const pr = await receivedPr(
      f,
      prBody({ lines: [{ itemCode: 'MRO0101-0001', quantity: '5', estUnitPrice: '1000', budgetAccount: 'OUT' }] }),
    );
    const auction = await bid.closedAuction(pr, [
      [f.u.supplier2, '5900'],
      [f.u.supplier1, '4500'],
    ]);
    const awarded = ok(await bid.awardAuction(auction));
    expect(awarded.winnerCompNo).toBe('C00001');
    expect(await ledger(awarded.poNo)).toEqual([[1, 'OUT', 'COMMIT', 'ORDER', 4500]]);
    expect((await ledger(pr.prNo)).at(-1)).toEqual([1, 'OUT', 'PRE_COMMIT', 'RELEASE', -5000]);
    expect((await report('OUT')).available).toBe(String(1_000_000 - 4500));

    const po = ok(await f.get(`/api/v1/pos/${awarded.poNo}`, f.u.operator));
    ok(await f.post(`/api/v1/pos/${po.poNo}/cancel`, f.u.operator, { version: po.version, reason: '시험 취소' }));
    expect((await ledger(awarded.poNo)).at(-1)).toEqual([1, 'OUT', 'COMMIT', 'CANCEL', -4500]);
    expect((await report('OUT')).available).toBe('1000000');
  });

  it('WARN: the award answers 409 BUDGET_WARN_CONFIRM and writes nothing; confirmed, it commits and records who confirmed', async () => {
    await leaveRoom('PKG', 'IGNORE', 1_000_000);
    const pr = await prOn('PKG', 'PKG');
    // The PR pre-commits 7,000; nothing is left beside it, and the bids (5,500 + 2,200) ask 700 more.
    await leaveRoom('PKG', 'WARN', 0);
    const before = await report('PKG');
    const tender = await bid.openedTender(pr, { C00001: ['1100', '1100'], C00002: ['1200', '1200'] });
    const warn = refused(await bid.awardTender(tender), 409, 'BUDGET_WARN_CONFIRM');
    expect(warn.msg).toContain('확인 후 진행하세요');
    expect(warn.msg).toContain('요청 700원');
    expect(warn.details).toMatchObject({ deptcd, accountCode: 'PKG', available: '0', requested: '700' });
    const still = ok(await f.get(`/api/v1/bid/tenders/${tender.tenderNo}`, f.u.operator));
    expect(still).toMatchObject({ status: 'OPENED', version: tender.version, orders: [] });
    expect(await prStatus(pr.prNo)).toBe('QUOT_REQUESTED');
    expect(await report('PKG')).toEqual(before);
    expect(await ledger(pr.prNo)).toHaveLength(2);

    const awarded = ok(await bid.awardTender(tender, { confirmBudgetWarning: true }));
    const poNo = awarded.orders[0].poNo;
    expect(await ledger(poNo)).toEqual([
      [1, 'PKG', 'COMMIT', 'ORDER', 5500],
      [2, 'PKG', 'COMMIT', 'ORDER', 2200],
    ]);
    expect(await exceptions(poNo)).toEqual([
      { policy: 'WARN', accountCode: 'PKG', requested: '700', confirmedBy: 'operator' },
    ]);
    expect((await report('PKG')).available).toBe('-700');
  });

  it('STOP: the award is refused with BUDGET_EXCEEDED and writes nothing; with room, the same award passes', async () => {
    await leaveRoom('EQP', 'STOP', 1_000_000);
    const pr = await receivedPr(
      f,
      prBody({ lines: [{ itemCode: 'MRO0101-0001', quantity: '5', estUnitPrice: '1000', budgetAccount: 'EQP' }] }),
    );
    // Pre-committed 5,000; the winning bid 5,500 asks 500 more than is left.
    await leaveRoom('EQP', 'STOP', 0);
    const before = await report('EQP');
    const auction = await bid.closedAuction(pr, [[f.u.supplier1, '5500']]);
    const over = refused(await bid.awardAuction(auction, { confirmBudgetWarning: true }), 409, 'BUDGET_EXCEEDED');
    expect(over.msg).toContain('예산을 초과합니다');
    expect(over.details).toMatchObject({ accountCode: 'EQP', available: '0', requested: '500' });
    expect(ok(await f.get(`/api/v1/bid/auctions/${auction.auctionNo}`, f.u.operator))).toMatchObject({
      status: 'CLOSED',
      poNo: null,
      version: auction.version,
    });
    expect(await prStatus(pr.prNo)).toBe('QUOT_REQUESTED');
    expect(await report('EQP')).toEqual(before);
    expect(await ledger(pr.prNo)).toEqual([[1, 'EQP', 'PRE_COMMIT', 'APPROVE', 5000]]);

    await leaveRoom('EQP', 'STOP', 500);
    const awarded = ok(await bid.awardAuction(auction));
    expect(await ledger(awarded.poNo)).toEqual([[1, 'EQP', 'COMMIT', 'ORDER', 5500]]);
    expect((await report('EQP')).available).toBe('0');
  });
});
