/**
 * The posting gate's rules as pure functions (docs/tax-invoices.md "The posting gate"): what stands
 * between a settlement and its ERP posting, each finding with its own code and a Korean message that
 * names the document, the line and the amounts, so the person refused knows what to correct.
 */
import { josa } from '../../../lib/josa.js';
import { compareDecimals, groupedDecimal } from '../../../lib/money.js';
import type { TaxType } from './amounts.js';
import { TAX_INVOICE_MACHINE, type TaxInvoiceStatus } from './machine.js';
import { typeCodeOf } from './tax-types.js';

export const EXCEPTION_TYPES = [
  'NO_INVOICE',
  'TAX_TYPE_MISMATCH',
  'AMOUNT_VARIANCE',
  'TAX_VARIANCE',
  'BUSINESS_NUMBER_MISMATCH',
  'THREE_WAY_MISMATCH',
  'NTS_FAILURE',
  'NOT_TRANSMITTED',
  'APPROVAL_MISSING',
] as const;
export type ExceptionType = (typeof EXCEPTION_TYPES)[number];

/** The error code a refused posting answers for each finding (409). */
const GATE_CODE: Record<ExceptionType, string> = {
  NO_INVOICE: 'TAX_INVOICE_REQUIRED',
  TAX_TYPE_MISMATCH: 'TAX_TYPE_MISMATCH',
  AMOUNT_VARIANCE: 'TAX_INVOICE_SUPPLY_MISMATCH',
  TAX_VARIANCE: 'TAX_INVOICE_TAX_MISMATCH',
  BUSINESS_NUMBER_MISMATCH: 'TAX_INVOICE_SUPPLIER_MISMATCH',
  THREE_WAY_MISMATCH: 'THREE_WAY_MISMATCH',
  NTS_FAILURE: 'TAX_INVOICE_NTS_FAILED',
  NOT_TRANSMITTED: 'TAX_INVOICE_NOT_TRANSMITTED',
  APPROVAL_MISSING: 'NTS_APPROVAL_MISSING',
};

export interface GateProblem {
  type: ExceptionType;
  code: string;
  message: string;
  details?: Record<string, unknown>;
}

interface GateInvoice {
  mgtKey: string;
  taxType: string;
  status: string;
  supplyAmount: unknown;
  taxAmount: unknown;
  supplierCorpNum: string;
  ntsConfirmNum: string | null;
  ntsResult: string | null;
  revision: number;
}

/** A settlement line with the receipt line it settles and the order line that priced it (null: not found). */
interface GateLine {
  lineNo: number;
  itemName: string;
  taxType: string;
  quantity: unknown;
  unitPrice: unknown;
  amount: unknown;
  receiptQuantity: unknown;
  receiptAmount: unknown;
  poUnitPrice: unknown;
}

export interface GateInput {
  settleNo: string;
  totalAmount: string;
  taxNo: string;
  invoices: readonly GateInvoice[];
  /** The settlement's lines; without them the tax-type and three-way checks are not made. */
  lines?: readonly GateLine[];
}

const TYPE_NAME: Record<TaxType, string> = { TAXABLE: '과세', ZERO_RATED: '영세율', EXEMPT: '면세' };
/** "영세율(0102)": the type as a person and the NTS name it. */
const taxTypeLabel = (t: string) => `${TYPE_NAME[t as TaxType] ?? t}(${typeCodeOf(t as TaxType, false)})`;
export const won = (v: bigint | unknown) => `${groupedDecimal(String(v).split('.')[0]!)}원`;
const num = (v: unknown) => groupedDecimal(String(v));
const whole = (v: unknown) => BigInt(String(v).split('.')[0]!);

