/**
 * Goods receipt (입고) rules as pure functions (docs/fulfilment.md "Warehousing"):
 * request (whReqNo) → approval (whAppNo) → final decision (lastDeci), with rejection,
 * resubmission and cancellation; what each action starts from and leads to; and the receipt
 * lines a delivery becomes.
 */
import { compareDecimals, sumDecimals } from '../../../../lib/money.js';
import type { FieldError } from '../../../domain/errors.js';
import { lineAmount, qty, type Currency } from '../../../domain/money.js';
import { grouped, text } from '../../../domain/values.js';

export const WH_STATUSES = ['REQUESTED', 'APPROVED', 'DECIDED', 'CANCELLED'] as const;
type WhStatus = (typeof WH_STATUSES)[number];
export const APPROVAL_STATUSES = ['NONE', 'PENDING', 'IN_PROGRESS', 'APPROVED', 'REJECTED'] as const;
type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/** Receipts recorded here; any other SOURCE_SYSTEM code marks a read-only copy from that system. */
export const NATIVE_SYSTEM = 'GPMS';

export type WhAction = 'approve' | 'reject' | 'resubmit' | 'decide' | 'cancel';

interface Rule {
  from: { status: readonly WhStatus[]; approval?: readonly ApprovalStatus[] };
  to: { status: WhStatus; approval?: ApprovalStatus };
}

export const WH_RULES: Readonly<Record<WhAction, Rule>> = {
  approve: { from: { status: ['REQUESTED'], approval: ['PENDING'] }, to: { status: 'APPROVED', approval: 'APPROVED' } },
  reject: { from: { status: ['REQUESTED'], approval: ['PENDING'] }, to: { status: 'REQUESTED', approval: 'REJECTED' } },
  resubmit: {
    from: { status: ['REQUESTED'], approval: ['REJECTED'] },
    to: { status: 'REQUESTED', approval: 'PENDING' },
  },
  decide: { from: { status: ['APPROVED'] }, to: { status: 'DECIDED' } },
  cancel: { from: { status: ['REQUESTED', 'APPROVED'] }, to: { status: 'CANCELLED' } },
};

export function canDo(action: WhAction, r: { status: string; approvalStatus: string; sourceSystem: string }): boolean {
  if (r.sourceSystem !== NATIVE_SYSTEM) return false;
  const { from } = WH_RULES[action];
  return (
    (from.status as readonly string[]).includes(r.status) &&
    (!from.approval || (from.approval as readonly string[]).includes(r.approvalStatus))
  );
}

export const WRONG_STATE_MSG: Readonly<Record<WhAction, string>> = {
  approve: '결재 대기 중인 입고요청만 승인할 수 있습니다',
  reject: '결재 대기 중인 입고요청만 반려할 수 있습니다',
  resubmit: '반려된 입고요청만 재상신할 수 있습니다',
  decide: '승인된 입고만 최종 확정할 수 있습니다',
  cancel: '확정 전의 입고만 취소할 수 있습니다',
};

export interface DeliveryLineState {
  lineNo: number;
  poNo: string | null;
  poLineNo: number | null;
  itemCode: string | null;
  itemName: string;
  spec: string | null;
  unitCode: string;
  quantity: string;
}

export interface PoLinePrice {
  lineNo: number;
  unitPrice: string;
  deliveredQty: string;
  receivedQty: string;
}

export interface ReceiptLinePlan {
  lineNo: number;
  poNo: string;
  poLineNo: number;
  deliveryLineNo: number;
  itemCode: string | null;
  itemName: string;
  spec: string | null;
  unitCode: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  remark: string | null;
}

type ShortReason = 'SHORT' | 'DAMAGED' | 'WRONG_ITEM';

export interface AcceptedLine {
  lineNo: number;
  quantity: string;
  BIGO?: string;
  shortReason?: ShortReason | '' | null;
  shortRemark?: string | null;
}

/** What a receipt did not accept of one delivery line; it goes back to the order line's open quantity. */
export interface ShortLine {
  deliveryLineNo: number;
  poLineNo: number;
  quantity: string;
  reason: ShortReason;
  remark: string | null;
}

/**
 * The receipt lines of a delivery: each accepted quantity is at most what was delivered on
 * that line (default: all of it), and the order line must not end up received beyond what was
 * delivered. Accepting less is a partial receipt: the listed lines must be every line of the
 * delivery, and each one short (0 included) names why (short, damaged, wrong item); the
 * shortfall is answered in `shorts` for the caller to return to the order. Prices are the
 * order's (the settlement multiplies by them).
 */
