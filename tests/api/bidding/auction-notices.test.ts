import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, day, logins, ok, type Flow, type Who } from '../purchase/helpers.js';
import {
  OWN_COMPANIES,
  auctionTerms,
  createDraft,
  moveWindow,
  ownSuppliers,
  placeBid,
  publish,
} from './auction-helpers.js';

/**
 * The reverse auction's notices through the outbox (issue 30 item 4): the invitation to each
 * invited supplier on publish (not before: a draft is nobody's business), each bidder's result on
 * the award (won / not won, no price), and the cancel of a published auction with its reason — a
 * draft's cancel tells nobody. Each notice is recorded in the action's transaction.
 */
describe('reverse auction notices', () => {
  let t: TestApp;
  let f: Flow;
  /** Two companies of this file's own, each with a supplier user (auction-helpers.ts OWN_COMPANIES says why). */
  let own: Array<{ compNo: string; who: Who }> = [];
  beforeAll(async () => {
    t = await buildTestApp();
    f = { ...client(t), u: await logins(t, ['operator']) };
    own = await ownSuppliers(t, OWN_COMPANIES.notices, (i) => `aucnote${i + 1}`);
  }, 120_000);
  afterAll(() => t?.close());

  const notices = (auctionNo: string, template: string) =>
    t.db.db
      .selectFrom('notification')
      .select(['refKey', 'subject', 'body', 'lang', 'recipient'])
      .where('template', '=', template)
      .where('refKey', 'like', `${auctionNo}/%`)
      .orderBy('refKey')
      .execute();
  const bid = (auctionNo: string, who: Who, amount: string) => placeBid(f, auctionNo, who, amount);
  const draft = () =>
    createDraft(f, f.u.operator, auctionTerms({ title: '알림 시험 역경매', suppliers: own.map((o) => o.compNo) }));

  it('invites on publish, tells each bidder its result on the award without a price', async () => {
    const d = await draft();
    expect(await notices(d.auctionNo, 'auction.invitation')).toEqual([]);
    const published = await publish(f, f.u.operator, d);
    const invites = await notices(d.auctionNo, 'auction.invitation');
    expect(new Set(invites.map((n) => n.refKey))).toEqual(new Set(own.map((o) => `${d.auctionNo}/${o.compNo}`)));
    expect(invites.find((n) => n.lang === 'ko')?.body).toContain(`역경매번호: ${d.auctionNo}`);

    // Open now, two bids, then closed; the award tells both.
    await moveWindow(t, d.auctionNo, { startAt: new Date(Date.now() - 60_000) });
    ok(await bid(d.auctionNo, own[0].who, '18000'));
    ok(await bid(d.auctionNo, own[1].who, '17500'));
    // One instant for both: two `new Date()` a millisecond apart broke end_at >= planned_end_at (CI).
    const ended = new Date(Date.now() - 1000);
    await moveWindow(t, d.auctionNo, { endAt: ended });
    const closed = ok(await f.get(`/api/v1/bid/auctions/${d.auctionNo}`, f.u.operator));
    expect(closed.version).toBe(published.version);
    ok(
      await f.post(`/api/v1/bid/auctions/${d.auctionNo}/award`, f.u.operator, {
        version: closed.version,
        dueDate: day(30),
      }),
    );
    const results = await notices(d.auctionNo, 'auction.result');
    const byComp = (compNo: string) => results.filter((n) => n.refKey === `${d.auctionNo}/${compNo}`);
    const [loser, winner] = own.map((o) => o.compNo);
    expect(byComp(winner).length).toBeGreaterThan(0);
    expect(byComp(loser).length).toBeGreaterThan(0);
    expect(
      byComp(winner).every((n) => /낙찰|awarded to you/.test(n.subject) && !/미낙찰|not awarded/.test(n.subject)),
    ).toBe(true);
    expect(byComp(loser).every((n) => /미낙찰|not awarded/.test(n.subject))).toBe(true);
    // No price in any of them.
    for (const n of results) expect(`${n.subject} ${n.body}`).not.toMatch(/17,?500|18,?000/);
  });

  it('tells the invited suppliers of a published auction’s cancel with the reason; a draft’s cancel tells nobody', async () => {
    const quiet = await draft();
    ok(
      await f.post(`/api/v1/bid/auctions/${quiet.auctionNo}/cancel`, f.u.operator, {
        version: quiet.version,
        reason: '사양 변경',
      }),
    );
    expect(await notices(quiet.auctionNo, 'auction.cancelled')).toEqual([]);

    const d = await draft();
    const p = await publish(f, f.u.operator, d);
    ok(
      await f.post(`/api/v1/bid/auctions/${d.auctionNo}/cancel`, f.u.operator, {
        version: p.version,
        reason: '예산 재검토',
      }),
    );
    const cancelled = await notices(d.auctionNo, 'auction.cancelled');
    expect(new Set(cancelled.map((n) => n.refKey))).toEqual(new Set(own.map((o) => `${d.auctionNo}/${o.compNo}`)));
    expect(cancelled.filter((n) => n.lang === 'ko').every((n) => n.body.includes('사유: 예산 재검토'))).toBe(true);
  });
});
