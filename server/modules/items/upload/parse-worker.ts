import { parentPort, workerData } from 'node:worker_threads';
import { SHEET_NAME, headerKey, type ParsedCell, type WorkerMessage } from './columns.js';
import { SheetMissingError, XlsxBook } from './xlsx-rows.js';

/**
 * Reads an uploaded workbook off the request thread, streaming (xlsx-rows.ts: the sheet's XML is
 * parsed as it inflates, never whole), and posts its rows in chunks. Formulas are read as the values
 * the workbook stored with them, never evaluated. Backpressure: once two chunks are posted and not
 * yet acknowledged (the main thread acks a chunk after it has checked and stored it), reading waits,
 * so memory holds about two chunks however large the file.
 */
const { buffer, chunkSize } = workerData as { buffer: Uint8Array; chunkSize: number; entry: string };
const port = parentPort!;
const post = (m: WorkerMessage) => port.postMessage(m);
const MAX_UNACKED = 2;

let unacked = 0;
let wake: (() => void) | null = null;
const onAck = (m: { type?: string }) => {
  if (m?.type !== 'ack') return;
  unacked--;
  wake?.();
  wake = null;
};
port.on('message', onAck);
const acknowledged = () =>
  new Promise<void>((resolve) => {
    wake = resolve;
  });

async function read(): Promise<void> {
  const book = XlsxBook.open(buffer);
  let dimensionLast: number | null = null;
  let header: string[] | null = null;
  let chunk: Array<{ rowNo: number; cells: ParsedCell[] }> = [];
  for (const row of book.rows(SHEET_NAME, (last) => (dimensionLast = last))) {
    if (!header) {
      // The header is the first row with anything in it.
      if (row.cells.every((c) => c === '')) continue;
      header = row.cells.map((h) => headerKey(h));
      // The progress bar's total: the sheet's <dimension> when it spans rows below the header,
      // otherwise a counting pass over the sheet. The batch's total becomes exact when reading ends.
      const last = dimensionLast !== null && dimensionLast > row.rowNo ? dimensionLast : book.countRows(SHEET_NAME);
      post({ type: 'header', header, total: Math.max(0, last - row.rowNo) });
      continue;
    }
    const cells = header.map((_, c) => row.cells[c] ?? '');
    if (cells.every((c) => c === '')) continue;
    chunk.push({ rowNo: row.rowNo, cells });
    if (chunk.length >= chunkSize) {
      post({ type: 'rows', rows: chunk });
      chunk = [];
      unacked++;
      while (unacked >= MAX_UNACKED) await acknowledged();
    }
  }
  if (!header) post({ type: 'header', header: [], total: 0 });
  if (chunk.length) post({ type: 'rows', rows: chunk });
  post({ type: 'done' });
}

try {
  await read();
} catch (e) {
  if (e instanceof SheetMissingError) {
    post({
      type: 'fail',
      code: 'UPLOAD_SHEET_MISSING',
      message: `'${SHEET_NAME}' 시트가 없습니다. 양식을 내려받아 사용하세요 (시트: ${e.sheetNames.join(', ')})`,
    });
  } else {
    post({
      type: 'fail',
      code: 'UPLOAD_UNREADABLE',
      message: `엑셀 파일을 읽을 수 없습니다: ${e instanceof Error ? e.message.slice(0, 200) : String(e)}`,
    });
  }
} finally {
  port.off('message', onAck);
}
