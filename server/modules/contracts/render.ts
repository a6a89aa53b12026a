/**
 * The contract as a PDF (pdfkit, as the order print): A4, the title, the two parties, the filled
 * template text, the signature block and "page n / N". Deterministic — the same model gives the
 * same bytes: the Korean font is embedded as a subset of the glyphs used (Noto Sans CJK KR from
 * fonts-noto-cjk, as the order print), the document's dates are the contract's own date (never
 * the clock), and the file id pdfkit derives from them is therefore fixed too. The hash of these
 * bytes is what each signer's events record.
 */
import type PDFDocument from 'pdfkit';
import { HttpError } from '../../http/errors.js';
import { PRINT_FONT_DIR, printFonts, printFontsAvailable } from '../../domain/print-fonts.js';

/** The A4 page (points) the contract and its certificate (certificate.ts) are laid out on, and its margin. */
export const MARGIN = 50;
const PAGE_W = 595.28;
export const PAGE_H = 841.89;
export const CONTENT_W = PAGE_W - 2 * MARGIN;

export interface ContractPdfModel {
  contractNo: string;
  title: string;
  /** The contract's own date (YYYY-MM-DD): the PDF's creation date, so no clock enters the bytes. */
  documentDate: string;
  buyerRows: Array<[string, string]>;
  supplierRows: Array<[string, string]>;
  /** The filled template text: paragraphs separated by blank lines. */
  body: string;
  /**
   * Sections after the text that no template can leave out, in order: the 납품대금 연동 answer (its clause or
   * 미연동 합의), an amendment's change of its order or LOI, one line per field (before → after).
   */
  appendices?: Array<{ heading: string; lines: string[] }>;
  /** The signers in signing order: role label and the company signing. */
  signers: Array<{ role: string; company: string }>;
}

export function contractFontsAvailable(): boolean {
  return printFontsAvailable();
}

// pdfkit and fontkit take ≈ 0.15 s to load: when a PDF is written, not at every start of the server.
const pdfkit = async () => (await import('pdfkit')).default;
type Doc = InstanceType<typeof PDFDocument>;

function parties(doc: Doc, title: string, rows: Array<[string, string]>, x: number, y: number, width: number): number {
  doc.font('bold').fontSize(10).fillColor('black').text(title, x, y, { width });
  let at = y + 16;
  for (const [k, v] of rows) {
    doc.font('ko').fontSize(9).fillColor('#555').text(k, x, at, { width: 80, lineBreak: false });
    doc.fillColor('black').text(v || '-', x + 82, at, { width: width - 82 });
    at = Math.max(at + 14, doc.y + 2);
  }
  return at;
}

/**
 * A new A4 document in Korean, the two faces registered ('ko', 'bold'), dated `date` — its only clock, so the same
 * content gives the same bytes —, and its bytes once it has ended. The contract and its certificate are written on it.
 */
export async function koreanA4(title: string, subject: string, date: Date) {
  const doc = new (await pdfkit())({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: title,
      Subject: subject,
      Creator: 'GPMS',
      Producer: 'GPMS',
      CreationDate: date,
      ModDate: date,
    },
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
  return { doc, done };
}

export async function renderContractPdf(m: ContractPdfModel): Promise<Buffer> {
  if (!contractFontsAvailable())
    throw new HttpError(
      503,
      'PRINT_FONT_MISSING',
      `계약서 인쇄용 글꼴이 서버에 없습니다 (${PRINT_FONT_DIR}, fonts-noto-cjk)`,
    );
  const date = new Date(`${m.documentDate}T00:00:00+09:00`);
  if (Number.isNaN(date.getTime())) throw new Error(`bad document date ${m.documentDate}`);
  const { doc, done } = await koreanA4(m.title, m.contractNo, date);

  doc.font('bold').fontSize(20).text(m.title, MARGIN, MARGIN, { width: CONTENT_W, align: 'center' });
  doc
    .font('ko')
    .fontSize(9)
    .fillColor('#555')
    .text(`계약번호 ${m.contractNo}`, MARGIN, doc.y + 4, { width: CONTENT_W, align: 'center' });
  let y = doc.y + 14;
  const half = CONTENT_W / 2 - 8;
  const left = parties(doc, '발주자 (갑)', m.buyerRows, MARGIN, y, half);
  const right = parties(doc, '수급자 (을)', m.supplierRows, MARGIN + half + 16, y, half);
  y = Math.max(left, right) + 8;
  doc
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + CONTENT_W, y)
    .lineWidth(0.6)
    .strokeColor('black')
    .stroke();
  doc.y = y + 10;

  for (const para of m.body.replace(/\r\n/g, '\n').split(/\n{2,}/)) {
    const text = para.trim();
    if (text === '') continue;
    const heading = /^제\s*\d+\s*조/.test(text) && !text.includes('\n');
    doc
      .font(heading ? 'bold' : 'ko')
      .fontSize(heading ? 10.5 : 10)
      .fillColor('black')
      .text(text, MARGIN, doc.y, { width: CONTENT_W, align: 'left', lineGap: 3 });
    doc.moveDown(0.6);
  }

  for (const appendix of m.appendices ?? []) {
    doc.moveDown(0.6);
    doc.font('bold').fontSize(10.5).fillColor('black').text(appendix.heading, MARGIN, doc.y, { width: CONTENT_W });
    doc.moveDown(0.3);
    for (const line of appendix.lines)
      doc.font('ko').fontSize(10).text(`· ${line}`, MARGIN, doc.y, { width: CONTENT_W, lineGap: 3 });
  }

  // The signature block: the parties in signing order; the signatures themselves are the
  // evidence log and the seal, so the block names the method instead of leaving a blank to ink.
  doc.moveDown(1);
  if (doc.y > PAGE_H - MARGIN - 40 - m.signers.length * 22) doc.addPage();
  doc.font('bold').fontSize(10).text('서명', MARGIN, doc.y, { width: CONTENT_W });
  doc.moveDown(0.3);
  m.signers.forEach((s, i) => {
    doc
      .font('ko')
      .fontSize(9.5)
      .text(`${i + 1}. ${s.role}: ${s.company} — 전자서명 (서명 기록은 감사추적증명서에 기재)`, MARGIN, doc.y, {
        width: CONTENT_W,
      });
  });

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin: without this pdfkit would start a new page for the footer.
    doc.page.margins.bottom = 0;
    doc
      .font('ko')
      .fontSize(8)
      .fillColor('#555')
      .text(`${m.contractNo} · ${i + 1} / ${range.count}`, MARGIN, PAGE_H - MARGIN + 14, {
        width: CONTENT_W,
        align: 'center',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}
