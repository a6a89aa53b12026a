/**
 * Column types: how a definition's column shows in the grid and how it goes into Excel. Plain
 * data and pure functions (no React, no glide), so the export worker uses the very same rules:
 * the file shows what the user saw — code texts, thousand separators, dates.
 */
import { formatDate } from '../../lib/date';
import { applyMask } from '../../lib/mask';
import type { ColumnTypeName } from './names';

export type GridType = 'text' | 'number' | 'money' | 'date' | 'code' | 'checkbox' | 'link';

/** A column resolved for export: everything the worker needs, as structured-clone-able data. */
export interface ExportColumn {
  field: string;
  header: string;
  type: ColumnTypeName;
  /** code columns: value → text. */
  codes?: Record<string, string>;
  currencyField?: string;
  currency?: string;
  format?: string;
  mask?: string;
  /** Character width of the Excel column. */
  width: number;
}

/** A SheetJS cell: text, number (with a number format) or boolean. */
export type XlsxCell = { t: 's'; v: string } | { t: 'n'; v: number; z?: string } | { t: 'b'; v: boolean } | null;

interface ColumnType {
  /** The data grid's type (widgets/data-grid). */
  grid: GridType;
  /** Excel number format, when the cell is a number. */
  numberFormat?: string;
  align: 'left' | 'right' | 'center';
}

/** The registry of column types, looked up by name. */
export const COLUMN_TYPES: Readonly<Record<ColumnTypeName, ColumnType>> = Object.freeze({
  text: { grid: 'text', align: 'left' },
  number: { grid: 'number', numberFormat: '#,##0.##########', align: 'right' },
  money: { grid: 'money', numberFormat: '#,##0', align: 'right' },
  date: { grid: 'date', numberFormat: 'yyyy-mm-dd', align: 'center' },
  // The grid has no timestamp cell: the engine hands it the formatted text.
  datetime: { grid: 'text', numberFormat: 'yyyy-mm-dd hh:mm', align: 'center' },
  code: { grid: 'code', align: 'left' },
  checkbox: { grid: 'checkbox', align: 'center' },
  link: { grid: 'link', align: 'left' },
});

export function columnType(name: string, where: string): ColumnType {
  if (Object.hasOwn(COLUMN_TYPES, name)) return COLUMN_TYPES[name as ColumnTypeName];
  throw new Error(`Unknown column type "${name}" at ${where}; known column types: ${Object.keys(COLUMN_TYPES).join(', ')}`);
}

export const DEFAULT_DATETIME_FORMAT = 'yyyy-MM-dd HH:mm';

const empty = (v: unknown) => v === null || v === undefined || v === '';

/** A timestamp as the user sees it (local time). */
export function formatDateTime(v: unknown, format = DEFAULT_DATETIME_FORMAT): string {
  if (empty(v)) return '';
  const d = v instanceof Date ? v : new Date(typeof v === 'number' ? v : String(v));
  return Number.isNaN(d.getTime()) ? String(v) : formatDate(d, format);
}

const DAY_MS = 86_400_000;
/** Excel's day 0 is 1899-12-30 (the 1900 leap-year bug included). */
const EXCEL_EPOCH_UTC = Date.UTC(1899, 11, 30);

/** 'YYYY-MM-DD' (no zone: a calendar day) → Excel serial; null when it is not a date. */
export function excelDateSerial(v: unknown): number | null {
  if (empty(v)) return null;
  const s = String(v).trim();
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(s) ?? /^(\d{4})-(\d{2})-(\d{2})T/.exec(s);
  if (m && !/[zZ]|[+-]\d{2}:?\d{2}$/.test(s)) return (Date.UTC(+m[1], +m[2] - 1, +m[3]) - EXCEL_EPOCH_UTC) / DAY_MS;
  const d = new Date(s);
  if (Number.isNaN(d.getTime())) return null;
  // An instant: the local calendar day the user sees.
  return (Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) - EXCEL_EPOCH_UTC) / DAY_MS;
}

/** An instant → Excel serial in local time (what the grid shows). */
export function excelDateTimeSerial(v: unknown): number | null {
  if (empty(v)) return null;
  const d = v instanceof Date ? v : new Date(String(v));
  if (Number.isNaN(d.getTime())) return null;
  const local = Date.UTC(d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds());
  return (local - EXCEL_EPOCH_UTC) / DAY_MS;
}

const toNumber = (v: unknown): number | null => {
  if (empty(v)) return null;
  const n = typeof v === 'number' ? v : Number(String(v).replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
};

const isChecked = (v: unknown) => v === true || v === 'Y' || v === 'y' || v === 1 || v === '1' || v === 'true';

/** One cell of the Excel file, as the grid shows it. */
export function exportCell(column: ExportColumn, row: Record<string, unknown>): XlsxCell {
  const v = row[column.field];
  switch (column.type) {
    case 'number': {
      const n = toNumber(v);
      if (n === null) return empty(v) ? null : { t: 's', v: String(v) };
      // Whole numbers as 1,234 — a '.##' format would print "1,234." — fractions as the grid shows them.
      return { t: 'n', v: n, z: Number.isInteger(n) ? '#,##0' : COLUMN_TYPES.number.numberFormat };
    }
    case 'money': {
      const n = toNumber(v);
      if (n === null) return empty(v) ? null : { t: 's', v: String(v) };
      // KRW and JPY have no decimals (lib/money CURRENCY_DECIMALS); others keep two.
      const currency = String((column.currencyField ? row[column.currencyField] : undefined) ?? column.currency ?? 'KRW').toUpperCase();
      return { t: 'n', v: n, z: currency === 'KRW' || currency === 'JPY' ? '#,##0' : '#,##0.00' };
    }
    case 'date': {
      const serial = excelDateSerial(v);
      return serial === null ? (empty(v) ? null : { t: 's', v: String(v) }) : { t: 'n', v: serial, z: COLUMN_TYPES.date.numberFormat };
    }
    case 'datetime': {
      const serial = excelDateTimeSerial(v);
      return serial === null ? (empty(v) ? null : { t: 's', v: String(v) }) : { t: 'n', v: serial, z: COLUMN_TYPES.datetime.numberFormat };
    }
    case 'code': {
      if (empty(v) || (Array.isArray(v) && v.length === 0)) return null;
      const text = (x: unknown) => (column.codes && Object.hasOwn(column.codes, String(x)) ? column.codes[String(x)] : String(x));
      // A list of codes: each code's text, as the grid shows it.
      return { t: 's', v: Array.isArray(v) ? v.map(text).join(', ') : text(v) };
    }
    case 'checkbox':
      return { t: 's', v: isChecked(v) ? 'Y' : 'N' };
    default: {
      if (empty(v)) return null;
      const text = String(v);
      return { t: 's', v: column.mask ? applyMask(column.mask, text) : text };
    }
  }
}
