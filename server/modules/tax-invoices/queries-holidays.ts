/** SQL of the public-holiday calendar (holidays.ts). */
import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

const day = (d: Date | string) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

export async function calendarRows(db: Db) {
  const [years, days] = await Promise.all([
    db.selectFrom('publicHolidayYear').select('year').execute(),
    db.selectFrom('publicHoliday').select('holidayDate').execute(),
  ]);
  return { years: years.map((y) => y.year), days: days.map((d) => day(d.holidayDate)) };
}

export async function holidayYears(db: Db) {
  const rows = await db
    .selectFrom('publicHolidayYear as y')
    .select(['y.year', 'y.updatedBy', 'y.updatedAt', 'y.version'])
    .select((eb) =>
      eb
        .selectFrom('publicHoliday as h')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('h.year', '=', 'y.year')
        .as('dayCount'),
    )
    .orderBy('y.year', 'desc')
    .execute();
  return rows.map((r) => ({
    year: r.year,
    dayCount: Number(r.dayCount ?? 0),
    updatedBy: r.updatedBy,
    updatedAt: new Date(r.updatedAt).toISOString(),
    version: r.version,
  }));
}

export function holidayYear(db: Db, year: number) {
  return db.selectFrom('publicHolidayYear').select(['year', 'version']).where('year', '=', year).executeTakeFirst();
}

export function lockHolidayYear(trx: Db, year: number) {
  return trx
    .selectFrom('publicHolidayYear')
    .select(['year', 'version'])
    .where('year', '=', year)
    .forUpdate()
    .executeTakeFirst();
}

export async function holidaysOf(db: Db, year: number) {
  const rows = await db
    .selectFrom('publicHoliday')
    .select(['holidayDate', 'name', 'kind'])
    .where('year', '=', year)
    .orderBy('holidayDate')
    .execute();
  return rows.map((r) => ({ date: day(r.holidayDate), name: r.name, kind: r.kind }));
}

export type HolidayKind = 'HOLIDAY' | 'SUBSTITUTE' | 'TEMPORARY' | 'ELECTION';

/** Replaces a year's days (the year row created or its version moved on). */
export async function replaceHolidayYear(
  trx: Db,
  year: number,
  days: ReadonlyArray<{ date: string; name: string; kind: HolidayKind }>,
  actor: string,
  exists: boolean,
) {
  if (exists)
    await trx
      .updateTable('publicHolidayYear')
      .set((eb) => ({ updatedBy: actor, updatedAt: new Date(), version: eb('version', '+', 1) }))
      .where('year', '=', year)
      .execute();
  else await trx.insertInto('publicHolidayYear').values({ year, updatedBy: actor }).execute();
  await trx.deleteFrom('publicHoliday').where('year', '=', year).execute();
  if (days.length > 0)
    await trx
      .insertInto('publicHoliday')
      .values(days.map((d) => ({ holidayDate: d.date, year, name: d.name, kind: d.kind })))
      .execute();
}
