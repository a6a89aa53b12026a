import type * as XLSXTypes from 'xlsx';
import { HttpError } from '../../../http/errors.js';
import { checkSpreadsheet } from '../../items/upload/file-checks.js';
import { XlsxBook } from '../../items/upload/xlsx-rows.js';

/**
 * The file of index values (docs/subcontracting.md "The 기준 지표"): an .xlsx (its sheet 지표값, else its first) or a
 * .csv (UTF-8, or the EUC-KR Excel writes for Korean Windows) whose first filled row names the columns 지표 코드,
 * 기준일 and 지표값. The .xlsx goes through the item upload's checks and streaming reader; a .csv through SheetJS,
 * every cell read as the text it is (no number or date guessing). The cells come back as text for the service to
 * check row by row.
 */
const SHEET_NAME = '지표값';

const COLUMNS = [
  ['indexCode', '지표 코드', '필수. 연동 기준 지표에 등록된 코드 (안내 시트의 목록)', ['지표코드', '코드']],
  ['valueDate', '기준일', '필수. YYYY-MM-DD, 오늘 이후는 안 됨. 이미 있는 날짜는 새 값으로 바뀜', ['일자', '날짜']],
  ['value', '지표값', '필수. 0보다 크고 소수점 이하 4자리까지', ['값']],
] as const;

type ColumnKey = (typeof COLUMNS)[number][0];
export type ValueCells = Record<ColumnKey, string>;

/**
 * Values are published a day, a week or a month at a time: a year of daily values of five indexes fits, written
 * in one transaction that must stay short on PGlite's one connection.
 */
export const MAX_ROWS = 2_000;
/** A file of MAX_ROWS rows is some 60 KB as CSV; this leaves room for formatting without reading a huge file. */
const MAX_BYTES = 1_048_576;

const headerText = (key: ColumnKey) => `${COLUMNS.find((c) => c[0] === key)![1]} (${key})`;

/** A header cell "지표 코드 (indexCode)", "indexCode", "지표 코드" or another usual name → its key; else null. */
function headerKey(raw: string): ColumnKey | null {
  const t = raw.trim();
  const named = /\(([A-Za-z]+)\)\s*$/.exec(t)?.[1] ?? t;
  const bare = t.replace(/\s*\([^)]*\)\s*$/, '').replace(/\s+/g, '');
  for (const [key, label, , others] of COLUMNS)
    if (named === key || bare === label.replace(/\s+/g, '') || (others as readonly string[]).includes(bare)) return key;
  return null;
}

const fileError = (code: string, message: string) => new HttpError(422, code, message);

/** The rows of an uploaded file, by the row number a person sees in it; 415 for another kind of file, 422 for a bad one. */
export async function readValueRows(
  fileName: string,
  mimeType: string,
  buffer: Uint8Array,
): Promise<Array<{ rowNo: number; cells: ValueCells }>> {
  if (buffer.length > MAX_BYTES)
    throw fileError('UPLOAD_TOO_LARGE', `지표값 파일은 ${MAX_BYTES / 1_048_576}MB까지 올릴 수 있습니다`);
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  let rows: Iterable<{ rowNo: number; cells: string[] }>;
  if (ext === 'csv') rows = await csvRows(buffer);
  else if (ext === 'xlsx') {
    checkSpreadsheet(fileName, mimeType, buffer);
    rows = xlsxRows(buffer);
  } else
    throw new HttpError(
      415,
      'UPLOAD_NOT_SPREADSHEET',
      `엑셀(.xlsx) 또는 CSV(.csv) 파일만 올릴 수 있습니다: ${fileName}`,
    );
  try {
    return tableOf(rows);
  } catch (e) {
    if (e instanceof HttpError) throw e;
    throw fileError(
      'UPLOAD_UNREADABLE',
      `파일을 읽을 수 없습니다: ${e instanceof Error ? e.message.slice(0, 200) : String(e)}`,
    );
  }
}

