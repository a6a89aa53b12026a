import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from 'xlsx';
import { SHEET_NAME, headerKey, type ParsedCell, type WorkerMessage } from './columns.js';

/**
 * Reads an uploaded workbook off the request thread and posts its rows in chunks. Formulas
 * are read as the values the workbook stored with them (cellFormula: false), never evaluated.
 */
const { buffer, chunkSize } = workerData as { buffer: Uint8Array; chunkSize: number; entry: string };
const post = (m: WorkerMessage) => parentPort!.postMessage(m);

function cellValue(v: unknown): ParsedCell {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) {
    // SheetJS gives dates at local midnight of the workbook's date system.
    const d = new Date(v.getTime() - v.getTimezoneOffset() * 60_000);
    return d.toISOString().slice(0, 10);
  }
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Math.round(v * 1e6) / 1e6);
  if (typeof v === 'boolean') return v ? 'Y' : 'N';
  return String(v).trim();
}

try {
  const wb = XLSX.read(buffer, { type: 'array', dense: true, cellFormula: false, cellHTML: false, cellText: false, cellDates: true, cellStyles: false, sheets: SHEET_NAME });
  const ws = wb.Sheets[SHEET_NAME];
  if (!ws) {
    post({ type: 'fail', code: 'UPLOAD_SHEET_MISSING', message: `'${SHEET_NAME}' 시트가 없습니다. 양식을 내려받아 사용하세요 (시트: ${wb.SheetNames.join(', ')})` });
  } else {
    const rows = XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: true, defval: null, blankrows: false });
    const header = (rows[0] ?? []).map((h) => headerKey(cellValue(h)));
    post({ type: 'header', header, total: Math.max(0, rows.length - 1) });
    let chunk: Array<{ rowNo: number; cells: ParsedCell[] }> = [];
    for (let i = 1; i < rows.length; i++) {
      const r = rows[i] ?? [];
      const cells = header.map((_, c) => cellValue(r[c]));
      if (cells.every((c) => c === '')) continue;
      chunk.push({ rowNo: i + 1, cells });
      if (chunk.length >= chunkSize) {
        post({ type: 'rows', rows: chunk });
        chunk = [];
      }
      rows[i] = [];
    }
    if (chunk.length) post({ type: 'rows', rows: chunk });
    post({ type: 'done' });
  }
} catch (e) {
  post({ type: 'fail', code: 'UPLOAD_UNREADABLE', message: `엑셀 파일을 읽을 수 없습니다: ${e instanceof Error ? e.message.slice(0, 200) : String(e)}` });
}
