/**
 * A pivot of grouped rows (one row per key pair, as the server's cube answers them): rows × columns
 * with the previous period and the change beside each cell, row and column totals. Pure, so the
 * arithmetic is tested without a browser; the browser only arranges what the server summed. In lib/
 * because the server's pivot export (server/modules/exports/pivot-workbook.ts) lays its sheets out
 * with the same arithmetic and order, so the file reads as the screen does.
 */

type Row = Record<string, unknown>;

/** Which fields of a source row hold the axes' keys and names and the measure. */
export interface PivotFields {
  rowKey: string;
  rowLabel: string;
  /** Absent: one column (the totals). */
  columnKey?: string;
  columnLabel?: string;
  value: string;
  /** The same measure over the previous period. */
  previous?: string;
}

/** One figure: the period's value, the previous period's, and the change in % (null without a previous figure). */
export interface PivotFigure {
  value: number;
  previous: number | null;
  changePct: number | null;
}

export interface PivotAxisEntry {
  key: string;
  label: string;
  total: PivotFigure;
}

export interface PivotModel {
  rows: PivotAxisEntry[];
  columns: PivotAxisEntry[];
  /** rowKey → columnKey → figure; a pair the server did not answer has none. */
  cells: ReadonlyMap<string, ReadonlyMap<string, PivotFigure>>;
  total: PivotFigure;
}

/** A number from a row value: numbers as they are, decimal strings read, anything else 0. */
function pivotNumber(v: unknown): number {
  if (typeof v === 'number') return Number.isFinite(v) ? v : 0;
  if (typeof v !== 'string' || v.trim() === '') return 0;
  const n = Number(v.replace(/,/g, ''));
  return Number.isFinite(n) ? n : 0;
}

/**
 * The change from `previous` to `value` in %, one decimal, a half rounded away from zero as PostgreSQL's
 * `round(numeric, 1)` rounds the cube's own `changePct` (the 원자료 sheet beside the pivot's): -12.35 % is -12.4 %,
 * not Math.round's -12.3 %. Whole won in, so 1000 × the change is exact and a true half stays a half.
 * Null when there was nothing before.
 */
export function changePct(value: number, previous: number | null): number | null {
  if (previous === null || previous === 0) return null;
  const tenths = (1000 * (value - previous)) / previous;
  return (Math.sign(tenths) * Math.round(Math.abs(tenths))) / 10;
}

const figure = (value: number, previous: number | null): PivotFigure => ({
  value,
  previous,
  changePct: changePct(value, previous),
});

class Sum {
  value = 0;
  previous = 0;
  add(f: PivotFigure) {
    this.value += f.value;
    this.previous += f.previous ?? 0;
  }
  figure(withPrevious: boolean): PivotFigure {
    return figure(this.value, withPrevious ? this.previous : null);
  }
}

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** Months (YYYYMM) and quarters (YYYYQn) are read in time order; anything else largest first. */
const TIME_KEY = /^\d{4}(0[1-9]|1[0-2]|Q[1-4])$/;

/** An axis's order: time keys ascending when every key is one, otherwise the largest total first (ties by key). */
function order(entries: PivotAxisEntry[]): PivotAxisEntry[] {
  const byKey = (a: PivotAxisEntry, b: PivotAxisEntry) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  if (entries.length > 0 && entries.every((e) => TIME_KEY.test(e.key))) return entries.sort(byKey);
  return entries.sort((a, b) => b.total.value - a.total.value || byKey(a, b));
}

/**
 * The pivot of `source`. Each axis in time order when its keys are months or quarters, otherwise
 * the largest total of the measure first. Totals add the cells, as the server's totals row adds its rows.
 */
export function buildPivot(source: readonly Row[], fields: PivotFields): PivotModel {
  const withPrevious = !!fields.previous;
  const cells = new Map<string, Map<string, PivotFigure>>();
  const rowSums = new Map<string, { label: string; sum: Sum }>();
  const colSums = new Map<string, { label: string; sum: Sum }>();
  const all = new Sum();
  for (const r of source) {
    const rk = text(r[fields.rowKey]);
    const ck = fields.columnKey ? text(r[fields.columnKey]) : '';
    const f = figure(pivotNumber(r[fields.value]), fields.previous ? pivotNumber(r[fields.previous]) : null);
    let line = cells.get(rk);
    if (!line) cells.set(rk, (line = new Map()));
    line.set(ck, f);
    let rs = rowSums.get(rk);
    if (!rs) rowSums.set(rk, (rs = { label: text(r[fields.rowLabel]) || rk, sum: new Sum() }));
    rs.sum.add(f);
    let cs = colSums.get(ck);
    if (!cs)
      colSums.set(ck, (cs = { label: (fields.columnLabel ? text(r[fields.columnLabel]) : '') || ck, sum: new Sum() }));
    cs.sum.add(f);
    all.add(f);
  }
  const entries = (m: Map<string, { label: string; sum: Sum }>) =>
    [...m].map(([key, { label, sum }]) => ({ key, label, total: sum.figure(withPrevious) }));
  return { rows: order(entries(rowSums)), columns: order(entries(colSums)), cells, total: all.figure(withPrevious) };
}
