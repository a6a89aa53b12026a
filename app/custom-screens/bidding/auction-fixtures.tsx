/**
 * Fixture answers and a feed the stories and tests write to: the auction live screens run on
 * fixture engine services, and their event stream is a real `text/event-stream` Response whose
 * body the test writes — the app's reader and eventsource-parser parse it as they parse the server's.
 */
import type { FeedOpener } from './use-auction-feed';
import type { MonitorDetail, RoomDetail } from './auction-live';

export const AUCTION_NO = 'RA2026-000007';

const minutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

export function roomDetail(over: Partial<RoomDetail> = {}): RoomDetail {
  return {
    auctionNo: AUCTION_NO,
    title: '냉연강판 1.2t 역경매',
    description: null,
    status: 'OPEN',
    currency: 'KRW',
    startPrice: '1000000.00',
    decrementKind: 'AMOUNT',
    decrementValue: '1000.00',
    startAt: minutes(-30),
    plannedEndAt: minutes(4),
    endAt: minutes(4),
    softCloseMinutes: 2,
    maxExtensions: 3,
    extensions: 0,
    serverTime: new Date().toISOString(),
    lastEventId: 12,
    compNo: 'C00001',
    invitedCount: 2,
    bidderCount: 0,
    myBest: null,
    myRank: null,
    myBidCount: 0,
    nextLimit: '1000000.00',
    nextLimitInclusive: false,
    canBid: true,
    result: null,
    myBids: [],
    lines: [
      {
        lineNo: 1,
        itemCode: null,
        itemName: '냉연강판 1.2t',
        spec: '1219×2438',
        unitCode: 'EA',
        quantity: '100.000',
        deliveryDate: null,
      },
    ],
    ...over,
  };
}

export function monitorDetail(over: Partial<MonitorDetail> = {}): MonitorDetail {
  const start = minutes(-30);
  return {
    auctionNo: AUCTION_NO,
    title: '냉연강판 1.2t 역경매',
    description: null,
    status: 'OPEN',
    currency: 'KRW',
    startPrice: '1000000.00',
    decrementKind: 'AMOUNT',
    decrementValue: '1000.00',
    startAt: start,
    plannedEndAt: minutes(2),
    endAt: minutes(4),
    softCloseMinutes: 2,
    maxExtensions: 3,
    extensions: 1,
    serverTime: new Date().toISOString(),
    lastEventId: 12,
    prNo: null,
    buyerId: 'E000004',
    buyerName: '김구매',
    cancelReason: null,
    winnerCompNo: null,
    winningAmount: null,
    poNo: null,
    version: 2,
    lines: [
      {
        lineNo: 1,
        itemCode: null,
        itemName: '냉연강판 1.2t',
        spec: '1219×2438',
        unitCode: 'EA',
        quantity: '100.000',
        deliveryDate: null,
        refUnitPrice: '9800.00',
      },
    ],
    suppliers: [
      { compNo: 'C00001', compNameKr: '㈜대한정밀' },
      { compNo: 'C00002', compNameKr: '한빛전자 주식회사' },
    ],
    ranking: [
      {
        compNo: 'C00001',
        compName: '㈜대한정밀',
        rank: 1,
        bestAmount: '955000.00',
        bestAt: minutes(-1),
        bidCount: 2,
        result: null,
      },
      {
        compNo: 'C00002',
        compName: '한빛전자 주식회사',
        rank: 2,
        bestAmount: '960000.00',
        bestAt: minutes(-2),
        bidCount: 1,
        result: null,
      },
    ],
    bids: [
      { seq: 1, compNo: 'C00001', amount: '980000.00', bidAt: minutes(-5), bidBy: 'supplier1', endAtAfter: minutes(2) },
      { seq: 2, compNo: 'C00002', amount: '960000.00', bidAt: minutes(-2), bidBy: 'supplier2', endAtAfter: minutes(2) },
      { seq: 3, compNo: 'C00001', amount: '955000.00', bidAt: minutes(-1), bidBy: 'supplier1', endAtAfter: minutes(4) },
    ],
    history: [
      { at: start, action: 'PUBLISH', actor: 'operator', actorName: '김구매', reason: null },
      { at: start, action: 'OPEN', actor: 'system:job', actorName: 'system:job', reason: null },
    ],
    actions: ['cancel'],
    ...over,
  } as MonitorDetail;
}

/** A feed the test writes to: `send` frames an event to every open connection. */
export function fakeFeed() {
  const open = new Set<ReadableStreamDefaultController<Uint8Array>>();
  const seen: Array<{ path: string; lastEventId: string | null }> = [];
  const encoder = new TextEncoder();
  const opener: FeedOpener =
    (path) =>
    async ({ lastEventId, signal }) => {
      seen.push({ path, lastEventId });
      let me: ReadableStreamDefaultController<Uint8Array> | null = null;
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          me = c;
          open.add(c);
          signal.addEventListener('abort', () => {
            open.delete(c);
            c.error(new DOMException('aborted', 'AbortError'));
          });
        },
        cancel() {
          if (me) open.delete(me);
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    };
  return {
    opener,
    seen,
    get connections() {
      return open.size;
    },
    /** Ends every open connection (a server restart, a proxy cutting the stream): the reader reconnects. */
    drop() {
      for (const c of [...open]) {
        open.delete(c);
        c.close();
      }
    },
    send(id: number, event: string, data: unknown) {
      const frame = encoder.encode(`id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      for (const c of open) c.enqueue(frame);
    },
  };
}
