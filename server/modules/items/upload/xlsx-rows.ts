import { createRequire } from 'node:module';
import path from 'node:path';
import { Unzip, UnzipInflate } from 'fflate';
import { SaxesParser } from 'saxes';

/**
 * SheetJS's number-format helpers (SSF: its format table, `is_date`, `parse_date_code`) from its
 * "mini" build: the same SSF as the full library, without the writers and the other formats. In the
 * upload worker the full library costs ~27 MB of memory, the mini build ~6 MB.
 */
const XLSX = createRequire(import.meta.url)('xlsx/dist/xlsx.mini.min') as typeof import('xlsx');

/**
 * A streaming reader of one worksheet's rows from an .xlsx held in memory compressed (docs/items.md ›
 * Excel upload). fflate's streaming `Unzip` is fed the zip in slices and inflates only the parts
 * asked for; saxes parses their XML as it comes, so no part is ever whole in memory as text. What is
 * kept: the shared strings (as JS strings), the styles' date flags and the rows of one slice.
 *
 * The zip is read in passes, because a writer may put the sheet before the workbook or the shared
 * strings (SheetJS writes xl/worksheets/… before xl/workbook.xml): the workbook and its relationships,
 * then the shared strings and styles, then the sheet — each pass inflates only its entries.
 *
 * Values are what the upload's old SheetJS path gave (`XLSX.read` + `sheet_to_json`, then trimmed):
 * strings trimmed, integers as digits, other numbers rounded to 6 decimals, booleans Y/N, date-styled
 * numbers and ISO date cells as YYYY-MM-DD; an error cell gives its text (#N/A …); a formula gives the
 * value stored with it, never the formula.
 */

/** How much of the compressed zip is pushed at a time: at most a few hundred rows of XML come out of it. */
const SLICE = 16 * 1024;
/** Excel's limits: columns A–XFD, 1,048,576 rows. A cell reference past them is a broken file. */
const MAX_COL = 16_383;
const MAX_ROW = 1_048_576;

export interface SheetRow {
  /** The sheet's row number (1-based), as Excel shows it. */
  rowNo: number;
  /** Cell values by column (A = 0); '' for an empty cell. */
  cells: string[];
}

export class SheetMissingError extends Error {
  constructor(
    readonly sheetName: string,
    readonly sheetNames: string[],
  ) {
    super(`sheet '${sheetName}' not found`);
  }
}

/** A number as the upload shows it: integers as their digits, others rounded to 6 decimals. */
function formatNumber(v: number): string {
  return Number.isInteger(v) ? String(v) : String(Math.round(v * 1e6) / 1e6);
}

/**
 * Inflates the named entries of a zip, a slice of the compressed bytes at a time, and yields the text
 * each slice produced (UTF-8 decoded across slice boundaries). Entries not named are skipped unread.
 */
