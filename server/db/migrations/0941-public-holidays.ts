import type { Kysely } from 'kysely';
import { runSqlScript } from '../sql-script.js';

/**
 * Public holidays as data an operator keeps (docs/tax-invoices.md "Deadlines"), replacing the table that
 * was code: a deadline on a Saturday, Sunday, public holiday or 근로자의 날 moves to the next day that is
 * none (국세기본법 §5①). `public_holiday_year` lists the years whose calendar is complete: a date in any
 * other year is refused, not guessed. Seeded with 2024–2027 as announced under 관공서의 공휴일에 관한 규정
 * (substitute, election and temporary holidays included) and 제헌절 (17 July) from 2026, made a public
 * holiday again by the 2026 amendment of 공휴일에 관한 법률 (promulgated February 2026). 근로자의 날 (1 May)
 * is not a row: 국세기본법 §5①3 names it by statute every year (deadlines.ts).
 *
 * Written out here, not imported: a migration must not change when the code does.
 */
export const HOLIDAY_SEED: ReadonlyArray<readonly [date: string, name: string, kind: string]> = [
  ['2024-01-01', '신정', 'HOLIDAY'],
  ['2024-02-09', '설날 연휴', 'HOLIDAY'],
  ['2024-02-10', '설날', 'HOLIDAY'],
  ['2024-02-11', '설날 연휴', 'HOLIDAY'],
  ['2024-02-12', '대체공휴일(설날)', 'SUBSTITUTE'],
  ['2024-03-01', '삼일절', 'HOLIDAY'],
  ['2024-04-10', '제22대 국회의원선거', 'ELECTION'],
  ['2024-05-05', '어린이날', 'HOLIDAY'],
  ['2024-05-06', '대체공휴일(어린이날)', 'SUBSTITUTE'],
  ['2024-05-15', '부처님오신날', 'HOLIDAY'],
  ['2024-06-06', '현충일', 'HOLIDAY'],
  ['2024-08-15', '광복절', 'HOLIDAY'],
  ['2024-09-16', '추석 연휴', 'HOLIDAY'],
  ['2024-09-17', '추석', 'HOLIDAY'],
  ['2024-09-18', '추석 연휴', 'HOLIDAY'],
  ['2024-10-01', '국군의 날(임시공휴일)', 'TEMPORARY'],
  ['2024-10-03', '개천절', 'HOLIDAY'],
  ['2024-10-09', '한글날', 'HOLIDAY'],
  ['2024-12-25', '기독탄신일', 'HOLIDAY'],
  ['2025-01-01', '신정', 'HOLIDAY'],
  ['2025-01-27', '임시공휴일', 'TEMPORARY'],
  ['2025-01-28', '설날 연휴', 'HOLIDAY'],
  ['2025-01-29', '설날', 'HOLIDAY'],
  ['2025-01-30', '설날 연휴', 'HOLIDAY'],
  ['2025-03-01', '삼일절', 'HOLIDAY'],
  ['2025-03-03', '대체공휴일(삼일절)', 'SUBSTITUTE'],
  ['2025-05-05', '어린이날·부처님오신날', 'HOLIDAY'],
  ['2025-05-06', '대체공휴일(어린이날·부처님오신날)', 'SUBSTITUTE'],
  ['2025-06-03', '제21대 대통령선거', 'ELECTION'],
  ['2025-06-06', '현충일', 'HOLIDAY'],
  ['2025-08-15', '광복절', 'HOLIDAY'],
  ['2025-10-03', '개천절', 'HOLIDAY'],
  ['2025-10-05', '추석 연휴', 'HOLIDAY'],
  ['2025-10-06', '추석', 'HOLIDAY'],
  ['2025-10-07', '추석 연휴', 'HOLIDAY'],
  ['2025-10-08', '대체공휴일(추석)', 'SUBSTITUTE'],
  ['2025-10-09', '한글날', 'HOLIDAY'],
  ['2025-12-25', '기독탄신일', 'HOLIDAY'],
  ['2026-01-01', '신정', 'HOLIDAY'],
  ['2026-02-16', '설날 연휴', 'HOLIDAY'],
  ['2026-02-17', '설날', 'HOLIDAY'],
  ['2026-02-18', '설날 연휴', 'HOLIDAY'],
  ['2026-03-01', '삼일절', 'HOLIDAY'],
  ['2026-03-02', '대체공휴일(삼일절)', 'SUBSTITUTE'],
  ['2026-05-05', '어린이날', 'HOLIDAY'],
  ['2026-05-24', '부처님오신날', 'HOLIDAY'],
  ['2026-05-25', '대체공휴일(부처님오신날)', 'SUBSTITUTE'],
  ['2026-06-03', '제9회 전국동시지방선거', 'ELECTION'],
  ['2026-06-06', '현충일', 'HOLIDAY'],
  ['2026-07-17', '제헌절', 'HOLIDAY'],
  ['2026-08-15', '광복절', 'HOLIDAY'],
  ['2026-08-17', '대체공휴일(광복절)', 'SUBSTITUTE'],
  ['2026-09-24', '추석 연휴', 'HOLIDAY'],
  ['2026-09-25', '추석', 'HOLIDAY'],
  ['2026-09-26', '추석 연휴', 'HOLIDAY'],
  ['2026-10-03', '개천절', 'HOLIDAY'],
  ['2026-10-05', '대체공휴일(개천절)', 'SUBSTITUTE'],
  ['2026-10-09', '한글날', 'HOLIDAY'],
  ['2026-12-25', '기독탄신일', 'HOLIDAY'],
  ['2027-01-01', '신정', 'HOLIDAY'],
  ['2027-02-06', '설날 연휴', 'HOLIDAY'],
  ['2027-02-07', '설날', 'HOLIDAY'],
  ['2027-02-08', '설날 연휴', 'HOLIDAY'],
  ['2027-02-09', '대체공휴일(설날)', 'SUBSTITUTE'],
  ['2027-03-01', '삼일절', 'HOLIDAY'],
  ['2027-05-05', '어린이날', 'HOLIDAY'],
  ['2027-05-13', '부처님오신날', 'HOLIDAY'],
  ['2027-06-06', '현충일', 'HOLIDAY'],
  ['2027-07-17', '제헌절', 'HOLIDAY'],
  ['2027-08-15', '광복절', 'HOLIDAY'],
  ['2027-08-16', '대체공휴일(광복절)', 'SUBSTITUTE'],
  ['2027-09-14', '추석 연휴', 'HOLIDAY'],
  ['2027-09-15', '추석', 'HOLIDAY'],
  ['2027-09-16', '추석 연휴', 'HOLIDAY'],
  ['2027-10-03', '개천절', 'HOLIDAY'],
  ['2027-10-04', '대체공휴일(개천절)', 'SUBSTITUTE'],
  ['2027-10-09', '한글날', 'HOLIDAY'],
  ['2027-10-11', '대체공휴일(한글날)', 'SUBSTITUTE'],
  ['2027-12-25', '기독탄신일', 'HOLIDAY'],
  ['2027-12-27', '대체공휴일(기독탄신일)', 'SUBSTITUTE'],
];
export const HOLIDAY_SEED_YEARS = [2024, 2025, 2026, 2027];

const up_sql = `
create table public_holiday_year (
  year        integer primary key check (year between 2000 and 2100),
  updated_by  varchar(50) not null,
  updated_at  timestamptz not null default now(),
  version     integer not null default 1
);
create table public_holiday (
  holiday_date date primary key,
  year         integer not null references public_holiday_year(year) on delete cascade,
  name         varchar(100) not null check (length(trim(name)) > 0),
  kind         varchar(12) not null check (kind in ('HOLIDAY','SUBSTITUTE','TEMPORARY','ELECTION')),
  check (extract(year from holiday_date) = year)
);
create index public_holiday_year_idx on public_holiday(year);
insert into public_holiday_year (year, updated_by) values ${HOLIDAY_SEED_YEARS.map((y) => `(${y}, 'system')`).join(', ')};
insert into public_holiday (holiday_date, year, name, kind) values ${HOLIDAY_SEED.map(
  ([d, n, k]) => `('${d}', ${d.slice(0, 4)}, '${n}', '${k}')`,
).join(', ')};
grant select on public_holiday_year to gpms_supplier;
grant select on public_holiday to gpms_supplier;
`;

export async function up(db: Kysely<any>): Promise<void> {
  await runSqlScript(db, up_sql);
}
