/**
 * The public-holiday calendar the deadlines read (deadlines.ts; docs/tax-invoices.md "Deadlines"), kept
 * by an operator a year at a time: 관공서의 공휴일에 관한 규정 §2 (the holidays), §3 (substitute holidays),
 * election days (공직선거법 §34) and temporary holidays the government designates. A year is entered whole
 * and replaces what was there, checked first: real dates of that year, each once, a name and a kind,
 * and 1 January and 25 December present (§2's fixed days: a calendar without them is the wrong year or
 * half a year). A year never entered is refused by the deadline computation, not guessed.
 */
import type { Db } from '../../db/connect.js';
import { writeAudit } from '../../db/audit.js';
import { failIf, missing, staleVersion, type FieldError } from '../../domain/errors.js';
import { josa } from '../../../lib/josa.js';
import { calendarOf, type HolidayCalendar } from './deadlines.js';
import {
  calendarRows,
  holidaysOf,
  holidayYear,
  holidayYears,
  lockHolidayYear,
  replaceHolidayYear,
  type HolidayKind,
} from './queries-holidays.js';

const HOLIDAY_KINDS: readonly HolidayKind[] = ['HOLIDAY', 'SUBSTITUTE', 'TEMPORARY', 'ELECTION'];

export async function loadHolidayCalendar(db: Db): Promise<HolidayCalendar> {
  const { years, days } = await calendarRows(db);
  return calendarOf(years, days);
}

export async function listHolidayYears(db: Db) {
  const years = await holidayYears(db);
  const rows = await Promise.all(years.map(async (y) => ({ ...y, days: await holidaysOf(db, y.year) })));
  return { rows, total: rows.length };
}

export async function getHolidayYear(db: Db, year: number) {
  const y = await holidayYear(db, year);
  if (!y) throw missing('HOLIDAY_YEAR_NOT_FOUND', `${year}년 공휴일이 등록되지 않았습니다`);
  return { year, version: y.version, days: await holidaysOf(db, year) };
}

function realDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** Checks a year's days, every problem at its row. */
export function checkHolidayDays(
  year: number,
  days: ReadonlyArray<{ date: string; name: string; kind: string }>,
): FieldError[] {
  const errors: FieldError[] = [];
  const seen = new Set<string>();
  days.forEach((d, i) => {
    const at = (f: string) => `body/days/${i}/${f}`;
    if (!realDate(d.date))
      errors.push({ path: at('date'), message: `날짜가 올바르지 않습니다 (YYYY-MM-DD): ${d.date}` });
    else if (!d.date.startsWith(`${year}-`))
      errors.push({ path: at('date'), message: `${year}년의 날짜가 아닙니다: ${d.date}` });
    else if (seen.has(d.date)) errors.push({ path: at('date'), message: `같은 날짜가 두 번 있습니다: ${d.date}` });
    seen.add(d.date);
    if (!d.name.trim()) errors.push({ path: at('name'), message: '공휴일 이름은 필수입니다' });
    else if (d.name.trim().length > 100)
      errors.push({ path: at('name'), message: '공휴일 이름은 100자를 넘을 수 없습니다' });
    if (!HOLIDAY_KINDS.includes(d.kind as HolidayKind))
      errors.push({
        path: at('kind'),
        message: `구분은 HOLIDAY, SUBSTITUTE, TEMPORARY, ELECTION 중 하나입니다: ${d.kind}`,
      });
  });
  for (const fixed of [`${year}-01-01`, `${year}-12-25`])
    if (!seen.has(fixed))
      errors.push({
        path: 'body/days',
        message: `${josa(fixed, '이/가')} 없습니다: 1월 1일과 기독탄신일은 매년 공휴일입니다 (관공서의 공휴일에 관한 규정 §2)`,
      });
  return errors;
}

/** Enters or replaces a year's calendar (version: the year's current one; omitted for a year not entered yet). */
export async function putHolidayYear(
  db: Db,
  year: number,
  body: { days: Array<{ date: string; name: string; kind: string }>; version?: number | null },
  actor: string,
) {
  const days = body.days.map((d) => ({ date: d.date.trim(), name: d.name.trim(), kind: d.kind.trim().toUpperCase() }));
  failIf(checkHolidayDays(year, days));
  await db.transaction().execute(async (trx) => {
    const cur = await lockHolidayYear(trx, year);
    if ((cur?.version ?? null) !== (body.version ?? null)) throw staleVersion(cur?.version ?? 0);
    const before = cur ? await holidaysOf(trx, year) : null;
    const sorted = [...days].sort((a, b) => a.date.localeCompare(b.date)) as Array<{
      date: string;
      name: string;
      kind: HolidayKind;
    }>;
    await replaceHolidayYear(trx, year, sorted, actor, cur !== undefined);
    await writeAudit(trx, {
      entity: 'public_holiday_year',
      entityKey: String(year),
      action: cur ? 'UPDATE' : 'CREATE',
      actor,
      before: before ?? undefined,
      after: sorted,
    });
  });
  return getHolidayYear(db, year);
}
