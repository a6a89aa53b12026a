/**
 * Framework agreement (단가계약) lifecycle and call-off rules (docs/agreements.md): draft → in
 * approval → active (the last approval) → expired (its last valid day passed, by the business clock)
 * or terminated by the buyer with a reason; an approver's rejection returns the draft. A call-off
 * (an order line "from agreement") takes the agreed price and consumes the line's remaining quantity
 * and the agreement's remaining ceiling. Pure data and functions.
 */
import { compareDecimals, sumDecimals } from '../../../../lib/money.js';
import { actionsFrom, type Machine } from '../../../domain/machine.js';
import { grouped } from '../../../domain/values.js';

/** The agreement menus: the list, the edit screen (whose authority the call-off dialog holds), the consumption report. */
export const AGREEMENT_SCREENS = {
  list: '/AgreementList',
  edit: '/AgreementEdit',
  consumption: '/AgreementConsumption',
} as const;

export const AGREEMENT_STATUSES = ['DRAFT', 'IN_APPROVAL', 'ACTIVE', 'EXPIRED', 'TERMINATED'] as const;
export type AgreementStatus = (typeof AGREEMENT_STATUSES)[number];
export const CALL_OFF_POLICIES = ['REFUSE', 'APPROVE'] as const;
export const AGREEMENT_SOURCES = ['RFQ', 'TENDER', 'AUCTION'] as const;

export type AgreementAction =
  | 'update'
  | 'delete'
  | 'submit'
  | 'withdraw'
  | 'approve'
  | 'reject'
  | 'expire'
  | 'terminate'
  | 'callOff'
  | 'changePrices';

export const AGREEMENT_MACHINE: Machine<AgreementStatus, AgreementAction> = {
  name: '단가계약',
  statuses: AGREEMENT_STATUSES,
  statusLabels: {
    DRAFT: '작성',
    IN_APPROVAL: '결재중',
    ACTIVE: '유효',
    EXPIRED: '만료',
    TERMINATED: '종료',
  },
  actionLabels: {
    update: '수정',
    delete: '삭제',
    submit: '결재상신',
    withdraw: '상신 회수',
    approve: '승인',
    reject: '반려',
    expire: '만료 처리',
    terminate: '종료',
    callOff: '발주',
    changePrices: '단가 변경',
  },
  transitions: {
    update: { from: ['DRAFT'], to: 'same' },
    delete: { from: ['DRAFT'], to: 'same' },
    submit: { from: ['DRAFT'], to: 'IN_APPROVAL' },
    withdraw: { from: ['IN_APPROVAL'], to: 'DRAFT' },
    approve: { from: ['IN_APPROVAL'], to: 'ACTIVE' },
    reject: { from: ['IN_APPROVAL'], to: 'DRAFT' },
    expire: { from: ['ACTIVE'], to: 'EXPIRED' },
    terminate: { from: ['ACTIVE'], to: 'TERMINATED' },
    callOff: { from: ['ACTIVE'], to: 'same' },
    // New prices from a day (changeAgreementPrices); the screen offers its dialog by this action.
    changePrices: { from: ['ACTIVE'], to: 'same' },
  },
};

/** What a screen shows: an active agreement past its last valid day reads as expired before the job stores it. */
export function effectiveAgreementStatus(status: string, validTo: string, today: string): string {
  return status === 'ACTIVE' && validTo < today ? 'EXPIRED' : status;
}

/** States a supplier sees: the agreement was approved. */
export const SUPPLIER_VISIBLE_AGREEMENT: readonly AgreementStatus[] = ['ACTIVE', 'EXPIRED', 'TERMINATED'];

const negate = (v: string) => (v.startsWith('-') ? v.slice(1) : `-${v}`);
export const minus = (a: string, b: string): string => sumDecimals([a, negate(b)]);

/** agreed − ordered; null when the line agreed no quantity (only the price and the ceiling bind it). */
export function remainingOf(agreed: string | null, ordered: string): string | null {
  return agreed === null ? null : minus(agreed, ordered);
}

export function agreementActionsFor(
  status: string,
  role: { isBuyer: boolean; isManager: boolean; canWrite: boolean },
): AgreementAction[] {
  return actionsFrom(AGREEMENT_MACHINE, status).filter((a) => {
    if (a === 'approve' || a === 'reject' || a === 'expire') return false;
    return role.canWrite && (role.isBuyer || role.isManager);
  });
}

export interface AgreementState {
  agreementNo: string;
  status: string;
  validFrom: string;
  validTo: string;
  ceilingAmount: string | null;
  orderedAmount: string;
}
export interface AgreementLineState {
  lineNo: number;
  unitPrice: string;
  agreedQty: string | null;
  orderedQty: string;
  orderedAmount: string;
}
/**
 * One order line's change of consumption: more (a call-off, a raised quantity) or less (a
 * cancellation, a reduction). Each order line is its own entry, never merged with another line of
 * the same agreement line before it is checked: its own price, and its quantity against what the
 * lines before it left.
 */
