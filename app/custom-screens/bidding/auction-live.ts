/**
 * The reverse auction's live screens, the part without React: the status and the countdown by the
 * server's clock, and how a feed event changes what a screen holds (the monitor's detail, the
 * supplier room's view). The server projects each event for its recipient (a supplier's events
 * carry its own rank and best only); nothing here adds to what arrived.
 */
import type { ResultOf } from '../../../engine';
import type { StaffBidEvent, SupplierBidEvent } from '../../../schemas/auction-feed';

export type MonitorDetail = ResultOf<'getAuction'>;
export type RoomDetail = ResultOf<'getSupplierAuction'>;

export type { StaffBidEvent, SupplierBidEvent } from '../../../schemas/auction-feed';

/** The server's "now" from the client's clock and the login's offset (server − client, ms). */
export const serverNow = (offsetMs: number, clientNow = Date.now()) =>
  clientNow + (Number.isFinite(offsetMs) ? offsetMs : 0);

/**
 * The status as the server's clock has it between two feed events (the server's own `byClock`):
 * a published auction is open from its start, an open one closed at its end (which a bid may still
 * move — the feed then says so).
 */
export function statusAt(status: string, startAt: string, endAt: string, nowMs: number): string {
  if ((status === 'PUBLISHED' || status === 'OPEN') && nowMs >= Date.parse(endAt)) return 'CLOSED';
  if (status === 'PUBLISHED' && nowMs >= Date.parse(startAt)) return 'OPEN';
  return status;
}

/** What the countdown shows: time to the start (published), to the end (open), or nothing left. */
export function countdown(
  status: string,
  startAt: string,
  endAt: string,
  nowMs: number,
): { phase: 'startsIn' | 'timeLeft' | 'ended'; ms: number } {
  const s = statusAt(status, startAt, endAt, nowMs);
  if (s === 'PUBLISHED' || s === 'DRAFT') return { phase: 'startsIn', ms: Math.max(0, Date.parse(startAt) - nowMs) };
  if (s === 'OPEN') return { phase: 'timeLeft', ms: Math.max(0, Date.parse(endAt) - nowMs) };
  return { phase: 'ended', ms: 0 };
}

/** "00:04:59" (rounded up to the second, so 0 shows only at the end); days apart for the caller's text. */
export function clockText(ms: number): { days: number; time: string } {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const days = Math.floor(total / 86_400);
  const rest = total % 86_400;
  const pad = (n: number) => String(n).padStart(2, '0');
  return { days, time: `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}` };
}

/** The monitor's detail after a staff bid event: the ranking (names, prices) and the log, the end. A bid is always its company's best (each must go under its last). */
export function applyStaffBid(d: MonitorDetail, e: StaffBidEvent): MonitorDetail {
  if (d.bids.some((b) => b.seq === e.seq)) return d;
  const ranked = new Map(e.ranking.map((r) => [r.compNo, r]));
  const ranking = d.ranking
    .map((p) => {
      const r = ranked.get(p.compNo);
      return r
        ? {
            ...p,
            rank: r.rank,
            bestAmount: r.bestAmount,
            bidCount: r.bidCount,
            bestAt: r.compNo === e.compNo ? e.bidAt : p.bestAt,
          }
        : p;
    })
    .sort(
      (a, b) =>
        (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER) || a.compNo.localeCompare(b.compNo),
    );
  const bids = [
    ...d.bids,
    { seq: e.seq, compNo: e.compNo, amount: e.amount, bidAt: e.bidAt, bidBy: '', endAtAfter: e.endAt },
  ].sort((a, b) => a.seq - b.seq);
  return {
    ...d,
    ranking,
    bids,
    endAt: e.endAt,
    extensions: e.extensions,
    status: d.status === 'PUBLISHED' ? 'OPEN' : d.status,
  };
}

/** A bid event as a live screen received it, with its feed id. */
export interface ReceivedBid<E = StaffBidEvent> {
  id: number;
  event: E;
}

/**
 * A detail read again (after an open, close or award event) brought up to the bid events the screen
 * received while the read was on its way: the read may have been answered before a bid the feed
 * already delivered, and setting it as it came would take that bid out of the log for good (the
 * feed does not send it again). Events the read already includes (id ≤ its `lastEventId`) are
 * skipped; applying one twice changes nothing (applyStaffBid goes by the bid's seq).
 */
export function catchUpMonitor(read: MonitorDetail, received: readonly ReceivedBid[]): MonitorDetail {
  return received.filter((r) => r.id > read.lastEventId).reduce((d, r) => applyStaffBid(d, r.event), read);
}

/** The room after a supplier bid event of another company (ours re-reads the detail: our bids and next limit change). */
export function applySupplierBid(
  d: RoomDetail,
  e: SupplierBidEvent,
  bidders: number | null,
): { detail: RoomDetail; bidders: number } {
  return {
    detail: {
      ...d,
      endAt: e.endAt,
      extensions: e.extensions,
      myRank: e.myRank ?? d.myRank,
      myBest: e.myBest ?? d.myBest,
      status: d.status === 'PUBLISHED' ? 'OPEN' : d.status,
    },
    bidders: Math.max(e.bidders, bidders ?? 0),
  };
}

/** The room's read brought up to the bid events received meanwhile, as the monitor's (catchUpMonitor). */
export function catchUpRoom(
  read: RoomDetail,
  received: readonly ReceivedBid<SupplierBidEvent>[],
  bidders: number,
): { detail: RoomDetail; bidders: number } {
  return received
    .filter((r) => r.id > read.lastEventId)
    .reduce((acc, r) => applySupplierBid(acc.detail, r.event, acc.bidders), { detail: read, bidders });
}

/**
 * How many companies have bid: the detail's count (the server's, as the monitor's) or what the feed
 * has said since, whichever is more — a count never goes down, and a detail read before a bid event
 * arrived must not undo it.
 */
export const initialBidders = (d: RoomDetail, fromFeed: number | null) =>
  Math.max(fromFeed ?? 0, d.bidderCount, d.myBidCount > 0 ? 1 : 0);

/** A decimal amount as the server takes it: digits, at most two decimals, commas and spaces ignored. */
export function parseAmount(text: string): string | null {
  const v = text.replace(/[,\s]/g, '');
  return /^\d{1,16}(\.\d{1,2})?$/.test(v) ? v : null;
}