/** The header row, then every filled row in the columns it names. */
function tableOf(rows: Iterable<{ rowNo: number; cells: string[] }>) {
  const out: Array<{ rowNo: number; cells: ValueCells }> = [];
  let header: Array<ColumnKey | null> | null = null;
  for (const row of rows) {
    if (row.cells.every((c) => c.trim() === '')) continue;
    if (!header) {
      header = row.cells.map(headerKey);
      const missing = COLUMNS.map((c) => c[0]).filter((k) => !header!.includes(k));
      if (missing.length)
        throw fileError(
          'UPLOAD_COLUMNS',
          `첫 줄에 열 이름이 없습니다: ${missing.map(headerText).join(', ')}. 양식을 내려받아 사용하세요`,
        );
      continue;
    }
    if (out.length >= MAX_ROWS)
      throw fileError(
        'UPLOAD_TOO_MANY_ROWS',
        `지표값은 한 번에 ${MAX_ROWS.toLocaleString('ko-KR')}행까지 올릴 수 있습니다`,
      );
    const cells: ValueCells = { indexCode: '', valueDate: '', value: '' };
    header.forEach((k, c) => {
      if (k) cells[k] = (row.cells[c] ?? '').trim();
    });
    out.push({ rowNo: row.rowNo, cells });
  }
  if (out.length === 0) throw fileError('UPLOAD_EMPTY', '올린 파일에 지표값 행이 없습니다');
  return out;
}

function* xlsxRows(buffer: Uint8Array) {
  const book = XlsxBook.open(buffer);
  const sheet = book.sheetNames.includes(SHEET_NAME) ? SHEET_NAME : book.sheetNames[0];
  if (!sheet) throw fileError('UPLOAD_UNREADABLE', '시트가 없는 엑셀 파일입니다');
  yield* book.rows(sheet);
}

/** SheetJS's full build, loaded when a CSV is first read or a template written (as the budget upload does). */
const sheetjs = () => import('xlsx');

/** UTF-8 (a byte-order mark dropped), else EUC-KR/CP949: what Excel writes for a Korean CSV. */
function csvText(buffer: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buffer);
  } catch {
    return new TextDecoder('euc-kr').decode(buffer);
  }
}

async function csvRows(buffer: Uint8Array) {
  if (buffer.includes(0)) throw new HttpError(415, 'UPLOAD_NOT_SPREADSHEET', 'CSV(.csv) 텍스트 파일이 아닙니다');
  const XLSX = await sheetjs();
  // raw: every cell stays the text written (a date is not turned into a number, 1.50 keeps its zero).
  const wb = XLSX.read(csvText(buffer), { type: 'string', raw: true });
  const ws = wb.Sheets[wb.SheetNames[0]];
  const aoa = ws ? XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: false, defval: '', blankrows: true }) : [];
  return aoa.map((cells, i) => ({ rowNo: i + 1, cells: cells.map((c) => String(c ?? '')) }));
}

/** A string cell: never a formula, whatever it starts with. */
const textCell = (v: string): XLSXTypes.CellObject => ({ t: 's', v });

/** The template: sheet 지표값 with its three columns; sheet 안내 with what each takes and the indexes in use. */
export async function templateWorkbook(
  indexes: ReadonlyArray<{ indexCode: string; indexName: string; unit: string }>,
): Promise<Buffer> {
  const XLSX = await sheetjs();
  const ws: XLSXTypes.WorkSheet = {};
  COLUMNS.forEach(([key], c) => {
    ws[XLSX.utils.encode_cell({ r: 0, c })] = textCell(headerText(key));
  });
  ws['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: 0, c: COLUMNS.length - 1 } });
  ws['!cols'] = COLUMNS.map(() => ({ wch: 22 }));
  const help = XLSX.utils.aoa_to_sheet([
    ['열', '설명'],
    ...COLUMNS.map(([key, , note]) => [headerText(key), note]),
    [],
    ['지표 코드', '지표명', '단위'],
    ...indexes.map((i) => [i.indexCode, i.indexName, i.unit]),
  ]);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, SHEET_NAME);
  XLSX.utils.book_append_sheet(wb, help, '안내');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
