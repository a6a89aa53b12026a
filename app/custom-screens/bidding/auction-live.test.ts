// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  applyStaffBid,
  catchUpMonitor,
  catchUpRoom,
  applySupplierBid,
  clockText,
  countdown,
  parseAmount,
  serverNow,
  statusAt,
  type MonitorDetail,
  type RoomDetail,
} from './auction-live';

const START = '2026-12-01T01:00:00.000Z';
const END = '2026-12-01T02:00:00.000Z';
const at = (iso: string, deltaMs = 0) => Date.parse(iso) + deltaMs;

describe('the live screens’ clock', () => {
  it('runs on the server’s clock: client now + the login’s offset', () => {
    expect(serverNow(1500, 1_000_000)).toBe(1_001_500);
    expect(serverNow(Number.NaN, 1_000_000)).toBe(1_000_000);
  });

  it('says the status by the clock between feed events, as the server’s byClock', () => {
    expect(statusAt('PUBLISHED', START, END, at(START, -1))).toBe('PUBLISHED');
    expect(statusAt('PUBLISHED', START, END, at(START))).toBe('OPEN');
    expect(statusAt('OPEN', START, END, at(END, -1))).toBe('OPEN');
    expect(statusAt('OPEN', START, END, at(END))).toBe('CLOSED');
    expect(statusAt('CANCELLED', START, END, at(START, 10))).toBe('CANCELLED');
    expect(statusAt('AWARDED', START, END, at(END, 10))).toBe('AWARDED');
  });

  it('counts down to the start, then to the (moved) end, then nothing', () => {
    expect(countdown('PUBLISHED', START, END, at(START, -90_000))).toEqual({ phase: 'startsIn', ms: 90_000 });
    expect(countdown('PUBLISHED', START, END, at(END, -61_000))).toEqual({ phase: 'timeLeft', ms: 61_000 });
    expect(countdown('OPEN', START, END, at(END, 5))).toEqual({ phase: 'ended', ms: 0 });
  });

  it('shows hh:mm:ss rounded up to the second, days apart', () => {
    expect(clockText(61_001)).toEqual({ days: 0, time: '00:01:02' });
    expect(clockText(0)).toEqual({ days: 0, time: '00:00:00' });
    expect(clockText(90_061_000)).toEqual({ days: 1, time: '01:01:01' });
  });
});

