/**
 * Column types: how a definition's column shows in the grid and how it goes into Excel. Plain
 * data and pure functions (no React, no glide), so the export worker uses the very same rules:
 * the file shows what the user saw — code texts, thousand separators, dates.
 */
import { formatInstant } from '../../lib/date';
import { EXCEL_FORMATS, type ExportColumnType } from '../../lib/export-cell';
import type { ColumnTypeName } from './names';

type GridType = 'text' | 'number' | 'money' | 'date' | 'code' | 'checkbox' | 'link';

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
  number: { grid: 'number', numberFormat: EXCEL_FORMATS.fraction, align: 'right' },
  money: { grid: 'money', numberFormat: EXCEL_FORMATS.whole, align: 'right' },
  date: { grid: 'date', numberFormat: EXCEL_FORMATS.date, align: 'center' },
  // The grid has no timestamp cell: the engine hands it the formatted text.
  datetime: { grid: 'text', numberFormat: EXCEL_FORMATS.datetime, align: 'center' },
  // YYYYMM text shown as YYYY-MM (the month picker's form); the engine hands the grid the text.
  month: { grid: 'text', align: 'center' },
  code: { grid: 'code', align: 'left' },
  checkbox: { grid: 'checkbox', align: 'center' },
  link: { grid: 'link', align: 'left' },
});

/** The export's column types are the definition's (lib cannot import the engine's names): a compile-time check. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const _exportTypesAgree: Same<ColumnTypeName, ExportColumnType> = true;

export function columnType(name: string, where: string): ColumnType {
  if (Object.hasOwn(COLUMN_TYPES, name)) return COLUMN_TYPES[name as ColumnTypeName];
  throw new Error(
    `Unknown column type "${name}" at ${where}; known column types: ${Object.keys(COLUMN_TYPES).join(', ')}`,
  );
}

export const DEFAULT_DATETIME_FORMAT = 'yyyy-MM-dd HH:mm';

export type { ExportColumn, XlsxCell } from '../../lib/export-cell';
export { excelDateSerial, exportCell } from '../../lib/export-cell';

const empty = (v: unknown) => v === null || v === undefined || v === '';

/** A timestamp as the user sees it: on the business clock (Asia/Seoul), whatever the browser's zone. */
export function formatDateTime(v: unknown, format = DEFAULT_DATETIME_FORMAT): string {
  if (empty(v)) return '';
  const d = v instanceof Date ? v : new Date(typeof v === 'number' ? v : String(v));
  return Number.isNaN(d.getTime()) ? String(v) : formatInstant(d, format);
}