function* inflateEntries(
  zip: Uint8Array,
  names: ReadonlySet<string>,
): Generator<Array<{ name: string; text: string }>> {
  let out: Array<{ name: string; text: string }> = [];
  const unzip = new Unzip((file) => {
    if (!names.has(file.name)) return;
    const decoder = new TextDecoder('utf-8');
    file.ondata = (err, data, final) => {
      if (err) throw err;
      const text = decoder.decode(data, { stream: !final });
      if (text) out.push({ name: file.name, text });
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  for (let at = 0; at < zip.length; at += SLICE) {
    unzip.push(zip.subarray(at, at + SLICE), at + SLICE >= zip.length);
    if (out.length) {
      yield out;
      out = [];
    }
  }
}

interface XmlHandlers {
  open?(name: string, attrs: Record<string, string>): void;
  close?(name: string): void;
  text?(text: string): void;
}

/** A saxes parser calling back with local names (a writer may prefix the SpreadsheetML namespace: x:c). */
function xmlParser(h: XmlHandlers): SaxesParser {
  const local = (n: string) => {
    const i = n.indexOf(':');
    return i < 0 ? n : n.slice(i + 1);
  };
  const p = new SaxesParser({ position: false });
  if (h.open) {
    const open = h.open;
    p.on('opentag', (t) => open(local(t.name), t.attributes as Record<string, string>));
  }
  if (h.close) {
    const close = h.close;
    p.on('closetag', (t) => close(local(t.name)));
  }
  if (h.text) p.on('text', h.text);
  return p;
}

/** Parses whole (small) or streamed entries: each entry gets its parser, fed the text as it inflates. */
function parseEntries(zip: Uint8Array, parsers: Map<string, SaxesParser>): void {
  for (const pieces of inflateEntries(zip, new Set(parsers.keys())))
    for (const { name, text } of pieces) parsers.get(name)!.write(text);
  for (const p of parsers.values()) p.close();
}

/** An attribute by local name (r:id, or whatever prefix the writer bound the relationships namespace to). */
function attr(attrs: Record<string, string>, localName: string): string | undefined {
  if (attrs[localName] !== undefined) return attrs[localName];
  for (const k of Object.keys(attrs)) if (k.endsWith(`:${localName}`)) return attrs[k];
  return undefined;
}

/** "AB12" → column 27 (0-based) and row 12; a reference without digits gives row NaN. */
function decodeRef(ref: string): { col: number; row: number } {
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c >= 65 && c <= 90) col = col * 26 + (c - 64);
    else if (c >= 97 && c <= 122) col = col * 26 + (c - 96);
    else break;
  }
  return { col: col - 1, row: Number(ref.slice(i)) };
}

/** OOXML's escape of characters XML cannot hold (_x000D_ for a carriage return), as Excel writes them. */
const unescapeX = (s: string) =>
  s.includes('_x') ? s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))) : s;

/**
 * A string that holds only its own characters. A parser's text is a slice of the decoded chunk it came
 * from (300 KB), and V8 keeps the whole chunk alive for a slice: kept shared strings would hold the
 * whole sharedStrings.xml. Concatenating and slicing makes V8 flatten it into a string of its own.
 */
const ownCopy = (s: string) => (s.length < 13 ? s : (' ' + s).slice(1));

/** Built-in number formats that SheetJS's table leaves out and Excel maps onto another (CJK dates → 14). */
const FORMAT_ALIASES: Record<number, number> = {
  27: 14,
  28: 14,
  29: 14,
  30: 14,
  31: 14,
  50: 14,
  51: 14,
  52: 14,
  53: 14,
  54: 14,
  55: 14,
  56: 14,
  57: 14,
  58: 14,
  71: 14,
  72: 14,
};

export class XlsxBook {
  /** The sheets in workbook order. */
  readonly sheetNames: string[] = [];
  date1904 = false;
  private readonly sheetPaths = new Map<string, string>();
  private strings: string[] = [];
  /** Per cell style (cellXfs index): does its number format show a date? */
  private dateStyles: boolean[] = [];

  private constructor(private readonly zip: Uint8Array) {}

  /** Reads the workbook's sheet list, shared strings and styles (not the sheets). */
  static open(zip: Uint8Array): XlsxBook {
    const book = new XlsxBook(zip);
    book.readWorkbook();
    return book;
  }

