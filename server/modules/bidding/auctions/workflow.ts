/**
 * Reverse auction lifecycle (역경매, issue 30 item 2):
 * DRAFT → PUBLISHED (suppliers invited) → OPEN (start_at) → CLOSED (end_at, moved by soft close)
 * → AWARDED (the PO made); CANCELLED before the award. PUBLISHED → OPEN → CLOSED follow the
 * server's clock (`byClock`); the auction jobs also write them, once, with an event for the feed.
 * Pure data and functions — the bid rule itself is checked in the database (queries.ts
 * insertBidIfValid), these say the same thing for messages, screens and the tests' recomputation.
 */
import { compareDecimals } from '../../../../lib/money.js';
import { msOf, type Instant } from '../../../domain/dates.js';
import type { Machine } from '../../../domain/machine.js';
import { missing } from '../../../domain/errors.js';

export const AUCTION_STATUSES = ['DRAFT', 'PUBLISHED', 'OPEN', 'CLOSED', 'AWARDED', 'CANCELLED'] as const;
export type AuctionStatus = (typeof AUCTION_STATUSES)[number];
export type AuctionAction = 'update' | 'publish' | 'bid' | 'award' | 'cancel';

export const DECREMENT_KINDS = ['AMOUNT', 'PERCENT'] as const;

export const AUCTION_MACHINE: Machine<AuctionStatus, AuctionAction> = {
  name: '역경매',
  statuses: AUCTION_STATUSES,
  statusLabels: {
    DRAFT: '작성중',
    PUBLISHED: '공고',
    OPEN: '진행중',
    CLOSED: '마감',
    AWARDED: '낙찰',
    CANCELLED: '취소',
  },
  actionLabels: { update: '수정', publish: '공고', bid: '입찰', award: '낙찰 처리', cancel: '취소' },
  transitions: {
    // A draft's terms, lines, suppliers and times; once published, the invited suppliers hold it as it was announced.
    update: { from: ['DRAFT'], to: 'same' },
    publish: { from: ['DRAFT'], to: 'PUBLISHED' },
    bid: { from: ['OPEN'], to: 'same' },
    award: { from: ['CLOSED'], to: 'AWARDED' },
    cancel: { from: ['DRAFT', 'PUBLISHED', 'OPEN', 'CLOSED'], to: 'CANCELLED' },
  },
};

/** Where a published auction stands at `now`: its window (end_at as extended) decides. */
export function byClock(a: { status: string; startAt: Instant; endAt: Instant }, now: Date): AuctionStatus {
  if (!['PUBLISHED', 'OPEN', 'CLOSED'].includes(a.status)) return a.status as AuctionStatus;
  if (now.getTime() >= msOf(a.endAt)) return 'CLOSED';
  if (now.getTime() >= msOf(a.startAt)) return 'OPEN';
  return 'PUBLISHED';
}

export interface SoftClose {
  endAt: Instant;
  softCloseMinutes: number;
  maxExtensions: number;
  extensions: number;
}

/**
 * Soft close: a bid in the last N minutes before the end moves the end by N minutes, at most
 * maxExtensions times. Answers the end after a bid at `at` (unchanged when no extension).
 */
export function afterBid(s: SoftClose, at: Instant): { endAt: string; extensions: number; extended: boolean } {
  const windowMs = s.softCloseMinutes * 60_000;
  if (windowMs > 0 && s.extensions < s.maxExtensions && msOf(at) > msOf(s.endAt) - windowMs) {
    return { endAt: new Date(msOf(s.endAt) + windowMs).toISOString(), extensions: s.extensions + 1, extended: true };
  }
  return { endAt: new Date(msOf(s.endAt)).toISOString(), extensions: s.extensions, extended: false };
}

/** Exact decimal text → hundredths as a bigint (numeric(18,2) amounts). */
export function cents(v: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,2})\d*)?$/.exec(v.trim());
  if (!m) throw new TypeError(`not an amount: ${v}`);
  return BigInt(m[1]) * 100n + BigInt((m[2] ?? '').padEnd(2, '0'));
}

const fromCents = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;

/**
 * The highest amount the company may bid next: below the start price for the first bid; at
 * least the decrement (an amount, or a percentage of that bid) under its own last bid after
 * that. `strict` tells whether the bound itself is excluded (the start price is; the decrement's
 * bound is allowed).
 */
export function nextLimit(
  a: { startPrice: string; decrementKind: string; decrementValue: string },
  ownBest: string | null,
): { limit: string; strict: boolean } {
  if (ownBest === null) return { limit: fromCents(cents(a.startPrice)), strict: true };
  const best = cents(ownBest);
  if (a.decrementKind === 'AMOUNT') return { limit: fromCents(best - cents(a.decrementValue)), strict: false };
  // best × (100 − pct) / 100, rounded down to the cent (a bid must be at or below the exact bound).
  const [whole, frac = ''] = a.decrementValue.split('.');
  const pct = BigInt(whole) * 10_000n + BigInt(frac.padEnd(4, '0').slice(0, 4));
  return { limit: fromCents((best * (1_000_000n - pct)) / 1_000_000n), strict: false };
}

/** Whether `amount` obeys the rule against the company's own best (the database checks the same). */
export function obeysRule(
  a: { startPrice: string; decrementKind: string; decrementValue: string },
  ownBest: string | null,
  amount: string,
): boolean {
  if (compareDecimals(amount, a.startPrice) >= 0) return false;
  if (ownBest === null) return true;
  if (a.decrementKind === 'AMOUNT') return cents(amount) <= cents(ownBest) - cents(a.decrementValue);
  const [whole, frac = ''] = a.decrementValue.split('.');
  const pct = BigInt(whole) * 10_000n + BigInt(frac.padEnd(4, '0').slice(0, 4));
  return cents(amount) * 1_000_000n <= cents(ownBest) * (1_000_000n - pct);
}

export interface Standing {
  compNo: string;
  bestAmount: string | null;
  bestSeq: number | null;
}

/** Rank 1..n of the companies that bid: lowest best first, the earlier bid among equals; others unranked. */
export function rankOf<T extends Standing>(rows: readonly T[]): Array<T & { rank: number | null }> {
  const bid = rows
    .filter((r) => r.bestAmount !== null)
    .sort((x, y) => compareDecimals(x.bestAmount!, y.bestAmount!) || x.bestSeq! - y.bestSeq!);
  const rank = new Map(bid.map((r, i) => [r.compNo, i + 1]));
  return [...bid, ...rows.filter((r) => r.bestAmount === null)].map((r) => ({
    ...r,
    rank: rank.get(r.compNo) ?? null,
  }));
}

/** An auction that is not there, or not the caller's to see: the same 404. */
export const auctionMissing = () => missing('AUCTION_NOT_FOUND', '역경매를 찾을 수 없습니다');
