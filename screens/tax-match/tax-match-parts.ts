/**
 * What the two match screens share (staff's /taxInvoiceMatch, the supplier's /myTaxInvoiceMatch): the header, the
 * lined-up rows (order, receipt, settlement, invoice per settlement line, the cells that differ named), the invoices
 * against the settled supply, and the posting gate's findings. docs/tax-invoices.md "The match view".
 */
import type { ColumnDef, DetailDef, FieldDef } from '../../engine/definition/types';
import { EXCEPTION_TYPE, STATUS } from '../tax-invoice/tax-invoice-parts';

const options = (group: string, values: readonly string[]) =>
  values.map((value) => ({ value, text: `screen.taxMatch.option.${group}.${value}` }));

const MATCHED = options('matched', ['Y', 'N']);
const TAX_TYPE = options('taxType', ['TAXABLE', 'ZERO_RATED', 'EXEMPT']);
const SETTLEMENT_STATUS = options('settlementStatus', [
  'DRAFT',
  'CONFIRM_REQUESTED',
  'CONFIRMED',
  'DISPUTED',
  'POSTED',
  'POST_FAILED',
]);
const DIFFERENCE = options('difference', [
  'UNIT_PRICE',
  'NO_ORDER',
  'QUANTITY',
  'AMOUNT',
  'NO_RECEIPT',
  'NO_INVOICE',
  'NOT_ON_INVOICE',
  'INVOICE_SUPPLY',
  'INVOICE_TAX',
  'NOT_SETTLED',
  'AMOUNT_VARIANCE',
  'TAX_TYPE_MISMATCH',
  'TAX_VARIANCE',
  'BUSINESS_NUMBER_MISMATCH',
]);

export const matchHeader = (portal: 'internal' | 'external'): FieldDef[] => [
  { field: 'settleNo', readOnly: true },
  ...(portal === 'internal' ? [{ field: 'compName', readOnly: true }] : []),
  { field: 'period', widget: 'month', readOnly: true },
  { field: 'settlementStatus', widget: 'select', options: SETTLEMENT_STATUS, readOnly: true },
  { field: 'matched', widget: 'select', options: MATCHED, readOnly: true },
  { field: 'differingRows', mask: 'numComma', readOnly: true },
  { field: 'totalAmount', mask: 'numComma', readOnly: true },
  { field: 'adjustmentAmount', mask: 'numComma', readOnly: true },
  { field: 'invoiceSupply', mask: 'numComma', readOnly: true },
  { field: 'invoiceTax', mask: 'numComma', readOnly: true },
  { field: 'supplyDifference', mask: 'numComma', readOnly: true },
];

const grid = (id: string, rowKey: string, visibleRows: number, columns: ColumnDef[]): DetailDef => ({
  id,
  title: `screen.taxMatch.section.${id}`,
  rowKey,
  canAdd: false,
  canDelete: false,
  visibleRows,
  // A row that differs is marked; the 차이 column says which cells (the colour is not read aloud).
  highlight: "row.matched == 'N'",
  columns,
});

/** The lined-up rows; the invoice opens on the portal's own invoice screen. */
export const rowsGrid = (invoiceScreen: string): DetailDef =>
  grid('rows', 'key', 10, [
    { field: 'matched', type: 'code', options: MATCHED, width: 60 },
    { field: 'differences', type: 'code', options: DIFFERENCE, width: 220 },
    { field: 'lineNo', type: 'number', width: 50 },
    { field: 'itemName', width: 170 },
    { field: 'spec', width: 120 },
    { field: 'taxType', type: 'code', options: TAX_TYPE, width: 70 },
    { field: 'poNo', width: 120 },
    { field: 'poLineNo', type: 'number', width: 50 },
    { field: 'poQuantity', type: 'number', width: 80 },
    { field: 'poUnitPrice', type: 'money', currencyField: 'currency', width: 100 },
    { field: 'whReqNo', width: 120 },
    { field: 'receivedQuantity', type: 'number', width: 80 },
    { field: 'receivedAmount', type: 'money', currencyField: 'currency', width: 110 },
    { field: 'settledQuantity', type: 'number', width: 80 },
    { field: 'settledUnitPrice', type: 'money', currencyField: 'currency', width: 100 },
    { field: 'settledAmount', type: 'money', currencyField: 'currency', width: 110 },
    { field: 'currency', width: 50, align: 'center' },
    { field: 'settledKrwAmount', type: 'money', currency: 'KRW', width: 110 },
    { field: 'mgtKey', width: 140, link: { screen: invoiceScreen, query: { mgtKey: 'row.mgtKey' } } },
    { field: 'invoiceLineNo', type: 'number', width: 60 },
    { field: 'invoiceSupply', type: 'money', currency: 'KRW', width: 110 },
    { field: 'invoiceTax', type: 'money', currency: 'KRW', width: 100 },
  ]);

export const invoicesGrid = (invoiceScreen: string): DetailDef =>
  grid('invoices', 'mgtKey', 3, [
    { field: 'matched', type: 'code', options: MATCHED, width: 60 },
    { field: 'differences', type: 'code', options: DIFFERENCE, width: 220 },
    { field: 'mgtKey', width: 140, link: { screen: invoiceScreen, query: { mgtKey: 'row.mgtKey' } } },
    { field: 'taxType', type: 'code', options: TAX_TYPE, width: 70 },
    { field: 'status', type: 'code', options: STATUS, width: 100 },
    { field: 'settledSupply', type: 'money', currency: 'KRW', width: 120 },
    { field: 'supplyAmount', type: 'money', currency: 'KRW', width: 120 },
    { field: 'taxAmount', type: 'money', currency: 'KRW', width: 110 },
    { field: 'totalAmount', label: 'screen.taxMatch.field.invoiceTotal', type: 'money', currency: 'KRW', width: 120 },
    { field: 'ntsConfirmNum', width: 200 },
  ]);

export const findingsGrid: DetailDef = {
  id: 'findings',
  title: 'screen.taxMatch.section.findings',
  rowKey: 'key',
  canAdd: false,
  canDelete: false,
  visibleRows: 4,
  columns: [
    { field: 'type', type: 'code', options: EXCEPTION_TYPE, width: 150 },
    { field: 'message', width: 620 },
  ],
};
