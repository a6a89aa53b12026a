/**
 * The deadlines of a monthly combined invoice (월합계 세금계산서, 부가가치세법 §34③): written for the
 * last day of the month it covers, issued by the 10th of the next month, and transmitted to the NTS
 * by the day after it is issued (§32③, 시행령 §68⑦). A deadline on a Saturday, Sunday, public holiday
 * or 근로자의 날 moves to the next day that is none (국세기본법 §5①1–3). The public holidays are data an
 * operator keeps (table public_holiday, holidays.ts); 근로자의 날 is 1 May by statute (근로자의날 제정에 관한
 * 법률), named in §5①3 itself, so it is a rule here rather than a row. All dates are Korean calendar days.
 */
import { refused } from '../../domain/errors.js';

/** The public holidays of the years whose calendar is complete (holidays.ts loads it from the table). */
export interface HolidayCalendar {
  years: ReadonlySet<number>;
  days: ReadonlySet<string>;
}

export function calendarOf(years: Iterable<number>, days: Iterable<string>): HolidayCalendar {
  return { years: new Set(years), days: new Set(days) };
}

/** 근로자의 날, MM-DD (국세기본법 §5①3). */
const LABOUR_DAY = '05-01';

/** Days before the deadline from which an unissued invoice is flagged (the 8th, for the 10th). */
const WARN_DAYS_BEFORE = 2;

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

/**
 * Whether `date` is a Saturday, Sunday, public holiday or 근로자의 날; refuses (409 HOLIDAY_CALENDAR_MISSING)
 * a year whose calendar has not been entered rather than guessing.
 */
export function isNonBusinessDay(date: string, calendar: HolidayCalendar): boolean {
  const [y, m, d] = parts(date);
  if (!calendar.years.has(y))
    throw refused(
      'HOLIDAY_CALENDAR_MISSING',
      `${y}년 공휴일이 등록되지 않아 기한을 계산할 수 없습니다. 공휴일 관리에서 ${y}년 달력을 등록하세요`,
      { year: y },
    );
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return weekday === 0 || weekday === 6 || date.slice(5) === LABOUR_DAY || calendar.days.has(date);
}

/** `date`, or the first business day after it. */
function nextBusinessDay(date: string, calendar: HolidayCalendar): string {
  let day = date;
  while (isNonBusinessDay(day, calendar)) day = addDays(day, 1);
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
export function issueDeadline(writeDate: string, calendar: HolidayCalendar): string {
  const [y, m] = parts(writeDate);
  return nextBusinessDay(iso(new Date(Date.UTC(y, m, 10))), calendar);
}

/** The last day to transmit to the NTS an invoice issued on `issueDate`: the next day, moved past non-business days. */
export function transmitDeadline(issueDate: string, calendar: HolidayCalendar): string {
  return nextBusinessDay(addDays(issueDate, 1), calendar);
}

/** Where an invoice not yet issued on `today` stands against its deadline. */
export function issueDeadlineState(writeDate: string, today: string, calendar: HolidayCalendar): DeadlineState {
  const deadline = issueDeadline(writeDate, calendar);
  if (today > deadline) return 'LATE';
  const [y, m] = parts(writeDate);
  const warnFrom = iso(new Date(Date.UTC(y, m, 10 - WARN_DAYS_BEFORE)));
  return today >= warnFrom ? 'DUE_SOON' : 'ON_TIME';
}
