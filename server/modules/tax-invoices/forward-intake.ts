/** 정발행 intake: a supplier-issued standard XML, checked, matched to its settlement, kept. */
import crypto from 'node:crypto';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { failIf, missing, refused } from '../../domain/errors.js';
import { transition } from '../../domain/machine.js';
import { asOwner } from '../../db/company-scope.js';
import { HttpError } from '../../http/errors.js';
import { notifyTaxInvoiceRefused } from '../notifications/supplier.js';
import type { TaxType } from './amounts.js';
import { amendmentAmountProblem } from './amendment-amounts.js';
import { AMEND_CASES, amendDates, causeDateProblem, type AmendCode } from './amendment-cases.js';
import { loadHolidayCalendar } from './holidays.js';
import { readForwardXml, type ForwardInvoice } from './forward-xml.js';
import { TAX_INVOICE_MACHINE } from './machine.js';
import { taxMatch } from './match.js';
import {
  companiesByTaxNo,
  insertFile,
  insertInvoice,
  insertInvoiceLines,
  invoiceByApprovalNumber,
  invoicesOfSettlement,
  lockInvoice,
  lockSettlementForInvoice,
  maxRevision,
  settlementsForForward,
} from './queries.js';
import { type TaxInvoices, dayOf, event, kstDay } from './invoice-moves.js';
import { getInvoice } from './reading.js';
import { retentionUntil } from './evidence.js';

// ── 정발행 intake ───────────────────────────────────────────────────────────
const whole = (v: unknown) => BigInt(String(v).split('.')[0]!);
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
  const x = readOrRefuse(body.xml, ti);
  try {
    if (x.amendment) return await intakeAmendment(db, ti, body.xml, x, actor, { settleNo: body.settleNo });
    return await intakeOriginal(db, ti, body, x, actor);
  } catch (err) {
    // The buyer would not take in the supplier's invoice: the supplier is told why, with its amounts.
    if (err instanceof HttpError && err.statusCode === 409) await tellSupplierOfIntakeRefusal(db, x, err);
    throw err;
  }
}

/**
 * A supplier's own 수정세금계산서 (02xx) or 수정계산서 (04xx), uploaded by the supplier in /cyber (`db` scoped to its
 * company): only amendments — an original 정발행 goes to the buyer's staff, who match it to a settlement — and
 * only of the supplier's own originals, which its scoped database alone can see (another company's answers 404, as
 * an unknown one does). Then the very path of the staff's intake (intakeAmendment).
 */
export async function intakeMyAmendment(
  db: Db,
  ti: TaxInvoices,
  body: { xml: string; settleNo?: string },
  actor: string,
) {
  const x = readOrRefuse(body.xml, ti);
  if (!x.amendment)
    failIf([
      {
        path: 'body/xml/TaxInvoiceDocument/TypeCode',
        message: `협력사 포털에서는 수정세금계산서(02xx)와 수정계산서(04xx)만 올릴 수 있습니다: ${x.typeCode}. 당초 세금계산서는 구매사 담당자에게 보내 주세요`,
      },
    ]);
  return intakeAmendment(db, ti, body.xml, x, actor, { settleNo: body.settleNo, supplier: true });
}

function readOrRefuse(xml: string, ti: TaxInvoices): ForwardInvoice {
  const read = readForwardXml(xml, ti.config.buyerCorpNum);
  if (!read.ok) failIf(read.problems);
  return (read as Extract<typeof read, { ok: true }>).invoice;
}

/** The supplier (by the invoicer's business number, when one company has it) is told its invoice was not taken in. */
async function tellSupplierOfIntakeRefusal(db: Db, x: ForwardInvoice, err: HttpError) {
  const companies = await companiesByTaxNo(db, x.invoicerCorpNum);
  if (companies.length !== 1) return;
  try {
    await db.transaction().execute((trx) =>
      notifyTaxInvoiceRefused(trx, {
        compNo: companies[0]!.compNo,
        kind: 'INTAKE_REFUSED',
        document: x.ntsConfirmNum,
        settleNo: null,
        reason: err.message,
        supply: x.supply,
        tax: x.tax,
      }),
    );
  } catch {
    // The notice is the refusal's echo: failing to record it must not turn the refusal into another answer.
  }
}