describe('feed events', () => {
  const monitor = {
    status: 'OPEN',
    endAt: END,
    extensions: 0,
    ranking: [
      {
        compNo: 'C00001',
        compName: '㈜대한정밀',
        rank: 1,
        bestAmount: '95000.00',
        bestAt: START,
        bidCount: 1,
        result: null,
      },
      { compNo: 'C00002', compName: '한빛전자', rank: null, bestAmount: null, bestAt: null, bidCount: 0, result: null },
      {
        compNo: 'C00093',
        compName: '현진시스템',
        rank: null,
        bestAmount: null,
        bestAt: null,
        bidCount: 0,
        result: null,
      },
    ],
    bids: [{ seq: 1, compNo: 'C00001', amount: '95000.00', bidAt: START, bidBy: 'supplier1', endAtAfter: END }],
  } as unknown as MonitorDetail;

  it('moves the monitor’s ranking and log by a staff bid event, once per seq', () => {
    const moved = '2026-12-01T02:02:00.000Z';
    const e = {
      seq: 2,
      compNo: 'C00002',
      amount: '94000',
      bidAt: '2026-12-01T01:59:00.000Z',
      endAt: moved,
      extended: true,
      extensions: 1,
      ranking: [
        { compNo: 'C00002', compName: '한빛전자', rank: 1, bestAmount: '94000', bidCount: 1 },
        { compNo: 'C00001', compName: '㈜대한정밀', rank: 2, bestAmount: '95000.00', bidCount: 1 },
      ],
    };
    const after = applyStaffBid(monitor, e);
    expect(after.ranking.map((r) => [r.compNo, r.rank, r.bestAmount, r.bestAt])).toEqual([
      ['C00002', 1, '94000', e.bidAt],
      ['C00001', 2, '95000.00', START],
      ['C00093', null, null, null],
    ]);
    expect(after.bids.map((b) => b.seq)).toEqual([1, 2]);
    expect(after).toMatchObject({ endAt: moved, extensions: 1 });
    // The same event again (a reconnect's overlap): nothing changes.
    expect(applyStaffBid(after, e)).toBe(after);
  });

  it('brings a detail read again up to the bid events that arrived while the read was on its way', () => {
    const bidEvent = (seq: number, compNo: string, amount: string) => ({
      seq,
      compNo,
      amount,
      bidAt: `2026-12-01T01:1${seq}:00.000Z`,
      endAt: END,
      extended: false,
      extensions: 0,
      ranking: [{ compNo, compName: compNo, rank: 1, bestAmount: amount, bidCount: seq }],
    });
    // The read includes the feed up to event 7 (bid 1); events 8 and 9 (bids 2 and 3) came while it was answered.
    const read = { ...monitor, lastEventId: 7 } as MonitorDetail;
    const received = [
      { id: 7, event: bidEvent(1, 'C00001', '95000.00') },
      { id: 8, event: bidEvent(2, 'C00002', '94000') },
      { id: 9, event: bidEvent(3, 'C00001', '92500') },
    ];
    const caught = catchUpMonitor(read, received);
    expect(caught.bids.map((b) => b.seq)).toEqual([1, 2, 3]);
    expect(caught.ranking[0]).toMatchObject({ compNo: 'C00001', rank: 1, bestAmount: '92500' });
    // Nothing received since: the read as it came.
    expect(catchUpMonitor(read, received.slice(0, 1))).toBe(read);
  });

  it('moves the room by a supplier event: our rank and best, the end, the bidders — nothing of another company', () => {
    const room = {
      status: 'OPEN',
      endAt: END,
      extensions: 0,
      myRank: 1,
      myBest: '95000.00',
      myBidCount: 1,
    } as unknown as RoomDetail;
    const { detail, bidders } = applySupplierBid(
      room,
      {
        endAt: '2026-12-01T02:02:00.000Z',
        extended: true,
        extensions: 1,
        mine: false,
        myRank: 2,
        myBest: '95000.00',
        bidders: 2,
      },
      1,
    );
    expect(detail).toMatchObject({ myRank: 2, myBest: '95000.00', endAt: '2026-12-01T02:02:00.000Z', extensions: 1 });
    expect(bidders).toBe(2);
  });

  it('brings the room’s read up to the bid events received meanwhile, counting an extension once', () => {
    const read = {
      status: 'OPEN',
      endAt: END,
      extensions: 1,
      myRank: 1,
      myBest: '95000.00',
      myBidCount: 1,
      lastEventId: 4,
    } as unknown as RoomDetail;
    const moved = '2026-12-01T02:02:00.000Z';
    // Event 4 is in the read; event 5 (another company's bid, which moved the end) came while it was answered.
    const received = [
      {
        id: 4,
        event: { endAt: moved, extended: true, extensions: 1, mine: true, myRank: 1, myBest: '95000.00', bidders: 1 },
      },
      {
        id: 5,
        event: { endAt: moved, extended: false, extensions: 1, mine: false, myRank: 2, myBest: '95000.00', bidders: 2 },
      },
    ];
    const { detail, bidders } = catchUpRoom(read, received, 1);
    expect(detail).toMatchObject({ myRank: 2, endAt: moved, extensions: 1 });
    expect(bidders).toBe(2);
    // The same event twice (a reconnect's overlap) still counts the extension once.
    expect(catchUpRoom(read, [received[1], received[1]], 1).detail.extensions).toBe(1);
  });

  it('reads an amount as the server takes it', () => {
    expect(parseAmount('95,000')).toBe('95000');
    expect(parseAmount(' 1 234.5 ')).toBe('1234.5');
    expect(parseAmount('12.345')).toBeNull();
    expect(parseAmount('-5')).toBeNull();
    expect(parseAmount('')).toBeNull();
  });
});
