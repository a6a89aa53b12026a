/**
 * Drawing a settlement's invoices by tax type, and the provider request of one invoice
 * (docs/tax-invoices.md "Tax types", "Provider"): each settlement line carries its tax type (the item's,
 * else the supplier's) and, when 영세율, the 내국신용장/구매확인서 it was zero-rated under; one document per
 * type present — 0101 과세, 0102 영세율, 0301 계산서 for 면세 — each request with its own type and code.
 */
import type { Db } from '../../db/connect.js';
import { refused } from '../../domain/errors.js';
import { buildInvoices, wonOf, type InvoiceDraft, type TaxRounding, type TaxType } from './amounts.js';
import type { InvoiceParty, ReverseIssueRequest } from './provider.js';
import { invoiceLines, lockInvoice, lockSettlementForInvoice, settlementLinesForInvoice } from './queries.js';
import { evidenceText, TAX_TYPE_NAME, TYPE_CODE, typeCodeOf, type ZeroRatedEvidence } from './tax-types.js';

const dayOf = (d: Date | string) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

export interface TypedDraft extends InvoiceDraft {
  evidence: ZeroRatedEvidence | null;
}

/**
 * The drafts of one settlement. The adjustment (정산 조정) goes on the document of the lines' type when
 * they share one, else on the type with the largest supply (it corrects the settlement as a whole). A
 * 영세율 line without its evidence is refused: without a 내국신용장 or 구매확인서 the supply is not zero-rated
 * (부가가치세법 시행령 §31②), and guessing 과세 instead would put VAT the supplier never charged on it.
 */
export async function draftsOf(
  trx: Db,
  settleNo: string,
  adjustment: { amount: string; date: string },
  rounding: TaxRounding,
): Promise<TypedDraft[]> {
  const lines = await settlementLinesForInvoice(trx, settleNo);
  const missingEvidence = lines.filter((l) => l.taxType === 'ZERO_RATED' && !l.zeroRatedDocNo);
  if (missingEvidence.length > 0)
    throw refused(
      'ZERO_RATED_EVIDENCE_REQUIRED',
      `영세율 품목에 내국신용장·구매확인서 번호가 없습니다: ${missingEvidence.map((l) => l.itemName).join(', ')}`,
      { items: missingEvidence.map((l) => l.itemCode ?? l.itemName) },
    );
  const evidences = new Map<string, ZeroRatedEvidence>();
  for (const l of lines)
    if (l.taxType === 'ZERO_RATED' && l.zeroRatedDocKind && l.zeroRatedDocNo)
      evidences.set(`${l.zeroRatedDocKind}|${l.zeroRatedDocNo}`, { kind: l.zeroRatedDocKind, no: l.zeroRatedDocNo });
  if (evidences.size > 1)
    throw refused('ZERO_RATED_EVIDENCE_MIXED', '한 정산의 영세율 품목은 하나의 내국신용장·구매확인서로 발행합니다', {
      evidence: [...evidences.values()],
    });
  const supplyByType = new Map<TaxType, bigint>();
  for (const l of lines) supplyByType.set(l.taxType, (supplyByType.get(l.taxType) ?? 0n) + wonOf(l.krwAmount));
  const adjustmentType =
    [...supplyByType.entries()].sort((a, b) => (b[1] > a[1] ? 1 : b[1] < a[1] ? -1 : 0))[0]?.[0] ?? 'TAXABLE';
  const drafts = buildInvoices(lines, {
    rounding,
    taxTypeOf: (l) => (l as (typeof lines)[number]).taxType,
    adjustment: { ...adjustment, label: '정산 조정', taxType: adjustmentType },
  });
  const evidence = [...evidences.values()][0] ?? null;
  return drafts.map((d) => ({ ...d, evidence: d.taxType === 'ZERO_RATED' ? evidence : null }));
}

function party(
  c: {
    corpNum: string;
    name: string;
    ceo: string;
    addr?: string | null;
    bizType?: string | null;
    bizClass?: string | null;
    email?: string | null;
  },
  taxRegId: string | null,
): InvoiceParty {
  return {
    corpNum: c.corpNum,
    taxRegId,
    corpName: c.name,
    ceoName: c.ceo,
    addr: c.addr ?? null,
    bizType: c.bizType ?? null,
    bizClass: c.bizClass ?? null,
    contactName: null,
    email: c.email ?? null,
  };
}

