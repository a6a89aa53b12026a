// @vitest-environment node
import { strToU8, zipSync } from 'fflate';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { SheetMissingError, XlsxBook, type SheetRow } from '../../../server/modules/items/upload/xlsx-rows.js';

const rowsOf = (zip: Uint8Array, sheet = '품목', onDimension?: (n: number | null) => void): SheetRow[] => [
  ...XlsxBook.open(zip).rows(sheet, onDimension),
];
const write = (wb: XLSX.WorkBook, opts: Partial<XLSX.WritingOptions> = {}) =>
  new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx', ...opts }) as ArrayBuffer);
const book = (ws: XLSX.WorkSheet, name = '품목', date1904 = false) => {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, name);
  if (date1904) wb.Workbook = { ...wb.Workbook, WBProps: { date1904: true } };
  return wb;
};

/** A workbook from hand-written parts (what another writer than SheetJS may produce). */
function handMade(parts: {
  sheet: string;
  sharedStrings?: string;
  styles?: string;
  workbookPr?: string;
  target?: string;
}): Uint8Array {
  const ns =
    'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  const rel = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
  const files: Record<string, Uint8Array> = {
    'xl/worksheets/sheet1.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><worksheet ${ns}>${parts.sheet}</worksheet>`,
    ),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><workbook ${ns}>${parts.workbookPr ?? ''}<sheets><sheet name="안내" sheetId="2" r:id="rId9"/><sheet name="품목" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rel('rId1', 'worksheet', parts.target ?? '/xl/worksheets/sheet1.xml')}${rel('rId9', 'worksheet', 'worksheets/sheet2.xml')}${parts.sharedStrings ? rel('rId2', 'sharedStrings', 'sharedStrings.xml') : ''}${parts.styles ? rel('rId3', 'styles', 'styles.xml') : ''}</Relationships>`,
    ),
    'xl/worksheets/sheet2.xml': strToU8(`<worksheet ${ns}><sheetData/></worksheet>`),
  };
  if (parts.sharedStrings) files['xl/sharedStrings.xml'] = strToU8(`<sst ${ns}>${parts.sharedStrings}</sst>`);
  if (parts.styles) files['xl/styles.xml'] = strToU8(`<styleSheet ${ns}>${parts.styles}</styleSheet>`);
  return zipSync(files);
}

/** The upload's old path: SheetJS reads the whole workbook, sheet_to_json, then the worker's cellValue. */
function oldPath(zip: Uint8Array): string[][] {
  const cellValue = (v: unknown): string => {
    if (v === null || v === undefined) return '';
    if (v instanceof Date) return new Date(v.getTime() - v.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
    if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Math.round(v * 1e6) / 1e6);
    if (typeof v === 'boolean') return v ? 'Y' : 'N';
    return String(v).trim();
  };
  const wb = XLSX.read(zip, {
    type: 'array',
    dense: true,
    cellFormula: false,
    cellHTML: false,
    cellText: false,
    cellDates: true,
    cellStyles: false,
    sheets: '품목',
  });
  const rows = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets['품목'], {
    header: 1,
    raw: true,
    defval: null,
    blankrows: false,
  });
  return rows.map((r) => Array.from(r, cellValue));
}

describe('xlsx-rows: the streaming sheet reader', () => {
  it('reads a SheetJS workbook: shared strings, numbers, a date-styled number, booleans, a formula as its stored value', () => {
    const ws = XLSX.utils.aoa_to_sheet(
      [
        ['품목명 (itemName)', '기준단가 (refPrice)', '단가기준일 (priceDate)', '사용여부 (useYn)', '제조사 (maker)'],
        ['  육각볼트 ', 1200, new Date(Date.UTC(2026, 10, 1)), true, '동아'],
        ['너트', 0.1 + 0.2, 46000, false, null],
      ],
      { cellDates: true },
    );
    ws['C3'].z = 'yyyy-mm-dd';
    ws['E3'] = { t: 's', v: '계산된 제조사', f: 'CONCAT("=cmd","|")' };
    const zip = write(book(ws), { bookSST: true });
    let dimension: number | null = -1;
    const rows = rowsOf(zip, '품목', (n) => (dimension = n));
    expect(dimension).toBe(3);
    expect(rows).toEqual([
      {
        rowNo: 1,
        cells: [
          '품목명 (itemName)',
          '기준단가 (refPrice)',
          '단가기준일 (priceDate)',
          '사용여부 (useYn)',
          '제조사 (maker)',
        ],
      },
      { rowNo: 2, cells: ['육각볼트', '1200', '2026-11-01', 'Y', '동아'] },
      { rowNo: 3, cells: ['너트', '0.3', '2025-12-09', 'N', '계산된 제조사'] },
    ]);
  });

  it('reads a sheet without r attributes: each cell the next column, each row the next row', () => {
    const zip = handMade({
      sheet:
        '<sheetData><row><c t="inlineStr"><is><t>a</t></is></c><c><v>1</v></c></row><row><c><v>2.5</v></c><c r="D2" t="str"><f>A1</f><v> s </v></c><c><v>7</v></c></row><row r="5"><c t="e"><v>#N/A</v></c></row><row><c t="d"><v>2026-02-03T00:00:00</v></c></row></sheetData>',
    });
    const rows = rowsOf(zip);
    expect(rows).toEqual([
      { rowNo: 1, cells: ['a', '1'] },
      { rowNo: 2, cells: ['2.5', '', '', 's', '7'] },
      { rowNo: 5, cells: ['#N/A'] },
      { rowNo: 6, cells: ['2026-02-03'] },
    ]);
    // No <dimension>: the reader says so, and counting the rows is a pass of its own.
    let dimension: number | null = -1;
    rowsOf(zip, '품목', (n) => (dimension = n));
    expect(dimension).toBeNull();
    expect(XlsxBook.open(zip).countRows('품목')).toBe(4);
  });

  it('reads rich text without its phonetic runs, entities decoded, and inline rich strings', () => {
    const zip = handMade({
      target: 'worksheets/sheet1.xml',
      sharedStrings:
        '<si><r><rPr><b/></rPr><t>東京</t></r><r><t xml:space="preserve"> 볼트 &amp; 너트</t></r><rPh sb="0" eb="2"><t>トウキョウ</t></rPh><phoneticPr fontId="1"/></si><si><t>줄_x000D_바꿈</t></si><si><t>&lt;b&gt;</t><rPh sb="0" eb="1"><t>ビー</t></rPh></si>',
      sheet:
        '<dimension ref="A1:D1"/><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="inlineStr"><is><r><t>가</t></r><r><t>나</t></r><rPh><t>カ</t></rPh></is></c></row></sheetData>',
    });
    expect(rowsOf(zip)).toEqual([{ rowNo: 1, cells: ['東京 볼트 & 너트', '줄\r바꿈', '<b>', '가나'] }]);
  });

  it("turns date-styled numbers into dates by the style's format, built-in or custom, in the 1904 date system when the workbook says so", () => {
    const styles =
      '<numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy&quot;년&quot; m&quot;월&quot; d&quot;일&quot;"/><numFmt numFmtId="165" formatCode="#,##0.00"/></numFmts>' +
      '<cellXfs count="5"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="31"/></cellXfs>';
    const sheet =
      '<sheetData><row r="1"><c s="1"><v>46000</v></c><c s="2"><v>46000.75</v></c><c s="3"><v>46000</v></c><c s="0"><v>46000</v></c><c s="4"><v>1</v></c></row></sheetData>';
    expect(rowsOf(handMade({ styles, sheet }))[0].cells).toEqual([
      '2025-12-09',
      '2025-12-09',
      '46000',
      '46000',
      '1900-01-01',
    ]);
    expect(rowsOf(handMade({ styles, sheet, workbookPr: '<workbookPr date1904="1"/>' }))[0].cells).toEqual([
      '2029-12-10',
      '2029-12-10',
      '46000',
      '46000',
      '1904-01-02',
    ]);
    // A 1904 workbook written by SheetJS reads as SheetJS reads it.
    const ws = XLSX.utils.aoa_to_sheet([['d'], [new Date(Date.UTC(2026, 10, 1))]], { cellDates: true });
    const zip = write(book(ws, '품목', true));
    expect(rowsOf(zip)[1].cells).toEqual(oldPath(zip)[1]);
    expect(rowsOf(zip)[1].cells).toEqual(['2026-11-01']);
  });

  it('names the sheets when the one asked for is missing', () => {
    const zip = write(book(XLSX.utils.aoa_to_sheet([['a']]), 'Sheet1'));
    const err = (() => {
      try {
        rowsOf(zip);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(SheetMissingError);
    expect((err as SheetMissingError).sheetNames).toEqual(['Sheet1']);
  });

  it('refuses a broken sheet: XML cut short, a cell past column XFD', () => {
    expect(() => rowsOf(handMade({ sheet: '<sheetData><row><c><v>1</v></c>' }))).toThrow();
    expect(() => rowsOf(handMade({ sheet: '<sheetData><row><c r="ZZZZ1"><v>1</v></c></row></sheetData>' }))).toThrow(
      /cell reference/,
    );
  });

  it('gives what the old path (XLSX.read + sheet_to_json) gave, on a mixed workbook spanning many slices, compressed or stored', () => {
    const aoa: unknown[][] = [
      [
        '품목코드 (itemCode)',
        '품목명 (itemName)',
        '규격 (spec)',
        '기준단가 (refPrice)',
        '단가기준일 (priceDate)',
        '사용여부 (useYn)',
        '제조사 (maker)',
      ],
    ];
    for (let i = 0; i < 3000; i++) {
      aoa.push([
        i % 7 === 0 ? `MRO0101-${String(i).padStart(4, '0')}` : null,
        `시험 품목 ${i} ${'가나다라마바사'.slice(i % 7)}`,
        i % 5 === 0 ? ` 규격 ${i}  ` : `${i * 31}x${i % 13}`,
        i % 3 === 0 ? 1000 + i : i / 7,
        i % 4 === 0 ? new Date(Date.UTC(2020, 0, 1 + i)) : `2026-${String((i % 12) + 1).padStart(2, '0')}-01`,
        i % 2 === 0,
        i % 11 === 0 ? null : `제조사 ${i % 50}`,
      ]);
    }
    aoa.push([], ['', '', '', '', '', '', ''], ['끝']);
    const ws = XLSX.utils.aoa_to_sheet(aoa, { cellDates: true });
    for (let r = 1; r <= 3000; r += 4) ws[XLSX.utils.encode_cell({ r, c: 4 })].z = 'yyyy-mm-dd';
    for (const opts of [
      { bookSST: true, compression: true },
      { bookSST: false, compression: false },
    ]) {
      const zip = write(book(ws), opts);
      expect(zip.length).toBeGreaterThan(64 * 1024);
      const old = oldPath(zip).filter((r) => r.some((c) => c !== ''));
      const streamed = rowsOf(zip)
        .map((r) => r.cells)
        .filter((r) => r.some((c) => c !== ''));
      // The old path padded every row to the sheet's width; compare the cells either has.
      const pad = (r: string[]) => Array.from({ length: 7 }, (_, i) => r[i] ?? '');
      expect(streamed.map(pad)).toEqual(old.map(pad));
      expect(streamed).toHaveLength(3002);
    }
  });
});
