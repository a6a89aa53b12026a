import zlib from 'node:zlib';
import type { StatementModel, StatementRow } from './workflow.js';

/**
 * The statement as a PDF, written without a library. Korean text uses the standard Adobe-Korea1
 * font HYGoThic-Medium with the UniKS-UCS2-H encoding, not embedded: PDF readers supply it
 * (Acrobat's Asian font pack; Chrome, Edge, Firefox and macOS Preview substitute a system
 * Korean font). This keeps the file small and needs no font file on the server; a reader
 * without any Korean font shows boxes. Text is UTF-16BE, one Tj per cell.
 */
const PAGE_W = 842; // A4 landscape, points
const PAGE_H = 595;
const MARGIN = 36;
const ROW_H = 14;

interface Column {
  key: keyof StatementRow;
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
}

const COLUMNS: Column[] = [
  { key: 'no', title: 'No', width: 26, align: 'center' },
  { key: 'date', title: '확정일', width: 58, align: 'center' },
  { key: 'whReqNo', title: '입고번호', width: 76, align: 'left' },
  { key: 'poNo', title: '발주번호', width: 76, align: 'left' },
  { key: 'item', title: '품목', width: 214, align: 'left' },
  { key: 'unit', title: '단위', width: 30, align: 'center' },
  { key: 'quantity', title: '수량', width: 56, align: 'right' },
  { key: 'price', title: '단가', width: 64, align: 'right' },
  { key: 'currency', title: '통화', width: 30, align: 'center' },
  { key: 'amount', title: '금액', width: 70, align: 'right' },
  { key: 'krwAmount', title: '원화금액', width: 70, align: 'right' },
];

/** Characters the Korean font lacks, mapped to its full-width forms. */
const SUBSTITUTE: Record<string, string> = { '₩': '\uFFE6', '¥': '\uFFE5' };

const normalise = (s: string) => [...s].map((c) => SUBSTITUTE[c] ?? (c.codePointAt(0)! > 0xffff ? '?' : c)).join('');

/** Advance of a string in points: proportional Latin at half an em, everything else a full em. */
export function textWidth(s: string, size: number): number {
  let units = 0;
  for (const c of normalise(s)) units += c >= ' ' && c <= '~' ? 500 : 1000;
  return (units * size) / 1000;
}

function fit(s: string, width: number, size: number): string {
  if (textWidth(s, size) <= width) return s;
  let out = s;
  while (out.length > 0 && textWidth(`${out}…`, size) > width) out = out.slice(0, -1);
  return `${out}…`;
}

const hex = (s: string) => Buffer.from(normalise(s), 'utf16le').swap16().toString('hex').toUpperCase();

class Page {
  readonly ops: string[] = [];
  text(s: string, x: number, y: number, size: number, align: 'left' | 'right' | 'center' = 'left') {
    if (!s) return;
    const w = textWidth(s, size);
    const at = align === 'right' ? x - w : align === 'center' ? x - w / 2 : x;
    this.ops.push(`BT /F1 ${size} Tf ${at.toFixed(2)} ${y.toFixed(2)} Td <${hex(s)}> Tj ET`);
  }
  line(x1: number, y1: number, x2: number, y2: number, width = 0.5) {
    this.ops.push(`${width} w ${x1.toFixed(2)} ${y1.toFixed(2)} m ${x2.toFixed(2)} ${y2.toFixed(2)} l S`);
  }
  fill(x: number, y: number, w: number, h: number, gray: number) {
    this.ops.push(`q ${gray} g ${x.toFixed(2)} ${y.toFixed(2)} ${w.toFixed(2)} ${h.toFixed(2)} re f Q`);
  }
}

function tableHeader(p: Page, y: number): number {
  const width = COLUMNS.reduce((s, c) => s + c.width, 0);
  p.fill(MARGIN, y - ROW_H + 3, width, ROW_H, 0.9);
  let x = MARGIN;
  for (const c of COLUMNS) {
    p.text(c.title, x + c.width / 2, y - 7, 8.5, 'center');
    x += c.width;
  }
  p.line(MARGIN, y + 3, MARGIN + width, y + 3, 0.8);
  p.line(MARGIN, y - ROW_H + 3, MARGIN + width, y - ROW_H + 3, 0.8);
  return y - ROW_H;
}

function tableRow(p: Page, r: StatementRow, y: number): number {
  let x = MARGIN;
  for (const c of COLUMNS) {
    const v = fit(String(r[c.key] ?? ''), c.width - 6, 8);
    const tx = c.align === 'right' ? x + c.width - 3 : c.align === 'center' ? x + c.width / 2 : x + 3;
    p.text(v, tx, y - 7, 8, c.align);
    x += c.width;
  }
  p.line(MARGIN, y - ROW_H + 3, x, y - ROW_H + 3, 0.3);
  return y - ROW_H;
}

