import { defineEditScreen } from '../../engine/define';

const f = (name: string) => `screen.settlement.field.${name}`;
const sides = [
  { value: 'DEBIT', text: 'screen.settlement.option.side.DEBIT' },
  { value: 'CREDIT', text: 'screen.settlement.option.side.CREDIT' },
];
const kinds = [
  { value: 'GOODS', text: 'screen.settlement.option.lineKind.GOODS' },
  { value: 'ADJUSTMENT', text: 'screen.settlement.option.lineKind.ADJUSTMENT' },
  { value: 'VAT', text: 'screen.settlement.option.lineKind.VAT' },
  { value: 'PAYABLE', text: 'screen.settlement.option.lineKind.PAYABLE' },
  { value: 'INTEREST', text: 'screen.settlement.option.lineKind.INTEREST' },
  { value: 'BILL_FEE', text: 'screen.settlement.option.lineKind.BILL_FEE' },
  { value: 'OTHER_PAYABLE', text: 'screen.settlement.option.lineKind.OTHER_PAYABLE' },
];
const errorStatus = [
  { value: 'FAILED', text: 'screen.settlement.option.error.FAILED' },
  { value: 'RETRIED', text: 'screen.settlement.option.error.RETRIED' },
];

/**
 * /signifierDetail — one posting voucher (기표 상세) as it was sent to the ERP: vendor, posting
 * date, amount, the debit and credit lines (goods per expense type, adjustments, the payable;
 * Σ debit = Σ credit), the ERP's document number, and every failed attempt with the ERP's message.
 * A failed or interrupted voucher is sent again under the same key.
 */
export default defineEditScreen({
  id: 'settlement.signifierDetail',
  route: '/signifierDetail',
  title: 'screen.settlement.signifierDetail.title',
  labels: 'screen.settlement.field',
  description: 'One ERP voucher: header, debit/credit lines, posting errors; retry.',
  key: ['voucherNo'],
  load: { operation: 'getVoucher', params: { path: { voucherNo: 'query.voucherNo' } } },
  confirmLeave: false,
  sections: [
    {
      title: 'screen.settlement.section.voucher',
      columns: 4,
      fields: [
        { field: 'voucherNo', readOnly: true },
        { field: 'status', label: f('voucherStatus'), widget: 'select', codeGroup: 'POSTING_STATUS', readOnly: true },
        { field: 'erpDocNo', readOnly: true },
        { field: 'postingDate', widget: 'date', readOnly: true },
        { field: 'settleNo', readOnly: true },
        { field: 'period', widget: 'month', readOnly: true },
        { field: 'compName', readOnly: true },
        { field: 'vendorTaxNo', label: f('taxNo'), readOnly: true },
        { field: 'currency', readOnly: true },
        { field: 'amount', label: f('voucherAmount'), mask: 'numComma', readOnly: true },
        { field: 'attempts', mask: 'numComma', readOnly: true },
        { field: 'connector', readOnly: true },
        { field: 'createdAt', widget: 'datetime', readOnly: true },
        { field: 'sentAt', widget: 'datetime', readOnly: true },
        { field: 'postedAt', widget: 'datetime', readOnly: true },
        { field: 'idempotencyKey', readOnly: true },
        { field: 'lastError', widget: 'textarea', rows: 2, readOnly: true, span: 4, visible: '!empty(form.lastError)' },
      ],
    },
  ],
  details: [
    {
      id: 'lines',
      title: 'screen.settlement.section.voucherLines',
      rowKey: 'lineNo',
      canAdd: false,
      canDelete: false,
      visibleRows: 6,
      columns: [
        { field: 'lineNo', type: 'number', width: 50 },
        { field: 'side', type: 'code', options: sides, width: 70 },
        { field: 'kind', label: f('lineKind'), type: 'code', options: kinds, width: 90 },
        { field: 'expenses', type: 'code', codeGroup: 'EXPENSES', width: 100 },
        { field: 'description', width: 320 },
        { field: 'debitAmount', type: 'money', currency: 'KRW', width: 130 },
        { field: 'creditAmount', type: 'money', currency: 'KRW', width: 130 },
      ],
    },
    {
      id: 'errors',
      title: 'screen.settlement.section.errors',
      rowKey: 'errorId',
      canAdd: false,
      canDelete: false,
      visibleRows: 4,
      columns: [
        { field: 'errorId', type: 'number', width: 70 },
        { field: 'occurredAt', type: 'datetime', width: 130 },
        { field: 'attempt', type: 'number', width: 70 },
        { field: 'httpStatus', type: 'number', width: 70 },
        { field: 'erpCode', width: 130 },
        { field: 'message', label: f('erpMessage'), width: 360 },
        { field: 'status', label: f('errorStatus'), type: 'code', options: errorStatus, width: 80 },
        { field: 'retriedAt', type: 'datetime', width: 130 },
        { field: 'retriedBy', width: 90 },
      ],
    },
  ],
  actions: [
    { kind: 'back', requires: 'read' },
    {
      kind: 'navigate',
      id: 'settlement',
      label: 'screen.settlement.action.openSettlement',
      requires: 'read',
      screen: 'settlement.monthlyCalcADetail',
      query: { settleNo: 'form.settleNo' },
    },
    {
      kind: 'workflow',
      id: 'retry',
      label: 'screen.settlement.action.retry',
      variant: 'primary',
      operation: 'retryPosting',
      visible: "form.status in ['FAILED', 'READY', 'SENT']",
      confirm: 'screen.settlement.confirm.retryOne',
      params: { path: { voucherNo: 'form.voucherNo' }, body: { version: 'form.version' } },
      success: 'screen.settlement.retry.done',
      then: ['reloadRecord'],
      thenOnError: ['reloadRecord'],
    },
  ],
});
