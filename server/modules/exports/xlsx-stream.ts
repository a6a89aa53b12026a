import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate } from 'fflate';
import { EXCEL_FORMATS, type XlsxCell } from '../../../lib/export-cell.js';

/**
 * A streamed .xlsx writer: rows go out as they are produced, so an extract of 100,000 rows
 * holds one page of rows in memory, not the workbook (SheetJS builds the whole workbook first:
 * about 515 MB for 100k × 20 cells, DESIGN §9). One sheet, inline strings, a bold frozen header
 * row; numbers are written as numbers with a thousands format, so Excel sums them.
 */
type CellType = 'string' | 'amount' | 'quantity';

export interface XlsxColumn {
  header: string;
  type: CellType;
  width?: number;
}

const enc = new TextEncoder();
const SLICE = 100;
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** XML text: markup escaped, and the control characters XML 1.0 forbids dropped (tab, newline and return stay). */
function xml(s: string): string {
  let clean = s;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 && c !== 9 && c !== 10 && c !== 13) {
      clean = [...s].filter((ch) => ch >= ' ' || ch === '\t' || ch === '\n' || ch === '\r').join('');
      break;
    }
  }
  return /[&<>"]/.test(clean) ? clean.replace(/[&<>"]/g, (ch) => ESCAPES[ch]) : clean;
}

