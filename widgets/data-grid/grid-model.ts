/**
 * The data grid's pure parts: column mapping, cell mapping, height, sort cycling, selection and
 * edit parsing. No React and no canvas here, so all of it is unit-tested directly; data-grid.tsx
 * only wires these to glide-data-grid.
 */
import {
  CompactSelection,
  GridCellKind,
  type BooleanCell,
  type CustomCell,
  type EditableGridCell,
  type GridCell,
  type GridColumn as GlideColumn,
  type LoadingCell,
  type Rectangle,
  type TextCell,
  type Theme,
  type UriCell,
} from '@glideapps/glide-data-grid';
import { GRID_HEADER_HEIGHT, GRID_ROW_HEIGHT, GRID_VISIBLE_ROWS } from '../../lib/constants';
import { formatDate, textToDate } from '../../lib/date';
import { maskNumComma, unmask } from '../../lib/mask';
import { formatMoney } from '../../lib/money';

export type GridColumnType = 'text' | 'number' | 'money' | 'date' | 'code' | 'checkbox' | 'link';

interface CodeOption {
  value: string;
  text: string;
}

/** A column as a screen definition gives it (the engine codes against these names). */
export interface GridColumn {
  field: string;
  title: string;
  type: GridColumnType;
  width?: number;
  /** money: the row field holding the currency ('KRW' | 'JPY'); wins over `currency`. */
  currencyField?: string;
  /** money: the currency when no currencyField is given or the row's is empty; default KRW. */
  currency?: 'KRW' | 'JPY';
  /** number/money: an exact decimal held as text — an edit always gives the text (commas dropped), never a number. */
  exact?: boolean;
  /** code: value → text. */
  codeOptions?: CodeOption[];
  /** Default true; a header click sorts only when the grid has onSortChange. */
  sortable?: boolean;
  /** Default false; ignored when the grid is readOnly. */
  editable?: boolean;
  align?: 'left' | 'right' | 'center';
}

export interface GridSort {
  field: string;
  direction: 'asc' | 'desc';
}

export type GridRow = object;

const valueOf = (row: GridRow, field: string): unknown => (row as Record<string, unknown>)[field];

/** Spec §9 defaults, from lib/constants.ts. */
export const GRID_DEFAULTS = Object.freeze({
  visibleRows: GRID_VISIBLE_ROWS,
  rowHeight: GRID_ROW_HEIGHT,
  headerHeight: GRID_HEADER_HEIGHT,
});

export interface GridHeightInput {
  visibleRows?: number;
  rowHeight?: number;
  headerHeight?: number;
  /** A fixed pixel height (popups use 400); wins over visibleRows. */
  height?: number;
  /** A totals row adds one row height. */
  hasTotals?: boolean;
}

/** headerHeight + visibleRows × rowHeight (+ one row for totals), or `height` when given. */
export function gridHeight({ visibleRows, rowHeight, headerHeight, height, hasTotals }: GridHeightInput = {}): number {
  if (height !== undefined) return height;
  const rows = visibleRows ?? GRID_DEFAULTS.visibleRows;
  const rh = rowHeight ?? GRID_DEFAULTS.rowHeight;
  const hh = headerHeight ?? GRID_DEFAULTS.headerHeight;
  return hh + rows * rh + (hasTotals ? rh : 0);
}

/** Header click on `field`: none → asc → desc → none; another column starts at asc. */
export function nextSort(current: GridSort | null | undefined, field: string): GridSort | null {
  if (!current || current.field !== field) return { field, direction: 'asc' };
  if (current.direction === 'asc') return { field, direction: 'desc' };
  return null;
}

/** The key that sorts the focused cell's column (KWCAG 6.1.1), in `aria-keyshortcuts` syntax. */
export const SORT_SHORTCUT = 'Alt+S';

/** Alt+S without other modifiers; `code` too, as a Korean IME reports the S key as ㄴ. */
export function isSortKey(e: {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  rawEvent?: { code?: string } | undefined;
}): boolean {
  if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return false;
  return e.key.toLowerCase() === 's' || e.rawEvent?.code === 'KeyS';
}

const SORT_MARK = Object.freeze({ asc: '▲', desc: '▼' });

