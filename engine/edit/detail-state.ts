/**
 * A detail grid's rows as a value: rows added, changed and deleted against what was loaded,
 * validated per cell. Pure functions, so the grid component stays thin and this is tested alone.
 */
import type { ColumnDef, DetailDef } from '../definition/types';
import { fillPairs, type FillMap } from '../definition/fill';
import { multiplyQtyPrice } from '../../lib/money';

type Data = Record<string, unknown>;

export interface DetailRow {
  /** Stable within the screen (new rows have no key yet). */
  uid: number;
  data: Data;
  /** What the server sent; absent for a new row. */
  original?: Data;
}

export interface DetailState {
  rows: DetailRow[];
  /** Loaded rows the user deleted. */
  deleted: Data[];
  nextUid: number;
}

export function loadDetail(rows: Data[]): DetailState {
  return {
    rows: rows.map((r, i) => ({ uid: i + 1, data: { ...r }, original: r })),
    deleted: [],
    nextUid: rows.length + 1,
  };
}

/** A new record's starting rows: new rows (no original), so a save sends them as added. */
export function startDetail(rows: Data[]): DetailState {
  return { rows: rows.map((r, i) => ({ uid: i + 1, data: { ...r } })), deleted: [], nextUid: rows.length + 1 };
}

export function addRow(state: DetailState, def: Pick<DetailDef, 'newRow' | 'columns'>): DetailState {
  const data: Data = {};
  for (const c of def.columns)
    data[c.field] = def.newRow && Object.hasOwn(def.newRow, c.field) ? def.newRow[c.field] : '';
  for (const [k, v] of Object.entries(def.newRow ?? {})) if (!(k in data)) data[k] = v;
  return { ...state, rows: [...state.rows, { uid: state.nextUid, data }], nextUid: state.nextUid + 1 };
}

/** A new row filled from a chosen entry (a popup's row): `fill` maps row field → entry field. */
export function addRowFrom(
  state: DetailState,
  def: Pick<DetailDef, 'newRow' | 'columns'>,
  entry: Data,
  fill: FillMap,
): DetailState {
  const added = addRow(state, def);
  const last = added.rows[added.rows.length - 1];
  const data = { ...last.data };
  for (const [field, from] of fillPairs(fill)) data[field] = entry[from] ?? '';
  return { ...added, rows: [...added.rows.slice(0, -1), { ...last, data }] };
}

/** Moves row `index` by `delta` (−1 up, +1 down); out of range leaves the rows as they are. */
export function moveRow(state: DetailState, index: number, delta: number): DetailState {
  const to = index + delta;
  if (index < 0 || index >= state.rows.length || to < 0 || to >= state.rows.length) return state;
  const rows = state.rows.slice();
  const [row] = rows.splice(index, 1);
  rows.splice(to, 0, row);
  return { ...state, rows };
}

/** True when the rows are no longer in the order they were loaded in (a reorder is a change). */
function isReordered(state: DetailState): boolean {
  const loaded = state.rows.filter((r) => r.original).map((r) => r.uid);
  return loaded.some((uid, i) => i > 0 && uid < loaded[i - 1]);
}

export function editCell(state: DetailState, index: number, field: string, value: unknown): DetailState {
  const row = state.rows[index];
  if (!row || row.data[field] === value) return state;
  const rows = state.rows.slice();
  rows[index] = { ...row, data: { ...row.data, [field]: value } };
  return { ...state, rows };
}

export function deleteRows(state: DetailState, indexes: readonly number[]): DetailState {
  const gone = new Set(indexes);
  const deleted = [...state.deleted];
  const rows: DetailRow[] = [];
  state.rows.forEach((r, i) => {
    if (!gone.has(i)) rows.push(r);
    else if (r.original) deleted.push(r.original);
  });
  return { ...state, rows, deleted };
}

const same = (a: unknown, b: unknown) => (a ?? '') === (b ?? '') || String(a ?? '') === String(b ?? '');

function isChanged(row: DetailRow): boolean {
  if (!row.original) return true;
  return Object.keys(row.data).some((k) => !same(row.data[k], row.original![k]));
}