export function columnName(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

/** Number formats beyond Excel's built-in ones (3 is `#,##0`). */
const CUSTOM_FORMATS: ReadonlyArray<readonly [number, string]> = [
  [164, '#,##0.###'],
  [165, EXCEL_FORMATS.fraction],
  [166, EXCEL_FORMATS.money2],
  [167, EXCEL_FORMATS.date],
  [168, EXCEL_FORMATS.datetime],
];
const xf = (numFmtId: number, extra = '') =>
  `<xf numFmtId="${numFmtId}" fontId="0" fillId="0" borderId="0" xfId="0"${numFmtId ? ' applyNumberFormat="1"' : ''}${extra}/>`;
/** Cell styles by index: 0 plain, 1 header, 2 amount, 3 quantity, then one per format of the grid's cells. */
const CELL_XFS = [
  xf(0),
  '<xf numFmtId="0" fontId="1" fillId="2" borderId="0" xfId="0" applyFont="1" applyFill="1"/>',
  xf(3),
  xf(164),
  xf(165),
  xf(166),
  xf(167),
  xf(168),
];
/** The style index of a cell's number format (lib/export-cell); an unknown format shows as General. */
const STYLE_OF_FORMAT: Readonly<Record<string, number>> = {
  [EXCEL_FORMATS.whole]: 2,
  [EXCEL_FORMATS.fraction]: 4,
  [EXCEL_FORMATS.money2]: 5,
  [EXCEL_FORMATS.date]: 6,
  [EXCEL_FORMATS.datetime]: 7,
};
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

function staticParts(sheetName: string): Record<string, string> {
  return {
    '[Content_Types].xml': `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
    '_rels/.rels': `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${HEAD}<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets><sheet name="${xml(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    'xl/styles.xml': `${HEAD}<styleSheet xmlns="${NS}"><numFmts count="${CUSTOM_FORMATS.length}">${CUSTOM_FORMATS.map(([id, code]) => `<numFmt numFmtId="${id}" formatCode="${xml(code)}"/>`).join('')}</numFmts><fonts count="2"><font><sz val="10"/><name val="맑은 고딕"/></font><font><b/><sz val="10"/><name val="맑은 고딕"/></font></fonts><fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill><fill><patternFill patternType="solid"><fgColor rgb="FFE8E8E8"/></patternFill></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="${CELL_XFS.length}">${CELL_XFS.join('')}</cellXfs></styleSheet>`,
  };
}

export class XlsxStream {
  readonly output: Readable;
  private readonly pass = new PassThrough();
  private readonly zip: Zip;
  private readonly sheet: ZipDeflate;
  private pending: Uint8Array[] = [];
  private rowNo = 0;
  private failed: Error | null = null;
  private readonly letters: string[];

  /**
   * `pause` runs between slices of write(): by default one turn of the event loop; the server
   * passes `app.yieldToLight` so a slice also waits for light requests in flight.
   */
  constructor(
    sheetName: string,
    private readonly columns: readonly XlsxColumn[],
    private readonly pause: () => Promise<void> = () => new Promise<void>((resolve) => setImmediate(resolve)),
  ) {
    this.output = this.pass;
    this.letters = columns.map((_, i) => columnName(i));
    this.zip = new Zip((err, chunk) => {
      if (err) this.failed = err;
      else this.pending.push(chunk);
    });
    for (const [name, content] of Object.entries(staticParts(sheetName))) {
      const f = new ZipDeflate(name, { level: 6 });
      this.zip.add(f);
      f.push(enc.encode(content), true);
    }
    this.sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 1 });
    this.zip.add(this.sheet);
    const cols = columns
      .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 14}" customWidth="1"/>`)
      .join('');
    this.sheet.push(
      enc.encode(
        `${HEAD}<worksheet xmlns="${NS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${cols}</cols><sheetData>`,
      ),
    );
    this.sheet.push(
      enc.encode(
        this.rowXml(
          columns.map((c) => c.header),
          true,
        ),
      ),
    );
  }

  private rowXml(values: ReadonlyArray<string | number | null | undefined>, header = false): string {
    this.rowNo += 1;
    const r = this.rowNo;
    let cells = '';
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v === null || v === undefined || v === '') continue;
      const ref = `${this.letters[i]}${r}`;
      const type = header ? 'string' : this.columns[i].type;
      const text = String(v);
      if (type !== 'string' && /^-?\d+(\.\d+)?$/.test(text))
        cells += `<c r="${ref}" s="${type === 'amount' ? 2 : 3}"><v>${text}</v></c>`;
      else
        cells += `<c r="${ref}" t="inlineStr"${header ? ' s="1"' : ''}><is><t xml:space="preserve">${xml(text)}</t></is></c>`;
    }
    return `<row r="${r}">${cells}</row>`;
  }

  /** Writes rows, then waits while the reader is behind (backpressure). */
  async write(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): Promise<void> {
    // Slices of SLICE rows with a yield between: building and deflating XML is CPU work in the
    // request thread, and a light request should wait for one slice, not a page.
    for (let i = 0; i < rows.length; i += SLICE) {
      let chunk = '';
      for (const row of rows.slice(i, i + SLICE)) chunk += this.rowXml(row);
      this.sheet.push(enc.encode(chunk));
      await this.flush();
      if (i + SLICE < rows.length) await this.pause();
    }
  }

  /** Writes rows of typed cells (lib/export-cell: the grid's own cells), then waits while the reader is behind. */
  async writeCells(rows: ReadonlyArray<ReadonlyArray<XlsxCell>>): Promise<void> {
    let chunk = '';
    for (const row of rows) {
      this.rowNo += 1;
      const r = this.rowNo;
      let cells = '';
      for (let i = 0; i < row.length; i++) {
        const c = row[i];
        if (!c) continue;
        const ref = `${this.letters[i]}${r}`;
        if (c.t === 'n') {
          const style = c.z && Object.hasOwn(STYLE_OF_FORMAT, c.z) ? STYLE_OF_FORMAT[c.z] : 0;
          cells += `<c r="${ref}"${style ? ` s="${style}"` : ''}><v>${c.v}</v></c>`;
        } else if (c.t === 'b') cells += `<c r="${ref}" t="b"><v>${c.v ? 1 : 0}</v></c>`;
        else if (c.v !== '')
          cells += `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xml(c.v)}</t></is></c>`;
      }
      chunk += `<row r="${r}">${cells}</row>`;
    }
    this.sheet.push(enc.encode(chunk));
    await this.flush();
  }

  /**
   * Writes rows converted to the grid's cells a slice of SLICE rows at a time: a slice's cells, XML
   * and bytes are garbage before the next is made, so they die in V8's young generation instead of
   * a page's worth of them being promoted to the old one (which V8 grows and collects lazily).
   */
  async writeRows<T>(rows: readonly T[], cellsOf: (row: T) => ReadonlyArray<XlsxCell>): Promise<void> {
    for (let i = 0; i < rows.length; i += SLICE) {
      const slice: Array<ReadonlyArray<XlsxCell>> = [];
      for (let j = i; j < Math.min(rows.length, i + SLICE); j++) slice.push(cellsOf(rows[j]));
      await this.writeCells(slice);
    }
  }

  async end(): Promise<void> {
    this.sheet.push(enc.encode('</sheetData></worksheet>'), true);
    this.zip.end();
    await this.flush();
    this.pass.end();
  }

  fail(err: Error): void {
    this.pass.destroy(err);
  }

  private async flush(): Promise<void> {
    if (this.failed) throw this.failed;
    const chunks = this.pending;
    this.pending = [];
    for (const c of chunks) {
      if (this.pass.destroyed) throw new Error('the download was aborted');
      if (!this.pass.write(Buffer.from(c.buffer, c.byteOffset, c.byteLength))) {
        // A reader that goes away closes the stream instead of draining it.
        // The listener of the event that did not come is removed (else every wait leaks two listeners).
        const stop = new AbortController();
        await Promise.race([
          once(this.pass, 'drain', { signal: stop.signal }),
          once(this.pass, 'close', { signal: stop.signal }),
        ]).finally(() => stop.abort());
      }
    }
  }

  get rowsWritten(): number {
    return Math.max(0, this.rowNo - 1);
  }
}
