/**
 * The purchase order (발주서) as a print model, pure: the order, its lines and its approval
 * formatted for people (thousand commas, the currency's decimals, quantities without trailing
 * zeros). The PDF lays it out; a unit test checks the formatting.
 */
import { formatMoney } from '../../../../../lib/money.js';
import { formatNumber } from '../../../fulfilment/statement/workflow.js';

export interface PoPrintSource {
  poNo: string;
  poType: string;
  poDate: string;
  title: string;
  statusText: string;
  currency: string;
  totalAmount: string;
  dueDate: string | null;
  remark: string | null;
  issuedOn: string;
  issuer: { name: string; address: string | null; phoneNo: string | null };
  supplier: {
    compNo: string;
    name: string;
    taxNo: string | null;
    ceoName: string | null;
    address: string | null;
    phoneNo: string | null;
  };
  buyer: { name: string; deptnm: string; telNo: string | null; email: string | null };
  lines: ReadonlyArray<{
    lineNo: number;
    itemCode: string | null;
    itemName: string;
    spec: string | null;
    unitCode: string;
    quantity: string;
    unitPrice: string;
    amount: string;
    deliveryDate: string | null;
  }>;
  /** The steps of the approval that approved the order (none for an order approved before approvals were recorded). */
  approvalSteps: ReadonlyArray<{
    stepNo: number;
    approverName: string;
    positionNm: string;
    actedAt: string | null;
    onBehalfOfName: string | null;
  }>;
}

export interface PoPrintLine {
  no: string;
  itemCode: string;
  itemName: string;
  spec: string;
  unit: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  deliveryDate: string;
}

export interface PoPrintModel {
  title: string;
  /** The PDF's document title (its metadata): what a reader's tab and a search index show. */
  docTitle: string;
  poNo: string;
  facts: Array<[label: string, value: string]>;
  issuer: PoPrintSource['issuer'];
  supplierRows: Array<[label: string, value: string]>;
  buyerRows: Array<[label: string, value: string]>;
  lines: PoPrintLine[];
  total: string;
  remark: string;
  stamps: Array<{ role: string; name: string; date: string }>;
  footer: string;
}

/** A KST calendar date of an instant (stamps show the day an approver decided). */
function kstDate(at: string | null): string {
  if (!at) return '';
  return new Date(new Date(at).getTime() + 9 * 3600_000).toISOString().slice(0, 10);
}

export function poPrintModel(s: PoPrintSource): PoPrintModel {
  const money = (v: string) => formatMoney(v, s.currency);
  const kind = s.poType === 'SIMPLE' ? '소액발주서' : '발주서';
  return {
    title: kind,
    docTitle: `${kind} ${s.poNo}`,
    poNo: s.poNo,
    facts: [
      ['발주번호', s.poNo],
      ['발주일', s.poDate],
      ['상태', s.statusText],
      ['건명', s.title],
      ['납기일', s.dueDate ?? ''],
      ['발주금액', `${money(s.totalAmount)} ${s.currency}`],
    ],
    issuer: s.issuer,
    supplierRows: [
      ['상호', s.supplier.name],
      ['협력사 코드', s.supplier.compNo],
      ['사업자등록번호', s.supplier.taxNo ?? ''],
      ['대표자', s.supplier.ceoName ?? ''],
      ['주소', s.supplier.address ?? ''],
      ['전화', s.supplier.phoneNo ?? ''],
    ],
    buyerRows: [
      ['상호', s.issuer.name],
      ['부서', s.buyer.deptnm],
      ['구매담당', s.buyer.name],
      ['연락처', [s.buyer.telNo, s.buyer.email].filter(Boolean).join(' · ')],
    ],
    lines: s.lines.map((l) => ({
      no: String(l.lineNo),
      itemCode: l.itemCode ?? '',
      itemName: l.itemName,
      spec: l.spec ?? '',
      unit: l.unitCode,
      quantity: formatNumber(l.quantity),
      unitPrice: money(l.unitPrice),
      amount: money(l.amount),
      deliveryDate: l.deliveryDate ?? '',
    })),
    total: `${money(s.totalAmount)} ${s.currency}`,
    remark: s.remark ?? '',
    stamps: s.approvalSteps.map((st) => ({
      role: `결재 ${st.stepNo}${st.positionNm ? ` · ${st.positionNm}` : ''}`,
      name: st.onBehalfOfName ? `${st.approverName} (${st.onBehalfOfName} 대리)` : st.approverName,
      date: kstDate(st.actedAt),
    })),
    footer: `${s.issuer.name} · 발행일 ${s.issuedOn}`,
  };
}
