/**
 * The purchase order as a PDF (pdfkit): A4 portrait, the company's letterhead, the two parties,
 * the order's facts, the line table (its header repeated on every page, a row never split), the
 * total, remarks, the approval stamps (names and dates) and "page n / N" on every page.
 *
 * Korean text is set in Noto Sans CJK KR, embedded as a subset of the glyphs used, so every
 * reader shows it and the text can be searched and copied (unlike the statement PDF, which names
 * a font it does not embed). The font comes from the OS package fonts-noto-cjk (.ci/run installs
 * it; docs/deployment.md); a server without it refuses the print loudly instead of writing boxes.
 */
import type PDFDocument from 'pdfkit';
import { HttpError } from '../../../../http/errors.js';
import { PRINT_FONT_DIR, printFonts, printFontsAvailable } from '../../../../domain/print-fonts.js';
import type { PoPrintLine, PoPrintModel } from './model.js';

const MARGIN = 40;
const PAGE_W = 595.28; // A4 portrait, points
const PAGE_H = 841.89;
const CONTENT_W = PAGE_W - 2 * MARGIN;
const ROW_PAD = 4;
const BODY = 8.5;

interface Column {
  key: keyof PoPrintLine;
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
}

const COLUMNS: Column[] = [
  { key: 'no', title: 'No', width: 24, align: 'center' },
  { key: 'itemCode', title: '품목코드', width: 74, align: 'left' },
  { key: 'itemName', title: '품목명', width: 106, align: 'left' },
  { key: 'spec', title: '규격', width: 70, align: 'left' },
  { key: 'unit', title: '단위', width: 30, align: 'center' },
  { key: 'quantity', title: '수량', width: 44, align: 'right' },
  { key: 'unitPrice', title: '단가', width: 56, align: 'right' },
  { key: 'amount', title: '금액', width: 55, align: 'right' },
  { key: 'deliveryDate', title: '납기', width: 55.28, align: 'center' },
];

// pdfkit and fontkit take ≈ 0.15 s to load: when a PDF is written, not at every start of the server.
const pdfkit = async () => (await import('pdfkit')).default;
type Doc = InstanceType<typeof PDFDocument>;

function tableHeader(doc: Doc, y: number): number {
  const h = BODY + 2 * ROW_PAD + 2;
  doc.save().rect(MARGIN, y, CONTENT_W, h).fill('#e8e8e8').restore();
  doc.font('bold').fontSize(BODY).fillColor('black');
  let x = MARGIN;
  for (const c of COLUMNS) {
    doc.text(c.title, x, y + ROW_PAD, { width: c.width, align: 'center', lineBreak: false });
    x += c.width;
  }
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT_W, y)
    .lineWidth(0.8)
    .stroke();
  doc
    .moveTo(MARGIN, y + h)
    .lineTo(MARGIN + CONTENT_W, y + h)
    .lineWidth(0.8)
    .stroke();
  return y + h;
}

/** The height a line's row needs: item name and spec wrap, the other cells do not. */
function rowHeight(doc: Doc, l: PoPrintLine): number {
  doc.font('ko').fontSize(BODY);
  const heights = COLUMNS.map((c) => doc.heightOfString(l[c.key] || ' ', { width: c.width - 6 }));
  return Math.max(...heights) + 2 * ROW_PAD;
}

function tableRow(doc: Doc, l: PoPrintLine, y: number, h: number): number {
  doc.font('ko').fontSize(BODY).fillColor('black');
  let x = MARGIN;
  for (const c of COLUMNS) {
    doc.text(l[c.key], x + 3, y + ROW_PAD, { width: c.width - 6, align: c.align });
    x += c.width;
  }
  doc
    .moveTo(MARGIN, y + h)
    .lineTo(MARGIN + CONTENT_W, y + h)
    .lineWidth(0.3)
    .stroke();
  return y + h;
}

function labelled(doc: Doc, title: string, rows: Array<[string, string]>, x: number, y: number, width: number): number {
  doc.font('bold').fontSize(10).text(title, x, y, { width });
  let at = y + 16;
  for (const [k, v] of rows) {
    doc.font('ko').fontSize(BODY).fillColor('#555').text(k, x, at, { width: 70, lineBreak: false });
    doc.fillColor('black').text(v || '-', x + 72, at, { width: width - 72 });
    at = Math.max(at + BODY + 5, doc.y + 2);
  }
  return at;
}

function stamps(doc: Doc, m: PoPrintModel, y: number): number {
  const box = 92;
  const gap = 6;
  const boxes = m.stamps.length > 0 ? m.stamps : [{ role: '결재', name: '', date: '' }];
  const width = boxes.length * box + (boxes.length - 1) * gap;
  let x = MARGIN + CONTENT_W - width;
  for (const s of boxes) {
    doc.rect(x, y, box, 62).lineWidth(0.6).stroke();
    doc
      .moveTo(x, y + 16)
      .lineTo(x + box, y + 16)
      .lineWidth(0.4)
      .stroke();
    doc
      .font('ko')
      .fontSize(7.5)
      .fillColor('#555')
      .text(s.role, x + 2, y + 4, { width: box - 4, align: 'center', lineBreak: false });
    doc
      .font('bold')
      .fontSize(9)
      .fillColor('black')
      .text(s.name || '-', x + 2, y + 24, { width: box - 4, align: 'center' });
    doc
      .font('ko')
      .fontSize(7.5)
      .text(s.date, x + 2, y + 48, { width: box - 4, align: 'center', lineBreak: false });
    x += box + gap;
  }
  return y + 62;
}

