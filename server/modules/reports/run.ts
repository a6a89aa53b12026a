/**
 * Runs a report's SQL as one statement: the grouped rows `r`, the total count and the totals row
 * (window functions over `r`), sorted and paged (see sql.ts).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { ReportSpec } from './catalog.js';

type Row = Record<string, unknown>;

export const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A value as the row schema says: integers as numbers, decimals as exact strings ('1500', '12.5'), text as text. */
export function normalise(kind: 'text' | 'int' | 'dec', v: unknown): unknown {
  if (v === null || v === undefined) return kind === 'int' ? 0 : null;
  if (kind === 'int') return Number(v);
  if (kind === 'dec') {
    const s = String(v);
    // Trailing zeros of a fraction say nothing ('1500.00' → '1500', '12.50' → '12.5').
    return s.includes('.') && !s.includes('e') ? s.replace(/0+$/, '').replace(/\.$/, '') : s;
  }
  return String(v);
}

export interface ReportAnswer {
  rows: Row[];
  total: number;
  totals: Row;
}

export function reportStatement(spec: ReportSpec, inner: RawBuilder<unknown>, sort: { field: string; direction: 'asc' | 'desc' }, page: { limit: number; offset: number }): RawBuilder<Row> {
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
export const reportSession = sql`set local work_mem = '${sql.raw(REPORT_WORK_MEM)}'`;

export async function runReport(db: Db, spec: ReportSpec, inner: RawBuilder<unknown>, sort: { field: string; direction: 'asc' | 'desc' }, page: { limit: number; offset: number }): Promise<ReportAnswer> {
  const result = await db.transaction().execute(async (trx) => {
    await reportSession.execute(trx);
    return reportStatement(spec, inner, sort, page).execute(trx);
  });
  const raw = result.rows;
  const get = (r: Row, snakeName: string) => {
    // The connection maps snake_case to camelCase; read either.
    const camel = snakeName.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    return r[camel] !== undefined ? r[camel] : r[snakeName];
  };
  const rows = raw.map((r) => Object.fromEntries(Object.entries(spec.fields).map(([f, def]) => [f, normalise(def.kind, get(r, snake(f)))])));
  const first = raw[0];
  const totals: Row = {};
  for (const f of Object.keys(spec.totals)) totals[f] = first ? normalise(spec.fields[f].kind, get(first, `zz_${snake(f)}`)) : spec.fields[f].kind === 'int' ? 0 : null;
  return { rows, total: first ? Number(get(first, 'zz_count')) : 0, totals };
}
