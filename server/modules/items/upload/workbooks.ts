import type * as XLSXTypes from 'xlsx';
import { COLUMNS, COLUMN_KEYS, ERROR_COLUMN, SHEET_NAME, headerText } from './columns.js';
import type { RowData, RowError } from './process.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A string cell: never a formula, whatever it starts with (=, +, -, @ stay text). */
const textCell = (v: string): XLSXTypes.CellObject => ({ t: 's', v });

/**
 * SheetJS is loaded when a workbook is first written, not with the server: its full build holds
 * ~27 MB of heap, which every server process carried at rest for two rarely used downloads.
 */
const sheetjs = () => import('xlsx');

export async function templateWorkbook(): Promise<Buffer> {
  const XLSX = await sheetjs();
  const ws: XLSXTypes.WorkSheet = {};
  COLUMNS.forEach(([key], c) => {
    ws[XLSX.utils.encode_cell({ r: 0, c })] = textCell(headerText(key));
  });
  const example: Record<string, string> = {
    itemName: '육각볼트',
    spec: 'M8x30 SUS304',
    catCode: 'MRO0101',
    sgCode: 'SGI-MRO0101-D',
    unitCode: 'EA',
    refPrice: '120',
    currency: 'KRW',
    maker: '동아볼트',
    MATERIAL: 'SUS304',
    ORIGIN: 'KR',
    useYn: 'Y',
  };
  COLUMN_KEYS.forEach((k, c) => {
    ws[XLSX.utils.encode_cell({ r: 1, c })] = textCell(example[k] ?? '');
  });
  ws['!ref'] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: 1, c: COLUMN_KEYS.length - 1 } });
  ws['!cols'] = COLUMN_KEYS.map(() => ({ wch: 16 }));
  const help = XLSX.utils.aoa_to_sheet([
    ['열', '설명'],
    ...COLUMNS.map(([k, label, note]) => [`${label} (${k})`, note]),
  ]);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, SHEET_NAME);
  XLSX.utils.book_append_sheet(wb, help, '안내');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

export const errorsOf = (raw: unknown): RowError[] =>
  raw == null ? [] : ((typeof raw === 'string' ? JSON.parse(raw) : raw) as RowError[]);
export const dataOf = (raw: unknown): RowData => (typeof raw === 'string' ? JSON.parse(raw) : raw) as RowData;

/** The error rows in the template's columns with the reasons beside them; every cell a string, never a formula. */
export async function errorWorkbook(
  rows: ReadonlyArray<{ rowNo: number; data: unknown; errors: unknown }>,
): Promise<Buffer> {
  const XLSX = await sheetjs();
  const ws: XLSXTypes.WorkSheet = {};
  const headers = [...COLUMN_KEYS.map((k) => headerText(k)), ERROR_COLUMN];
  headers.forEach((h, c) => {
    ws[XLSX.utils.encode_cell({ r: 0, c })] = textCell(h);
  });
  rows.forEach((r, i) => {
    const d = dataOf(r.data);
    COLUMN_KEYS.forEach((k, c) => {
      ws[XLSX.utils.encode_cell({ r: i + 1, c })] = textCell(d[k] ?? '');
    });
    const reasons = errorsOf(r.errors)
      .map((e) => `[${e.column}] ${e.message}`)
      .join(' / ');
    ws[XLSX.utils.encode_cell({ r: i + 1, c: COLUMN_KEYS.length })] = textCell(`${r.rowNo}행: ${reasons}`);
  });
  ws['!ref'] = XLSX.utils.encode_range({
    s: { r: 0, c: 0 },
    e: { r: Math.max(1, rows.length), c: headers.length - 1 },
  });
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, SHEET_NAME);
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
