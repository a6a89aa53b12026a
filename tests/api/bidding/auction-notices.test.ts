import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { loginAs } from '../../helpers/login.js';
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
  /**
   * Two companies of this file's own, each with a supplier user: other files suspend the demo
   * suppliers C00001/C00002 for a moment to test refusals (tenders, auctions), which would refuse
   * these bids when the files run at once on the shared database. The first eight such companies
   * are auctions.test.ts's bidders; these are the two after them.
   */
  const own: Array<{ compNo: string; who: Who }> = [];
  beforeAll(async () => {
    t = await buildTestApp();
    f = { ...client(t), u: await logins(t, ['operator']) };
    const companies = await sql<{ compNo: string }>`
      select c.comp_no from company c where c.status = 'ACTIVE' and c.comp_no not in ('C00001', 'C00002')
        and not exists (select 1 from eva_total e where e.comp_no = c.comp_no and e.status = 'FINAL' and e.grade_action <> 'NONE')
      order by c.comp_no offset 8 limit 2`.execute(t.db.db);
    const template = await t.db.db.selectFrom('appUser').selectAll().where('userId', '=', 'supplier2').executeTakeFirstOrThrow();
    const { createdAt: _c, updatedAt: _u, ...rest } = template;
    for (const [i, { compNo }] of companies.rows.entries()) {
      const userId = `aucnote${i + 1}`;
      await t.db.db.insertInto('appUser').values({ ...rest, userId, compNo, version: 1 }).execute();
      own.push({ compNo, who: await loginAs(t.app, userId) });
    }
    expect(own).toHaveLength(2);
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
        suppliers: own.map((o) => o.compNo),
        confirmEvaluationWarning: true,
      }),
    );
  }

  it('invites on publish, tells each bidder its result on the award without a price', async () => {
    const d = await draft();
    expect(await notices(d.auctionNo, 'auction.invitation')).toEqual([]);
    const published = ok(await f.post(`/api/v1/bid/auctions/${d.auctionNo}/publish`, f.u.operator, { version: d.version }));
    const invites = await notices(d.auctionNo, 'auction.invitation');
    expect(new Set(invites.map((n) => n.refKey))).toEqual(new Set(own.map((o) => `${d.auctionNo}/${o.compNo}`)));
    expect(invites.find((n) => n.lang === 'ko')?.body).toContain(`역경매번호: ${d.auctionNo}`);

    // Open now, two bids, then closed; the award tells both.
    await t.db.db.updateTable('auction').set({ startAt: new Date(Date.now() - 60_000) }).where('auctionNo', '=', d.auctionNo).execute();
    ok(await bid(d.auctionNo, own[0].who, '18000'));
    ok(await bid(d.auctionNo, own[1].who, '17500'));
    // One instant for both: two `new Date()` a millisecond apart broke end_at >= planned_end_at (CI).
    const ended = new Date(Date.now() - 1000);
    await t.db.db.updateTable('auction').set({ endAt: ended, plannedEndAt: ended }).where('auctionNo', '=', d.auctionNo).execute();
    const closed = ok(await f.get(`/api/v1/bid/auctions/${d.auctionNo}`, f.u.operator));
    expect(closed.version).toBe(published.version);
    ok(await f.post(`/api/v1/bid/auctions/${d.auctionNo}/award`, f.u.operator, { version: closed.version, dueDate: day(30) }));
    const results = await notices(d.auctionNo, 'auction.result');
    const byComp = (compNo: string) => results.filter((n) => n.refKey === `${d.auctionNo}/${compNo}`);
    const [loser, winner] = own.map((o) => o.compNo);
    expect(byComp(winner).length).toBeGreaterThan(0);
    expect(byComp(loser).length).toBeGreaterThan(0);
    expect(byComp(winner).every((n) => /낙찰|awarded to you/.test(n.subject) && !/미낙찰|not awarded/.test(n.subject))).toBe(true);
    expect(byComp(loser).every((n) => /미낙찰|not awarded/.test(n.subject))).toBe(true);
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
    expect(new Set(cancelled.map((n) => n.refKey))).toEqual(new Set(own.map((o) => `${d.auctionNo}/${o.compNo}`)));
    expect(cancelled.filter((n) => n.lang === 'ko').every((n) => n.body.includes('사유: 예산 재검토'))).toBe(true);
  });
});
