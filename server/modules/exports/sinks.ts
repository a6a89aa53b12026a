import { exportCell, type ExportColumn, type TimeZone } from '../../../lib/export-cell.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { pivotWorkbook } from './pivot-workbook.js';
import type { PivotLayout } from './schemas.js';
import { XlsxStream } from './xlsx-stream.js';

type Row = Record<string, unknown>;

/** Where an export's pages go (run.ts reads them the same way for either kind of file). */
interface ExportSink {
  /** Rows the file takes at most: a pivot's limit, as its screen reads; a list takes them all. */
  readonly capacity: number;
  add(rows: readonly Row[]): Promise<void>;
  /** The file completed in the store. */
  finish(): Promise<{ size: number }>;
  /** Leaves nothing behind in the store. */
  fail(err: Error): Promise<void>;
}

/** A list, one line a row: streamed into the store page by page, so memory holds one page however many rows. */
export function streamedSink(
  store: ObjectStore,
  key: string,
  columns: readonly ExportColumn[],
  sheetName: string,
  zone: TimeZone,
): ExportSink {
  const xlsx = new XlsxStream(
    sheetName,
    columns.map((c) => ({ header: c.header, type: 'string' as const, width: c.width })),
  );
  const written = store.put(key, xlsx.output);
  written.catch(() => undefined);
  return {
    capacity: Infinity,
    // Converted and written a slice at a time (XlsxStream.writeRows), not the page's cells at once.
    add: (rows) => xlsx.writeRows(rows, (row) => columns.map((c) => exportCell(c, row, zone))),
    async finish() {
      await xlsx.end();
      return written;
    },
    async fail(err) {
      // The failed stream fails the put, which leaves nothing behind.
      xlsx.fail(err);
      await written.catch(() => undefined);
    },
  };
}

/**
 * A pivot (pivot-workbook.ts): its layout needs every row first (a column per key of the second dimension), so
 * the rows are kept — at most the layout's limit — and the workbook is written to the store once at the end.
 */
export function pivotSink(
  store: ObjectStore,
  key: string,
  layout: PivotLayout,
  columns: readonly ExportColumn[],
  zone: TimeZone,
): ExportSink {
  const kept: Row[] = [];
  return {
    capacity: layout.limit,
    async add(rows) {
      kept.push(...rows.slice(0, layout.limit - kept.length));
    },
    async finish() {
      return store.put(key, await pivotWorkbook(kept, layout, columns, zone));
    },
    // Nothing was written yet.
    async fail() {},
  };
}
