/**
 * What the tax-invoice screens share — staff's /taxInvoice and /taxInvoiceDetail, the supplier's
 * /myTaxInvoice and /myTaxInvoiceDetail, the deadline and exception views: the option lists (state,
 * tax type, purpose, issue kind, amendment reason, exception type, deadline state, event outcome),
 * the header fields and the grids of lines, history and kept files.
 */
import type { TypedColumn } from '../../engine/define';
import type { ColumnDef, DetailDef, FieldDef } from '../../engine/definition/types';

export const f = (name: string) => `screen.taxInvoice.field.${name}`;
const options = (group: string, values: readonly string[]) =>
  values.map((value) => ({ value, text: `screen.taxInvoice.option.${group}.${value}` }));

export const STATUS = options('status', [
  'DRAFT',
  'REQUESTED',
  'ISSUED',
  'SENT',
  'NTS_SUCCESS',
  'NTS_FAILED',
  'REFUSED',
  'CANCELLED',
]);
/** A supplier never sees a draft (the buyer's invoice in the making). */
export const SUPPLIER_STATUS = STATUS.filter((o) => o.value !== 'DRAFT');
const TAX_TYPE = options('taxType', ['TAXABLE', 'ZERO_RATED', 'EXEMPT']);
const PURPOSE = options('purpose', ['01', '02']);
const ISSUE_KIND = options('issueKind', ['REVERSE', 'FORWARD']);
export const AMEND_REASON = options('amendReason', ['1', '2', '3', '4', '5', '6']);
/** 내국신용장 / 구매확인서: the evidence an amendment of reason 5 reissues as 영세율 under. */
export const ZERO_RATED_DOC = options('zeroRatedDoc', ['LOCAL_LC', 'PURCHASE_CONFIRMATION']);
const VOUCHER_STATUS = options('voucherStatus', ['READY', 'SENT', 'POSTED', 'FAILED']);
export const EXCEPTION_TYPE = options('exception', [
  'NO_INVOICE',
  'TAX_TYPE_MISMATCH',
  'AMOUNT_VARIANCE',
  'TAX_VARIANCE',
  'BUSINESS_NUMBER_MISMATCH',
  'THREE_WAY_MISMATCH',
  'NTS_FAILURE',
  'NOT_TRANSMITTED',
  'APPROVAL_MISSING',
]);
export const DEADLINE_STATE = options('deadline', ['ON_TIME', 'DUE_SOON', 'LATE']);
const OUTCOME = options('outcome', ['DONE', 'REFUSED', 'FAILED']);
const ACTION = options('action', [
  'create',
  'request',
  'cancelRequest',
  'refuse',
  'issue',
  'send',
  'ntsSucceeded',
  'ntsFailed',
  'amend',
  'sync',
  'intake',
  'deadlineDueSoon',
  'deadlineLate',
  'documentXML',
  'documentPDF',
]);
export const TRANSMISSION = options('transmission', ['SENT', 'SUCCEEDED', 'FAILED']);

/** The invoice's header as both portals show it (read only: an invoice is changed by its actions). */
export const headerFields = (portal: 'internal' | 'both'): FieldDef[] => [
  { field: 'mgtKey', readOnly: true },
  { field: 'status', widget: 'select', options: STATUS, readOnly: true },
  { field: 'ntsConfirmNum', readOnly: true },
  { field: 'settleNo', readOnly: true },
  { field: 'compName', readOnly: true, ...(portal === 'internal' ? {} : { portal: 'internal' as const }) },
  { field: 'supplierCorpNum', mask: 'taxnum', readOnly: true },
  { field: 'period', widget: 'month', readOnly: true },
  { field: 'writeDate', widget: 'date', readOnly: true },
  { field: 'issueDeadline', widget: 'date', readOnly: true },
  { field: 'issueKind', widget: 'select', options: ISSUE_KIND, readOnly: true },
  { field: 'taxType', widget: 'select', options: TAX_TYPE, readOnly: true },
  { field: 'purposeType', widget: 'select', options: PURPOSE, readOnly: true },
  { field: 'supplyAmount', mask: 'numComma', readOnly: true },
  { field: 'taxAmount', mask: 'numComma', readOnly: true },
  { field: 'totalAmount', mask: 'numComma', readOnly: true },
  { field: 'lineCount', mask: 'numComma', readOnly: true },
  { field: 'requestedAt', widget: 'datetime', readOnly: true, visible: '!empty(form.requestedAt)' },
  { field: 'issuedAt', widget: 'datetime', readOnly: true, visible: '!empty(form.issuedAt)' },
  { field: 'sentAt', widget: 'datetime', readOnly: true, visible: '!empty(form.sentAt)' },
  { field: 'ntsAt', widget: 'datetime', readOnly: true, visible: '!empty(form.ntsAt)' },
  { field: 'ntsResult', readOnly: true, visible: '!empty(form.ntsResult)' },
  {
    field: 'amendReason',
    widget: 'select',
    options: AMEND_REASON,
    readOnly: true,
    visible: '!empty(form.amendReason)',
  },
  { field: 'amendsMgtKey', readOnly: true, visible: '!empty(form.amendsMgtKey)' },
  { field: 'amendCauseDate', widget: 'date', readOnly: true, visible: '!empty(form.amendCauseDate)' },
  { field: 'memo', widget: 'textarea', rows: 2, readOnly: true, span: 4, visible: '!empty(form.memo)' },
];

