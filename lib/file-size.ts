/**
 * Upload rules of spec §5/§9: "Excel upload accepts only spreadsheet files. Default file size
 * limit 10 MB (1048576 bytes per MB) unless a limit is set."
 */

/** Spec §5: 1048576 bytes per MB (binary megabyte). */
export const BYTES_PER_MB = 1_048_576;
/** Spec §9: default file size limit 10 MB. */
export const DEFAULT_UPLOAD_LIMIT_MB = 10;

/**
 * True when a file of `bytes` may be uploaded under `limitMb` (default 10 MB). The limit is
 * inclusive: exactly 10 × 1048576 bytes passes, one byte more does not.
 * "Unless a limit is set": only null/undefined fall back to the default. A set limit must be a
 * positive finite number (fractions such as 0.5 MB are fine); 0, negatives and NaN throw,
 * because they are configuration mistakes, and treating them as "no uploads" or "default"
 * would hide the mistake.
 */
export function isWithinLimit(bytes: number, limitMb?: number | null): boolean {
  if (!Number.isFinite(bytes) || bytes < 0)
    throw new RangeError(`isWithinLimit: bytes must be a non-negative number, got ${bytes}`);
  const mb = limitMb ?? DEFAULT_UPLOAD_LIMIT_MB;
  if (!Number.isFinite(mb) || mb <= 0)
    throw new RangeError(`isWithinLimit: limitMb must be a positive number, got ${limitMb}`);
  return bytes <= mb * BYTES_PER_MB;
}

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * Human-readable size in binary units with at most one decimal ('1.5 MB', '10 MB', '512 B').
 * Binary units (1 KB = 1024 B) so a file shown as "10 MB" is exactly at the 10 MB limit above.
 * The unit is chosen after rounding, so 1048575 B reads '1 MB', never '1024 KB'.
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0)
    throw new RangeError(`formatBytes: bytes must be a non-negative number, got ${bytes}`);
  let unit = 0;
  let value = bytes;
  while (unit < UNITS.length - 1 && Math.round(value * 10) / 10 >= 1024) {
    value /= 1024;
    unit++;
  }
  const rounded = unit === 0 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${UNITS[unit]}`;
}

/** Extensions the Excel upload accepts; also usable as an <input accept> list. */
export const SPREADSHEET_EXTENSIONS: readonly string[] = Object.freeze(['.xlsx', '.xls']);

/** MIME types browsers report for .xlsx/.xls, plus the two they report when they do not know. */
const SPREADSHEET_MIME_TYPES: ReadonlySet<string> = new Set([
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-excel',
  'application/excel',
  'application/x-excel',
  'application/x-msexcel',
  'application/octet-stream', // no Office installed: Windows browsers often send this
  '', // and some send nothing at all
]);

/**
 * Spec §5: the Excel upload accepts only spreadsheet files. Decisions:
 * - Accepted: .xlsx and .xls (case-insensitive), the two formats Excel saves and our Excel
 *   export (.xlsx) produces, so a downloaded template can be filled in and uploaded back.
 * - NOT accepted: .csv. It is plain text, not a spreadsheet, and a CSV saved by Korean Excel is
 *   CP949-encoded, so its Hangul would be read as garbage. Macro workbooks (.xlsm) and .xlsb
 *   are refused too.
 * - The name decides; a given MIME type may only veto (e.g. text/html named .xls). The server
 *   still checks the content — a name and a MIME type are both client claims.
 */
export function isSpreadsheetFile(name: string, mimeType?: string | null): boolean {
  const lower = name.trim().toLowerCase();
  if (!SPREADSHEET_EXTENSIONS.some((ext) => lower.endsWith(ext) && lower.length > ext.length)) return false;
  if (mimeType === undefined || mimeType === null) return true;
  return SPREADSHEET_MIME_TYPES.has(mimeType.trim().toLowerCase());
}
