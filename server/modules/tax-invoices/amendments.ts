/** 수정세금계산서: new documents referring to a transmitted invoice, by 시행령 §70①'s case (amendment-cases.ts). */
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { failIf, refused } from '../../domain/errors.js';
import { transition } from '../../domain/machine.js';
import { taxOf, type TaxType } from './amounts.js';
import { differenceProblem } from './amendment-amounts.js';
import { AMEND_CASES, amendDates, causeDateProblem, isAmendCode, type AmendCode } from './amendment-cases.js';
import { loadHolidayCalendar } from './holidays.js';
import { TAX_INVOICE_MACHINE } from './machine.js';
import { mgtKeyFor } from './provider.js';
import { insertInvoice, insertInvoiceLines, invoiceLines, maxRevision, updateInvoice } from './queries.js';
import { dayOf, event, kstDay, locked, type Invoice, type TaxInvoices } from './invoice-moves.js';
import { getInvoice } from './reading.js';

export interface AmendInput {
  version: number;
  reason: number;
  /** The day the cause arose (YYYY-MM-DD): the 작성일자 where §70① says so, and where the deadline runs from. */
  causeDate?: string;
  /** Cases 2 and 3: the change of supply in won (negative for a decrease; 환입 only a decrease). */
  supplyDelta?: string;
  /** Case 5: the 내국신용장 or 구매확인서 the supply became zero-rated under. */
  zeroRatedDocKind?: 'LOCAL_LC' | 'PURCHASE_CONFIRMATION' | '' | null;
  zeroRatedDocNo?: string | null;
}

type Lines = Awaited<ReturnType<typeof invoiceLines>>;
interface Doc {
  sign: bigint;
  taxType: TaxType;
  supply: bigint;
  tax: bigint;
  lines: Lines;
  label: string;
}

const abs = (v: bigint) => (v < 0n ? -v : v);

/** The documents a case issues against the original (negative, positive, 영세율 replacement, or the difference). */
function documentsOf(code: AmendCode, inv: Invoice, lines: Lines, body: AmendInput, ti: TaxInvoices): Doc[] {
  const c = AMEND_CASES[code];
  const supply = BigInt(String(inv.supplyAmount));
  const tax = BigInt(String(inv.taxAmount));
  const taxType = inv.taxType as TaxType;
  const negative: Doc = { sign: -1n, taxType, supply, tax, lines, label: '취소' };
  switch (c.documents) {
    case 'NEGATIVE':
      return [negative];
    case 'NEGATIVE_AND_POSITIVE':
      return [negative, { sign: 1n, taxType, supply, tax, lines, label: '재발행' }];
    case 'NEGATIVE_AND_ZERO_RATED': {
      if (taxType !== 'TAXABLE')
        throw refused(
          'AMEND_CASE_NOT_APPLICABLE',
          '내국신용장 사후 개설은 과세(10 %) 세금계산서를 영세율로 고치는 경우에만 발급합니다',
          { taxType },
        );
      const zero = lines.map((l) => ({ ...l, taxAmount: '0' }));
      return [negative, { sign: 1n, taxType: 'ZERO_RATED', supply, tax: 0n, lines: zero, label: '영세율 재발행' }];
    }
    case 'DIFFERENCE': {
      const delta = body.supplyDelta && /^-?\d{1,15}$/.test(body.supplyDelta) ? BigInt(body.supplyDelta) : 0n;
      const problem = differenceProblem(code, delta, supply);
      if (problem) failIf([{ path: 'body/supplyDelta', message: problem }]);
      const rate = taxType === 'TAXABLE' ? 10n : 0n;
      const sign = delta < 0n ? -1n : 1n;
      // The tax of a decrease mirrors that of an increase: rounded on the amount, then signed.
      const deltaTax = taxOf(abs(delta), rate, ti.config.taxRounding);
      return [{ sign, taxType, supply: abs(delta), tax: deltaTax, lines: [], label: c.label }];
    }
  }
}

/**
 * New documents referring to a transmitted invoice, as the case wants, dated and due by the cause
 * (amendment-cases.ts). Their correcting voucher goes to the ERP once the NTS accepts each (amendment-vouchers.ts).
 */