async function intakeOriginal(
  db: Db,
  ti: TaxInvoices,
  body: { xml: string; settleNo?: string },
  x: ForwardInvoice,
  actor: string,
) {
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

const TYPE_NAME: Record<string, string> = { TAXABLE: '과세', ZERO_RATED: '영세율', EXEMPT: '면세' };

/**
 * A supplier's own 수정세금계산서 (02xx) or 수정계산서 (04xx): linked to the original by its approval number
 * (OriginalIssueID), which must be registered here, transmitted, and the same supplier's; the 작성일자 checked
 * against the case (the original's for 1, 5, 6; not before it for 2–4, 시행령 §70①); kept as 발행 with its modify
 * code; matched against the settlement as the match view does (its row there, with the net supply of its tax type
 * against the settled one). Once staff record its 전송 성공, a posted settlement gets its correcting voucher as for
 * our own amendment (amendment-vouchers.ts).
 */
async function intakeAmendment(
  db: Db,
  ti: TaxInvoices,
  text: string,
  x: ForwardInvoice,
  actor: string,
  opts: { settleNo?: string; supplier?: boolean },
) {
  const amendment = x.amendment!;
  const code = amendment.code as AmendCode;
  const c = AMEND_CASES[code];
  const mgtKey = forwardMgtKey(x.ntsConfirmNum);
  const xml = Buffer.from(text, 'utf8');
  const sha256 = crypto.createHash('sha256').update(xml).digest('hex');
  const storageKey = `tax-invoices/evidence/${x.writeDate.slice(0, 7).replace('-', '')}/${mgtKey}.xml`;
  const calendar = await loadHolidayCalendar(db);
  const today = kstDay(ti.now());
  await db.transaction().execute(async (trx) => {
    const ref = await invoiceByApprovalNumber(trx, amendment.originalNtsConfirmNum);
    const unknown = `당초 승인번호 ${amendment.originalNtsConfirmNum}의 세금계산서가 등록되어 있지 않습니다. 당초분을 먼저 등록하세요`;
    // A supplier's scoped database sees its own invoices only: another company's original is as unknown (404).
    if (!ref) throw opts.supplier ? missing('ORIGINAL_NOT_FOUND', unknown) : refused('ORIGINAL_NOT_FOUND', unknown);
    const orig = (await lockInvoice(trx, ref.mgtKey))!;
    const named = opts.settleNo?.trim();
    if (named && named !== orig.settleNo)
      throw missing('SETTLEMENT_NOT_FOUND', `당초 세금계산서의 정산이 아닙니다: ${named}`);
    if (orig.amendsMgtKey !== null)
      throw refused(
        'ORIGINAL_NOT_FOUND',
        '당초 승인번호가 수정세금계산서를 가리킵니다. 처음 발급한 세금계산서의 승인번호를 적으세요',
      );
    transition(TAX_INVOICE_MACHINE, 'amend', orig.status);
    if (orig.supplierCorpNum !== x.invoicerCorpNum)
      throw refused(
        'BUSINESS_NUMBER_MISMATCH',
        `수정세금계산서 공급자 사업자등록번호(${x.invoicerCorpNum})가 당초 세금계산서(${orig.supplierCorpNum})와 다릅니다`,
      );
    // 내국신용장 사후 개설 (5) cancels the 과세 original and issues it again as 영세율; every other case keeps the type.
    const typeFits = code === 5 ? orig.taxType === 'TAXABLE' && x.taxType !== 'EXEMPT' : x.taxType === orig.taxType;
    if (!typeFits)
      throw refused(
        'TAX_TYPE_MISMATCH',
        `수정세금계산서의 과세유형 ${TYPE_NAME[x.taxType]}(${x.typeCode})이(가) 당초 세금계산서의 ${TYPE_NAME[orig.taxType]}과(와) 맞지 않습니다 (수정사유 ${code} ${c.label})`,
      );
    // The §70① case's dates as our own amendments have them (amendment-cases.ts): where the law dates the amendment
    // by its cause (2–4) the 작성일자 is that day, checked as a cause date is; else it is the original's.
    const origWrite = dayOf(orig.writeDate);
    const original = { writeDate: origWrite, issueDate: orig.issuedAt ? kstDay(new Date(orig.issuedAt)) : null };
    if (c.writeDate === 'CAUSE') {
      const problem = causeDateProblem(code, original, x.writeDate, today, calendar);
      if (problem)
        throw refused('AMEND_WRITE_DATE', `수정사유 ${c.label}의 작성일자: ${problem.message}`, {
          writeDate: x.writeDate,
        });
    }
    const expected = amendDates(code, original, x.writeDate, calendar).writeDate;
    if (x.writeDate !== expected)
      throw refused(
        'AMEND_WRITE_DATE',
        `수정사유 ${c.label}의 작성일자는 당초 작성일자(${expected})여야 합니다: ${x.writeDate}`,
      );
    const amountProblem = amendmentAmountProblem(
      code,
      { supply: whole(orig.supplyAmount), tax: whole(orig.taxAmount), taxType: orig.taxType as TaxType },
      { supply: x.supply, tax: x.tax, taxType: x.taxType },
    );
    if (amountProblem)
      throw refused('AMEND_AMOUNT_MISMATCH', `수정사유 ${c.label}: ${amountProblem}`, {
        supply: x.supply.toString(),
        tax: x.tax.toString(),
        originalSupply: whole(orig.supplyAmount).toString(),
        originalTax: whole(orig.taxAmount).toString(),
      });
    // Any company's: an approval number is one document's; a supplier is not told whose settlement holds it.
    const dup = await invoiceByApprovalNumber(asOwner(trx), x.ntsConfirmNum);
    if (dup)
      throw opts.supplier
        ? refused('DUPLICATE_APPROVAL_NUMBER', '이미 등록된 승인번호입니다')
        : refused('DUPLICATE_APPROVAL_NUMBER', `이미 등록된 승인번호입니다 (정산 ${dup.settleNo})`, {
            mgtKey: dup.mgtKey,
          });
    const revision = (await maxRevision(trx, orig.settleNo, x.taxType)) + 1;
    await insertInvoice(trx, {
      mgtKey,
      buyerCorpNum: ti.config.buyerCorpNum,
      settleNo: orig.settleNo,
      compNo: orig.compNo,
      supplierCorpNum: x.invoicerCorpNum,
      bizPlace: x.invoicerTaxRegId && /^\d{4}$/.test(x.invoicerTaxRegId) ? x.invoicerTaxRegId : null,
      period: orig.period,
      writeDate: x.writeDate,
      issueKind: 'FORWARD',
      taxType: x.taxType,
      purposeType: x.purposeType,
      status: 'ISSUED',
      revision,
      amendsMgtKey: orig.mgtKey,
      amendReason: code,
      // Where the law dates the amendment by its cause, its 작성일자 is that day.
      amendCauseDate: c.writeDate === 'CAUSE' ? x.writeDate : null,
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
        compNo: orig.compNo,
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
    await ti.store.put(storageKey, xml);
    await insertFile(trx, {
      mgtKey,
      compNo: orig.compNo,
      kind: 'XML',
      storageKey,
      contentSha: sha256,
      sizeBytes: xml.length,
      retainUntil: retentionUntil(x.writeDate),
    });
    // Matched as the match view lines it up: this amendment's row, the net supply of its type against the settled.
    const match = await taxMatch(trx, orig.settleNo);
    const row = match.invoices.find((i) => i.mgtKey === mgtKey)!;
    const net = match.invoices.filter((i) => i.taxType === x.taxType).reduce((a, i) => a + BigInt(i.supplyAmount), 0n);
    const matchText =
      row.matched === 'Y'
        ? `정산과 일치 (공급가액 ${net.toLocaleString('en-US')}원)`
        : `공급가액≠정산 공급가액: 수정 후 ${TYPE_NAME[x.taxType]} 공급가액 ${net.toLocaleString('en-US')}원, 정산 ${BigInt(row.settledSupply).toLocaleString('en-US')}원 (차이 ${(net - BigInt(row.settledSupply)).toLocaleString('en-US')}원)`;
    await event(
      trx,
      { mgtKey, compNo: orig.compNo },
      {
        action: 'intake',
        from: null,
        to: 'ISSUED',
        outcome: 'DONE',
        code: `AMEND_${code}`,
        message: `${c.label}: ${orig.mgtKey} / ${matchText} / SHA-256 ${sha256}`,
        actor,
      },
    );
    await event(trx, orig, {
      action: 'amend',
      from: orig.status,
      to: orig.status,
      outcome: 'DONE',
      code: `AMEND_${code}`,
      message: mgtKey,
      actor,
    });
    await writeAudit(trx, {
      entity: 'tax_invoice',
      entityKey: mgtKey,
      action: 'INTAKE',
      actor,
      after: {
        settleNo: orig.settleNo,
        ntsConfirmNum: x.ntsConfirmNum,
        amends: orig.mgtKey,
        modifyCode: code,
        sha256,
        supply: x.supply.toString(),
        matched: row.matched,
      },
    });
  });
  // The supplier's own answer is its view of the invoice (never the buyer's ledger).
  return getInvoice(db, mgtKey, opts.supplier === true);
}
