/**
 * Monthly settlement rules as pure functions (docs/fulfilment.md "Settlement" and "Arithmetic"):
 * the lines a month's settlement is built from and their amounts, the totals with approved
 * adjustments, the states each action starts from, and the three-way match of ordered,
 * received and settled quantities and amounts.
 */
import { compareDecimals, sumDecimals } from '../../../../lib/money.js';
import { lineAmount, totalOf, toKrw, won, type Currency } from '../../../domain/money.js';

export const SETTLE_STATUSES = [
  'DRAFT',
  'CONFIRM_REQUESTED',
  'CONFIRMED',
  'DISPUTED',
  'POSTED',
  'POST_FAILED',
] as const;
export type SettleStatus = (typeof SETTLE_STATUSES)[number];
export const ADJUST_STATUSES = ['REQUESTED', 'APPROVED', 'REJECTED', 'CANCELLED'] as const;

export type SettleAction = 'rebuild' | 'requestConfirm' | 'confirm' | 'dispute' | 'adjust' | 'post';

/** The states each action starts from. */
const SETTLE_RULES: Readonly<Record<SettleAction, readonly SettleStatus[]>> = {
  rebuild: ['DRAFT', 'DISPUTED'],
  requestConfirm: ['DRAFT', 'DISPUTED'],
  confirm: ['CONFIRM_REQUESTED'],
  dispute: ['CONFIRM_REQUESTED'],
  adjust: ['DRAFT', 'DISPUTED'],
  post: ['CONFIRMED', 'POST_FAILED'],
};

export const SETTLE_WRONG_STATE: Readonly<Record<SettleAction, string>> = {
  rebuild: '작성 중이거나 이의제기된 정산만 다시 집계할 수 있습니다',
  requestConfirm: '작성 중이거나 이의제기된 정산만 확인 요청할 수 있습니다',
  confirm: '확인 요청된 정산만 확인할 수 있습니다',
  dispute: '확인 요청된 정산에만 이의를 제기할 수 있습니다',
  adjust: '작성 중이거나 이의제기된 정산만 조정할 수 있습니다',
  post: '협력사가 확인한 정산만 전기할 수 있습니다',
};

export const canSettle = (action: SettleAction, status: string): boolean =>
  (SETTLE_RULES[action] as readonly string[]).includes(status);

/** A supplier sees its settlements once they are put to it (never a draft in the making). */
export const SUPPLIER_VISIBLE: readonly SettleStatus[] = [
  'CONFIRM_REQUESTED',
  'CONFIRMED',
  'DISPUTED',
  'POSTED',
  'POST_FAILED',
];

export interface DecidedLine {
  whReqNo: string;
  whLineNo: number;
  poNo: string;
  poLineNo: number;
  itemCode: string | null;
  itemName: string;
  spec: string | null;
  unitCode: string;
  expenses: string;
  lastDeciDate: string;
  quantity: string;
  /** The order line's unit price: a settlement is receipts × PO prices. */
  unitPrice: string;
  currency: Currency;
}

export interface SettledLine extends DecidedLine {
  lineNo: number;
  amount: string;
  krwAmount: string;
}

export interface GoodsTotals {
  lineCount: number;
  krwGoodsAmount: string;
  jpyGoodsAmount: string;
  jpyKrwAmount: string;
  goodsAmount: string;
}

const lineOrder = (a: DecidedLine, b: DecidedLine) =>
  a.lastDeciDate < b.lastDeciDate
    ? -1
    : a.lastDeciDate > b.lastDeciDate
      ? 1
      : a.whReqNo < b.whReqNo
        ? -1
        : a.whReqNo > b.whReqNo
          ? 1
          : a.whLineNo - b.whLineNo;

/**
 * Each decided receipt line becomes a settlement line: amount = quantity × PO unit price in its
 * currency (rounded once to whole yen or won); KRW amount = that amount, or for JPY
 * amount × rate ÷ 100 rounded to whole won (half up). Totals are exact sums of the lines, so
 * the statement's lines add up to its total to the won.
 */