export function planReceipt(
  delivery: readonly DeliveryLineState[],
  accepted: readonly AcceptedLine[] | undefined,
  poLines: ReadonlyMap<number, PoLinePrice>,
  currency: Currency,
): { lines: ReceiptLinePlan[]; shorts: ShortLine[]; total: string; errors: FieldError[]; overReceipt: boolean } {
  const errors: FieldError[] = [];
  let overReceipt = false;
  const wanted: readonly AcceptedLine[] = accepted ?? delivery.map((l) => ({ lineNo: l.lineNo, quantity: l.quantity }));
  const byNo = new Map(delivery.map((l) => [l.lineNo, l]));
  const seen = new Set<number>();
  const lines: ReceiptLinePlan[] = [];
  const shorts: ShortLine[] = [];
  wanted.forEach((w, i) => {
    const at = `body/lines/${i}`;
    const d = byNo.get(w.lineNo);
    if (!d || d.poLineNo === null || d.poNo === null) {
      errors.push({ path: `${at}/lineNo`, message: `납품에 없는 줄 번호입니다: ${w.lineNo}` });
      return;
    }
    if (seen.has(w.lineNo)) {
      errors.push({ path: `${at}/lineNo`, message: `같은 납품 줄(${w.lineNo})이 두 번 있습니다` });
      return;
    }
    seen.add(w.lineNo);
    if (compareDecimals(w.quantity, d.quantity) > 0) {
      overReceipt = true;
      errors.push({
        path: `${at}/quantity`,
        message: `입고 수량(${grouped(qty(w.quantity))})이 납품 수량(${grouped(qty(d.quantity))})을 초과합니다`,
      });
      return;
    }
    if (compareDecimals(w.quantity, d.quantity) < 0) {
      const missingQty = qty(sumDecimals([d.quantity, `-${w.quantity}`]));
      if (!w.shortReason) {
        errors.push({
          path: `${at}/shortReason`,
          message: `${w.lineNo}번 줄: 입고하지 않는 수량(${grouped(missingQty)})의 사유(수량 부족, 파손, 오품)를 선택하세요`,
        });
        return;
      }
      shorts.push({
        deliveryLineNo: d.lineNo,
        poLineNo: d.poLineNo,
        quantity: missingQty,
        reason: w.shortReason,
        remark: text(w.shortRemark ?? undefined),
      });
    }
    if (compareDecimals(w.quantity, '0') === 0) return;
    const po = poLines.get(d.poLineNo);
    if (!po) {
      errors.push({ path: `${at}/lineNo`, message: `발주 품목(${d.poLineNo})을 찾을 수 없습니다` });
      return;
    }
    if (compareDecimals(sumDecimals([po.receivedQty, w.quantity]), po.deliveredQty) > 0) {
      overReceipt = true;
      errors.push({ path: `${at}/quantity`, message: '발주 품목의 입고 수량이 납품 수량을 넘게 됩니다' });
      return;
    }
    lines.push({
      lineNo: lines.length + 1,
      poNo: d.poNo,
      poLineNo: d.poLineNo,
      deliveryLineNo: d.lineNo,
      itemCode: d.itemCode,
      itemName: d.itemName,
      spec: d.spec,
      unitCode: d.unitCode,
      quantity: qty(w.quantity),
      unitPrice: po.unitPrice,
      amount: lineAmount(w.quantity, po.unitPrice, currency),
      remark: text(w.BIGO),
    });
  });
  if (accepted) {
    for (const d of delivery) {
      if (!seen.has(d.lineNo) && d.poLineNo !== null)
        errors.push({
          path: 'body/lines',
          message: `${d.lineNo}번 줄의 입고 수량이 없습니다. 입고하지 않으면 0과 사유를 넣으세요`,
        });
    }
  }
  if (errors.length === 0 && lines.length === 0) errors.push({ path: 'body/lines', message: '입고할 수량이 없습니다' });
  return {
    lines,
    shorts,
    total: lines.length ? sumDecimals(lines.map((l) => l.amount)) : '0',
    errors,
    overReceipt: overReceipt && errors.every((e) => e.message.includes('초과') || e.message.includes('넘게')),
  };
}
