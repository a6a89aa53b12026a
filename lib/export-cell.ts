/**
 * One Excel cell as the grid shows it — code texts, thousand separators, dates — from a column
 * resolved for export. Plain data and pure functions, shared by the browser's export worker and the
 * server's streamed export, so a file looks the same whichever side wrote it.
 */
import { COLUMN_TYPE_NAMES } from '../schemas/screen-language/names';
import { formatYearMonth } from './date';
import { applyMask } from './mask';
import { formatMoney, groupedDecimal } from './money';

/**
 * The column types a file knows: the screen language's own, so a type a screen may use is one an export writes; the
 * server's export job takes the same list (server/modules/exports/schemas.ts).
 */
export const EXPORT_COLUMN_TYPES = COLUMN_TYPE_NAMES;

export type ExportColumnType = (typeof EXPORT_COLUMN_TYPES)[number];

/** A column resolved for export: everything a writer needs, as structured-clone-able (and JSON) data. */
export interface ExportColumn {
  field: string;
  header: string;
  type: ExportColumnType;
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

/** The Excel number formats of the column types (the grid's formats). */
export const EXCEL_FORMATS = Object.freeze({
  whole: '#,##0',
  fraction: '#,##0.##########',
  money2: '#,##0.00',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm',
});

const empty = (v: unknown) => v === null || v === undefined || v === '';

const DAY_MS = 86_400_000;
/** Excel's day 0 is 1899-12-30 (the 1900 leap-year bug included). */
const EXCEL_EPOCH_UTC = Date.UTC(1899, 11, 30);

/**
 * Where "local time" is: the runtime's own zone (the browser), or a fixed offset in minutes as
 * `Date.getTimezoneOffset` gives it (the server writing for a user in another zone).
 */
export type TimeZone = { offsetMinutes: number } | 'runtime';

function localParts(d: Date, zone: TimeZone): [number, number, number, number, number, number] {
  if (zone === 'runtime')
    return [d.getFullYear(), d.getMonth(), d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()];
  const shifted = new Date(d.getTime() - zone.offsetMinutes * 60_000);
  return [
    shifted.getUTCFullYear(),
    shifted.getUTCMonth(),
    shifted.getUTCDate(),
    shifted.getUTCHours(),
    shifted.getUTCMinutes(),
    shifted.getUTCSeconds(),
  ];
}

/** 'YYYY-MM-DD' (no zone: a calendar day) → Excel serial; null when it is not a date. */
export function excelDateSerial(v: unknown, zone: TimeZone = 'runtime'): number | null {
  if (empty(v)) return null;
  const s = String(v).trim();
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(s) ?? /^(\d{4})-(\d{2})-(\d{2})T/.exec(s);
  if (m && !/[zZ]|[+-]\d{2}:?\d{2}$/.test(s)) return (Date.UTC(+m[1], +m[2] - 1, +m[3]) - EXCEL_EPOCH_UTC) / DAY_MS;
  const d = new Date(s);
  if (Number.isNaN(d.getTime())) return null;
  // An instant: the local calendar day the user sees.
  const [y, mo, day] = localParts(d, zone);
  return (Date.UTC(y, mo, day) - EXCEL_EPOCH_UTC) / DAY_MS;
}

/** An instant → Excel serial in local time (what the grid shows). */
function excelDateTimeSerial(v: unknown, zone: TimeZone = 'runtime'): number | null {
  if (empty(v)) return null;
  const d = v instanceof Date ? v : new Date(String(v));
  if (Number.isNaN(d.getTime())) return null;
  return (Date.UTC(...localParts(d, zone)) - EXCEL_EPOCH_UTC) / DAY_MS;
}

/** Excel keeps 15 significant digits: a decimal text with more would change as a number cell. */
const EXCEL_DIGITS = 15;

const toNumber = (v: unknown): number | null => {
  if (empty(v)) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  const text = String(v).replace(/,/g, '').trim();
  // Decimal text from the server (numeric columns come as exact text): a number cell only while Excel
  // holds it exactly, so the sheet still sums — else the caller writes the text as the grid shows it.
  const digits = /^-?\d+(\.\d+)?$/.test(text) ? text.replace(/^-?0*|\.|0+$/g, '') : '';
  if (digits.length > EXCEL_DIGITS) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

/** An amount too long for a number cell, as the grid shows it (text that is no amount as it is). */
function moneyText(v: unknown, currency: string): string {
  try {
    return formatMoney(String(v).replace(/,/g, '').trim(), currency);
  } catch {
    return String(v);
  }
}

const isChecked = (v: unknown) => v === true || v === 'Y' || v === 'y' || v === 1 || v === '1' || v === 'true';

/** One cell of the Excel file, as the grid shows it. */
export function exportCell(column: ExportColumn, row: Record<string, unknown>, zone: TimeZone = 'runtime'): XlsxCell {
  const v = row[column.field];
  switch (column.type) {
    case 'number': {
      const n = toNumber(v);
      if (n === null) return empty(v) ? null : { t: 's', v: groupedDecimal(String(v)) };
      // Whole numbers as 1,234 — a '.##' format would print "1,234." — fractions as the grid shows them.
      return { t: 'n', v: n, z: Number.isInteger(n) ? EXCEL_FORMATS.whole : EXCEL_FORMATS.fraction };
    }
    case 'money': {
      // KRW and JPY have no decimals (lib/money CURRENCY_DECIMALS); others keep two.
      const currency = String(
        (column.currencyField ? row[column.currencyField] : undefined) ?? column.currency ?? 'KRW',
      ).toUpperCase();
      const n = toNumber(v);
      if (n === null) return empty(v) ? null : { t: 's', v: moneyText(v, currency) };
      return { t: 'n', v: n, z: currency === 'KRW' || currency === 'JPY' ? EXCEL_FORMATS.whole : EXCEL_FORMATS.money2 };
    }
    case 'date': {
      const serial = excelDateSerial(v, zone);
      return serial === null
        ? empty(v)
          ? null
          : { t: 's', v: String(v) }
        : { t: 'n', v: serial, z: EXCEL_FORMATS.date };
    }
    case 'datetime': {
      const serial = excelDateTimeSerial(v, zone);
      return serial === null
        ? empty(v)
          ? null
          : { t: 's', v: String(v) }
        : { t: 'n', v: serial, z: EXCEL_FORMATS.datetime };
    }
    case 'month':
      // Text, not a date serial: a month has no day, and '2026-10' reads the same in Excel as on screen.
      return empty(v) ? null : { t: 's', v: formatYearMonth(v) };
    case 'code': {
      if (empty(v) || (Array.isArray(v) && v.length === 0)) return null;
      const text = (x: unknown) =>
        column.codes && Object.hasOwn(column.codes, String(x)) ? column.codes[String(x)] : String(x);
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
