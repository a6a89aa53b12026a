/**
 * The deadlines of a monthly combined invoice (월합계 세금계산서, 부가가치세법 §34③): written for the
 * last day of the month it covers, issued by the 10th of the next month, and transmitted to the NTS
 * by the day after it is issued (§32③, 시행령 §68⑦). A deadline on a Saturday, Sunday or public holiday
 * moves to the next day that is none (국세기본법 §5①). All dates are Korean calendar days, YYYY-MM-DD.
 */
import { KOREAN_HOLIDAYS } from './korean-holidays.js';

/** Days before the deadline from which an unissued invoice is flagged (the 8th, for the 10th). */
export const WARN_DAYS_BEFORE = 2;

export type DeadlineState = 'ON_TIME' | 'DUE_SOON' | 'LATE';

function parts(date: string): [number, number, number] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`not a YYYY-MM-DD date: "${date}"`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function iso(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = parts(date);
  return iso(new Date(Date.UTC(y, m - 1, d + days)));
}

/** Whether `date` is a Saturday, Sunday or public holiday; refuses a year the table does not hold. */
export function isNonBusinessDay(date: string): boolean {
  const [y, m, d] = parts(date);
  const holidays = KOREAN_HOLIDAYS[y];
  if (!holidays)
    throw new RangeError(
      `no Korean holiday table for ${y}: add the year to server/modules/tax-invoices/korean-holidays.ts`,
    );
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return weekday === 0 || weekday === 6 || holidays.includes(date);
}

/** `date`, or the first business day after it. */
export function nextBusinessDay(date: string): string {
  let day = date;
  while (isNonBusinessDay(day)) day = addDays(day, 1);
  return day;
}

/** YYYY-MM of a settlement period → the last day of that month (the invoice's 작성일자). */
export function writeDateOf(period: string): string {
  const m = /^(\d{4})-?(\d{2})$/.exec(period);
  if (!m) throw new RangeError(`not a YYYY-MM period: "${period}"`);
  const y = Number(m[1]);
  const month = Number(m[2]);
  if (month < 1 || month > 12) throw new RangeError(`not a month: "${period}"`);
  return iso(new Date(Date.UTC(y, month, 0)));
}

/** The last day to issue the invoice written on `writeDate`: the 10th of the next month, moved past non-business days. */
export function issueDeadline(writeDate: string): string {
  const [y, m] = parts(writeDate);
  return nextBusinessDay(iso(new Date(Date.UTC(y, m, 10))));
}

/** The last day to transmit to the NTS an invoice issued on `issueDate`: the next day, moved past non-business days. */
export function transmitDeadline(issueDate: string): string {
  return nextBusinessDay(addDays(issueDate, 1));
}

/** Where an invoice not yet issued on `today` stands against its deadline. */
export function issueDeadlineState(writeDate: string, today: string): DeadlineState {
  const deadline = issueDeadline(writeDate);
  if (today > deadline) return 'LATE';
  const [y, m] = parts(writeDate);
  const warnFrom = iso(new Date(Date.UTC(y, m, 10 - WARN_DAYS_BEFORE)));
  return today >= warnFrom ? 'DUE_SOON' : 'ON_TIME';
}
