/**
 * Sealed-bid tender lifecycle (전자입찰, issue 30 item 1):
 * DRAFT → PUBLISHED (invitations sent, the data key made) → OPEN (the window's start) → CLOSED
 * (its end) → OPENED (개찰: two staff confirmed) → AWARDED (orders made); CANCELLED before opening.
 * PUBLISHED → OPEN → CLOSED follow the server's clock: `byClock` says where a tender stands now,
 * and every write moves the stored status there first. Pure data and functions.
 */
import { compareDecimals } from '../../../../lib/money.js';
import { msOf, type Instant } from '../../../domain/dates.js';
import type { Machine } from '../../../domain/machine.js';
import { missing } from '../../../domain/errors.js';

export const TENDER_STATUSES = ['DRAFT', 'PUBLISHED', 'OPEN', 'CLOSED', 'OPENED', 'AWARDED', 'CANCELLED'] as const;
export type TenderStatus = (typeof TENDER_STATUSES)[number];
export type TenderAction = 'update' | 'publish' | 'bid' | 'open' | 'award' | 'cancel';

export const AWARD_RULES = ['LOWEST_TOTAL', 'LOWEST_PER_LINE'] as const;
export type AwardRule = (typeof AWARD_RULES)[number];

export const TENDER_MACHINE: Machine<TenderStatus, TenderAction> = {
  name: '입찰',
  statuses: TENDER_STATUSES,
  statusLabels: {
    DRAFT: '작성중',
    PUBLISHED: '공고',
    OPEN: '입찰중',
    CLOSED: '마감',
    OPENED: '개찰완료',
    AWARDED: '낙찰',
    CANCELLED: '취소',
  },
  actionLabels: { update: '수정', publish: '공고', bid: '투찰', open: '개찰', award: '낙찰 처리', cancel: '취소' },
  transitions: {
    update: { from: ['DRAFT'], to: 'same' },
    publish: { from: ['DRAFT'], to: 'PUBLISHED' },
    bid: { from: ['OPEN'], to: 'same' },
    open: { from: ['CLOSED'], to: 'OPENED' },
    award: { from: ['OPENED'], to: 'AWARDED' },
    // After the opening too, until the award: an award the PR's agreements refuse (another supplier, another
    // price) leaves the buyer no other way out, and a tender whose bids are all unacceptable is 유찰.
    cancel: { from: ['DRAFT', 'PUBLISHED', 'OPEN', 'CLOSED', 'OPENED'], to: 'CANCELLED' },
  },
};

/** Minutes within which the second opener must confirm after the first (dual control). */
export const OPENING_WINDOW_MINUTES = 30;

/** How many distinct people's confirmations open a tender. */
export const OPENING_CONFIRMATIONS = 2;

/** Where a published tender stands at `now`: its window decides between PUBLISHED, OPEN and CLOSED. */
export function byClock(t: { status: string; openAt: Instant; closeAt: Instant }, now: Date): TenderStatus {
  if (!['PUBLISHED', 'OPEN', 'CLOSED'].includes(t.status)) return t.status as TenderStatus;
  if (now.getTime() >= msOf(t.closeAt)) return 'CLOSED';
  if (now.getTime() >= msOf(t.openAt)) return 'OPEN';
  return 'PUBLISHED';
}

/** The confirmations that still count at `now`: those inside the window of the earliest one that does. */
export function liveConfirmations<T extends { confirmedAt: Instant }>(rows: readonly T[], now: Date): T[] {
  const windowMs = OPENING_WINDOW_MINUTES * 60_000;
  return rows.filter((r) => now.getTime() - msOf(r.confirmedAt) <= windowMs);
}

export interface OpenedBid {
  compNo: string;
  submittedAt: Instant;
  lines: Array<{ lineNo: number; unitPrice: string; amount: string }>;
  total: string;
}

/** Earlier submission first among equal prices (a tie goes to the earlier bid). */
const byPriceThenTime = (
  a: { price: string; at: Instant; compNo: string },
  b: { price: string; at: Instant; compNo: string },
) => compareDecimals(a.price, b.price) || msOf(a.at) - msOf(b.at) || a.compNo.localeCompare(b.compNo);

/** Rank 1..n by total; per line, rank 1..n by unit price. */
export function rankBids(bids: readonly OpenedBid[]): {
  total: Map<string, number>;
  perLine: Map<number, Map<string, number>>;
} {
  const total = new Map<string, number>();
  [...bids]
    .map((b) => ({ compNo: b.compNo, price: b.total, at: b.submittedAt }))
    .sort(byPriceThenTime)
    .forEach((b, i) => total.set(b.compNo, i + 1));
  const perLine = new Map<number, Map<string, number>>();
  const lineNos = [...new Set(bids.flatMap((b) => b.lines.map((l) => l.lineNo)))];
  for (const lineNo of lineNos) {
    const ranks = new Map<string, number>();
    bids
      .flatMap((b) =>
        b.lines
          .filter((l) => l.lineNo === lineNo)
          .map((l) => ({ compNo: b.compNo, price: l.unitPrice, at: b.submittedAt })),
      )
      .sort(byPriceThenTime)
      .forEach((b, i) => ranks.set(b.compNo, i + 1));
    perLine.set(lineNo, ranks);
  }
  return { total, perLine };
}

/** The winner of each line under the rule: the lowest total's bidder for every line, or each line's lowest. */
export function winnersByLine(rule: AwardRule, ranks: ReturnType<typeof rankBids>): Map<number, string> {
  const out = new Map<number, string>();
  const first = (m: Map<string, number>) => [...m.entries()].find(([, r]) => r === 1)?.[0];
  const overall = first(ranks.total);
  for (const [lineNo, m] of ranks.perLine) {
    const w = rule === 'LOWEST_TOTAL' ? overall : first(m);
    if (w) out.set(lineNo, w);
  }
  return out;
}

/** A tender that is not there, or not the caller's to see: the same 404. */
export const tenderMissing = () => missing('TENDER_NOT_FOUND', '입찰을 찾을 수 없습니다');
