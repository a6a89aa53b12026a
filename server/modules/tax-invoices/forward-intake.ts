/** 정발행 intake: a supplier-issued standard XML, checked, matched to its settlement, kept. */
import crypto from 'node:crypto';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { failIf, missing, refused } from '../../domain/errors.js';
import { readForwardXml } from './forward-xml.js';
import {
  insertFile,
  insertInvoice,
  insertInvoiceLines,
  invoiceByApprovalNumber,
  invoicesOfSettlement,
  lockSettlementForInvoice,
  settlementsForForward,
} from './queries.js';
import { type TaxInvoices, event } from './invoice-moves.js';
import { getInvoice } from './reading.js';
import { retentionUntil } from './evidence.js';

// ── 정발행 intake ───────────────────────────────────────────────────────────
/** Our key for a forward-issued invoice: `F` and a hash of its approval number (unique as that is). */
const forwardMgtKey = (ntsConfirmNum: string) =>
  `F${crypto.createHash('sha256').update(ntsConfirmNum).digest('hex').slice(0, 23)}`;

/**
 * A tax invoice the supplier issued itself (정발행), uploaded as the NTS standard XML: read and
 * checked (forward-xml.ts: 400 with every problem at its element), matched to the supplier's
 * confirmed settlement of the 작성일자's month (or the one named), stored as 발행 with its approval
 * number, its lines and the XML kept with its SHA-256 — then the same gate as a reverse-issued
 * one: the NTS's result is recorded on it, and posting waits for 전송 성공.
 */
export async function intakeForward(db: Db, ti: TaxInvoices, body: { xml: string; settleNo?: string }, actor: string) {
  const read = readForwardXml(body.xml, ti.config.buyerCorpNum);
  if (!read.ok) failIf(read.problems);
  const x = (read as Extract<typeof read, { ok: true }>).invoice;
  const period = x.writeDate.slice(0, 7).replace('-', '');
  let settleNo = body.settleNo?.trim() || null;
  if (!settleNo) {
    const candidates = await settlementsForForward(db, x.invoicerCorpNum, period);
    if (candidates.length === 0)
      throw refused(
        'SETTLEMENT_NOT_FOUND',
        `사업자등록번호 ${x.invoicerCorpNum} 협력사의 ${period.slice(0, 4)}년 ${Number(period.slice(4))}월 확정 정산이 없습니다`,
      );
    if (candidates.length > 1)
      throw refused('SETTLEMENT_AMBIGUOUS', '그 달 정산이 여럿입니다. 정산번호를 입력하세요', {
        settleNos: candidates.map((c) => c.settleNo),
      });
    settleNo = candidates[0]!.settleNo;
  }
  const mgtKey = forwardMgtKey(x.ntsConfirmNum);
  const xml = Buffer.from(body.xml, 'utf8');
  const sha256 = crypto.createHash('sha256').update(xml).digest('hex');
  const storageKey = `tax-invoices/evidence/${period}/${mgtKey}.xml`;
  await db.transaction().execute(async (trx) => {
    const s = await lockSettlementForInvoice(trx, settleNo);
    if (!s) throw missing('SETTLEMENT_NOT_FOUND', `정산을 찾을 수 없습니다: ${settleNo}`);
    if (s.status !== 'CONFIRMED' && s.status !== 'POST_FAILED')
      throw refused('SETTLEMENT_NOT_CONFIRMED', '협력사가 확정하고 아직 전기하지 않은 정산에만 연결할 수 있습니다', {
        status: s.status,
      });
    if (s.taxNo !== x.invoicerCorpNum)
      throw refused(
        'BUSINESS_NUMBER_MISMATCH',
        `세금계산서 공급자 사업자등록번호(${x.invoicerCorpNum})가 정산 협력사(${s.taxNo})와 다릅니다`,
      );
    if (s.period !== period)
      throw refused(
        'PERIOD_MISMATCH',
        `세금계산서 작성일자(${x.writeDate})가 정산월(${s.period.slice(0, 4)}-${s.period.slice(4)})에 속하지 않습니다`,
      );
    const dup = await invoiceByApprovalNumber(trx, x.ntsConfirmNum);
    if (dup)
      throw refused('DUPLICATE_APPROVAL_NUMBER', `이미 등록된 승인번호입니다 (정산 ${dup.settleNo})`, {
        mgtKey: dup.mgtKey,
      });
    if ((await invoicesOfSettlement(trx, s.settleNo)).some((i) => i.taxType === x.taxType && i.revision === 0))
      throw refused('TAX_INVOICE_EXISTS', '이 정산의 같은 과세구분 세금계산서가 이미 있습니다');
    await insertInvoice(trx, {
      mgtKey,
      buyerCorpNum: ti.config.buyerCorpNum,
      settleNo: s.settleNo,
      compNo: s.compNo,
      supplierCorpNum: x.invoicerCorpNum,
      bizPlace: x.invoicerTaxRegId && /^\d{4}$/.test(x.invoicerTaxRegId) ? x.invoicerTaxRegId : null,
      period,
      writeDate: x.writeDate,
      issueKind: 'FORWARD',
      taxType: x.taxType,
      purposeType: x.purposeType,
      status: 'ISSUED',
      ntsConfirmNum: x.ntsConfirmNum,
      supplyAmount: x.supply.toString(),
      taxAmount: x.tax.toString(),
      totalAmount: x.total.toString(),
      lineCount: x.lines.length,
      provider: 'file',
      issuedAt: ti.now(),
      createdBy: actor,
    });
    await insertInvoiceLines(
      trx,
      x.lines.map((l) => ({
        mgtKey,
        lineNo: l.lineNo,
        compNo: s.compNo,
        monthDay: l.monthDay ?? x.writeDate.slice(5),
        itemName: l.itemName,
        spec: l.spec,
        unitCode: null,
        quantity: l.quantity,
        unitPrice: l.unitPrice,
        supplyAmount: l.supply.toString(),
        taxAmount: l.tax.toString(),
        sourceCount: 1,
      })),
    );
    // The file goes in before its row: a failed write leaves no row naming a missing file.
    await ti.store.put(storageKey, xml);
    await insertFile(trx, {
      mgtKey,
      compNo: s.compNo,
      kind: 'XML',
      storageKey,
      contentSha: sha256,
      sizeBytes: xml.length,
      retainUntil: retentionUntil(x.writeDate),
    });
    await event(
      trx,
      { mgtKey, compNo: s.compNo },
      { action: 'intake', from: null, to: 'ISSUED', outcome: 'DONE', message: `SHA-256 ${sha256}`, actor },
    );
    await writeAudit(trx, {
      entity: 'tax_invoice',
      entityKey: mgtKey,
      action: 'INTAKE',
      actor,
      after: { settleNo: s.settleNo, ntsConfirmNum: x.ntsConfirmNum, sha256, supply: x.supply.toString() },
    });
  });
  return getInvoice(db, mgtKey);
}
