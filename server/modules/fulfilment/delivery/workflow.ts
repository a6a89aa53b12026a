/**
 * Delivery (ASN) rules as pure functions (docs/fulfilment.md "Delivery"): which PO lines a
 * delivery may name and how much, the lines it becomes, and the states that allow each action.
 */
import { compareDecimals, sumDecimals } from '../../../../lib/money.js';
import type { FieldError } from '../../../domain/errors.js';
import { lineAmount, qty, type Currency } from '../../../domain/money.js';
import { grouped, text } from '../../../domain/values.js';

export const DELIVERY_STATUSES = ['REGISTERED', 'RECEIVED', 'CANCELLED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** The states each action starts from. */
export const DELIVERY_ACTIONS: Readonly<Record<'update' | 'cancel' | 'receive', readonly DeliveryStatus[]>> = {
  update: ['REGISTERED'],
  cancel: ['REGISTERED'],
  receive: ['REGISTERED'],
};

/**
 * The part of the order lifecycle that deliveries move (DESIGN §6): acknowledged → partly
 * delivered → delivered, from the delivered quantities of the lines. Other states (closed,
 * cancelled …) belong to purchasing and are never touched here.
 */
export const DELIVERABLE_PO_STATUSES = ['ACKNOWLEDGED', 'PARTLY_DELIVERED'] as const;
export const DELIVERY_DRIVEN_PO_STATUSES: readonly string[] = ['ACKNOWLEDGED', 'PARTLY_DELIVERED', 'DELIVERED'];

export function poStatusByDeliveries(
  lines: ReadonlyArray<{ quantity: string; deliveredQty: string }>,
): 'ACKNOWLEDGED' | 'PARTLY_DELIVERED' | 'DELIVERED' {
  if (lines.length > 0 && lines.every((l) => compareDecimals(l.deliveredQty, l.quantity) >= 0)) return 'DELIVERED';
  if (lines.some((l) => compareDecimals(l.deliveredQty, '0') > 0)) return 'PARTLY_DELIVERED';
  return 'ACKNOWLEDGED';
}

export interface DeliveryLineInput {
  poLineNo?: number;
  itemCode?: string;
  itemName?: string;
  spec?: string;
  unitCode?: string;
  quantity: string;
  PRICE?: string;
  BIGO?: string;
}

export interface PoLineState {
  lineNo: number;
  itemCode: string | null;
  itemName: string;
  spec: string | null;
  unitCode: string;
  quantity: string;
  unitPrice: string;
  deliveredQty: string;
}

export interface PlannedLine {
  lineNo: number;
  poLineNo: number | null;
  itemCode: string | null;
  itemName: string;
  spec: string | null;
  unitCode: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  remark: string | null;
}

export interface DeliveryPlan {
  lines: PlannedLine[];
  total: string;
  /** Quantity added to each PO line's delivered quantity (negative when an update lowers it). */
  deltas: Map<number, string>;
  errors: FieldError[];
  /** True when the only problem is quantity beyond the order's open quantity. */
  overDelivery: boolean;
}

const negate = (v: string) => (v.startsWith('-') ? v.slice(1) : `-${v}`);

/** Open quantity of a PO line: ordered − delivered (+ what this delivery already holds, on an update). */
export function openQuantity(line: { quantity: string; deliveredQty: string }, alreadyInThisDelivery = '0'): string {
  return sumDecimals([line.quantity, negate(line.deliveredQty), alreadyInThisDelivery]);
}

/**
 * A delivery against an order: each input line names a PO line once, with a positive quantity
 * no larger than that line's open quantity. Prices come from the order, never from the supplier.
 * `previous` holds this delivery's current quantities per PO line when it is being edited.
 */
export function planPoDelivery(
  poLines: readonly PoLineState[],
  input: readonly DeliveryLineInput[],
  currency: Currency,
  previous: ReadonlyMap<number, string> = new Map(),
): DeliveryPlan {
  const errors: FieldError[] = [];
  let overDelivery = false;
  const byNo = new Map(poLines.map((l) => [l.lineNo, l]));
  const seen = new Set<number>();
  const lines: PlannedLine[] = [];
  input.forEach((l, i) => {
    const at = `body/lines/${i}`;
    if (l.poLineNo === undefined) {
      errors.push({ path: `${at}/poLineNo`, message: '발주 품목 번호(poLineNo)를 입력하세요' });
      return;
    }
    const po = byNo.get(l.poLineNo);
    if (!po) {
      errors.push({ path: `${at}/poLineNo`, message: `발주에 없는 품목 번호입니다: ${l.poLineNo}` });
      return;
    }
    if (seen.has(l.poLineNo)) {
      errors.push({ path: `${at}/poLineNo`, message: `같은 발주 품목(${l.poLineNo})이 두 번 있습니다` });
      return;
    }
    seen.add(l.poLineNo);
    if (compareDecimals(l.quantity, '0') <= 0) {
      errors.push({ path: `${at}/quantity`, message: '수량은 0보다 커야 합니다' });
      return;
    }
    const open = openQuantity(po, previous.get(l.poLineNo) ?? '0');
    if (compareDecimals(l.quantity, open) > 0) {
      overDelivery = true;
      errors.push({
        path: `${at}/quantity`,
        message: `납품 수량(${grouped(qty(l.quantity))})이 발주 잔량(${grouped(qty(open))})을 초과합니다`,
      });
      return;
    }
    lines.push({
      lineNo: lines.length + 1,
      poLineNo: po.lineNo,
      itemCode: po.itemCode,
      itemName: po.itemName,
      spec: po.spec,
      unitCode: po.unitCode,
      quantity: qty(l.quantity),
      unitPrice: po.unitPrice,
      amount: lineAmount(l.quantity, po.unitPrice, currency),
      remark: text(l.BIGO),
    });
  });
  const deltas = new Map<number, string>();
  for (const l of lines) deltas.set(l.poLineNo!, l.quantity);
  for (const [poLineNo, q] of previous) deltas.set(poLineNo, sumDecimals([deltas.get(poLineNo) ?? '0', negate(q)]));
  const onlyOver = overDelivery && errors.every((e) => e.message.includes('발주 잔량'));
  return {
    lines,
    total: lines.length ? sumDecimals(lines.map((l) => l.amount)) : '0',
    deltas,
    errors,
    overDelivery: onlyOver,
  };
}

/** A delivery without an order: the supplier names item, unit and price itself; the delivery is flagged. */
export function planNoPoDelivery(input: readonly DeliveryLineInput[], currency: Currency): DeliveryPlan {
  const errors: FieldError[] = [];
  const lines: PlannedLine[] = [];
  input.forEach((l, i) => {
    const at = `body/lines/${i}`;
    const before = errors.length;
    if (l.poLineNo !== undefined)
      errors.push({ path: `${at}/poLineNo`, message: '발주 없는 납품에는 발주 품목 번호를 넣을 수 없습니다' });
    if (!text(l.itemName)) errors.push({ path: `${at}/itemName`, message: '품목명을 입력하세요' });
    if (!text(l.unitCode)) errors.push({ path: `${at}/unitCode`, message: '단위를 입력하세요' });
    if (l.PRICE === undefined) errors.push({ path: `${at}/PRICE`, message: '단가를 입력하세요' });
    if (compareDecimals(l.quantity, '0') <= 0)
      errors.push({ path: `${at}/quantity`, message: '수량은 0보다 커야 합니다' });
    if (errors.length > before) return;
    lines.push({
      lineNo: lines.length + 1,
      poLineNo: null,
      itemCode: text(l.itemCode),
      itemName: text(l.itemName)!,
      spec: text(l.spec),
      unitCode: text(l.unitCode)!,
      quantity: qty(l.quantity),
      unitPrice: l.PRICE!,
      amount: lineAmount(l.quantity, l.PRICE!, currency),
      remark: text(l.BIGO),
    });
  });
  return {
    lines,
    total: lines.length ? sumDecimals(lines.map((l) => l.amount)) : '0',
    deltas: new Map(),
    errors,
    overDelivery: false,
  };
}

/* ------------------------------ terms the supplier has not acknowledged ------------------------------ */

/** A revision of the order as the delivery rules read it (po_revision: in force or superseded). */
export interface RevisionTerms {
  revision: number;
  acknowledged: boolean;
  /** The field-level difference from the revision before (po_revision.diff). */
  diff: ReadonlyArray<{ field: string; lineNo: number | null }>;
}

/**
 * The order lines whose terms (quantity, price, delivery date, the line itself) changed in a revision
 * newer than the last one the supplier acknowledged, each with the newest such revision. Deliveries
 * and receipts of these lines are refused until the supplier acknowledges (docs/fulfilment.md
 * "Terms not yet acknowledged"): the order line holds the new terms, the supplier agreed to the old.
 */
export function linesChangedUnacknowledged(revisions: readonly RevisionTerms[]): Map<number, number> {
  const lastAcknowledged = Math.max(0, ...revisions.filter((r) => r.acknowledged).map((r) => r.revision));
  const out = new Map<number, number>();
  for (const r of [...revisions].sort((a, b) => a.revision - b.revision)) {
    if (r.revision <= lastAcknowledged) continue;
    for (const d of r.diff) if (d.lineNo !== null) out.set(d.lineNo, r.revision);
  }
  return out;
}

/**
 * The 409 of a delivery or receipt naming lines changed in an unacknowledged revision, or null.
 * `doing` says what was refused (납품, 입고).
 */
export function unacknowledgedRefusal(
  changed: ReadonlyMap<number, number>,
  poLineNos: readonly number[],
  doing: '납품' | '입고',
): { message: string; details: { revision: number; poLineNos: number[] } } | null {
  const hit = [...new Set(poLineNos)].filter((n) => changed.has(n)).sort((a, b) => a - b);
  if (hit.length === 0) return null;
  const revision = Math.max(...hit.map((n) => changed.get(n)!));
  return {
    message: `발주 ${revision}차 변경(${hit.join(', ')}번 품목)을 협력사가 아직 확인하지 않아 ${doing}할 수 없습니다. 협력사가 변경을 확인한 뒤 ${doing}하세요`,
    details: { revision, poLineNos: hit },
  };
}
