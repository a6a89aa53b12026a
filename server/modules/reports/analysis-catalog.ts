/**
 * The spend-analysis reports beyond the cube (docs/reports.md "Maverick spend", "Supplier service"): each
 * a ReportSpec as the reports of catalog.ts — one GET, one statement, the reports' period and scope — on
 * its own screen's menu.
 */
import { Type } from 'typebox';
import type { ReportSpec } from './catalog.js';
import { MAVERICK_KINDS, maverickSpend, type MaverickKind } from './queries/maverick.js';
import { lateReceipts, supplierDependency, supplierService } from './queries/service.js';
import { SAVINGS_BASES, SAVINGS_BY, savings, type SavingsBy } from './queries/savings.js';

export const SAVINGS_SCREEN = '/spendSavings';
export const MAVERICK_SCREEN = '/maverickSpend';
export const SERVICE_SCREEN = '/supplierService';
export const DEPENDENCY_SCREEN = '/supplierDependency';

const T = (description?: string, nullable = false) => ({ kind: 'text' as const, description, nullable });
const I = (description?: string, nullable = false) => ({ kind: 'int' as const, description, nullable });
const D = (description?: string, nullable = false) => ({ kind: 'dec' as const, description, nullable });
const Code = (description: string) => Type.Optional(Type.String({ maxLength: 20, description }));

/** Days within which orders of one supplier and item count as one purchase split (the default, and the bounds). */
const SPLIT_DAYS = { default: 7, min: 1, max: 90 } as const;

const MAVERICK_SPEND: ReportSpec = {
  key: 'maverickSpend',
  route: MAVERICK_SCREEN,
  path: '/api/v1/reports/maverick',
  operationId: 'getMaverickSpend',
  summary:
    'Maverick spend: deliveries without an order, order lines at a price other than the supplier’s active agreement for the item, and orders split under an approval threshold — one row per document',
  fields: {
    rowKey: T('Unique: kind, document, line and item'),
    kind: T('NO_PO (a delivery without an order), OFF_AGREEMENT (an order line), SPLIT (an order of a split group)'),
    docNo: T('The delivery number (NO_PO) or the order number'),
    deliveryNo: T('NO_PO: the delivery', true),
    poNo: T('OFF_AGREEMENT, SPLIT: the order', true),
    agreementNo: T('OFF_AGREEMENT: the agreement whose price the line departs from', true),
    lineNo: I(
      'The order line (OFF_AGREEMENT); null for a delivery without an order or a split order (no one line)',
      true,
    ),
    docDate: T('Delivery or order date, YYYY-MM-DD'),
    compNo: T(),
    compNameKr: T(),
    itemCode: T(undefined, true),
    itemName: T(undefined, true),
    currency: T(),
    amount: D('The delivery’s total, the order line’s amount or the order’s total, in its currency'),
    amountKrw: D('In won (JPY at the month’s rate)'),
    unitPrice: D('OFF_AGREEMENT: the line’s unit price', true),
    refPrice: D('OFF_AGREEMENT: the agreed unit price', true),
    deviationKrw: D('OFF_AGREEMENT: (unit price − agreed price) × quantity, won', true),
    refNo: T('OFF_AGREEMENT: the agreement; SPLIT: the group’s first order', true),
    groupCount: I('SPLIT: orders in the group'),
    groupKrw: D('SPLIT: the group’s orders together, won', true),
    thresholdKrw: D('SPLIT: the approval threshold each order stayed under and the group reached, won', true),
    deptnm: T(undefined, true),
    buyerName: T(undefined, true),
  },
  defaultSort: 'docDate:desc',
  totals: {
    amountKrw: 'sum(r.amount_krw)',
    deviationKrw: 'sum(r.deviation_krw)',
  },
  extraQuery: {
    kind: Type.Optional(Type.Enum([...MAVERICK_KINDS], { description: 'One rule only' })),
    days: Type.Optional(
      Type.Integer({
        minimum: SPLIT_DAYS.min,
        maximum: SPLIT_DAYS.max,
        default: SPLIT_DAYS.default,
        description: 'SPLIT: days from a group’s first order within which orders count as one purchase (default 7)',
      }),
    ),
    compNo: Type.Optional(Type.String({ maxLength: 10, description: 'One supplier' })),
    itemCode: Code('One item'),
  },
  build: (ctx, q) =>
    maverickSpend(ctx, q.kind as MaverickKind | undefined, (q.days as number | undefined) ?? SPLIT_DAYS.default),
};