  private readWorkbook(): void {
    const sheets: Array<{ name: string; rid: string }> = [];
    const rels = new Map<string, { type: string; target: string }>();
    const workbook = xmlParser({
      open: (name, a) => {
        if (name === 'workbookPr') this.date1904 = a.date1904 === '1' || a.date1904 === 'true';
        else if (name === 'sheet') sheets.push({ name: a.name ?? '', rid: attr(a, 'id') ?? '' });
      },
    });
    const relations = xmlParser({
      open: (name, a) => {
        if (name === 'Relationship' && a.Id && a.Target) rels.set(a.Id, { type: a.Type ?? '', target: a.Target });
      },
    });
    parseEntries(
      this.zip,
      new Map([
        ['xl/workbook.xml', workbook],
        ['xl/_rels/workbook.xml.rels', relations],
      ]),
    );
    // A target is relative to xl/ or absolute from the package root ("/xl/worksheets/sheet1.xml").
    const resolve = (target: string) =>
      target.startsWith('/') ? target.slice(1) : path.posix.normalize(path.posix.join('xl', target));
    for (const s of sheets) {
      this.sheetNames.push(s.name);
      const rel = rels.get(s.rid);
      if (rel) this.sheetPaths.set(s.name, resolve(rel.target));
    }
    const byType = (suffix: string) => [...rels.values()].find((r) => r.type.endsWith(suffix));
    const sst = byType('/sharedStrings');
    const styles = byType('/styles');
    const parsers = new Map<string, SaxesParser>();
    if (sst) parsers.set(resolve(sst.target), this.sharedStringsParser());
    if (styles) parsers.set(resolve(styles.target), this.stylesParser());
    if (parsers.size) parseEntries(this.zip, parsers);
  }

  /** <sst><si><t>…</t></si> or rich text <si><r><t>…</t></r>…</si>; phonetic runs (<rPh>) are not the text. */
  private sharedStringsParser(): SaxesParser {
    let cur = '';
    let inT = false;
    let inPhonetic = 0;
    return xmlParser({
      open: (name) => {
        if (name === 'si') cur = '';
        else if (name === 't') inT = inPhonetic === 0;
        else if (name === 'rPh') inPhonetic++;
      },
      close: (name) => {
        if (name === 'si') this.strings.push(ownCopy(unescapeX(cur)));
        else if (name === 't') inT = false;
        else if (name === 'rPh') inPhonetic--;
      },
      text: (t) => {
        if (inT) cur += t;
      },
    });
  }

  /** numFmts (custom formats) and cellXfs (the styles cells point at, each with its numFmtId). */
  private stylesParser(): SaxesParser {
    const custom = new Map<number, string>();
    const xfFormats: number[] = [];
    let inCellXfs = false;
    const p = xmlParser({
      open: (name, a) => {
        if (name === 'numFmt') custom.set(Number(a.numFmtId), a.formatCode ?? '');
        else if (name === 'cellXfs') inCellXfs = true;
        else if (name === 'xf' && inCellXfs) xfFormats.push(Number(a.numFmtId ?? 0));
      },
      close: (name) => {
        if (name === 'cellXfs') inCellXfs = false;
      },
    });
    p.on('end', () => {
      const table = XLSX.SSF.get_table() as Record<number, string>;
      this.dateStyles = xfFormats.map((id) => {
        const fmt = custom.get(id) ?? table[id] ?? table[FORMAT_ALIASES[id]];
        return typeof fmt === 'string' && (XLSX.SSF.is_date(fmt) as boolean);
      });
    });
    return p;
  }

  /** A date serial as YYYY-MM-DD in the workbook's date system; null when it is no date. */
  private dateOf(serial: number): string | null {
    const d = XLSX.SSF.parse_date_code(serial, { date1904: this.date1904 }) as {
      y: number;
      m: number;
      d: number;
    } | null;
    if (!d) return null;
    return `${String(d.y).padStart(4, '0')}-${String(d.m).padStart(2, '0')}-${String(d.d).padStart(2, '0')}`;
  }

