import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, day, logins, ok, type Flow, type Who } from '../purchase/helpers.js';

/**
 * The reverse auction's notices through the outbox (issue 30 item 4): the invitation to each
 * invited supplier on publish (not before: a draft is nobody's business), each bidder's result on
 * the award (won / not won, no price), and the cancel of a published auction with its reason — a
 * draft's cancel tells nobody. Each notice is recorded in the action's transaction.
 */
describe('reverse auction notices', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = { ...client(t), u: await logins(t, ['operator', 'supplier1', 'supplier2']) };
  }, 120_000);
  afterAll(() => t?.close());

  const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();
  const notices = (auctionNo: string, template: string) =>
    t.db.db.selectFrom('notification').select(['refKey', 'subject', 'body', 'lang', 'recipient']).where('template', '=', template).where('refKey', 'like', `${auctionNo}/%`).orderBy('refKey').execute();
  const bid = (auctionNo: string, who: Who, amount: string) => f.post(`/api/v1/cyber/bid/auctions/${auctionNo}/bids`, who, { amount });

  async function draft() {
    return ok(
      await f.post('/api/v1/bid/auctions', f.u.operator, {
        title: '알림 시험 역경매',
        lines: [{ itemName: '볼트 M8', unitCode: 'EA', quantity: '100', refUnitPrice: '100' }],
        startPrice: '20000',
        decrementKind: 'AMOUNT',
        decrementValue: '100',
        startAt: inMinutes(60),
        endAt: inMinutes(120),
        softCloseMinutes: 0,
        maxExtensions: 0,
        suppliers: ['C00001', 'C00002'],
        confirmEvaluationWarning: true,
      }),
    );
  }

  it('invites on publish, tells each bidder its result on the award without a price', async () => {
    const d = await draft();
    expect(await notices(d.auctionNo, 'auction.invitation')).toEqual([]);
    const published = ok(await f.post(`/api/v1/bid/auctions/${d.auctionNo}/publish`, f.u.operator, { version: d.version }));
    const invites = await notices(d.auctionNo, 'auction.invitation');
    expect(new Set(invites.map((n) => n.refKey))).toEqual(new Set([`${d.auctionNo}/C00001`, `${d.auctionNo}/C00002`]));
    expect(invites.find((n) => n.lang === 'ko')?.body).toContain(`역경매번호: ${d.auctionNo}`);

    // Open now, two bids, then closed; the award tells both.
    await t.db.db.updateTable('auction').set({ startAt: new Date(Date.now() - 60_000) }).where('auctionNo', '=', d.auctionNo).execute();
    ok(await bid(d.auctionNo, f.u.supplier1, '18000'));
    ok(await bid(d.auctionNo, f.u.supplier2, '17500'));
    await t.db.db.updateTable('auction').set({ endAt: new Date(Date.now() - 1000), plannedEndAt: new Date(Date.now() - 1000) }).where('auctionNo', '=', d.auctionNo).execute();
    const closed = ok(await f.get(`/api/v1/bid/auctions/${d.auctionNo}`, f.u.operator));
    expect(closed.version).toBe(published.version);
    ok(await f.post(`/api/v1/bid/auctions/${d.auctionNo}/award`, f.u.operator, { version: closed.version, dueDate: day(30) }));
    const results = await notices(d.auctionNo, 'auction.result');
    const byComp = (compNo: string) => results.filter((n) => n.refKey === `${d.auctionNo}/${compNo}`);
    expect(byComp('C00002').length).toBeGreaterThan(0);
    expect(byComp('C00001').length).toBeGreaterThan(0);
    expect(byComp('C00002').every((n) => /낙찰|awarded to you/.test(n.subject) && !/미낙찰|not awarded/.test(n.subject))).toBe(true);
    expect(byComp('C00001').every((n) => /미낙찰|not awarded/.test(n.subject))).toBe(true);
    // No price in any of them.
    for (const n of results) expect(`${n.subject} ${n.body}`).not.toMatch(/17,?500|18,?000/);
  });

  it('tells the invited suppliers of a published auction’s cancel with the reason; a draft’s cancel tells nobody', async () => {
    const quiet = await draft();
    ok(await f.post(`/api/v1/bid/auctions/${quiet.auctionNo}/cancel`, f.u.operator, { version: quiet.version, reason: '사양 변경' }));
    expect(await notices(quiet.auctionNo, 'auction.cancelled')).toEqual([]);

    const d = await draft();
    const p = ok(await f.post(`/api/v1/bid/auctions/${d.auctionNo}/publish`, f.u.operator, { version: d.version }));
    ok(await f.post(`/api/v1/bid/auctions/${d.auctionNo}/cancel`, f.u.operator, { version: p.version, reason: '예산 재검토' }));
    const cancelled = await notices(d.auctionNo, 'auction.cancelled');
    expect(new Set(cancelled.map((n) => n.refKey))).toEqual(new Set([`${d.auctionNo}/C00001`, `${d.auctionNo}/C00002`]));
    expect(cancelled.filter((n) => n.lang === 'ko').every((n) => n.body.includes('사유: 예산 재검토'))).toBe(true);
  });
});