const SUPPLIER_SERVICE: ReportSpec = {
  key: 'supplierService',
  route: SERVICE_SCREEN,
  path: '/api/v1/reports/supplier-service',
  operationId: 'getSupplierService',
  summary:
    'Supplier service per supplier: days to confirm, service level (received ÷ ordered), days to receive, on-time receipts, share of the spend and tail spend',
  fields: {
    compNo: T(),
    compNameKr: T(),
    poCount: I('Orders approved or later, dated in the period'),
    sentCount: I('Of which sent to the supplier'),
    ackCount: I('Of which sent and acknowledged'),
    avgConfirmDays: D('Average days from sending to acknowledgement (one decimal)', true),
    orderedKrw: D('Ordered, won (monthlyReport03’s figure)'),
    receivedValueKrw: D('The ordered lines’ received quantity (at most ordered) at the order price, won'),
    serviceLevelPct: D('receivedValueKrw ÷ orderedKrw, %', true),
    receiptLineCount: I('Receipt lines dated in the period (receipts not cancelled)'),
    avgReceiveDays: D('Average days from the order date to the receipt', true),
    onTimeCount: I('Receipt lines on or before their due date'),
    lateCount: I('Receipt lines after their due date'),
    onTimePct: D('%', true),
    sharePct: D('Share of the ordered won, %', true),
    cumulativePct: D('Cumulative share, suppliers by ordered won (largest first), %', true),
    tail: T('Y: tail spend — the suppliers before it already hold 80 % of the ordered won'),
  },
  defaultSort: 'orderedKrw:desc',
  totals: {
    poCount: 'sum(r.po_count)',
    sentCount: 'sum(r.sent_count)',
    ackCount: 'sum(r.ack_count)',
    orderedKrw: 'sum(r.ordered_krw)',
    receivedValueKrw: 'sum(r.received_value_krw)',
    serviceLevelPct: 'round(100.0 * sum(r.received_value_krw) / nullif(sum(r.ordered_krw), 0), 1)',
    receiptLineCount: 'sum(r.receipt_line_count)',
    onTimeCount: 'sum(r.on_time_count)',
    lateCount: 'sum(r.late_count)',
    onTimePct: 'round(100.0 * sum(r.on_time_count) / nullif(sum(r.receipt_line_count), 0), 1)',
  },
  build: (ctx) => supplierService(ctx),
};

const SUPPLIER_DEPENDENCY: ReportSpec = {
  key: 'supplierDependency',
  route: DEPENDENCY_SCREEN,
  path: '/api/v1/reports/supplier-dependency',
  operationId: 'getSupplierDependency',
  summary:
    'Supplier dependency per item category: the category’s ordered won, how many suppliers hold it and the share of the largest',
  fields: {
    catCode: T('Item category (- unclassified)'),
    catName: T(),
    categoryKrw: D('Ordered, won (monthlyReport04’s figure)'),
    supplierCount: I(),
    topCompNo: T('The supplier holding the largest share'),
    topCompName: T(),
    topKrw: D('Its ordered won'),
    topSharePct: D('Its share of the category, %', true),
  },
  defaultSort: 'topSharePct:desc',
  totals: { categoryKrw: 'sum(r.category_krw)', topKrw: 'sum(r.top_krw)' },
  extraQuery: { catCode: Code('Item category') },
  fromSummary: true,
  build: (ctx) => supplierDependency(ctx),
};