function taxTypeProblems(invs: readonly GateInvoice[], lines: readonly GateLine[]): GateProblem[] {
  const out: GateProblem[] = [];
  const lineTypes = [...new Set(lines.map((l) => l.taxType))];
  const invoiceTypes = new Set(invs.map((i) => i.taxType));
  const linesOf = (t: string) => lines.filter((l) => l.taxType === t).map((l) => l.lineNo);
  for (const i of invs) {
    if (lineTypes.includes(i.taxType) || lineTypes.length === 0) continue;
    // The document's type is none of the lines': name both, and the lines, e.g. 0102 on taxable goods.
    const others = lineTypes.filter((t) => !invoiceTypes.has(t));
    const against = others.length ? others : lineTypes;
    const nos = against.flatMap(linesOf);
    out.push({
      type: 'TAX_TYPE_MISMATCH',
      code: GATE_CODE.TAX_TYPE_MISMATCH,
      message: `세금계산서 ${i.mgtKey}의 과세유형 ${josa(taxTypeLabel(i.taxType), '이/가')} 정산 라인 ${nos.join(', ')}의 과세유형 ${against.map(taxTypeLabel).join(', ')}과(와) 다릅니다`,
      details: { mgtKey: i.mgtKey, invoiceTaxType: i.taxType, lineTaxTypes: against, lines: nos },
    });
  }
  for (const t of lineTypes) {
    if (invoiceTypes.has(t) || out.length > 0) continue;
    out.push({
      type: 'TAX_TYPE_MISMATCH',
      code: GATE_CODE.TAX_TYPE_MISMATCH,
      message: `정산 라인 ${linesOf(t).join(', ')}의 과세유형 ${taxTypeLabel(t)} 세금계산서가 없습니다`,
      details: { invoiceTaxType: null, lineTaxTypes: [t], lines: linesOf(t) },
    });
  }
  return out;
}

/** PO ↔ receipt ↔ settlement per line: the receipt's quantity and amount, the order's unit price. */
function threeWayProblems(lines: readonly GateLine[]): GateProblem[] {
  const out: GateProblem[] = [];
  const add = (l: GateLine, what: string, details: Record<string, unknown>) =>
    out.push({
      type: 'THREE_WAY_MISMATCH',
      code: GATE_CODE.THREE_WAY_MISMATCH,
      message: `정산 라인 ${l.lineNo} (${l.itemName}): ${what}`,
      details: { lineNo: l.lineNo, ...details },
    });
  for (const l of lines) {
    if (l.receiptQuantity == null) {
      add(l, '입고 라인이 없습니다', {});
      continue;
    }
    if (compareDecimals(String(l.quantity), String(l.receiptQuantity)) !== 0)
      add(l, `정산 수량 ${josa(num(l.quantity), '이/가')} 입고 수량 ${num(l.receiptQuantity)}과(와) 다릅니다`, {
        settledQuantity: num(l.quantity),
        receivedQuantity: num(l.receiptQuantity),
      });
    if (l.poUnitPrice == null) add(l, '발주 라인이 없습니다', {});
    else if (compareDecimals(String(l.unitPrice), String(l.poUnitPrice)) !== 0)
      add(l, `정산 단가 ${josa(num(l.unitPrice), '이/가')} 발주 단가 ${num(l.poUnitPrice)}과(와) 다릅니다`, {
        settledUnitPrice: num(l.unitPrice),
        orderedUnitPrice: num(l.poUnitPrice),
      });
    if (compareDecimals(String(l.amount), String(l.receiptAmount)) !== 0)
      add(l, `정산 금액 ${josa(num(l.amount), '이/가')} 입고 금액 ${num(l.receiptAmount)}과(와) 다릅니다`, {
        settledAmount: num(l.amount),
        receivedAmount: num(l.receiptAmount),
      });
  }
  return out;
}

/**
 * Whether a document's tax is its supply's rate (§30: 10 % 과세; 영세율 and 면세 none): 절사, 반올림 and 올림 all stay
 * within a won of the exact 10 %, whichever the issuer used. Signed amounts (a negative 수정세금계산서) alike.
 */
export function taxFitsRate(supply: bigint, tax: bigint, taxType: string): boolean {
  const rate = taxType === 'TAXABLE' ? 10n : 0n;
  if (rate === 0n) return tax === 0n;
  return tax * 100n >= supply * rate - 100n && tax * 100n <= supply * rate + 100n;
}

