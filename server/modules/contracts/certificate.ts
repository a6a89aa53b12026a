/**
 * The audit-trail certificate (감사추적증명서): the page added to the executed copy before the seal,
 * so the company's signature and its time-stamp cover it. It states what the event log proves —
 * which document (its SHA-256), who signed it for which party, how each signer was identified,
 * when (Korean time) and from where — and the hash of the log's head, so the page can be checked
 * against `verify`. Deterministic like the contract itself: the same model gives the same bytes
 * (the embedded subset of the same Korean font, the execution instant as the PDF's date).
 */
import type PDFDocument from 'pdfkit';
import { CONTENT_W, MARGIN, PAGE_H, koreanA4 } from './render.js';

export interface CertificateSigner {
  /** 발주자(갑) or 수급자(을). */
  role: string;
  company: string;
  name: string;
  userId: string;
  /** How the signer was identified, in words. */
  identifiedBy: string;
  /** The instant of the SIGNED event. */
  signedAt: string;
  ip: string | null;
  userAgent: string | null;
  /** SHA-256 of the document the signer was shown and signed. */
  documentSha: string;
  /** SHA-256 of the copy the signer opened (VIEWED), when it did. */
  viewedSha: string | null;
}

export interface CertificateModel {
  contractNo: string;
  title: string;
  /** SHA-256 of the contract document (the copy both parties signed). */
  documentSha: string;
  /** The instant of execution: the certificate's date and the PDF's, so no clock enters the bytes. */
  executedAt: string;
  signers: CertificateSigner[];
  /** The hash of the last event before execution, and its sequence number. */
  chainHead: { seq: number; hash: string };
  /** The stamp duty (인지세) and the revenue stamps recorded for it by execution; absent: not shown. */
  stampDuty?: StampLines;
}

export interface StampLines {
  /** The duty in won; '0' for a document that is not taxable or an amendment that owes none. */
  duty: string;
  /** Each party's share and the 전자수입인지 number recorded for it (null: not yet, PENDING). */
  shares: Array<{ role: string; amount: string; stampNo: string | null }>;
}

/** The stamp lines of a contract from its duty, the buyer's share and its STAMP_RECORDED events (the last per party). */
export function stampLines(
  duty: string,
  buyerShare: string,
  events: ReadonlyArray<{ kind: string; detail: unknown }>,
): StampLines {
  const recorded = (party: string) =>
    (
      events
        .filter((e) => e.kind === 'STAMP_RECORDED' && (e.detail as { party?: string } | null)?.party === party)
        .at(-1)?.detail as { stampNo?: string } | undefined
    )?.stampNo ?? null;
  const supplierShare = (BigInt(duty) - BigInt(buyerShare)).toString();
  const shares = [
    { role: '발주자(갑)', amount: buyerShare, stampNo: recorded('BUYER') },
    { role: '수급자(을)', amount: supplierShare, stampNo: recorded('SUPPLIER') },
  ].filter((x) => x.amount !== '0');
  return { duty, shares };
}

const won = (amount: string) => `${BigInt(amount).toLocaleString('ko-KR')}원`;

/** An instant as Korean time: 2026-11-26 14:03:09 (KST, UTC+9). */
function kstText(instant: string | Date): string {
  const t = new Date(new Date(instant).getTime() + 9 * 3_600_000).toISOString();
  return `${t.slice(0, 10)} ${t.slice(11, 19)} (KST, UTC+9)`;
}

type Doc = InstanceType<typeof PDFDocument>;

function row(doc: Doc, label: string, value: string, mono = false): void {
  const y = doc.y;
  doc
    .font('ko')
    .fontSize(8.5)
    .fillColor('#555')
    .text(label, MARGIN + 8, y, { width: 110, lineBreak: false });
  doc
    .font(mono ? 'mono' : 'ko')
    .fontSize(mono ? 8 : 8.5)
    .fillColor('black')
    .text(value || '-', MARGIN + 122, y, { width: CONTENT_W - 130 });
  doc.y = Math.max(doc.y, y + 12) + 2;
}

export async function renderCertificatePdf(m: CertificateModel): Promise<Buffer> {
  const date = new Date(m.executedAt);
  const { doc, done } = await koreanA4(`감사추적증명서 ${m.contractNo}`, m.contractNo, date);
  // Hashes in a fixed-width face read better; Courier is a standard font (nothing embedded).
  doc.registerFont('mono', 'Courier');

  doc.font('bold').fontSize(18).fillColor('black').text('감사추적증명서', MARGIN, MARGIN, {
    width: CONTENT_W,
    align: 'center',
  });
  doc
    .font('ko')
    .fontSize(9)
    .fillColor('#555')
    .text('Audit trail certificate', MARGIN, doc.y + 2, { width: CONTENT_W, align: 'center' });
  doc.y += 12;
  row(doc, '계약명', m.title);
  row(doc, '계약번호 (문서 ID)', m.contractNo);
  row(doc, '계약서 SHA-256', m.documentSha, true);
  row(doc, '체결 일시', kstText(m.executedAt));
  row(doc, '이벤트 체인 헤드', `#${m.chainHead.seq} ${m.chainHead.hash}`, true);
  if (m.stampDuty) {
    row(doc, '인지세', m.stampDuty.duty === '0' ? '없음 (과세문서 아님 또는 증액 없음)' : won(m.stampDuty.duty));
    for (const share of m.stampDuty.shares)
      row(
        doc,
        `전자수입인지 ${share.role}`,
        `${won(share.amount)} · ${share.stampNo ?? '미기록 (체결 후 납부 예정)'}`,
        share.stampNo !== null,
      );
  }

  m.signers.forEach((s, i) => {
    doc.y += 8;
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + CONTENT_W, doc.y)
      .lineWidth(0.5)
      .strokeColor('#999')
      .stroke();
    doc.y += 6;
    doc
      .font('bold')
      .fontSize(10.5)
      .fillColor('black')
      .text(`서명 ${i + 1}. ${s.role}`, MARGIN, doc.y, { width: CONTENT_W });
    doc.y += 2;
    row(doc, '회사', s.company);
    row(doc, '서명자', `${s.name} (${s.userId})`);
    row(doc, '본인 확인', s.identifiedBy);
    row(doc, '서명 일시', kstText(s.signedAt));
    row(doc, '접속 주소', s.ip ?? '-');
    row(doc, '브라우저', s.userAgent ?? '-');
    row(doc, '열람 문서 SHA-256', s.viewedSha ?? '-', true);
    row(doc, '서명 문서 SHA-256', s.documentSha, true);
  });

  doc.y += 12;
  doc
    .font('ko')
    .fontSize(8)
    .fillColor('#555')
    .text(
      '이 증명서는 전자계약의 이벤트 기록(해시 체인)에서 만들어졌으며, 이 면을 포함한 파일 전체에 회사의 전자서명과 시점확인(타임스탬프)이 적용되어 있습니다. ' +
        '계약서 SHA-256은 앞 면들(서명 대상 계약서)의 값이며, 검증 화면에서 계약번호로 이벤트 체인을 다시 계산해 확인할 수 있습니다.',
      MARGIN,
      doc.y,
      { width: CONTENT_W, lineGap: 2 },
    );

  doc.page.margins.bottom = 0;
  doc
    .font('ko')
    .fontSize(8)
    .fillColor('#555')
    .text(`${m.contractNo} · 감사추적증명서`, MARGIN, PAGE_H - MARGIN + 14, {
      width: CONTENT_W,
      align: 'center',
      lineBreak: false,
    });
  doc.end();
  return done;
}