const DEFAULT_WIDTH: Record<GridColumnType, number> = {
  text: 140,
  number: 100,
  money: 120,
  date: 100,
  code: 100,
  checkbox: 56,
  link: 140,
};

const DEFAULT_ALIGN: Record<GridColumnType, 'left' | 'right' | 'center'> = {
  text: 'left',
  number: 'right',
  money: 'right',
  date: 'center',
  code: 'left',
  checkbox: 'center',
  link: 'left',
};

function columnAlign(column: GridColumn): 'left' | 'right' | 'center' {
  return column.align ?? DEFAULT_ALIGN[column.type];
}

/**
 * Our columns as glide columns; the sorted one carries ▲/▼ after its title. The last column
 * grows into space the others leave (no empty stripe at the right of a narrow grid).
 */
export function toGlideColumns(columns: readonly GridColumn[], sort?: GridSort | null): GlideColumn[] {
  return columns.map((c, i) => ({
    id: c.field,
    title: sort && sort.field === c.field ? `${c.title} ${SORT_MARK[sort.direction]}` : c.title,
    width: c.width ?? DEFAULT_WIDTH[c.type],
    ...(i === columns.length - 1 ? { grow: 1 } : {}),
  }));
}

export function isCellEditable(column: GridColumn, readOnly: boolean): boolean {
  return !readOnly && column.editable === true;
}

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/** '10.000' → '10', '2.500' → '2.5': the server's fixed decimals (numeric(15,3)) are not shown. */
const withoutTrailingZeros = (s: string) => (s.includes('.') ? s.replace(/\.?0+$/, '') : s);

/** Number display: thousand commas, significant decimals kept ('1234567.50' → '1,234,567.5', '10.000' → '10'). */
function formatNumberText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return '';
    const s = String(v);
    return /e/i.test(s) ? s : maskNumComma(s);
  }
  if (typeof v === 'bigint') return maskNumComma(v.toString());
  const s = String(v).trim();
  return PLAIN_DECIMAL.test(s) ? maskNumComma(withoutTrailingZeros(s)) : s;
}

/** The money cell's currency: the row's currencyField, else the column's, else KRW. */
function cellCurrency(column: GridColumn, row: GridRow | null | undefined): string {
  const fromRow = column.currencyField && row ? valueOf(row, column.currencyField) : undefined;
  if (typeof fromRow === 'string' && fromRow.trim() !== '') return fromRow.trim();
  return column.currency ?? 'KRW';
}

/** Money display via lib/money.ts formatMoney; text that is not an amount is shown as it is. */
function formatMoneyText(v: unknown, currency: string): string {
  if (v === null || v === undefined || v === '') return '';
  try {
    return formatMoney(typeof v === 'number' || typeof v === 'bigint' ? v : String(v).trim(), currency);
  } catch {
    return String(v);
  }
}

const pad2 = (n: string) => n.padStart(2, '0');

/** Date display 'YYYY-MM-DD' from 'YYYY-MM-DD…', 'YYYYMMDD', an ISO timestamp, a Date or epoch ms. */
export function formatDateText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (v instanceof Date) return formatDate(v, 'yyyy-MM-dd');
  if (typeof v === 'number') return formatDate(v, 'yyyy-MM-dd');
  const s = String(v).trim();
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  if (compact) return `${compact[1]}-${compact[2]}-${compact[3]}`;
  // A timestamp with a zone names an instant: show its local day.
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/.test(s)) {
    const d = new Date(s);
    if (!Number.isNaN(d.getTime())) return formatDate(d, 'yyyy-MM-dd');
  }
  const dated = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})/.exec(s);
  if (dated) return `${dated[1]}-${pad2(dated[2])}-${pad2(dated[3])}`;
  return s;
}

function codeText(column: GridColumn, v: unknown): string {
  if (v === null || v === undefined) return '';
  // A list of codes (a line's issues, say): each code's text, in order.
  if (Array.isArray(v))
    return v
      .map((x) => codeText(column, x))
      .filter(Boolean)
      .join(', ');
  const s = String(v);
  return column.codeOptions?.find((o) => o.value === s)?.text ?? s;
}

function isChecked(v: unknown): boolean {
  return v === true || v === 'Y' || v === 'y' || v === 1 || v === '1' || v === 'true';
}