export function settleLines(
  lines: readonly DecidedLine[],
  jpyRatePer100: string | null,
): { lines: SettledLine[]; totals: GoodsTotals } {
  const settled = [...lines].sort(lineOrder).map((l, i) => {
    const amount = lineAmount(l.quantity, l.unitPrice, l.currency);
    return { ...l, lineNo: i + 1, amount, krwAmount: toKrw(amount, l.currency, jpyRatePer100) };
  });
  const krw = settled.filter((l) => l.currency === 'KRW');
  const jpy = settled.filter((l) => l.currency === 'JPY');
  const krwGoodsAmount = won(totalOf(krw.map((l) => l.krwAmount)));
  const jpyKrwAmount = won(totalOf(jpy.map((l) => l.krwAmount)));
  return {
    lines: settled,
    totals: {
      lineCount: settled.length,
      krwGoodsAmount,
      jpyGoodsAmount: totalOf(jpy.map((l) => l.amount)),
      jpyKrwAmount,
      goodsAmount: won(sumDecimals([krwGoodsAmount, jpyKrwAmount])),
    },
  };
}

/** Goods plus approved adjustments (signed whole won). */
export function settlementTotals(
  goodsAmount: string,
  approvedAdjustments: readonly string[],
): { adjustmentAmount: string; totalAmount: string } {
  const adjustmentAmount = won(totalOf(approvedAdjustments));
  return { adjustmentAmount, totalAmount: won(sumDecimals([goodsAmount, adjustmentAmount])) };
}

/** An adjustment amount: signed whole won, not zero. */
export function adjustmentProblem(amount: string): string | null {
  if (!/^[+-]?\d{1,15}$/.test(amount)) return '조정 금액은 원 단위 정수(+/−)로 입력하세요';
  if (compareDecimals(amount, '0') === 0) return '조정 금액은 0일 수 없습니다';
  return null;
}

export interface MatchInput {
  orderedQty: string;
  deliveredQty: string;
  receivedQty: string;
  /** Σ quantities of the line's active (not cancelled) deliveries and receipts. */
  deliveryLinesQty: string;
  receiptLinesQty: string;
  decidedQty: string;
  settledQty: string;
  /** Receipt or settlement lines whose price is not the order's. */
  priceMismatches: number;
  /** Settlement lines whose amount is not quantity × price. */
  amountMismatches: number;
}

/** Three-way match of one order line: ordered ≥ delivered ≥ received ≥ decided ≥ settled, same prices, exact amounts. */
export function matchIssues(m: MatchInput): { status: 'MATCH' | 'MISMATCH'; issues: string[] } {
  const gt = (a: string, b: string) => compareDecimals(a, b) > 0;
  const ne = (a: string, b: string) => compareDecimals(a, b) !== 0;
  const issues: string[] = [];
  if (gt(m.deliveredQty, m.orderedQty)) issues.push('OVER_DELIVERED');
  if (gt(m.receivedQty, m.deliveredQty)) issues.push('OVER_RECEIVED');
  if (gt(m.settledQty, m.decidedQty)) issues.push('OVER_SETTLED');
  if (ne(m.deliveredQty, m.deliveryLinesQty)) issues.push('DELIVERED_COUNTER');
  if (ne(m.receivedQty, m.receiptLinesQty)) issues.push('RECEIVED_COUNTER');
  if (m.priceMismatches > 0) issues.push('PRICE_MISMATCH');
  if (m.amountMismatches > 0) issues.push('AMOUNT_MISMATCH');
  const hard = issues.length > 0;
  if (gt(m.deliveredQty, m.receivedQty)) issues.push('NOT_YET_RECEIVED');
  if (gt(m.receivedQty, m.decidedQty)) issues.push('NOT_YET_DECIDED');
  if (gt(m.decidedQty, m.settledQty)) issues.push('NOT_YET_SETTLED');
  return { status: hard ? 'MISMATCH' : 'MATCH', issues };
}