export interface Consumption {
  /** The agreement line. */
  lineNo: number;
  qty: string;
  amount: string;
  /** The price the order line asks; checked against the agreed one. */
  unitPrice: string;
  /** The order line (for the problem's details); absent where the order has no numbers yet. */
  orderLineNo?: number | null;
}
export interface CallOffProblem {
  kind: 'INACTIVE' | 'NOT_YET_VALID' | 'EXPIRED' | 'OVER_QUANTITY' | 'OVER_CEILING' | 'PRICE' | 'NO_LINE';
  lineNo: number | null;
  orderLineNo?: number | null;
  message: string;
}

const plain = grouped;

/**
 * What a change of consumption would break: an agreement not active or outside its validity on
 * `today`, a line over its agreed quantity, the agreement over its ceiling, a price other than the
 * agreed one. Checked per order line, never on lines merged first: every line at another price is a
 * problem of its own, and a line's quantity is checked against what is left after the lines before
 * it (reductions counted first, so a change that moves quantity between two lines of one agreement
 * line is not refused for the order it lists them in). Only growth is checked for quantity and
 * ceiling; giving back is always allowed.
 */
export function callOffProblems(
  a: AgreementState,
  lines: readonly AgreementLineState[],
  changes: readonly Consumption[],
  today: string,
): CallOffProblem[] {
  const out: CallOffProblem[] = [];
  const grows = changes.some((c) => compareDecimals(c.qty, '0') > 0 || compareDecimals(c.amount, '0') > 0);
  if (grows) {
    if (a.status !== 'ACTIVE')
      out.push({
        kind: 'INACTIVE',
        lineNo: null,
        message: `유효한 단가계약이 아닙니다(${AGREEMENT_MACHINE.statusLabels[a.status as AgreementStatus] ?? a.status}): ${a.agreementNo}`,
      });
    else if (today < a.validFrom)
      out.push({
        kind: 'NOT_YET_VALID',
        lineNo: null,
        message: `단가계약 ${a.agreementNo}의 유효기간은 ${a.validFrom}부터입니다`,
      });
    else if (today > a.validTo)
      out.push({
        kind: 'EXPIRED',
        lineNo: null,
        message: `단가계약 ${a.agreementNo}의 유효기간(${a.validTo}까지)이 지났습니다`,
      });
  }
  // What each agreement line has ordered as the order's lines are taken one by one.
  const ordered = new Map(lines.map((l) => [l.lineNo, l.orderedQty]));
  for (const c of changes)
    if (compareDecimals(c.qty, '0') < 0 && ordered.has(c.lineNo))
      ordered.set(c.lineNo, sumDecimals([ordered.get(c.lineNo)!, c.qty]));
  for (const c of changes) {
    const line = lines.find((l) => l.lineNo === c.lineNo);
    const at = c.orderLineNo === undefined ? {} : { orderLineNo: c.orderLineNo };
    if (!line) {
      out.push({ kind: 'NO_LINE', lineNo: c.lineNo, ...at, message: `단가계약에 없는 품목 줄입니다: ${c.lineNo}` });
      continue;
    }
    if (compareDecimals(c.unitPrice, line.unitPrice) !== 0)
      out.push({
        kind: 'PRICE',
        lineNo: c.lineNo,
        ...at,
        message: `${c.lineNo}번 품목의 단가(${plain(c.unitPrice)})가 계약 단가(${plain(line.unitPrice)})와 다릅니다`,
      });
    if (compareDecimals(c.qty, '0') > 0) {
      const before = ordered.get(c.lineNo)!;
      ordered.set(c.lineNo, sumDecimals([before, c.qty]));
      if (line.agreedQty === null) continue;
      const remaining = remainingOf(line.agreedQty, before)!;
      if (compareDecimals(c.qty, remaining) > 0)
        out.push({
          kind: 'OVER_QUANTITY',
          lineNo: c.lineNo,
          ...at,
          message: `${c.lineNo}번 품목의 발주 수량(${plain(c.qty)})이 계약 잔여 수량(${plain(remaining)})을 넘습니다`,
        });
    }
  }
  const growth = sumDecimals(changes.map((c) => c.amount));
  if (a.ceilingAmount !== null && compareDecimals(growth, '0') > 0) {
    const left = minus(a.ceilingAmount, a.orderedAmount);
    if (compareDecimals(growth, left) > 0)
      out.push({
        kind: 'OVER_CEILING',
        lineNo: null,
        message: `발주 금액(${plain(growth)})이 단가계약 한도 잔액(${plain(left)})을 넘습니다`,
      });
  }
  return out;
}
