/**
 * Builds the .xlsx with SheetJS from pages of rows: a dense sheet (`!data`) of typed cells, so
 * numbers stay numbers with their `#,##0` format, dates are real dates, codes show their texts.
 * Runs inside the export worker; tests run it inline.
 */
import * as XLSX from 'xlsx';
import { exportCell, type ExportColumn, type XlsxCell } from '../registry/columns';

/** Excel's sheet-name rules: ≤ 31 characters, none of : \ / ? * [ ]. */
function safeSheetName(name: string): string {
  const clean = name
    .replace(/[:\\/?*[\]]/g, ' ')
    .trim()
    .slice(0, 31);
  return clean || 'Sheet1';
}

class SheetBuilder {
  private readonly data: Array<Array<XlsxCell | undefined>>;
  constructor(private readonly columns: ExportColumn[]) {
    this.data = [columns.map((c) => ({ t: 's', v: c.header }))];
  }

  get rowCount(): number {
    return this.data.length - 1;
  }

  add(rows: ReadonlyArray<Record<string, unknown>>): void {
    const cols = this.columns;
    for (const row of rows) {
      // An empty cell is a hole (undefined): SheetJS's dense writer reads every non-hole as a cell.
      const cells = new Array<XlsxCell | undefined>(cols.length);
      for (let i = 0; i < cols.length; i++) cells[i] = exportCell(cols[i], row) ?? undefined;
      this.data.push(cells);
    }
  }

  /** The workbook as bytes (zip-compressed .xlsx). */
  finish(sheetName: string): Uint8Array {
    const ws: XLSX.WorkSheet = {
      '!data': this.data as unknown as XLSX.CellObject[][],
      '!ref': XLSX.utils.encode_range({
        s: { r: 0, c: 0 },
        e: { r: Math.max(this.data.length - 1, 0), c: Math.max(this.columns.length - 1, 0) },
      }),
      '!cols': this.columns.map((c) => ({ wch: c.width })),
      // Header row frozen, like the grid's header.
      '!freeze': { xSplit: 0, ySplit: 1 },
    } as XLSX.WorkSheet;
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, ws, safeSheetName(sheetName));
    const out = XLSX.write(wb, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
    return new Uint8Array(out);
  }
}

export type WorkerRequest =
  | { type: 'start'; columns: ExportColumn[] }
  | { type: 'rows'; rows: Array<Record<string, unknown>> }
  | { type: 'finish'; sheetName: string };

export type WorkerAnswer =
  { type: 'added'; count: number } | { type: 'done'; bytes: Uint8Array } | { type: 'error'; message: string };

/** The worker's message handling, as a plain function so a test can drive it without a Worker. */
export function createExportHandler(post: (answer: WorkerAnswer, transfer?: Transferable[]) => void) {
  let builder: SheetBuilder | null = null;
  return (msg: WorkerRequest) => {
    try {
      if (msg.type === 'start') builder = new SheetBuilder(msg.columns);
      else if (!builder) throw new Error('export worker: rows before start');
      else if (msg.type === 'rows') {
        builder.add(msg.rows);
        post({ type: 'added', count: builder.rowCount });
      } else {
        const bytes = builder.finish(msg.sheetName);
        builder = null;
        post({ type: 'done', bytes }, [bytes.buffer]);
      }
    } catch (e) {
      post({ type: 'error', message: e instanceof Error ? e.message : String(e) });
    }
  };
}
