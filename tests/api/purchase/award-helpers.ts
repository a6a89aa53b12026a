import { expect } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { moveWindow } from '../bidding/auction-helpers.js';
import { day, ok, type Flow } from './helpers.js';

const ago = (ms: number) => new Date(Date.now() - ms);
const later = (ms: number) => new Date(Date.now() + ms);
const inMinutes = (m: number) => later(m * 60_000).toISOString();

/**
 * The awards of a received PR (operator its buyer): a sealed-bid tender bid by C00001 and C00002,
 * closed and opened by two people; a reverse auction bid by the suppliers given, then closed; and
 * their award with the order's due date in 20 days.
 */
export function awardFlows(t: TestApp, f: Flow) {
  /** A tender of the PR, bid by C00001 and C00002 at the prices given (per line), closed and opened by two people. */
  async function openedTender(
    pr: { prNo: string; version: number },
    bids: Record<'C00001' | 'C00002', string[]>,
    awardRule: 'LOWEST_TOTAL' | 'LOWEST_PER_LINE' = 'LOWEST_TOTAL',
  ) {
    const draft = ok(
      await f.post('/api/v1/bid/tenders', f.u.operator, {
        prNo: pr.prNo,
        prVersion: pr.version,
        awardRule,
        openAt: inMinutes(60),
        closeAt: inMinutes(120),
        suppliers: ['C00001', 'C00002'],
      }),
    );
    const tender = ok(
      await f.post(`/api/v1/bid/tenders/${draft.tenderNo}/publish`, f.u.operator, { version: draft.version }),
    );
    const setWindow = (openAt: Date, closeAt: Date) =>
      t.db.db.updateTable('tender').set({ openAt, closeAt }).where('tenderNo', '=', tender.tenderNo).execute();
    await setWindow(ago(600_000), later(3_600_000));
    for (const [compNo, who] of [
      ['C00001', f.u.supplier1],
      ['C00002', f.u.supplier2],
    ] as const) {
      const mine = ok(await f.get(`/api/v1/cyber/bid/tenders/${tender.tenderNo}`, who));
      ok(
        await f.put(`/api/v1/cyber/bid/tenders/${tender.tenderNo}/bid`, who, {
          version: mine.version,
          lines: bids[compNo].map((unitPrice, i) => ({ lineNo: i + 1, unitPrice })),
        }),
      );
    }
    await setWindow(ago(7_200_000), ago(60_000));
    const closed = ok(await f.get(`/api/v1/bid/tenders/${tender.tenderNo}`, f.u.tfadmin));
    const first = ok(
      await f.post(`/api/v1/bid/tenders/${tender.tenderNo}/open`, f.u.tfadmin, { version: closed.version }),
    );
    const opened = ok(
      await f.post(`/api/v1/bid/tenders/${tender.tenderNo}/open`, f.u.opadmin, { version: first.version }),
    );
    expect(opened.status).toBe('OPENED');
    return opened;
  }
  const awardTender = (tender: { tenderNo: string; version: number }, extra: Record<string, unknown> = {}) =>
    f.post(`/api/v1/bid/tenders/${tender.tenderNo}/award`, f.u.operator, {
      version: tender.version,
      dueDate: day(20),
      ...extra,
    });

  /** A reverse auction of the PR, bid by the suppliers given, then closed. */
  async function closedAuction(pr: { prNo: string; version: number }, bids: Array<[Flow['u'][string], string]>) {
    const draft = ok(
      await f.post('/api/v1/bid/auctions', f.u.operator, {
        prNo: pr.prNo,
        prVersion: pr.version,
        startPrice: '6000',
        decrementKind: 'AMOUNT',
        decrementValue: '100',
        startAt: inMinutes(60),
        endAt: inMinutes(120),
        softCloseMinutes: 0,
        maxExtensions: 0,
        suppliers: ['C00001', 'C00002'],
      }),
    );
    const a = ok(
      await f.post(`/api/v1/bid/auctions/${draft.auctionNo}/publish`, f.u.operator, { version: draft.version }),
    );
    await moveWindow(t, a.auctionNo, { startAt: ago(60_000), endAt: later(3_600_000) });
    for (const [who, amount] of bids)
      ok(await f.post(`/api/v1/cyber/bid/auctions/${a.auctionNo}/bids`, who, { amount }));
    await moveWindow(t, a.auctionNo, { startAt: ago(7_200_000), endAt: ago(1000) });
    const closed = ok(await f.get(`/api/v1/bid/auctions/${a.auctionNo}`, f.u.operator));
    expect(closed.status).toBe('CLOSED');
    return closed;
  }
  const awardAuction = (auction: { auctionNo: string; version: number }, extra: Record<string, unknown> = {}) =>
    f.post(`/api/v1/bid/auctions/${auction.auctionNo}/award`, f.u.operator, {
      version: auction.version,
      dueDate: day(20),
      ...extra,
    });

  return { openedTender, awardTender, closedAuction, awardAuction };
}