const grid = (id: string, title: string, rowKey: string, visibleRows: number, columns: ColumnDef[]): DetailDef => ({
  id,
  title,
  rowKey,
  canAdd: false,
  canDelete: false,
  visibleRows,
  columns,
});

export const linesGrid = grid('lines', 'screen.taxInvoice.section.lines', 'lineNo', 6, [
  { field: 'lineNo', type: 'number', width: 50 },
  { field: 'monthDay', width: 70, align: 'center' },
  { field: 'itemName', width: 200 },
  { field: 'spec', width: 160 },
  { field: 'unitCode', width: 60 },
  { field: 'quantity', type: 'number', width: 90 },
  { field: 'unitPrice', type: 'money', currency: 'KRW', width: 110 },
  { field: 'supplyAmount', type: 'money', currency: 'KRW', width: 120 },
  { field: 'taxAmount', type: 'money', currency: 'KRW', width: 110 },
  { field: 'sourceCount', type: 'number', width: 70 },
]);

export const historyGrid = grid('history', 'screen.taxInvoice.section.history', 'eventId', 6, [
  { field: 'occurredAt', type: 'datetime', width: 130 },
  { field: 'action', type: 'code', options: ACTION, width: 110 },
  { field: 'fromStatus', type: 'code', options: STATUS, width: 90 },
  { field: 'toStatus', type: 'code', options: STATUS, width: 90 },
  { field: 'outcome', type: 'code', options: OUTCOME, width: 80 },
  { field: 'code', width: 120 },
  { field: 'message', width: 320 },
  { field: 'actor', width: 100 },
]);

export const filesGrid = grid('files', 'screen.taxInvoice.section.files', 'kind', 3, [
  { field: 'kind', width: 60 },
  { field: 'sha256', width: 420 },
  { field: 'sizeBytes', type: 'number', width: 90 },
  { field: 'retainUntil', type: 'date', width: 100 },
  { field: 'createdAt', type: 'datetime', width: 130 },
]);

/** Staff's: the correcting vouchers the amendments of this invoice sent to the ERP (its settlement was posted). */
export const correctingVouchersGrid: DetailDef = {
  ...grid('correctingVouchers', 'screen.taxInvoice.section.correctingVouchers', 'voucherNo', 3, [
    { field: 'voucherNo', width: 130 },
    { field: 'correctsVoucherNo', width: 130 },
    { field: 'amendMgtKey', width: 170 },
    { field: 'amount', type: 'money', currency: 'KRW', width: 120 },
    { field: 'status', type: 'code', options: VOUCHER_STATUS, width: 90 },
    { field: 'erpDocNo', width: 130 },
    { field: 'postedAt', type: 'datetime', width: 130 },
  ]),
  visible: "!empty(form.amendReason) || form.status == 'NTS_SUCCESS'",
};

/** The list's columns; the supplier's list leaves out the company (its own) on its portal. */
export const listColumns: Array<TypedColumn<'listTaxInvoices'>> = [
  { field: 'period', type: 'month', width: 80 },
  { field: 'status', type: 'code', options: STATUS, width: 100 },
  { field: 'settleNo', width: 130 },
  { field: 'compName', width: 160 },
  { field: 'supplierCorpNum', mask: 'taxnum', width: 110 },
  { field: 'taxType', type: 'code', options: TAX_TYPE, width: 80 },
  { field: 'issueKind', type: 'code', options: ISSUE_KIND, width: 80 },
  { field: 'writeDate', type: 'date', width: 100 },
  { field: 'supplyAmount', type: 'money', currency: 'KRW', width: 130, total: 'sum' },
  { field: 'taxAmount', type: 'money', currency: 'KRW', width: 110, total: 'sum' },
  { field: 'totalAmount', type: 'money', currency: 'KRW', width: 130 },
  { field: 'ntsConfirmNum', width: 200 },
  { field: 'requestedAt', type: 'datetime', width: 130 },
  { field: 'issuedAt', type: 'datetime', width: 130 },
  { field: 'ntsAt', type: 'datetime', width: 130 },
  { field: 'memo', width: 200 },
];
