/**
 * Runs a report's SQL as one statement: the grouped rows `r`, the total count and the totals row
 * (window functions over `r`), sorted and paged (see queries/statements.ts and queries/run.ts).
 */
import type { RawBuilder } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { ReportSpec } from './catalog.js';
import { reportRows, snake } from './queries/run.js';

type Row = Record<string, unknown>;

/**
 * A value as the row schema says: integers as numbers, decimals as exact strings ('1500', '12.5'), text as text.
 * A missing integer is 0 (a count of nothing) unless the field is nullable (a line number where there is no line).
 */
function normalise(kind: 'text' | 'int' | 'dec', v: unknown, nullable = false): unknown {
  if (v === null || v === undefined) return kind === 'int' && !nullable ? 0 : null;
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

export async function runReport(
  db: Db,
  spec: ReportSpec,
  inner: RawBuilder<unknown>,
  sort: { field: string; direction: 'asc' | 'desc' },
  page: { limit: number; offset: number },
): Promise<ReportAnswer> {
  const raw = await reportRows(db, spec, inner, sort, page);
  const get = (r: Row, snakeName: string) => {
    // The connection maps snake_case to camelCase; read either.
    const camel = snakeName.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
    return r[camel] !== undefined ? r[camel] : r[snakeName];
  };
  const rows = raw.map((r) =>
    Object.fromEntries(
      Object.entries(spec.fields).map(([f, def]) => [f, normalise(def.kind, get(r, snake(f)), def.nullable)]),
    ),
  );
  const first = raw[0];
  const totals: Row = {};
  for (const f of Object.keys(spec.totals))
    totals[f] = first
      ? normalise(spec.fields[f].kind, get(first, `zz_${snake(f)}`))
      : spec.fields[f].kind === 'int'
        ? 0
        : null;
  return { rows, total: first ? Number(get(first, 'zz_count')) : 0, totals };
}