/** New and changed rows, as the server's batch save takes them. */
export function changedRows(state: DetailState): DetailRow[] {
  return state.rows.filter(isChanged);
}

export function isDirty(state: DetailState): boolean {
  return state.deleted.length > 0 || state.rows.some(isChanged) || isReordered(state);
}

export interface CellProblem {
  /** Index among the grid's rows. */
  index: number;
  field: string;
  message: string;
}

const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';

/** Required and length rules of the columns, plus the row count limits. */
export function validateDetail(
  state: DetailState,
  def: Pick<DetailDef, 'columns' | 'minRows' | 'maxRows' | 'rowKey'>,
  messages: { required: string; tooLong: (max: number) => string; duplicate: string },
): CellProblem[] {
  const out: CellProblem[] = [];
  const keys = new Map<string, number>();
  state.rows.forEach((r, index) => {
    for (const c of def.columns as ColumnDef[]) {
      const v = r.data[c.field];
      if (c.required && blank(v)) out.push({ index, field: c.field, message: messages.required });
      else if (c.maxLength && !blank(v) && [...String(v)].length > c.maxLength)
        out.push({ index, field: c.field, message: messages.tooLong(c.maxLength) });
    }
    const key = r.data[def.rowKey];
    if (!blank(key)) {
      const k = String(key);
      if (keys.has(k)) out.push({ index, field: def.rowKey, message: messages.duplicate });
      else keys.set(k, index);
    }
  });
  return out;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** A computed cell's value: the exact product of the row's fields, to 2 decimals; '' while one is not a number. */
export function productOf(data: Data, fields: readonly string[]): string {
  const values = fields.map((f) =>
    String(data[f] ?? '')
      .replace(/,/g, '')
      .trim(),
  );
  if (values.some((v) => !DECIMAL.test(v))) return '';
  // Exact all the way (each factor keeps its decimals), rounded once at the end.
  const exact = values
    .slice(1)
    .reduce(
      (acc, v) => multiplyQtyPrice(acc, v, (acc.split('.')[1]?.length ?? 0) + (v.split('.')[1]?.length ?? 0)),
      values[0],
    );
  return multiplyQtyPrice(exact, '1', 2);
}

/** The rows with their computed cells (`product` columns) brought up to date; the same state when none changed. */
export function computeCells(state: DetailState, columns: readonly ColumnDef[]): DetailState {
  const computed = columns.filter((c) => c.product);
  if (computed.length === 0) return state;
  let changed = false;
  const rows = state.rows.map((r) => {
    let data = r.data;
    for (const c of computed) {
      const v = productOf(data, c.product!);
      if (
        String(data[c.field] ?? '') === v ||
        (v !== '' && data[c.field] !== undefined && data[c.field] !== '' && Number(data[c.field]) === Number(v))
      )
        continue;
      data = { ...data, [c.field]: v };
    }
    if (data === r.data) return r;
    changed = true;
    return { ...r, data };
  });
  return changed ? { ...state, rows } : state;
}

/**
 * A detail's `fillFrom` answer as the grid's rows: the list at `path` (a dotted path; default the
 * answer itself when it is a list, else its `rows`), each mapped by `fill` (row field → answer
 * row's field), the rows `keep` refuses left out. They start as new rows: a save sends them.
 */
export function rowsFromAnswer(
  answer: unknown,
  path: string | undefined,
  fill: FillMap,
  keep: (row: Data) => boolean = () => true,
): Data[] {
  let list: unknown = answer;
  if (path)
    for (const key of path.split('.'))
      list = list && typeof list === 'object' ? (list as Record<string, unknown>)[key] : undefined;
  else if (!Array.isArray(answer)) list = (answer as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(list)) return [];
  const pairs = fillPairs(fill);
  return (list as Data[])
    .filter((r) => r && typeof r === 'object' && keep(r))
    .map((r) => Object.fromEntries(pairs.map(([field, from]) => [field, r[from] ?? ''])));
}
