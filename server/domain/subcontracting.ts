/**
 * The Subcontracting Act's (하도급거래 공정화에 관한 법률) dated duties as pure rules: which orders are 하도급, the
 * inspection and payment clocks of a received line, and the three-year retention. The articles, where each
 * number comes from and what a company configures: docs/subcontracting.md. Dates are 'YYYY-MM-DD' strings;
 * `today` is always the business day of the business clock (todayKst(app.clock.now())).
 */
import { daysInMonth } from '../../lib/date.js';

/** 제조위탁, 수리위탁, 용역위탁 (the CHECK of po_header.subcon_kind). */
export type SubconKind = 'MANUFACTURE' | 'REPAIR' | 'SERVICE';
/** A rule's answer: a kind, or NONE — not 하도급 whatever a less specific rule says. */
type RuleKind = SubconKind | 'NONE';
type RuleMatch = 'PO_TYPE' | 'SG_CODE' | 'COMP_NO';

/** §9②: the written inspection result within 10 days of receipt. */
export const INSPECTION_DAYS = 10;
/** §13①: payment within 60 days of receipt (a longer agreed term falls back to it). */
const PAYMENT_DAYS = 60;
/** §13③: within 15 days of the day the 원사업자 was paid by its own 발주자 for the work. */
const OWNER_PAID_DAYS = 15;
/** §3⑨ and 시행령 §6: the transaction's documents are kept three years from its end. */
const RETENTION_YEARS = 3;

export const SUBCON_KIND_LABELS: Readonly<Record<SubconKind, string>> = {
  MANUFACTURE: '제조위탁',
  REPAIR: '수리위탁',
  SERVICE: '용역위탁',
};

/** The day `n` days after `day` (calendar days; the Act counts calendar days, not business days). */
export function plusDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * 민법 §157 and §160: a period in years not counted from a day's start begins the next day and ends on the
 * day before the same date of the last year — the anniversary of `day` itself; a date the last year lacks
 * (29 February) ends on that month's last day.
 */
export function plusYears(day: string, years: number): string {
  const y = Number(day.slice(0, 4)) + years;
  const m = Number(day.slice(5, 7));
  const d = Math.min(Number(day.slice(8, 10)), daysInMonth(y, m));
  return `${String(y).padStart(4, '0')}-${day.slice(5, 7)}-${String(d).padStart(2, '0')}`;
}

export interface SubconRule {
  matchKind: RuleMatch;
  matchValue: string;
  subconKind: RuleKind;
}

/**
 * The kind an order is, from the rules: the most specific rule wins — the supplier's, then the first line's
 * sourcing group that has one (in line order), then the order type's. No rule, or NONE: not 하도급 (null).
 */
export function subconKindOf(
  rules: readonly SubconRule[],
  order: { poType: string; compNo: string; sgCodes: ReadonlyArray<string | null> },
): SubconKind | null {
  const find = (kind: RuleMatch, value: string | null) =>
    value === null ? undefined : rules.find((r) => r.matchKind === kind && r.matchValue === value);
  const rule =
    find('COMP_NO', order.compNo) ??
    order.sgCodes.map((sg) => find('SG_CODE', sg)).find((r) => r !== undefined) ??
    find('PO_TYPE', order.poType);
  return rule && rule.subconKind !== 'NONE' ? rule.subconKind : null;
}

type InspectionState = 'OPEN' | 'PASS' | 'FAIL' | 'DEEMED_PASS';

export interface LineClock {
  /** The last day a written result may be given (the receipt day is day 0, 민법 §157). */
  inspectionDue: string;
  inspectionState: InspectionState;
  /** The last day payment is due: the shortest of the agreed term, 60 days and 발주자 지급 + 15 days. */
  paymentDue: string;
}

/**
 * A received line's clocks. The receipt day is day 0 (초일불산입); inspection is due by the end of day 10, and
 * from day 11 a line with no written result is passed (§9②, 합격 간주). A written result stops the clock; a
 * 불합격 after day 10 is refused where it is recorded (assertMayReject), so a recorded FAIL is always in time.
 */
export function lineClock(
  receivedOn: string,
  today: string,
  order: { paymentTermDays: number | null; ownerPaidDate: string | null },
  result: 'PASS' | 'FAIL' | null,
): LineClock {
  const inspectionDue = plusDays(receivedOn, INSPECTION_DAYS);
  const inspectionState: InspectionState = result ?? (today > inspectionDue ? 'DEEMED_PASS' : 'OPEN');
  const bounds = [plusDays(receivedOn, PAYMENT_DAYS)];
  if (order.paymentTermDays !== null) bounds.push(plusDays(receivedOn, order.paymentTermDays));
  if (order.ownerPaidDate !== null) bounds.push(plusDays(order.ownerPaidDate, OWNER_PAID_DAYS));
  return { inspectionDue, inspectionState, paymentDue: bounds.sort()[0] };
}

/** Past day 10 of its receipt with no written result: the line passed by law and can no longer be rejected. */
export const deemedPassed = (receivedOn: string, today: string, result: 'PASS' | 'FAIL' | null): boolean =>
  result === null && today > plusDays(receivedOn, INSPECTION_DAYS);

/** The last day a 하도급 document ended on `endedOn` must be kept (§3⑨: three years). */
export const retainedUntil = (endedOn: string): string => plusYears(endedOn, RETENTION_YEARS);
