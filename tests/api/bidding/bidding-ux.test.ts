import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { client, logins, ok, receivedPr, type Flow } from '../purchase/helpers.js';
import { auctionTerms, createDraft, inMinutes, moveWindow, placeBid, publish } from './auction-helpers.js';

/**
 * What the bidding screens read so their users see the truth: the
 * supplier's own submitted bid and the time to the close, the opening confirmations counted,
 * the room's bidder count after a reload, and the supplier home's invitations — its own only.
 */
describe('bidding as its users read it', () => {
  let t: TestApp;
  let f: Flow;
  beforeAll(async () => {
    t = await buildTestApp();
    f = {
      ...client(t),
      u: await logins(t, ['buyer', 'uadmin1', 'operator', 'tfadmin', 'opadmin', 'supplier1', 'supplier2']),
    };
  });
  afterAll(() => t.close());

  const ago = (m: number) => new Date(Date.now() - m * 60_000);
  const setWindow = (tenderNo: string, openAt: Date, closeAt: Date) =>
    t.db.db.updateTable('tender').set({ openAt, closeAt }).where('tenderNo', '=', tenderNo).execute();
  const bid = (tenderNo: string, who: Flow['u'][string], version: number, prices: string[]) =>
    f.put(`/api/v1/cyber/bid/tenders/${tenderNo}/bid`, who, {
      version,
      lines: prices.map((unitPrice, i) => ({ lineNo: i + 1, unitPrice })),
    });
  const tenderRow = async (tenderNo: string) =>
    ok(await f.get(`/api/v1/bid/tenders?tenderNo=${tenderNo}`, f.u.tfadmin)).rows[0];

  async function publishedTender(suppliers: string[]) {
    const pr = await receivedPr(f);
    const draft = ok(
      await f.post('/api/v1/bid/tenders', f.u.operator, {
        prNo: pr.prNo,
        prVersion: pr.version,
        awardRule: 'LOWEST_TOTAL',
        openAt: inMinutes(60),
        closeAt: inMinutes(120),
        suppliers,
      }),
    );
    return ok(await f.post(`/api/v1/bid/tenders/${draft.tenderNo}/publish`, f.u.operator, { version: draft.version }));
  }

  it('a tender: the supplier reads back its own submitted bid (prices, total, when) and the time to the close; never another company’s', async () => {
    const tender = await publishedTender(['C00001', 'C00002']);
    const before = ok(await f.get(`/api/v1/cyber/bid/tenders/${tender.tenderNo}`, f.u.supplier1));
    expect(before).toMatchObject({ status: 'PUBLISHED', submittedAt: null, submittedTotal: null });
    // The close is two hours off by the server's clock, whatever the browser's says.
    expect(before.secondsToClose).toBeGreaterThan(7000);
    expect(before.secondsToClose).toBeLessThanOrEqual(7200);
    expect(Date.parse(before.serverTime)).not.toBeNaN();

    await setWindow(tender.tenderNo, ago(10), new Date(Date.now() + 30 * 60_000));
    const open = ok(await f.get(`/api/v1/cyber/bid/tenders/${tender.tenderNo}`, f.u.supplier1));
    expect(open.secondsToClose).toBeLessThanOrEqual(1800);
    const mine = ok(await bid(tender.tenderNo, f.u.supplier1, open.version, ['1000', '2000']));
    expect(mine.submittedAt).not.toBeNull();
    expect(mine.lines.map((l: { unitPrice: string; amount: string }) => [l.unitPrice, l.amount])).toEqual([
      ['1000.00', '10000.00'],
      ['2000.00', '5000.00'],
    ]);
    expect(mine.submittedTotal).toBe('15000.00');
    // A reload reads the same.
    expect(ok(await f.get(`/api/v1/cyber/bid/tenders/${tender.tenderNo}`, f.u.supplier1)).submittedTotal).toBe(
      '15000.00',
    );

    // The other company sees none of it, and its own bid is its own.
    const other = ok(await f.get(`/api/v1/cyber/bid/tenders/${tender.tenderNo}`, f.u.supplier2));
    expect(other).toMatchObject({ submittedAt: null, submittedTotal: null });
    expect(other.lines.every((l: { unitPrice: string | null }) => l.unitPrice === null)).toBe(true);
    const theirs = ok(await bid(tender.tenderNo, f.u.supplier2, other.version, ['900', '1900']));
    expect(theirs.submittedTotal).toBe('13750.00');
    expect(ok(await f.get(`/api/v1/cyber/bid/tenders/${tender.tenderNo}`, f.u.supplier1)).submittedTotal).toBe(
      '15000.00',
    );

    // Staff still read no price before the opening; the stored bid holds none in clear.
    const staff = ok(await f.get(`/api/v1/bid/tenders/${tender.tenderNo}`, f.u.operator));
    expect(staff.suppliers.map((s: { totalAmount: string | null }) => s.totalAmount)).toEqual([null, null]);
    const stored = await t.db.db
      .selectFrom('tenderBid')
      .select('sealed')
      .where('tenderNo', '=', tender.tenderNo)
      .execute();
    for (const r of stored) expect(String(r.sealed)).not.toMatch(/1000|1900|15000|13750/);

    // After the close the time left is 0 and the summary stays.
    await setWindow(tender.tenderNo, ago(60), ago(1));
    expect(ok(await f.get(`/api/v1/cyber/bid/tenders/${tender.tenderNo}`, f.u.supplier1))).toMatchObject({
      status: 'CLOSED',
      secondsToClose: 0,
      submittedTotal: '15000.00',
    });
  });

  it('a tender waiting for its opening counts its confirmations 0, 1, and 2 once opened', async () => {
    const tender = await publishedTender(['C00001']);
    await setWindow(tender.tenderNo, ago(10), new Date(Date.now() + 30 * 60_000));
    const s = ok(await f.get(`/api/v1/cyber/bid/tenders/${tender.tenderNo}`, f.u.supplier1));
    ok(await bid(tender.tenderNo, f.u.supplier1, s.version, ['100', '200']));
    await setWindow(tender.tenderNo, ago(60), ago(1));
    expect(await tenderRow(tender.tenderNo)).toMatchObject({ status: 'CLOSED', confirmations: 0 });
    const closed = ok(await f.get(`/api/v1/bid/tenders/${tender.tenderNo}`, f.u.tfadmin));
    const first = ok(
      await f.post(`/api/v1/bid/tenders/${tender.tenderNo}/open`, f.u.tfadmin, { version: closed.version }),
    );
    expect(first.status).toBe('CLOSED');
    expect(await tenderRow(tender.tenderNo)).toMatchObject({ status: 'CLOSED', confirmations: 1 });
    const opened = ok(
      await f.post(`/api/v1/bid/tenders/${tender.tenderNo}/open`, f.u.opadmin, { version: first.version }),
    );
    // The second confirmation's answer says the tender is open now (the screen's message reads it).
    expect(opened.status).toBe('OPENED');
    expect(await tenderRow(tender.tenderNo)).toMatchObject({ status: 'OPENED', confirmations: 2 });
  });

  it('an auction room read again says how many companies bid, as the monitor does', async () => {
    const draft = await createDraft(f, f.u.operator, auctionTerms({ suppliers: ['C00001', 'C00002'] }));
    const published = await publish(f, f.u.operator, draft);
    await moveWindow(t, published.auctionNo, { startAt: ago(5), endAt: new Date(Date.now() + 3_600_000) });
    const room = (who: Flow['u'][string]) => f.get(`/api/v1/cyber/bid/auctions/${published.auctionNo}`, who);
    expect(ok(await room(f.u.supplier1))).toMatchObject({ bidderCount: 0, invitedCount: 2 });
    ok(await placeBid(f, published.auctionNo, f.u.supplier1, '19000'));
    expect(ok(await room(f.u.supplier2))).toMatchObject({ bidderCount: 1, invitedCount: 2 });
    ok(await placeBid(f, published.auctionNo, f.u.supplier2, '18500'));
    for (const who of [f.u.supplier1, f.u.supplier2])
      expect(ok(await room(who))).toMatchObject({ bidderCount: 2, invitedCount: 2 });
    const monitor = ok(await f.get(`/api/v1/bid/auctions/${published.auctionNo}`, f.u.operator));
    expect(monitor.ranking.filter((r: { bidCount: number }) => r.bidCount > 0)).toHaveLength(2);
  });

  it('the supplier home lists its own open tender and auction invitations, nearest deadline first — supplier2 sees none of supplier1’s', async () => {
    const home = (who: Flow['u'][string]) => f.get('/api/v1/cyber/home/bidding', who);
    const before2 = ok(await home(f.u.supplier2));
    const tender = await publishedTender(['C00001']);
    const draft = await createDraft(
      f,
      f.u.operator,
      auctionTerms({ suppliers: ['C00001'], startAt: inMinutes(30), endAt: inMinutes(90) }),
    );
    const auction = await publish(f, f.u.operator, draft);

    const mine = ok(await home(f.u.supplier1));
    const rows = mine.rows.filter((r: { docNo: string }) => [tender.tenderNo, auction.auctionNo].includes(r.docNo));
    // The auction ends first (90 minutes) and is listed first.
    expect(rows).toMatchObject([
      { kind: 'AUCTION', docNo: auction.auctionNo, status: 'PUBLISHED', responded: false },
      { kind: 'TENDER', docNo: tender.tenderNo, status: 'PUBLISHED', responded: false },
    ]);
    expect(mine.tenders).toBeGreaterThanOrEqual(1);
    expect(mine.auctions).toBeGreaterThanOrEqual(1);
    const deadlines = mine.rows.map((r: { deadline: string }) => r.deadline);
    expect([...deadlines].sort()).toEqual(deadlines);

    // The other company: nothing of supplier1's, the same as before.
    const theirs = ok(await home(f.u.supplier2));
    expect(theirs.rows.map((r: { docNo: string }) => r.docNo)).not.toEqual(expect.arrayContaining([tender.tenderNo]));
    expect(theirs.rows.map((r: { docNo: string }) => r.docNo)).not.toEqual(expect.arrayContaining([auction.auctionNo]));
    expect(theirs.total).toBe(before2.total);

    // Closed ones leave the card; staff may not call it.
    await setWindow(tender.tenderNo, ago(60), ago(1));
    expect(ok(await home(f.u.supplier1)).rows.map((r: { docNo: string }) => r.docNo)).not.toContain(tender.tenderNo);
    expect((await home(f.u.operator)).statusCode).toBe(403);
  });
});
