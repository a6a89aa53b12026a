/**
 * What the two settlement detail screens share — staff's /monthlyCalcADetail and the supplier's
 * /monthlyCalcDetail: the option lists, the amount fields, the read-only grid shape and the
 * line and three-way-match columns. Each screen picks the columns it shows, in its own order
 * (the supplier sees neither the expense type nor the delivered and decided quantities).
 */
import type { ColumnDef, DetailDef, FieldDef } from '../../engine/definition/types';

export const f = (name: string) => `screen.settlement.field.${name}`;

const rateSource = [
  { value: 'MONTHLY', text: 'screen.settlement.option.rateSource.MONTHLY' },
  { value: 'SYSTEM_CONST', text: 'screen.settlement.option.rateSource.SYSTEM_CONST' },
];
export const matchStatus = [
  { value: 'MATCH', text: 'screen.settlement.option.match.MATCH' },
  { value: 'MISMATCH', text: 'screen.settlement.option.match.MISMATCH' },
];
export const matchIssues = [
  'OVER_DELIVERED',
  'OVER_RECEIVED',
  'OVER_SETTLED',
  'DELIVERED_COUNTER',
  'RECEIVED_COUNTER',
  'PRICE_MISMATCH',
  'AMOUNT_MISMATCH',
  'NOT_YET_RECEIVED',
  'NOT_YET_DECIDED',
  'NOT_YET_SETTLED',
].map((value) => ({
  value,
  text: `screen.settlement.option.issue.${value}`,
}));

/** Goods by currency, the JPY rate the month was built with (when there is one), adjustments and the total. */
export const amountFields: FieldDef[] = [
  { field: 'krwGoodsAmount', label: f('krwGoodsAmount'), mask: 'numComma', readOnly: true },
  { field: 'jpyGoodsAmount', label: f('jpyGoodsAmount'), mask: 'numComma', readOnly: true },
  { field: 'jpyRate', label: f('jpyRate'), mask: 'numComma', readOnly: true, visible: '!empty(form.jpyRate)' },
  {
    field: 'jpyRateSource',
    label: f('jpyRateSource'),
    widget: 'select',
    options: rateSource,
    readOnly: true,
    visible: '!empty(form.jpyRateSource)',
  },
  { field: 'jpyKrwAmount', label: f('jpyKrwAmount'), mask: 'numComma', readOnly: true },
  { field: 'goodsAmount', label: f('goodsAmount'), mask: 'numComma', readOnly: true },
  { field: 'adjustmentAmount', label: f('adjustmentAmount'), mask: 'numComma', readOnly: true },
  { field: 'totalAmount', label: f('totalAmount'), mask: 'numComma', readOnly: true },
];

/** A read-only grid below the header: nothing is added or removed on these screens. */
export function readOnlyGrid(
  id: string,
  title: string,
  rowKey: string,
  visibleRows: number,
  columns: ColumnDef[],
): DetailDef {
  return { id, title, rowKey, canAdd: false, canDelete: false, visibleRows, columns };
}

/** The columns named, in that order, from one of the catalogues below. */
export function pick<K extends string>(catalogue: Record<K, ColumnDef>, names: K[]): ColumnDef[] {
  return names.map((n) => catalogue[n]);
}

/** The settlement's lines (decided receipt lines at the order's prices), by field. */
export const lineColumn = {
  lineNo: { field: 'lineNo', label: f('lineNo'), type: 'number', width: 50 },
  whReqNo: { field: 'whReqNo', label: f('whReqNo'), width: 130 },
  lastDeciDate: { field: 'lastDeciDate', label: f('lastDeciDate'), type: 'date', width: 100 },
  poNo: { field: 'poNo', label: f('poNo'), width: 130 },
  poLineNo: { field: 'poLineNo', label: f('poLineNo'), type: 'number', width: 60 },
  itemCode: { field: 'itemCode', label: f('itemCode'), width: 110 },
  itemName: { field: 'itemName', label: f('itemName'), width: 180 },
  spec: { field: 'spec', label: f('spec'), width: 120 },
  unitCode: { field: 'unitCode', label: f('unitCode'), width: 60 },
  expenses: { field: 'expenses', label: f('expenses'), type: 'code', codeGroup: 'EXPENSES', width: 90 },
  quantity: { field: 'quantity', label: f('quantity'), type: 'number', width: 80 },
  currency: { field: 'currency', label: f('currency'), width: 60, align: 'center' },
  PRICE: { field: 'PRICE', label: f('PRICE'), type: 'money', currencyField: 'currency', width: 100 },
  AMT: { field: 'AMT', label: f('AMT'), type: 'money', currencyField: 'currency', width: 110 },
  krwAmount: { field: 'krwAmount', label: f('krwAmount'), type: 'money', currency: 'KRW', width: 120 },
} satisfies Record<string, ColumnDef>;

/** The three-way match of the order lines (ordered / received / settled), by field. */
export const matchColumn = {
  status: { field: 'status', label: f('matchStatus'), type: 'code', options: matchStatus, width: 80 },
  issues: { field: 'issues', label: f('issues'), type: 'code', options: matchIssues, width: 200 },
  poNo: { field: 'poNo', label: f('poNo'), width: 130 },
  poLineNo: { field: 'poLineNo', label: f('poLineNo'), type: 'number', width: 60 },
  itemName: { field: 'itemName', label: f('itemName'), width: 170 },
  currency: { field: 'currency', label: f('currency'), width: 60, align: 'center' },
  PRICE: { field: 'PRICE', label: f('PRICE'), type: 'money', currencyField: 'currency', width: 100 },
  orderedQty: { field: 'orderedQty', label: f('orderedQty'), type: 'number', width: 80 },
  deliveredQty: { field: 'deliveredQty', label: f('deliveredQty'), type: 'number', width: 80 },
  receivedQty: { field: 'receivedQty', label: f('receivedQty'), type: 'number', width: 80 },
  decidedQty: { field: 'decidedQty', label: f('decidedQty'), type: 'number', width: 80 },
  settledQty: { field: 'settledQty', label: f('settledQty'), type: 'number', width: 80 },
  orderedAmount: {
    field: 'orderedAmount',
    label: f('orderedAmount'),
    type: 'money',
    currencyField: 'currency',
    width: 110,
  },
  receivedAmount: {
    field: 'receivedAmount',
    label: f('receivedAmount'),
    type: 'money',
    currencyField: 'currency',
    width: 110,
  },
  settledAmount: {
    field: 'settledAmount',
    label: f('settledAmount'),
    type: 'money',
    currencyField: 'currency',
    width: 110,
  },
} satisfies Record<string, ColumnDef>;
