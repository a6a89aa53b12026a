/**
 * Date rules of spec §5 (date inputs, text-to-date conversion, month picker, format tokens), with
 * the clock-skew threshold of spec §8/§9 (lib/clock-skew.ts) passed on. Calendar arithmetic is
 * done by hand on numbers rather than through Date/dayjs parsing, so the result never depends on
 * the runtime's time zone.
 */

/** Spec §5: "default minimum 1900-01-01". */
export const MIN_DATE = '1900-01-01';
export const MIN_YEAR = 1900;

export { CLOCK_SKEW_THRESHOLD_MS, clockSkewExceeded } from './clock-skew';

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in `month` (1–12) of `year`, February following the Gregorian leap rule. */
export function daysInMonth(year: number, month: number): number {
  if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`month must be 1–12, got ${month}`);
  return month === 2 && isLeapYear(year) ? 29 : MONTH_DAYS[month - 1];
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

function ymd(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * True for 'YYYY-MM-DD' naming a real calendar day in year 1900 or later (spec §5). Same-width
 * zero-padded strings compare in date order, which the `min` comparisons below rely on.
 */
export function isValidDateString(s: unknown): s is string {
  if (typeof s !== 'string') return false;
  const m = DATE_RE.exec(s);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < MIN_YEAR || month < 1 || month > 12) return false;
  return day >= 1 && day <= daysInMonth(year, month);
}

/** Spec §5: two-digit years below 70 become 20xx, others 19xx. */
export function expandTwoDigitYear(yy: number): number {
  return yy < 70 ? 2000 + yy : 1900 + yy;
}

const clamp = (n: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, n));

const COMPACT_RE = /^(\d{8}|\d{6})$/;
// Any mix of '-', '.', '/' and spaces separates the parts: people type all of them.
const SEPARATED_RE = /^(\d{4}|\d{2})[-./ ]+(\d{1,2})[-./ ]+(\d{1,2})\.?$/;

export interface TextToDateOptions {
  /** Earliest date the field accepts, 'YYYY-MM-DD' ≥ MIN_DATE. Defaults to MIN_DATE. */
  min?: string;
}

/**
 * Turns what a user typed into a date field into 'YYYY-MM-DD', or null when the text has no
 * recognisable date shape.
 *
 * Accepted shapes (surrounding whitespace ignored):
 * - 8 digits YYYYMMDD ('20240230');
 * - 6 digits YYMMDD ('240230'; so '202402' is 2020-12-02, never a year-month);
 * - year, month, day separated by '-', '.', '/' or spaces, year of 4 or 2 digits, month and day
 *   of 1 or 2 digits ('2024-2-30', '2024.02.30', '99-13-01'); a trailing '.' ('2024. 2. 30.',
 *   the Korean locale style) is allowed.
 * Anything else (7 digits, 3-digit years, letters) is null.
 *
 * Repair (spec §5): the month is clamped to 1–12 and the day to 1…the month's length (leap
 * years included); two-digit years below 70 become 20xx, others 19xx.
 *
 * Decision — dates before the minimum (1900-01-01 unless `min` says later) are CLAMPED to the
 * minimum, not rejected: the conversion's job is to repair a recognisable date into a valid one,
 * as it does for the month and day, and the spec's minimum is the date-picker's lower bound.
 */
export function textToDate(input: string | null | undefined, options: TextToDateOptions = {}): string | null {
  const min = options.min ?? MIN_DATE;
  if (!isValidDateString(min)) throw new RangeError(`textToDate: min must be a valid date ≥ ${MIN_DATE}, got ${min}`);
  if (input === null || input === undefined) return null;
  const text = input.trim();
  let yearText: string;
  let monthText: string;
  let dayText: string;
  const compact = COMPACT_RE.exec(text);
  if (compact) {
    const digits = compact[1];
    const yearWidth = digits.length === 8 ? 4 : 2;
    yearText = digits.slice(0, yearWidth);
    monthText = digits.slice(yearWidth, yearWidth + 2);
    dayText = digits.slice(yearWidth + 2);
  } else {
    const separated = SEPARATED_RE.exec(text);
    if (!separated) return null;
    [, yearText, monthText, dayText] = separated;
  }
  const year = yearText.length === 2 ? expandTwoDigitYear(Number(yearText)) : Number(yearText);
  const month = clamp(Number(monthText), 1, 12);
  const day = clamp(Number(dayText), 1, daysInMonth(year, month));
  const result = ymd(year, month, day);
  return result < min ? min : result;
}