function layout(m: StatementModel): Page[] {
  const pages: Page[] = [];
  let p = new Page();
  pages.push(p);
  p.text(m.title, PAGE_W / 2, PAGE_H - MARGIN - 18, 20, 'center');
  p.text(
    `${m.periodLabel} · 정산번호 ${m.settleNo} · 발행일 ${m.issuedOn} · 상태 ${m.statusText}`,
    PAGE_W / 2,
    PAGE_H - MARGIN - 36,
    9,
    'center',
  );
  const party = (title: string, rows: Array<[string, string | null]>, x: number, top: number) => {
    p.text(title, x, top, 10);
    rows.forEach(([k, v], i) => {
      p.text(k, x, top - 15 - i * 12, 8.5);
      p.text(fit(v ?? '', 260, 8.5), x + 80, top - 15 - i * 12, 8.5);
    });
  };
  const top = PAGE_H - MARGIN - 62;
  party(
    '공급자',
    [
      ['상호', m.supplier.name],
      ['사업자등록번호', m.supplier.taxNo],
      ['대표자', m.supplier.ceoName],
      ['주소', m.supplier.address],
      ['전화', m.supplier.phoneNo],
    ],
    MARGIN,
    top,
  );
  party(
    '공급받는자',
    [
      ['상호', m.buyer.name],
      ['정산 월', m.periodLabel],
      ['협력사 코드', m.supplier.compNo],
    ],
    PAGE_W / 2 + 10,
    top,
  );
  let y = tableHeader(p, top - 84);
  const bottom = MARGIN + 20;
  for (const r of m.rows) {
    if (y - ROW_H < bottom) {
      p = new Page();
      pages.push(p);
      y = tableHeader(p, PAGE_H - MARGIN - 10);
    }
    y = tableRow(p, r, y);
  }
  if (m.rows.length === 0)
    y = tableRow(
      p,
      {
        no: '',
        date: '',
        whReqNo: '',
        poNo: '',
        item: '입고 내역이 없습니다',
        unit: '',
        quantity: '',
        price: '',
        currency: '',
        amount: '',
        krwAmount: '',
      },
      y,
    );
  const totals = [...m.summary, ...m.adjustments, { label: '합계 (부가세 별도)', value: m.total }];
  const needed = (totals.length + 2) * 13;
  if (y - needed < bottom) {
    p = new Page();
    pages.push(p);
    y = PAGE_H - MARGIN - 10;
  }
  y -= 10;
  const right = MARGIN + COLUMNS.reduce((s, c) => s + c.width, 0);
  totals.forEach((t, i) => {
    const last = i === totals.length - 1;
    p.text(fit(t.label, 300, last ? 10 : 8.5), right - 420, y, last ? 10 : 8.5);
    p.text(t.value, right, y, last ? 10 : 8.5, 'right');
    y -= 13;
  });
  p.text(m.note, MARGIN, y - 6, 8);
  pages.forEach((pg, i) => pg.text(`${i + 1} / ${pages.length}`, PAGE_W / 2, MARGIN - 14, 8, 'center'));
  return pages;
}

/** A complete PDF 1.4 document. */
export function renderStatementPdf(m: StatementModel): Buffer {
  const pages = layout(m);
  const objects: Buffer[] = [];
  const add = (body: string | Buffer) => {
    objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body);
    return objects.length;
  };
  const catalog = add('');
  const pagesObj = add('');
  const descriptor = add(
    '<< /Type /FontDescriptor /FontName /HYGoThic-Medium /Flags 6 /FontBBox [-6 -145 1003 880] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 880 /StemV 93 >>',
  );
  const cidFont = add(
    `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /HYGoThic-Medium /CIDSystemInfo << /Registry (Adobe) /Ordering (Korea1) /Supplement 1 >> /FontDescriptor ${descriptor} 0 R /DW 1000 /W [1 95 500] >>`,
  );
  const font = add(
    `<< /Type /Font /Subtype /Type0 /BaseFont /HYGoThic-Medium-UniKS-UCS2-H /Encoding /UniKS-UCS2-H /DescendantFonts [${cidFont} 0 R] >>`,
  );
  const kids: number[] = [];
  for (const pg of pages) {
    const content = zlib.deflateSync(Buffer.from(pg.ops.join('\n'), 'latin1'));
    const stream = add(
      Buffer.concat([
        Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
        content,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObj} 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${stream} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = Buffer.from(`<< /Type /Catalog /Pages ${pagesObj} 0 R >>`, 'latin1');
  objects[pagesObj - 1] = Buffer.from(
    `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`,
    'latin1',
  );

  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n', 'latin1')];
  let offset = chunks[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    offsets.push(offset);
    offset += chunk.length;
    chunks.push(chunk);
  });
  const xref = [
    `xref\n0 ${objects.length + 1}\n`,
    '0000000000 65535 f \n',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`),
  ].join('');
  const info = `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R >>\nstartxref\n${offset}\n%%EOF\n`;
  chunks.push(Buffer.from(xref + info, 'latin1'));
  return Buffer.concat(chunks);
}
