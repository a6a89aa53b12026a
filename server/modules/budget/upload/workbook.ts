import type * as XLSXTypes from 'xlsx';
import { SheetMissingError, XlsxBook } from '../../items/upload/xlsx-rows.js';
import { HttpError } from '../../../http/errors.js';

/**
 * The workbook of a year's budget (docs/budget.md › Excel upload and download): sheet `예산`, one row
 * per line — year, month, department, account, amount and the version read. The download is the
 * upload's template: filled in and uploaded again it round-trips. The department and account names
 * are there to read; the upload ignores them.
 */
const SHEET_NAME = '예산';

const COLUMNS = [
  ['fiscalYear', '연도', '필수, 업로드하는 연도'],
  ['month', '월', '필수, 1–12'],
  ['deptcd', '부서코드', '필수, 사용 중인 부서'],
  ['deptnm', '부서명', '참고용 (읽지 않음)'],
  ['accountCode', '예산계정', '필수, RAW SUP EQP OUT PKG RND …'],
  ['accountName', '계정명', '참고용 (읽지 않음)'],
  ['amount', '예산금액', '원 단위 정수, 0 이상. 비우면 그 줄은 바꾸지 않음'],
  ['version', '버전', '내려받은 그대로 두세요. 있는 예산을 바꿀 때 필수 (그 사이 다른 사람이 바꿨으면 오류)'],
] as const;

type ColumnKey = (typeof COLUMNS)[number][0];
const COLUMN_KEYS: readonly ColumnKey[] = COLUMNS.map((c) => c[0]);
const REQUIRED: readonly ColumnKey[] = ['fiscalYear', 'month', 'deptcd', 'accountCode', 'amount', 'version'];
/** The column the error workbook adds; an upload of that workbook ignores it. */
const ERROR_COLUMN = '오류내용';
/** A year's budget is departments × accounts × 12 rows; a file past this is not one year's budget. */
const MAX_ROWS = 20_000;

export type RowData = Partial<Record<ColumnKey, string>>;
export interface RowError {
  column: string;
  message: string;
}

const headerText = (key: ColumnKey) => `${COLUMNS.find((c) => c[0] === key)![1]} (${key})`;

/** A header cell "월 (month)", "month" or "월" → its column key; anything else as it is. */
function headerKey(raw: string): string {
  const t = raw.trim();
  const inParens = /\(([A-Za-z]+)\)\s*$/.exec(t);
  if (inParens && (COLUMN_KEYS as readonly string[]).includes(inParens[1])) return inParens[1];
  if ((COLUMN_KEYS as readonly string[]).includes(t)) return t;
  return COLUMNS.find((c) => c[1] === t)?.[0] ?? t;
}

const fileError = (code: string, message: string) => new HttpError(422, code, message);

/**
 * The data rows of an uploaded workbook (already through checkSpreadsheet), read with the item
 * upload's streaming reader in the request: a year's budget is at most a few thousand rows, and a
 * file of more than MAX_ROWS is refused as it is read. A missing sheet or column, or no data row: 422.
 */
export function readBudgetRows(buffer: Uint8Array): Array<{ rowNo: number; data: RowData }> {
  const book = XlsxBook.open(buffer);
  const out: Array<{ rowNo: number; data: RowData }> = [];
  let header: string[] | null = null;
  try {
    for (const row of book.rows(SHEET_NAME)) {
      if (!header) {
        if (row.cells.every((c) => c === '')) continue;
        header = row.cells.map(headerKey);
        const missing = REQUIRED.filter((k) => !header!.includes(k));
        if (missing.length)
          throw fileError(
            'UPLOAD_COLUMNS',
            `양식의 열이 없습니다: ${missing.map(headerText).join(', ')}. 양식을 내려받아 사용하세요`,
          );
        continue;
      }
      if (row.cells.every((c) => c === '')) continue;
      if (out.length >= MAX_ROWS)
        throw fileError(
          'UPLOAD_TOO_MANY_ROWS',
          `한 해 예산은 ${MAX_ROWS.toLocaleString('ko-KR')}행까지 올릴 수 있습니다`,
        );
      const data: RowData = {};
      header.forEach((k, c) => {
        if ((COLUMN_KEYS as readonly string[]).includes(k)) data[k as ColumnKey] = (row.cells[c] ?? '').trim();
      });
      out.push({ rowNo: row.rowNo, data });
    }
  } catch (e) {
    if (e instanceof SheetMissingError)
      throw fileError(
        'UPLOAD_SHEET_MISSING',
        `'${SHEET_NAME}' 시트가 없습니다. 양식을 내려받아 사용하세요 (시트: ${e.sheetNames.join(', ')})`,
      );
    if (e instanceof HttpError) throw e;
    throw fileError(
      'UPLOAD_UNREADABLE',
      `엑셀 파일을 읽을 수 없습니다: ${e instanceof Error ? e.message.slice(0, 200) : String(e)}`,
    );
  }
  if (out.length === 0) throw fileError('UPLOAD_EMPTY', '올린 파일에 예산 행이 없습니다');
  return out;
}

/** SheetJS's full build is loaded when a workbook is first written, as the item upload does. */
const sheetjs = () => import('xlsx');
/** A string cell: never a formula, whatever it starts with. */
const textCell = (v: string): XLSXTypes.CellObject => ({ t: 's', v });
/** Year, month, amount and version are numbers in Excel (so they sum); everything else text. */
const NUMERIC = new Set<string>(['fiscalYear', 'month', 'amount', 'version']);
const cell = (key: string, v: string): XLSXTypes.CellObject =>
  NUMERIC.has(key) && /^\d{1,15}$/.test(v) ? { t: 'n', v: Number(v) } : textCell(v);

/** Rows in the template's columns (plus, for the error workbook, the reasons beside them); a sheet of notes. */
export async function budgetWorkbook(
  rows: ReadonlyArray<{ data: RowData; reason?: string }>,
  withReasons = false,
): Promise<Buffer> {
  const XLSX = await sheetjs();
  const ws: XLSXTypes.WorkSheet = {};
  const headers = [...COLUMN_KEYS.map(headerText), ...(withReasons ? [ERROR_COLUMN] : [])];
  headers.forEach((h, c) => {
    ws[XLSX.utils.encode_cell({ r: 0, c })] = textCell(h);
  });
  rows.forEach((r, i) => {
    COLUMN_KEYS.forEach((k, c) => {
      const v = r.data[k] ?? '';
      if (v !== '') ws[XLSX.utils.encode_cell({ r: i + 1, c })] = cell(k, v);
    });
    if (withReasons) ws[XLSX.utils.encode_cell({ r: i + 1, c: COLUMN_KEYS.length })] = textCell(r.reason ?? '');
  });
  ws['!ref'] = XLSX.utils.encode_range({
    s: { r: 0, c: 0 },
    e: { r: Math.max(1, rows.length), c: headers.length - 1 },
  });
  ws['!cols'] = headers.map((_, c) => ({ wch: c === 3 ? 20 : c === COLUMN_KEYS.length ? 60 : 12 }));
  const help = XLSX.utils.aoa_to_sheet([
    ['열', '설명'],
    ...COLUMNS.map(([k, label, note]) => [`${label} (${k})`, note]),
  ]);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, SHEET_NAME);
  XLSX.utils.book_append_sheet(wb, help, '안내');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
