import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { ReportSpec } from '../catalog.js';

type Row = Record<string, unknown>;

export const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

export function reportStatement(
  spec: ReportSpec,
  inner: RawBuilder<unknown>,
  sort: { field: string; direction: 'asc' | 'desc' },
  page: { limit: number; offset: number },
): RawBuilder<Row> {
  const derived = Object.entries(spec.derived ?? {}).map(([f, expr]) => sql.raw(`${expr} as ${snake(f)}`));
  const totals = Object.entries(spec.totals).map(([f, expr]) => sql.raw(`${expr} as zz_${snake(f)}`));
  const firstField = Object.keys(spec.fields)[0];
  const order = sql.raw(`r.${snake(sort.field)} ${sort.direction} nulls last, r.${snake(firstField)} asc`);
  return sql<Row>`
    with r0 as (${inner}),
    r as (select r0.*${derived.length ? sql`, ${sql.join(derived)}` : sql``} from r0)
    , t as materialized (select count(*) as zz_count${totals.length ? sql`, ${sql.join(totals)}` : sql``} from r)
    select r.*, t.* from r cross join t order by ${order} limit ${page.limit} offset ${page.offset}`;
}

/**
 * Memory for a report's sorts and hash aggregations. PostgreSQL's default (4 MB) sends a report over
 * a year of order lines to disk (external merge); 64 MB keeps it in memory — a limit per running
 * report, set for its own transaction only (benchmark: docs/reports.md).
 */
export const REPORT_WORK_MEM = '64MB';
const reportSession = sql`set local work_mem = '${sql.raw(REPORT_WORK_MEM)}'`;

export async function useReportMemory(trx: Db): Promise<void> {
  await reportSession.execute(trx);
}

/** The report's page, its count and its totals: one statement, in its own transaction with the report's memory. */
export async function reportRows(
  db: Db,
  spec: ReportSpec,
  inner: RawBuilder<unknown>,
  sort: { field: string; direction: 'asc' | 'desc' },
  page: { limit: number; offset: number },
): Promise<Row[]> {
  const result = await db.transaction().execute(async (trx) => {
    await reportSession.execute(trx);
    return reportStatement(spec, inner, sort, page).execute(trx);
  });
  return result.rows;
}
