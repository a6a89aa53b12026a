/**
 * Quotation requests (RFQ, 견적요청) and the suppliers' quotations, DESIGN §6:
 * a quotation is requested → checked (the supplier opened it) → submitted (revisable until the
 * deadline) → selected / not selected; cancelled with its request. The RFQ itself is open until
 * the buyer selects (awarded) or cancels it.
 */
import { compareDecimals } from '../../../../lib/money.js';
import { msOf, type Instant } from '../../../domain/dates.js';
import type { Machine } from '../../../domain/machine.js';

export const QUOT_STATUSES = ['REQUESTED', 'CHECKED', 'SUBMITTED', 'SELECTED', 'NOT_SELECTED', 'CANCELLED'] as const;
export type QuotStatus = (typeof QUOT_STATUSES)[number];
export type QuotAction = 'check' | 'submit' | 'select' | 'notSelect' | 'cancel';

export const QUOT_MACHINE: Machine<QuotStatus, QuotAction> = {
  name: '견적',
  statuses: QUOT_STATUSES,
  statusLabels: {
    REQUESTED: '견적요청',
    CHECKED: '요청확인',
    SUBMITTED: '견적제출',
    SELECTED: '선정',
    NOT_SELECTED: '미선정',
    CANCELLED: '요청취소',
  },
  actionLabels: { check: '확인', submit: '제출', select: '선정', notSelect: '미선정 처리', cancel: '취소' },
  transitions: {
    check: { from: ['REQUESTED'], to: 'CHECKED' },
    submit: { from: ['REQUESTED', 'CHECKED', 'SUBMITTED'], to: 'SUBMITTED' },
    select: { from: ['SUBMITTED'], to: 'SELECTED' },
    notSelect: { from: ['REQUESTED', 'CHECKED', 'SUBMITTED'], to: 'NOT_SELECTED' },
    cancel: { from: ['REQUESTED', 'CHECKED', 'SUBMITTED'], to: 'CANCELLED' },
  },
};

export const RFQ_STATUSES = ['OPEN', 'AWARDED', 'CANCELLED'] as const;
export type RfqStatus = (typeof RFQ_STATUSES)[number];
export type RfqAction = 'select' | 'cancel' | 'order';

export const RFQ_MACHINE: Machine<RfqStatus, RfqAction> = {
  name: '견적요청',
  statuses: RFQ_STATUSES,
  statusLabels: { OPEN: '견적진행', AWARDED: '업체선정', CANCELLED: '취소' },
  actionLabels: { select: '업체 선정', cancel: '취소', order: '발주' },
  transitions: {
    select: { from: ['OPEN'], to: 'AWARDED' },
    cancel: { from: ['OPEN'], to: 'CANCELLED' },
    order: { from: ['AWARDED'], to: 'same' },
  },
};

/** A supplier may submit or revise while the request is open and its deadline has not passed. */
export function quotationOpen(rfqStatus: string, deadline: Instant, now: Date): boolean {
  return rfqStatus === 'OPEN' && now.getTime() <= msOf(deadline);
}

/**
 * The buyer selects once bidding is over: the deadline has passed, or every invited supplier
 * has answered (submitted) — so no one can still revise a price after seeing the outcome.
 */
export function selectionAllowed(deadline: Instant, now: Date, statuses: readonly string[]): boolean {
  return now.getTime() > msOf(deadline) || (statuses.length > 0 && statuses.every((s) => s === 'SUBMITTED'));
}

export interface ComparedQuote {
  compNo: string;
  status: string;
  totalAmount: string | null;
  lines: Array<{ lineNo: number; unitPrice: string }>;
}

/** The lowest submitted total and, per line, the lowest unit price: the comparison grid marks them. */
export function lowest(quotes: readonly ComparedQuote[]): { total: string | null; byLine: Map<number, string> } {
  const submitted = quotes
    .filter((q) => q.status === 'SUBMITTED' || q.status === 'SELECTED' || q.status === 'NOT_SELECTED')
    .filter((q) => q.totalAmount !== null);
  let total: string | null = null;
  const byLine = new Map<number, string>();
  for (const q of submitted) {
    if (total === null || compareDecimals(q.totalAmount!, total) < 0) total = q.totalAmount;
    for (const l of q.lines) {
      const best = byLine.get(l.lineNo);
      if (best === undefined || compareDecimals(l.unitPrice, best) < 0) byLine.set(l.lineNo, l.unitPrice);
    }
  }
  return { total, byLine };
}