/** Display text of a cell, as the grid draws it and as copy/export would read it. */
export function cellText(column: GridColumn, row: GridRow): string {
  const v = valueOf(row, column.field);
  switch (column.type) {
    case 'number':
      return formatNumberText(v);
    case 'money':
      return formatMoneyText(v, cellCurrency(column, row));
    case 'date':
      return formatDateText(v);
    case 'code':
      return codeText(column, v);
    case 'checkbox':
      return isChecked(v) ? 'Y' : 'N';
    default:
      return v === null || v === undefined ? '' : String(v);
  }
}

/** Edit styling: editable cells are tinted so users see where they can type. */
export const EDITABLE_CELL_THEME: Partial<Theme> = Object.freeze({ bgCell: '#fffbe6' });
const TOTALS_BG = '#eef2f7';
const TOTALS_CELL_THEME: Partial<Theme> = Object.freeze({
  bgCell: TOTALS_BG,
  baseFontStyle: '600 13px',
  textDark: '#1c2430',
});
/**
 * The totals row's own theme: its check-bar box is drawn in the background colour, so the row
 * shows no checkbox (glide offers no per-row marker switch); its cells restore the text colour.
 */
export const TOTALS_ROW_THEME: Partial<Theme> = Object.freeze({
  bgCell: TOTALS_BG,
  textDark: TOTALS_BG,
  textMedium: TOTALS_BG,
  textLight: TOTALS_BG,
  accentColor: TOTALS_BG,
});
/** A row that needs the user's attention (a budget line over its limit): a warm background. */
export const HIGHLIGHT_ROW_THEME: Partial<Theme> = Object.freeze({ bgCell: '#fff1e0', bgCellMedium: '#ffe4c4' });
const LINK_CELL_THEME: Partial<Theme> = Object.freeze({ linkColor: '#1b4b8f' });

const CODE_CELL_KIND = 'gpms-code-cell';

interface CodeCellData {
  readonly kind: typeof CODE_CELL_KIND;
  readonly value: string;
  readonly text: string;
  readonly options: readonly CodeOption[];
}

export type CodeCell = CustomCell<CodeCellData>;

export function isCodeCell(cell: GridCell): cell is CodeCell {
  return cell.kind === GridCellKind.Custom && (cell.data as { kind?: unknown }).kind === CODE_CELL_KIND;
}

export interface ToGridCellOptions {
  readOnly?: boolean;
}

/** The glide cell for `column` of a loaded `row`. */
export function toGridCell(column: GridColumn, row: GridRow, options: ToGridCellOptions = {}): GridCell {
  const editable = isCellEditable(column, options.readOnly ?? false);
  const v = valueOf(row, column.field);
  const contentAlign = columnAlign(column);
  const themeOverride = editable ? EDITABLE_CELL_THEME : undefined;
  switch (column.type) {
    case 'checkbox': {
      const cell: BooleanCell = {
        kind: GridCellKind.Boolean,
        data: isChecked(v),
        allowOverlay: false,
        readonly: !editable,
        contentAlign,
        themeOverride,
      };
      return cell;
    }
    case 'link': {
      const text = v === null || v === undefined ? '' : String(v);
      const cell: UriCell = {
        kind: GridCellKind.Uri,
        data: text,
        displayData: text,
        allowOverlay: false,
        readonly: true,
        hoverEffect: true,
        cursor: 'pointer',
        contentAlign,
        themeOverride: LINK_CELL_THEME,
      };
      return cell;
    }
    case 'code': {
      const value = v === null || v === undefined ? '' : String(v);
      const text = codeText(column, v);
      const cell: CodeCell = {
        kind: GridCellKind.Custom,
        data: { kind: CODE_CELL_KIND, value, text, options: column.codeOptions ?? [] },
        copyData: text,
        allowOverlay: editable,
        readonly: !editable,
        contentAlign,
        themeOverride,
      };
      return cell;
    }
    default: {
      const text = cellText(column, row);
      const cell: TextCell = {
        kind: GridCellKind.Text,
        // data is what screen readers and the editor get: the same text as drawn (edits are
        // parsed back by parseCellEdit, commas and all).
        data: text,
        displayData: text,
        allowOverlay: editable,
        readonly: !editable,
        contentAlign,
        themeOverride,
      };
      return cell;
    }
  }
}