export async function amendInvoice(db: Db, ti: TaxInvoices, mgtKey: string, body: AmendInput, actor: string) {
  if (!isAmendCode(body.reason)) failIf([{ path: 'body/reason', message: '수정 사유는 1–6입니다' }]);
  const code = body.reason as AmendCode;
  const today = kstDay(ti.now());
  const calendar = await loadHolidayCalendar(db);
  const made = await db.transaction().execute(async (trx) => {
    const inv = await locked(trx, mgtKey, body.version);
    transition(TAX_INVOICE_MACHINE, 'amend', inv.status);
    // The day it was issued as recorded here (the supplier's issue, the provider's or the intake's).
    const original = {
      writeDate: dayOf(inv.writeDate),
      issueDate: inv.issuedAt ? kstDay(new Date(inv.issuedAt)) : null,
    };
    const problem = causeDateProblem(code, original, body.causeDate, today, calendar);
    if (problem?.code === 'VALIDATION') failIf([{ path: 'body/causeDate', message: problem.message }]);
    if (problem) throw refused(problem.code, problem.message, { causeDate: body.causeDate });
    const causeDate = body.causeDate!;
    if (code === 5 && !(body.zeroRatedDocKind && body.zeroRatedDocNo?.trim()))
      failIf([{ path: 'body/zeroRatedDocNo', message: '내국신용장 또는 구매확인서 번호를 입력하세요' }]);
    const dates = amendDates(code, original, causeDate, calendar);
    const docs = documentsOf(code, inv, await invoiceLines(trx, mgtKey), body, ti);
    const label = AMEND_CASES[code].label;
    const keys: string[] = [];
    for (const d of docs) {
      const revision = (await maxRevision(trx, inv.settleNo, d.taxType)) + 1;
      const key = mgtKeyFor(inv.settleNo, d.taxType, revision);
      const docSupply = d.sign * d.supply;
      const docTax = d.sign * d.tax;
      const zeroRated = d.taxType === 'ZERO_RATED';
      await insertInvoice(trx, {
        mgtKey: key,
        buyerCorpNum: inv.buyerCorpNum,
        settleNo: inv.settleNo,
        compNo: inv.compNo,
        supplierCorpNum: inv.supplierCorpNum,
        bizPlace: inv.bizPlace,
        period: inv.period,
        writeDate: dates.writeDate,
        issueKind: inv.issueKind,
        taxType: d.taxType,
        purposeType: inv.purposeType,
        status: 'DRAFT',
        revision,
        amendsMgtKey: inv.mgtKey,
        amendReason: code,
        amendCauseDate: causeDate,
        supplyAmount: docSupply.toString(),
        taxAmount: docTax.toString(),
        totalAmount: (docSupply + docTax).toString(),
        lineCount: d.lines.length || 1,
        provider: inv.provider,
        createdBy: actor,
        zeroRatedDocKind: zeroRated ? (code === 5 ? body.zeroRatedDocKind || null : inv.zeroRatedDocKind) : null,
        zeroRatedDocNo: zeroRated ? (code === 5 ? body.zeroRatedDocNo!.trim() : inv.zeroRatedDocNo) : null,
      });
      const rows = d.lines.length
        ? d.lines.map((l) => ({
            ...l,
            mgtKey: key,
            supplyAmount: (d.sign * BigInt(String(l.supplyAmount))).toString(),
            taxAmount: (d.sign * BigInt(String(l.taxAmount))).toString(),
          }))
        : [
            {
              mgtKey: key,
              lineNo: 1,
              compNo: inv.compNo,
              monthDay: dates.writeDate.slice(5),
              itemName: `${d.label} (${inv.mgtKey})`,
              spec: null,
              unitCode: null,
              quantity: null,
              unitPrice: null,
              supplyAmount: docSupply.toString(),
              taxAmount: docTax.toString(),
              sourceCount: 1,
            },
          ];
      await insertInvoiceLines(trx, rows);
      await event(
        trx,
        { mgtKey: key, compNo: inv.compNo },
        {
          action: 'create',
          from: null,
          to: 'DRAFT',
          outcome: 'DONE',
          code: `AMEND_${code}`,
          message: `${label}: ${inv.mgtKey} (사유 발생일 ${causeDate}, 작성일자 ${dates.writeDate}, 발급기한 ${dates.deadline})`,
          actor,
        },
      );
      keys.push(key);
    }
    await event(trx, inv, {
      action: 'amend',
      from: inv.status,
      to: inv.status,
      outcome: 'DONE',
      code: `AMEND_${code}`,
      message: keys.join(','),
      actor,
    });
    await updateInvoice(trx, inv.mgtKey, { version: inv.version + 1, updatedAt: new Date() });
    await writeAudit(trx, {
      entity: 'tax_invoice',
      entityKey: inv.mgtKey,
      action: 'AMEND',
      actor,
      after: { reason: code, causeDate, writeDate: dates.writeDate, deadline: dates.deadline, documents: keys },
    });
    return keys;
  });
  return { rows: await Promise.all(made.map((k) => getInvoice(db, k))) };
}