const MONTH_RE = /^(\d{4})(?:[-./ ]?)(\d{1,2})$/;

/**
 * Month-picker value (spec §5): 'YYYYMM' with year ≥ 1900 and month 1–12, else '' (empty).
 * Unlike textToDate nothing is clamped — the spec says "else empty". Accepts 'YYYYMM' and the
 * typed forms 'YYYY-MM', 'YYYY.MM', 'YYYY/MM', 'YYYY M' (month of 1 or 2 digits).
 * Month 0 is empty too: the spec states only the upper bound, but there is no month 0.
 */
export function normalizeMonth(input: string | null | undefined): string {
  if (input === null || input === undefined) return '';
  const m = MONTH_RE.exec(input.trim());
  if (!m) return '';
  // Without a separator a 5-digit 'YYYYM' would be ambiguous with a half-typed 'YYYYMM'.
  if (!/[-./ ]/.test(input.trim()) && m[2].length !== 2) return '';
  const year = Number(m[1]);
  const month = Number(m[2]);
  if (year < MIN_YEAR || month < 1 || month > 12) return '';
  return `${pad(year, 4)}${pad(month, 2)}`;
}

/**
 * A 'YYYYMM' month as people read it, 'YYYY-MM' — what the month picker shows, in both languages (a
 * date column shows YYYY-MM-DD alike). Anything else (blank, a half-typed or foreign value) is shown as it is.
 */
export function formatYearMonth(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = String(v).trim();
  return /^\d{4}(0[1-9]|1[0-2])$/.test(s) ? `${s.slice(0, 4)}-${s.slice(4)}` : s;
}

export type DateLang = 'ko' | 'en';

const WEEKDAY_SHORT: Record<DateLang, readonly string[]> = {
  ko: ['일', '월', '화', '수', '목', '금', '토'],
  en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
};
const WEEKDAY_LONG: Record<DateLang, readonly string[]> = {
  ko: ['일요일', '월요일', '화요일', '수요일', '목요일', '금요일', '토요일'],
  en: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
};
const MERIDIEM: Record<DateLang, readonly [string, string]> = {
  ko: ['오전', '오후'],
  // The spec names a.m./p.m. only in Korean; English gets the usual AM/PM rather than Korean text.
  en: ['AM', 'PM'],
};

/** The calendar and clock fields a pattern prints, in whichever time zone they were read. */
interface WallTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** 0 = Sunday */
  weekday: number;
}

type Part = (d: WallTime, lang: DateLang) => string;

/** Token → renderer. Keys are a letter repeated; see formatDate for the table. */
const TOKENS: Record<string, Part> = {
  yyyy: (d) => pad(d.year, 4),
  yy: (d) => pad(d.year % 100, 2),
  MM: (d) => pad(d.month, 2),
  dd: (d) => pad(d.day, 2),
  HH: (d) => pad(d.hours, 2),
  hh: (d) => pad(d.hours % 12 === 0 ? 12 : d.hours % 12, 2),
  mm: (d) => pad(d.minutes, 2),
  ss: (d) => pad(d.seconds, 2),
  E: (d, lang) => WEEKDAY_SHORT[lang][d.weekday],
  EEEE: (d, lang) => WEEKDAY_LONG[lang][d.weekday],
  a: (d, lang) => MERIDIEM[lang][d.hours < 12 ? 0 : 1],
};

function localWallTime(d: Date): WallTime {
  return {
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    hours: d.getHours(),
    minutes: d.getMinutes(),
    seconds: d.getSeconds(),
    weekday: d.getDay(),
  };
}

/**
 * The company's business clock: the company works in Korea, so a moment — a session's
 * end, an audit time, a deadline — is shown in Korean time whatever zone the browser is set to.
 */