/** Writes the order as a PDF and resolves with its bytes. */
export async function renderPoPdf(m: PoPrintModel): Promise<Buffer> {
  if (!printFontsAvailable())
    throw new HttpError(
      503,
      'PRINT_FONT_MISSING',
      `발주서 인쇄용 글꼴이 서버에 없습니다 (${PRINT_FONT_DIR}, fonts-noto-cjk)`,
    );
  const doc = new (await pdfkit())({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: m.docTitle, Subject: m.poNo, Creator: 'GPMS' },
    lang: 'ko-KR',
  });
  // The faces opened once for every document (print-fonts.ts): pdfkit takes an opened font where its types say a path.
  const fonts = await printFonts();
  doc.registerFont('ko', fonts.regular as unknown as Buffer);
  doc.registerFont('bold', fonts.bold as unknown as Buffer);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Letterhead: the company (configuration), then the document's title and its number.
  doc.font('bold').fontSize(11).text(m.issuer.name, MARGIN, MARGIN);
  doc
    .font('ko')
    .fontSize(8)
    .fillColor('#555')
    .text([m.issuer.address, m.issuer.phoneNo].filter(Boolean).join(' · ') || ' ', MARGIN, doc.y + 1);
  doc
    .moveTo(MARGIN, doc.y + 4)
    .lineTo(MARGIN + CONTENT_W, doc.y + 4)
    .lineWidth(1.2)
    .strokeColor('black')
    .stroke();
  doc
    .fillColor('black')
    .font('bold')
    .fontSize(22)
    .text(m.title, MARGIN, doc.y + 14, { width: CONTENT_W, align: 'center', characterSpacing: 6 });

  let y = doc.y + 10;
  const half = CONTENT_W / 2 - 8;
  const left = labelled(doc, '수신 (협력사)', m.supplierRows, MARGIN, y, half);
  const right = labelled(doc, '발신', m.buyerRows, MARGIN + half + 16, y, half);
  y = Math.max(left, right) + 6;

  // The order's facts in a two-column grid.
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT_W, y)
    .lineWidth(0.5)
    .stroke();
  y += 6;
  for (let i = 0; i < m.facts.length; i += 2) {
    let rowEnd = y;
    m.facts.slice(i, i + 2).forEach(([k, v], j) => {
      const x = MARGIN + j * (CONTENT_W / 2);
      doc.font('ko').fontSize(BODY).fillColor('#555').text(k, x, y, { width: 60, lineBreak: false });
      doc
        .fillColor('black')
        .font(k === '발주금액' || k === '발주번호' ? 'bold' : 'ko')
        .text(v, x + 62, y, { width: CONTENT_W / 2 - 66 });
      rowEnd = Math.max(rowEnd, doc.y);
    });
    y = rowEnd + 4;
  }
  y += 8;

  const bottom = PAGE_H - MARGIN - 20;
  y = tableHeader(doc, y);
  for (const l of m.lines) {
    const h = rowHeight(doc, l);
    if (y + h > bottom) {
      doc.addPage();
      y = tableHeader(doc, MARGIN);
    }
    y = tableRow(doc, l, y, h);
  }
  const totalH = BODY + 2 * ROW_PAD + 4;
  if (y + totalH > bottom) {
    doc.addPage();
    y = MARGIN;
  }
  doc.save().rect(MARGIN, y, CONTENT_W, totalH).fill('#f4f4f4').restore();
  doc
    .font('bold')
    .fontSize(9)
    .fillColor('black')
    .text('합계', MARGIN, y + ROW_PAD, { width: CONTENT_W / 2, align: 'center' });
  doc.text(m.total, MARGIN + CONTENT_W / 2, y + ROW_PAD, { width: CONTENT_W / 2 - 4, align: 'right' });
  y += totalH;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT_W, y)
    .lineWidth(0.8)
    .stroke();

  // Remarks and stamps stay together on one page.
  doc.font('ko').fontSize(BODY);
  const remarkH = doc.heightOfString(m.remark || '-', { width: CONTENT_W - 8 }) + 8;
  if (y + 20 + remarkH + 100 > bottom) {
    doc.addPage();
    y = MARGIN;
  } else y += 14;
  doc.font('bold').fontSize(10).text('비고', MARGIN, y);
  y = doc.y + 2;
  doc.rect(MARGIN, y, CONTENT_W, remarkH).lineWidth(0.5).stroke();
  doc
    .font('ko')
    .fontSize(BODY)
    .text(m.remark || '-', MARGIN + 4, y + 4, { width: CONTENT_W - 8 });
  y += remarkH + 16;
  doc.font('bold').fontSize(10).text('결재', MARGIN, y);
  stamps(doc, m, y);

  // Footer on every page: who issued it, and the page of how many.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    doc.font('ko').fontSize(7.5).fillColor('#555');
    doc.text(`${m.footer} · ${m.poNo}`, MARGIN, PAGE_H - MARGIN - 6, {
      width: CONTENT_W / 2,
      lineBreak: false,
      height: 10,
    });
    doc.text(`${i + 1} / ${range.count}`, MARGIN + CONTENT_W / 2, PAGE_H - MARGIN - 6, {
      width: CONTENT_W / 2,
      align: 'right',
      lineBreak: false,
      height: 10,
    });
  }
  doc.end();
  return done;
}