  private value(type: string, raw: string, inline: string, style: number): string {
    switch (type) {
      case 's': {
        const s = this.strings[Number(raw)];
        return s === undefined ? '' : s.trim();
      }
      case 'inlineStr':
        return unescapeX(inline).trim();
      case 'str':
      case 'e':
        return unescapeX(raw).trim();
      case 'b':
        return raw === '' ? '' : raw === '1' || raw === 'true' ? 'Y' : 'N';
      case 'd': {
        const t = raw.trim();
        return /^\d{4}-\d{2}-\d{2}/.test(t) ? t.slice(0, 10) : t;
      }
      default: {
        const t = raw.trim();
        if (t === '') return '';
        const v = Number(t);
        if (Number.isNaN(v)) return t;
        if (this.dateStyles[style]) return this.dateOf(v) ?? formatNumber(v);
        return formatNumber(v);
      }
    }
  }

  private sheetPath(sheetName: string): string {
    const p = this.sheetPaths.get(sheetName);
    if (!p) throw new SheetMissingError(sheetName, this.sheetNames);
    return p;
  }

  /**
   * The sheet's rows, in file order, as they inflate. `onDimension` is told the last row of the
   * sheet's <dimension ref="A1:O100001"> (null when absent) before the first row.
   */
  *rows(sheetName: string, onDimension?: (lastRow: number | null) => void): Generator<SheetRow> {
    const entry = this.sheetPath(sheetName);
    let out: SheetRow[] = [];
    let lastRow: number | null = null;
    let rowNo = 0;
    let cells: string[] = [];
    let col = -1;
    let type = 'n';
    let style = 0;
    let raw = '';
    let inline = '';
    let inV = false;
    let inIs = false;
    let inT = false;
    let inPhonetic = 0;
    const parser = xmlParser({
      open: (name, a) => {
        switch (name) {
          case 'c': {
            col = a.r ? decodeRef(a.r).col : col + 1;
            if (!(col >= 0 && col <= MAX_COL)) throw new Error(`bad cell reference ${a.r ?? ''} in row ${rowNo}`);
            type = a.t ?? 'n';
            style = a.s ? Number(a.s) : 0;
            raw = '';
            inline = '';
            break;
          }
          case 'v':
            inV = true;
            break;
          case 'is':
            inIs = true;
            break;
          case 't':
            inT = inIs && inPhonetic === 0;
            break;
          case 'rPh':
            inPhonetic++;
            break;
          case 'row': {
            rowNo = a.r ? Number(a.r) : rowNo + 1;
            if (!(Number.isInteger(rowNo) && rowNo >= 1 && rowNo <= MAX_ROW))
              throw new Error(`bad row number ${a.r ?? ''}`);
            cells = [];
            col = -1;
            break;
          }
          case 'dimension': {
            const ref = a.ref ?? '';
            const last = decodeRef(ref.slice(ref.indexOf(':') + 1)).row;
            lastRow = Number.isInteger(last) && last > 0 ? last : null;
            break;
          }
          case 'sheetData':
            onDimension?.(lastRow);
            break;
        }
      },
      close: (name) => {
        switch (name) {
          case 'c':
            cells[col] = this.value(type, raw, inline, style);
            break;
          case 'v':
            inV = false;
            break;
          case 'is':
            inIs = false;
            break;
          case 't':
            inT = false;
            break;
          case 'rPh':
            inPhonetic--;
            break;
          case 'row': {
            for (let i = 0; i < cells.length; i++) if (cells[i] === undefined) cells[i] = '';
            out.push({ rowNo, cells });
            break;
          }
        }
      },
      text: (t) => {
        if (inV) raw += t;
        else if (inT) inline += t;
      },
    });
    for (const pieces of inflateEntries(this.zip, new Set([entry]))) {
      for (const { text } of pieces) parser.write(text);
      if (out.length) {
        yield* out;
        out = [];
      }
    }
    parser.close();
    yield* out;
  }

  /** Counts the sheet's <row> elements (a pass of its own: for a sheet without a <dimension>). */
  countRows(sheetName: string): number {
    let n = 0;
    const parser = xmlParser({
      open: (name) => {
        if (name === 'row') n++;
      },
    });
    parseEntries(this.zip, new Map([[this.sheetPath(sheetName), parser]]));
    return n;
  }
}