/** What the request needs of an invoice row. */
export interface InvoiceForRequest {
  mgtKey: string;
  settleNo: string;
  writeDate: Date | string;
  taxType: string;
  purposeType: string;
  supplierCorpNum: string;
  bizPlace: string | null;
  supplyAmount: string | number;
  taxAmount: string | number;
  totalAmount: string | number;
  zeroRatedDocKind: string | null;
  zeroRatedDocNo: string | null;
  amendsMgtKey: string | null;
  amendReason: number | null;
  amendCauseDate?: Date | string | null;
}

/** One invoice's provider request, its tax type and NTS type code its own (an EXEMPT one is a 계산서, never 과세). */
export async function requestOf(
  db: Db,
  buyer: { corpNum: string; corpName: string; ceoName: string },
  inv: InvoiceForRequest,
): Promise<ReverseIssueRequest> {
  const s = await lockSettlementForInvoice(db, inv.settleNo);
  const lines = await invoiceLines(db, inv.mgtKey);
  const taxType = inv.taxType as TaxType;
  if (!(taxType in TYPE_CODE)) throw new RangeError(`unknown tax type: ${inv.taxType}`);
  const evidence =
    taxType === 'ZERO_RATED' && inv.zeroRatedDocKind && inv.zeroRatedDocNo
      ? ({ kind: inv.zeroRatedDocKind, no: inv.zeroRatedDocNo } as ZeroRatedEvidence)
      : null;
  // An amendment names its cause (the provider's modify code) and the original by its NTS approval number.
  const original = inv.amendsMgtKey ? await lockInvoice(db, inv.amendsMgtKey) : undefined;
  // Lines copied from the original keep its supply days; a difference's one line is dated by the cause.
  const copied = original && inv.amendReason !== 2 && inv.amendReason !== 3;
  const year = dayOf(copied ? original.writeDate : inv.writeDate).slice(0, 4);
  // 시행령 §70①1·2 want the original's 작성일자 in 비고, §70①4 the 내국신용장's opening day.
  const amendRemark = original
    ? [
        `당초 작성일자 ${dayOf(original.writeDate)}`,
        inv.amendReason === 5 && inv.amendCauseDate ? `내국신용장 개설일 ${dayOf(inv.amendCauseDate)}` : null,
      ]
    : [];
  return {
    mgtKey: inv.mgtKey,
    writeDate: dayOf(inv.writeDate).replace(/-/g, ''),
    taxType,
    typeCode: typeCodeOf(taxType, inv.amendsMgtKey !== null) as ReverseIssueRequest['typeCode'],
    purposeType: inv.purposeType as '01' | '02',
    zeroRatedEvidence: evidence,
    modifyCode: inv.amendsMgtKey ? inv.amendReason : null,
    orgNTSConfirmNum: original?.ntsConfirmNum ?? null,
    invoicer: party(
      {
        corpNum: inv.supplierCorpNum,
        name: s?.compNameKr ?? '',
        ceo: s?.ceoName ?? '',
        addr: s?.address,
        bizType: s?.bizType,
        bizClass: s?.bizItem,
        email: s?.email,
      },
      inv.bizPlace,
    ),
    invoicee: party({ corpNum: buyer.corpNum, name: buyer.corpName, ceo: buyer.ceoName }, null),
    supplyCostTotal: String(inv.supplyAmount),
    taxTotal: String(inv.taxAmount),
    totalAmount: String(inv.totalAmount),
    detailList: lines.map((l) => ({
      serialNum: l.lineNo,
      purchaseDT: `${year}${l.monthDay.replace('-', '')}`,
      itemName: l.itemName,
      spec: l.spec,
      qty: l.quantity === null ? null : String(l.quantity),
      unitCost: l.unitPrice === null ? null : String(l.unitPrice),
      supplyCost: String(l.supplyAmount),
      tax: String(l.taxAmount),
      remark: null,
    })),
    remark1: [
      `정산 ${inv.settleNo}`,
      ...amendRemark,
      taxType === 'TAXABLE' ? null : TAX_TYPE_NAME[taxType],
      evidence && evidenceText(evidence),
    ]
      .filter(Boolean)
      .join(' / '),
  };
}
