/**
 * Dates on the server, on top of lib/date.ts (the rules the screens apply too): the Korean business
 * day, checked date fields, ranges, deadlines and settlement periods. Dates travel as 'YYYY-MM-DD'
 * strings (server/db/connect.ts reads PostgreSQL dates that way), which compare in date order.
 */
import { daysInMonth, isValidDateString } from '../../lib/date.js';
import { invalid, type FieldError } from './errors.js';
import { josa } from './values.js';

/**
 * A moment: a Date, or a timestamp as the database hands it over (Date#toISOString's form,
 * server/db/pglite/parsers.mjs). Rules about time take either, so rows go in as they are read.
 */
export type Instant = Date | string;

/** Milliseconds since the epoch of an Instant. */
export const msOf = (t: Instant): number => (typeof t === 'string' ? Date.parse(t) : t.getTime());

/**
 * Today in Korea (the business day of every date rule and document date), as YYYY-MM-DD, whatever
 * the server's time zone. Korea keeps no daylight-saving time, so KST is always UTC+9. `now` is the
 * business clock (app.clock.now() / a job's now), required so no path reads the real day by accident.
 */
export function todayKst(now: Date): string {
  return new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
}

/** A real calendar date YYYY-MM-DD from 1900 on (spec §5 date inputs). */
export const isValidDate = (value: string): boolean => isValidDateString(value);

/**
 * The instant a Korean day starts (`plusDays` after `day`), as the ISO text timestamps compare with:
 * a list's day filter. A day that is no date is a 400 INVALID_VALUE, as the database's own answer was
 * when it received the invalid Date (a RangeError, a 500, once timestamps became text).
 */
export function kstDayStart(day: string, plusDays = 0): string {
  if (!isValidDate(day)) throw invalid('INVALID_VALUE', `날짜가 올바르지 않습니다: ${day.slice(0, 20)}`);
  return new Date(Date.parse(`${day}T00:00:00+09:00`) + plusDays * 86_400_000).toISOString();
}

/**
 * A date field: blank is fine unless required; else a real date, not before `notBefore` when
 * given. Pushes a field error and returns null when it is not; returns the trimmed date otherwise.
 */
export function checkDate(
  errors: FieldError[],
  path: string,
  value: string | undefined | null,
  label: string,
  options: { required?: boolean; notBefore?: string; notBeforeLabel?: string } = {},
): string | null {
  const v = value?.trim() ?? '';
  if (v === '') {
    if (options.required) errors.push({ path, message: `${josa(label, '을/를')} 입력하세요` });
    return null;
  }
  if (!isValidDate(v)) {
    errors.push({ path, message: `${josa(label, '은/는')} YYYY-MM-DD 형식의 올바른 날짜여야 합니다` });
    return null;
  }
  if (options.notBefore && v < options.notBefore) {
    errors.push({ path, message: options.notBeforeLabel ?? `${josa(label, '은/는')} 오늘 이후여야 합니다` });
    return null;
  }
  return v;
}

/** `[from, to]` of a DateRange parameter, checked: real dates, from ≤ to. Blank ends are open. */
export function dateRange(
  errors: FieldError[],
  path: string,
  values: string[] | undefined,
): { from?: string; to?: string } {
  const [rawFrom, rawTo] = values ?? [];
  const from = rawFrom?.trim() || undefined;
  const to = rawTo?.trim() || undefined;
  if (from && !isValidDate(from)) errors.push({ path: `${path}/0`, message: '시작일이 올바른 날짜가 아닙니다' });
  if (to && !isValidDate(to)) errors.push({ path: `${path}/1`, message: '종료일이 올바른 날짜가 아닙니다' });
  if (from && to && isValidDate(from) && isValidDate(to) && from > to)
    errors.push({ path, message: '시작일이 종료일보다 늦습니다' });
  return { from, to };
}

/**
 * A month range of a list filter, `[from, to]` as YYYYMM (the schema's PeriodRange checks each); a blank end is open,
 * a start after the end an error. Answered as the list filters take it.
 */
export function periodRange(
  errors: FieldError[],
  path: string,
  values: string[] | undefined,
): { periodFrom?: string; periodTo?: string } {
  const [from, to] = (values ?? []).map((v) => v.trim() || undefined);
  if (from && to && from > to) errors.push({ path, message: '시작 월이 종료 월보다 늦습니다' });
  return { periodFrom: from, periodTo: to };
}

/**
 * A deadline: a date (meaning the end of that day in Korea, 23:59:59 KST) or an ISO date-time
 * with an offset. Returns the instant, or null with an error pushed.
 */
export function parseDeadline(errors: FieldError[], path: string, value: string, now: Date): Date | null {
  const v = value.trim();
  let at: Date | null = null;
  if (isValidDate(v)) at = new Date(`${v}T23:59:59+09:00`);
  else if (
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) &&
    isValidDate(v.slice(0, 10)) &&
    !Number.isNaN(Date.parse(v))
  )
    at = new Date(v);
  if (!at) {
    errors.push({
      path,
      message: '마감일시는 YYYY-MM-DD 또는 시간대가 있는 ISO 일시(2026-12-01T18:00:00+09:00)로 입력하세요',
    });
    return null;
  }
  if (at.getTime() <= now.getTime()) {
    errors.push({ path, message: '마감일시는 현재 이후여야 합니다' });
    return null;
  }
  return at;
}

/** '2026-10-15' → '202610'. */
export const periodOf = (date: string): string => date.slice(0, 4) + date.slice(5, 7);

/** '202602' → '2026-02-28'. */
export const lastDayOf = (period: string): string =>
  `${period.slice(0, 4)}-${period.slice(4)}-${String(daysInMonth(Number(period.slice(0, 4)), Number(period.slice(4)))).padStart(2, '0')}`;
