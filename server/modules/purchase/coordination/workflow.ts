/**
 * 납품대금 조정협의 (상생협력법 §22의2, 하도급법 §16의2; docs/subcontracting.md "납품대금 조정협의"): the request's
 * lifecycle and its two clocks, pure. The service asks the machine before writing; the compliance view and the
 * lists read the clocks.
 */
import type { Machine } from '../../../domain/machine.js';
import { plusDays } from '../../../domain/subcontracting.js';

export const COORDINATION_STATUSES = ['REQUESTED', 'TALKS_STARTED', 'AGREED', 'FAILED', 'WITHDRAWN'] as const;
export type CoordinationStatus = (typeof COORDINATION_STATUSES)[number];
type CoordinationAction = 'startTalks' | 'agree' | 'fail' | 'withdraw';

/** Still waiting for the buyer: the clocks run on these. */
export const OPEN_COORDINATION: readonly CoordinationStatus[] = ['REQUESTED', 'TALKS_STARTED'];

/**
 * 결렬 is possible before talks started: a buyer that does not start them within 10 days leaves either side free to
 * apply for 분쟁조정, and the 시행령 lets a side apply at once when agreement is plainly out of reach (secondary).
 */
export const COORDINATION_MACHINE: Machine<CoordinationStatus, CoordinationAction> = {
  name: '납품대금 조정협의',
  statuses: COORDINATION_STATUSES,
  statusLabels: {
    REQUESTED: '요청',
    TALKS_STARTED: '협의중',
    AGREED: '합의',
    FAILED: '결렬',
    WITHDRAWN: '철회',
  },
  actionLabels: { startTalks: '협의 개시', agree: '합의 처리', fail: '결렬 처리', withdraw: '철회' },
  transitions: {
    startTalks: { from: ['REQUESTED'], to: 'TALKS_STARTED' },
    agree: { from: ['TALKS_STARTED'], to: 'AGREED' },
    fail: { from: ['REQUESTED', 'TALKS_STARTED'], to: 'FAILED' },
    withdraw: { from: ['REQUESTED', 'TALKS_STARTED'], to: 'WITHDRAWN' },
  },
};

/** The buyer starts talks within 10 days of the request (§22의2, §16의2 — secondary). */
export const TALKS_DAYS = 10;
/** Without agreement 30 days after the request, either side may apply for 분쟁조정 (secondary). */
export const AGREEMENT_DAYS = 30;

const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/**
 * The buyer is told once when a clock nears its day (docs/subcontracting.md "Notices"): talks not started by day 8
 * of 10, no outcome by day 25 of 30 — two days and five days to act, counted as the clocks are. A choice, not the
 * Act's. Past the day the notice is not sent: the compliance view names a late request.
 */
export const NOTICE_DAY = { talks: 8, outcome: 25 } as const;

type ClockName = keyof typeof NOTICE_DAY;

/**
 * Which of a request's clocks are to be told on `today`: open, its clock running, from the notice day to the due
 * day, and not told before (`talksNoticedAt`, `outcomeNoticedAt`). Each with its due day and the days left.
 */
export function clocksToNotice(
  c: {
    requestedOn: string;
    status: string;
    talksStartedOn: string | null;
    talksNoticedAt: unknown;
    outcomeNoticedAt: unknown;
  },
  today: string,
): Array<{ clock: ClockName; due: string; daysLeft: number }> {
  if (!(OPEN_COORDINATION as readonly string[]).includes(c.status)) return [];
  const out: Array<{ clock: ClockName; due: string; daysLeft: number }> = [];
  const consider = (clock: ClockName, dueDays: number, noticed: unknown, running: boolean) => {
    const from = plusDays(c.requestedOn, NOTICE_DAY[clock]);
    const due = plusDays(c.requestedOn, dueDays);
    if (running && noticed == null && today >= from && today <= due)
      out.push({ clock, due, daysLeft: daysBetween(today, due) });
  };
  consider('talks', TALKS_DAYS, c.talksNoticedAt, c.talksStartedOn === null);
  consider('outcome', AGREEMENT_DAYS, c.outcomeNoticedAt, true);
  return out;
}

interface CoordinationClock {
  /** The last day talks may start: the request day is day 0 (민법 §157, 초일불산입), so the end of day 10. */
  talksDue: string;
  /** The last day of the 30 days for an outcome. */
  agreementDue: string;
  /** Days past talksDue with no talks started (null: started, closed, or not yet past). */
  talksLateDays: number | null;
  /** Days past agreementDue with no outcome (null: closed, or not yet past). */
  agreementLateDays: number | null;
}

/**
 * A request's clocks on `today`, counted as the Act's other clocks are (docs/subcontracting.md): calendar days, the
 * request day not counted, a duty due by the end of its last day, so a request is late from day 11 (talks) and
 * day 31 (an outcome).
 */
export function coordinationClock(
  c: { requestedOn: string; status: string; talksStartedOn: string | null },
  today: string,
): CoordinationClock {
  const talksDue = plusDays(c.requestedOn, TALKS_DAYS);
  const agreementDue = plusDays(c.requestedOn, AGREEMENT_DAYS);
  const open = (OPEN_COORDINATION as readonly string[]).includes(c.status);
  return {
    talksDue,
    agreementDue,
    talksLateDays: open && c.talksStartedOn === null && today > talksDue ? daysBetween(talksDue, today) : null,
    agreementLateDays: open && today > agreementDue ? daysBetween(agreementDue, today) : null,
  };
}

/** What a request names: an agreement (단가계약) or an order (발주) with its written contract. */
export const COORDINATION_TARGETS = ['AGREEMENT', 'ORDER'] as const;
export type CoordinationTarget = (typeof COORDINATION_TARGETS)[number];

/**
 * The orders a supplier may ask on (docs/subcontracting.md "납품대금 조정협의"): sent to it and still running —
 * acknowledged or not, partly or fully delivered (the price is not settled until the order is closed). A cancelled
 * or closed (종결) order has no price left to talk about. Orders not yet sent the supplier does not see (404).
 */
export const COORDINATION_ORDER_STATUSES: readonly string[] = ['SENT', 'ACKNOWLEDGED', 'PARTLY_DELIVERED', 'DELIVERED'];