export const BUSINESS_TIME_ZONE = 'Asia/Seoul';
/** The zone's short name, said beside times where it matters (session expiry, audit times). */
export const BUSINESS_TIME_ZONE_LABEL = 'KST';

const zoneFormats = new Map<string, Intl.DateTimeFormat>();
const WEEKDAY_INDEX: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

function zonedWallTime(d: Date, timeZone: string): WallTime {
  let f = zoneFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    zoneFormats.set(timeZone, f);
  }
  const part: Record<string, string> = {};
  for (const p of f.formatToParts(d)) part[p.type] = p.value;
  return {
    year: Number(part.year),
    month: Number(part.month),
    day: Number(part.day),
    hours: Number(part.hour) % 24,
    minutes: Number(part.minute),
    seconds: Number(part.second),
    weekday: WEEKDAY_INDEX[part.weekday] ?? 0,
  };
}

const ASCII_LETTER = /[A-Za-z]/;

/**
 * Formats a date in the runtime's local time with exactly the spec's tokens (spec §5):
 *
 * | token | meaning                        | ko        | en       |
 * |-------|--------------------------------|-----------|----------|
 * | yyyy  | 4-digit year                   | 2024      | 2024     |
 * | yy    | last two digits of the year    | 24        | 24       |
 * | MM    | month 01–12                    | 03        | 03       |
 * | dd    | day 01–31                      | 05        | 05       |
 * | HH    | hour 00–23                     | 13        | 13       |
 * | hh    | hour 01–12, 12 at noon/midnight | 01        | 01       |
 * | mm    | minute 00–59                   | 07        | 07       |
 * | ss    | second 00–59                   | 09        | 09       |
 * | E     | short weekday                  | 월        | Mon      |
 * | EEEE  | long weekday                   | 월요일    | Monday   |
 * | a     | before/after noon              | 오전/오후 | AM/PM    |
 *
 * Every other ASCII letter, and any other run length of a token letter ('M', 'yyy', 'EE',
 * 'YYYY', 'DD'), throws a RangeError: a pattern written for another library fails at once
 * instead of printing a wrong date. Text in single quotes is literal ("yyyy-MM-dd'T'HH:mm"),
 * '' is a literal quote. Non-letters (digits, punctuation, Hangul such as '년') are literal.
 * An invalid Date gives '' — a display cell should stay blank rather than show "NaN".
 */
export function formatDate(date: Date | number, pattern: string, lang: DateLang = 'ko'): string {
  const d = typeof date === 'number' ? new Date(date) : date;
  if (Number.isNaN(d.getTime())) return '';
  return render(localWallTime(d), pattern, lang);
}

/**
 * A moment (a timestamp from the server) on the business clock, Asia/Seoul by default, with
 * formatDate's tokens: '2026-11-23 11:34' in every browser, where formatDate would print the
 * browser's own time ('02:34' in a UTC browser). Calendar dates ('YYYY-MM-DD', no time of day)
 * are not moments: they go through formatDate, which never shifts them.
 */
export function formatInstant(
  date: Date | number | string,
  pattern: string,
  lang: DateLang = 'ko',
  timeZone: string = BUSINESS_TIME_ZONE,
): string {
  const d = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(d.getTime())) return '';
  return render(zonedWallTime(d, timeZone), pattern, lang);
}

function render(d: WallTime, pattern: string, lang: DateLang): string {
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const ch = pattern[i];
    if (ch === "'") {
      if (pattern[i + 1] === "'") {
        out += "'";
        i += 2;
        continue;
      }
      const close = pattern.indexOf("'", i + 1);
      if (close < 0) throw new RangeError(`formatDate: unclosed quote in pattern "${pattern}"`);
      out += pattern.slice(i + 1, close);
      i = close + 1;
      continue;
    }
    if (ASCII_LETTER.test(ch)) {
      let j = i;
      while (pattern[j] === ch) j++;
      const token = pattern.slice(i, j);
      if (!Object.hasOwn(TOKENS, token)) {
        throw new RangeError(
          `formatDate: unknown token "${token}" in pattern "${pattern}"; known: ${Object.keys(TOKENS).join(', ')} (quote literal letters)`,
        );
      }
      out += TOKENS[token](d, lang);
      i = j;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}