/** What a row that is not loaded yet shows. */
export function loadingCell(): LoadingCell {
  return { kind: GridCellKind.Loading, allowOverlay: false, skeletonWidth: 64, skeletonWidthVariability: 24 };
}

/**
 * A cell of the frozen totals row. The first column shows `totalLabel` (합계) when the totals
 * give it no value.
 */
export function totalsCell(
  column: GridColumn,
  totals: Record<string, unknown>,
  columnIndex: number,
  totalLabel: string,
): TextCell {
  const v = totals[column.field];
  let text: string;
  if (v === undefined || v === null || v === '') text = columnIndex === 0 ? totalLabel : '';
  else if (column.type === 'number') text = formatNumberText(v);
  else if (column.type === 'money') text = formatMoneyText(v, cellCurrency(column, totals));
  else text = String(v);
  return {
    kind: GridCellKind.Text,
    data: text,
    displayData: text,
    allowOverlay: false,
    readonly: true,
    contentAlign: columnIndex === 0 && (v === undefined || v === null || v === '') ? 'center' : columnAlign(column),
    themeOverride: TOTALS_CELL_THEME,
  };
}

export type EditResult = { ok: true; value: unknown } | { ok: false };

/**
 * An edited glide cell → the value onCellEdit reports, or not ok (the edit is refused).
 * - text: the text; number: digits without commas (a number when the row held a number and the
 *   column is not `exact`, else the decimal string); money: the decimal string (exact, never a float);
 * - date: 'YYYY-MM-DD' through textToDate (clamping, two-digit years), '' when cleared;
 * - code: the chosen code; checkbox: 'Y'/'N' when the row held 'Y'/'N', else a boolean.
 */
export function parseCellEdit(column: GridColumn, edited: EditableGridCell | GridCell, previous: unknown): EditResult {
  if (column.type === 'checkbox') {
    if (edited.kind !== GridCellKind.Boolean) return { ok: false };
    const checked = edited.data === true;
    if (previous === 'Y' || previous === 'N') return { ok: true, value: checked ? 'Y' : 'N' };
    if (previous === '1' || previous === '0') return { ok: true, value: checked ? '1' : '0' };
    return { ok: true, value: checked };
  }
  if (column.type === 'code') {
    if (!isCodeCell(edited)) return { ok: false };
    return { ok: true, value: edited.data.value };
  }
  if (edited.kind !== GridCellKind.Text) return { ok: false };
  const text = edited.data;
  switch (column.type) {
    case 'number':
    case 'money': {
      const raw = unmask('numComma', text.trim());
      const asNumber = column.type === 'number' && typeof previous === 'number' && !column.exact;
      if (raw === '') return { ok: true, value: asNumber ? null : '' };
      if (!PLAIN_DECIMAL.test(raw)) return { ok: false };
      if (asNumber) return { ok: true, value: Number(raw) };
      return { ok: true, value: raw };
    }
    case 'date': {
      if (text.trim() === '') return { ok: true, value: '' };
      const date = textToDate(text);
      return date === null ? { ok: false } : { ok: true, value: date };
    }
    default:
      return { ok: true, value: text };
  }
}

/** Sorted, de-duplicated row indexes → glide's CompactSelection (ranges, so 100k rows stay cheap). */
export function rowsToSelection(rows: readonly number[]): CompactSelection {
  const sorted = Array.from(new Set(rows))
    .filter((r) => Number.isInteger(r) && r >= 0)
    .sort((a, b) => a - b);
  let sel = CompactSelection.empty();
  let i = 0;
  while (i < sorted.length) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    sel = sel.add([sorted[i], sorted[j] + 1]);
    i = j + 1;
  }
  return sel;
}

export function selectionToRows(sel: CompactSelection, rowCount: number): number[] {
  return sel.toArray().filter((r) => r < rowCount);
}

export function sameRows(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  const sa = [...a].sort((x, y) => x - y);
  const sb = [...b].sort((x, y) => x - y);
  return sa.every((v, i) => v === sb[i]);
}

/** glide's visible region → [start, end) of data rows (the totals row excluded). */
export function visibleRange(region: Pick<Rectangle, 'y' | 'height'>, rowCount: number): [number, number] {
  const start = Math.max(0, Math.min(region.y, rowCount));
  const end = Math.max(start, Math.min(rowCount, region.y + region.height));
  return [start, end];
}