/** Every finding, in the order a person corrects them (the first is the reason a posting is refused with). */
export function gateFindings(s: GateInput): GateProblem[] {
  const invs = s.invoices.filter((i) => i.revision === 0);
  if (invs.length === 0)
    return [
      {
        type: 'NO_INVOICE',
        code: GATE_CODE.NO_INVOICE,
        message: `정산 ${s.settleNo}의 세금계산서가 없습니다. 세금계산서가 국세청에 전송된 뒤에 전기할 수 있습니다`,
      },
    ];
  const out: GateProblem[] = [];
  if (s.lines) out.push(...taxTypeProblems(invs, s.lines));
  const supply = invs.reduce((a, i) => a + whole(i.supplyAmount), 0n);
  const total = whole(s.totalAmount);
  if (supply !== total)
    out.push({
      type: 'AMOUNT_VARIANCE',
      code: GATE_CODE.AMOUNT_VARIANCE,
      message: `세금계산서 공급가액 합계 ${josa(won(supply), '이/가')} 정산 금액 ${won(total)}과(와) 다릅니다 (차이 ${won(supply - total)})`,
      details: { invoiceSupply: supply.toString(), settlementAmount: total.toString() },
    });
  for (const i of invs) {
    const sup = whole(i.supplyAmount);
    const tax = whole(i.taxAmount);
    const rate = i.taxType === 'TAXABLE' ? 10n : 0n;
    if (!taxFitsRate(sup, tax, i.taxType))
      out.push({
        type: 'TAX_VARIANCE',
        code: GATE_CODE.TAX_VARIANCE,
        message: `세금계산서 ${i.mgtKey}의 세액 ${josa(won(tax), '이/가')} 공급가액 ${won(sup)}의 ${rate}%(${won((sup * rate) / 100n)})와(과) 다릅니다`,
        details: {
          mgtKey: i.mgtKey,
          tax: tax.toString(),
          supply: sup.toString(),
          expected: ((sup * rate) / 100n).toString(),
        },
      });
  }
  for (const i of invs)
    if (i.supplierCorpNum !== s.taxNo)
      out.push({
        type: 'BUSINESS_NUMBER_MISMATCH',
        code: GATE_CODE.BUSINESS_NUMBER_MISMATCH,
        message: `세금계산서 ${i.mgtKey}의 공급자 사업자등록번호 ${josa(i.supplierCorpNum, '이/가')} 정산 협력사의 ${s.taxNo}과(와) 다릅니다`,
        details: { mgtKey: i.mgtKey, invoice: i.supplierCorpNum, settlement: s.taxNo },
      });
  if (s.lines) out.push(...threeWayProblems(s.lines));
  for (const i of invs) {
    if (i.status === 'NTS_FAILED')
      out.push({
        type: 'NTS_FAILURE',
        code: GATE_CODE.NTS_FAILURE,
        message: `세금계산서 ${i.mgtKey}의 국세청 전송이 실패했습니다${i.ntsResult ? ` (결과 ${i.ntsResult})` : ''}. 다시 전송하여 성공한 뒤에 전기할 수 있습니다`,
        details: { mgtKey: i.mgtKey, ntsResult: i.ntsResult },
      });
    else if (i.status !== 'NTS_SUCCESS')
      out.push({
        type: 'NOT_TRANSMITTED',
        code: GATE_CODE.NOT_TRANSMITTED,
        message: `세금계산서 ${i.mgtKey}의 상태가 ${TAX_INVOICE_MACHINE.statusLabels[i.status as TaxInvoiceStatus] ?? i.status}입니다. 국세청에 전송된 뒤에 전기할 수 있습니다`,
        details: { mgtKey: i.mgtKey, status: i.status },
      });
    else if (!/^\d{24}$/.test(i.ntsConfirmNum ?? ''))
      out.push({
        type: 'APPROVAL_MISSING',
        code: GATE_CODE.APPROVAL_MISSING,
        message: `세금계산서 ${i.mgtKey}에 국세청 승인번호가 없습니다. 승인번호 없이 전기할 수 없습니다`,
        details: { mgtKey: i.mgtKey },
      });
  }
  return out;
}

/** The kinds of finding, each once, in order. */
export const gateProblems = (s: GateInput): ExceptionType[] => [...new Set(gateFindings(s).map((p) => p.type))];