const LATE_RECEIPTS: ReportSpec = {
  key: 'lateReceipts',
  route: SERVICE_SCREEN,
  path: '/api/v1/reports/late-receipts',
  operationId: 'listLateReceipts',
  summary:
    'Late receipts: receipt lines of the period requested after their due date, latest first by default by days late',
  fields: {
    rowKey: T('Receipt and line'),
    whReqNo: T(),
    lineNo: I(),
    whReqDate: T('YYYY-MM-DD'),
    poNo: T(),
    poLineNo: I(),
    dueDate: T('The order line’s delivery date, else the order’s due date'),
    daysLate: I(),
    compNo: T(),
    compNameKr: T(),
    itemCode: T(undefined, true),
    itemName: T(),
    quantity: D(),
    currency: T(),
    amount: D(),
    amountKrw: D('In won (JPY at the receipt month’s rate)'),
  },
  defaultSort: 'daysLate:desc',
  totals: { amountKrw: 'sum(r.amount_krw)' },
  extraQuery: { compNo: Type.Optional(Type.String({ maxLength: 10, description: 'One supplier' })) },
  build: (ctx) => lateReceipts(ctx),
};

const BASIS_WORDS: Record<(typeof SAVINGS_BASES)[number], string> = {
  firstQuote: 'the first quotation received for the line',
  avgQuote: 'the average of the quotations for the line',
  secondPrice: 'the tender’s or auction’s second price (the lowest other bidder)',
  agreement: 'the lowest framework-agreement price in force for the item',
  estimate: 'the purchase request’s estimated unit price',
};

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const savingsFields: ReportSpec['fields'] = {
  key: T('Buyer id or item category (- none)'),
  name: T(),
  lineCount: I('Order lines of the period'),
  orderedKrw: D('Their ordered won (the spend cube’s totalKrw)'),
};
const savingsTotals: Record<string, string> = { lineCount: 'sum(r.line_count)', orderedKrw: 'sum(r.ordered_krw)' };
for (const b of SAVINGS_BASES) {
  const w = BASIS_WORDS[b];
  savingsFields[`${b}Lines`] = I(`Lines with a reference: ${w}`);
  savingsFields[`${b}AwardedKrw`] = D('Those lines’ unit price × quantity, won');
  savingsFields[`${b}ReferenceKrw`] = D('Those lines’ reference × quantity, won (awarded + savings)');
  savingsFields[`${b}SavingsKrw`] = D(`(reference − awarded) × quantity, won: ${w}`);
  savingsFields[`${b}Pct`] = D('Savings ÷ reference, %', true);
  for (const [field, column] of [
    ['Lines', 'lines'],
    ['AwardedKrw', 'awarded_krw'],
    ['ReferenceKrw', 'reference_krw'],
    ['SavingsKrw', 'savings_krw'],
  ])
    savingsTotals[`${b}${field}`] = `sum(r.${snake(b)}_${column})`;
  savingsTotals[`${b}Pct`] =
    `round(100.0 * sum(r.${snake(b)}_savings_krw) / nullif(sum(r.${snake(b)}_reference_krw), 0), 1)`;
}

const SPEND_SAVINGS: ReportSpec = {
  key: 'spendSavings',
  route: SAVINGS_SCREEN,
  path: '/api/v1/reports/savings',
  operationId: 'getSpendSavings',
  summary:
    'Savings four ways by buyer or item category: against the first quotation, the average quotation, the tender’s or auction’s second price, the framework agreement’s price and the purchase request’s estimate — each (reference − awarded) × quantity in won, only where the reference exists',
  fields: savingsFields,
  defaultSort: 'orderedKrw:desc',
  totals: savingsTotals,
  extraQuery: {
    by: Type.Optional(Type.Enum([...SAVINGS_BY], { description: 'Rows per buyer (default) or per item category' })),
  },
  build: (ctx, q) => savings(ctx, (q.by as SavingsBy | undefined) ?? 'buyer'),
};

export const ANALYSIS_REPORTS = [SPEND_SAVINGS, MAVERICK_SPEND, SUPPLIER_SERVICE, SUPPLIER_DEPENDENCY, LATE_RECEIPTS];
