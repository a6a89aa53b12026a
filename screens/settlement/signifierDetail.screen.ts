import { defineEditScreen } from '../../engine/define';

const f = (name: string) => `screen.settlement.field.${name}`;
const sides = [
  { value: 'DEBIT', text: 'screen.settlement.option.side.DEBIT' },
  { value: 'CREDIT', text: 'screen.settlement.option.side.CREDIT' },
];
const kinds = [
  { value: 'GOODS', text: 'screen.settlement.option.lineKind.GOODS' },
  { value: 'ADJUSTMENT', text: 'screen.settlement.option.lineKind.ADJUSTMENT' },
  { value: 'PAYABLE', text: 'screen.settlement.option.lineKind.PAYABLE' },
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
  description: 'One ERP voucher: header, debit/credit lines, posting errors; retry.',
  key: ['voucherNo'],
  load: { operation: 'getVoucher', params: { path: { voucherNo: 'query.voucherNo' } } },
  confirmLeave: false,
  sections: [
    {
      title: 'screen.settlement.section.voucher',
      columns: 4,
      fields: [
        { field: 'voucherNo', label: f('voucherNo'), readOnly: true },
        { field: 'status', label: f('voucherStatus'), widget: 'select', codeGroup: 'POSTING_STATUS', readOnly: true },
        { field: 'erpDocNo', label: f('erpDocNo'), readOnly: true },
        { field: 'postingDate', label: f('postingDate'), widget: 'date', readOnly: true },
        { field: 'settleNo', label: f('settleNo'), readOnly: true },
        { field: 'period', label: f('period'), widget: 'month', readOnly: true },
        { field: 'compName', label: f('compName'), readOnly: true },
        { field: 'vendorTaxNo', label: f('taxNo'), readOnly: true },
        { field: 'currency', label: f('currency'), readOnly: true },
        { field: 'amount', label: f('voucherAmount'), mask: 'numComma', readOnly: true },
        { field: 'attempts', label: f('attempts'), mask: 'numComma', readOnly: true },
        { field: 'connector', label: f('connector'), readOnly: true },
        { field: 'createdAt', label: f('createdAt'), widget: 'datetime', readOnly: true },
        { field: 'sentAt', label: f('sentAt'), widget: 'datetime', readOnly: true },
        { field: 'postedAt', label: f('postedAt'), widget: 'datetime', readOnly: true },
        { field: 'idempotencyKey', label: f('idempotencyKey'), readOnly: true },
        { field: 'lastError', label: f('lastError'), widget: 'textarea', rows: 2, readOnly: true, span: 4, visible: '!empty(form.lastError)' },
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
        { field: 'lineNo', label: f('lineNo'), type: 'number', width: 50 },
        { field: 'side', label: f('side'), type: 'code', options: sides, width: 70 },
        { field: 'kind', label: f('lineKind'), type: 'code', options: kinds, width: 90 },
        { field: 'expenses', label: f('expenses'), type: 'code', codeGroup: 'EXPENSES', width: 100 },
        { field: 'description', label: f('description'), width: 320 },
        { field: 'debitAmount', label: f('debitAmount'), type: 'money', currency: 'KRW', width: 130 },
        { field: 'creditAmount', label: f('creditAmount'), type: 'money', currency: 'KRW', width: 130 },
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
        { field: 'errorId', label: f('errorId'), type: 'number', width: 70 },
        { field: 'occurredAt', label: f('occurredAt'), type: 'datetime', width: 130 },
        { field: 'attempt', label: f('attempt'), type: 'number', width: 70 },
        { field: 'httpStatus', label: f('httpStatus'), type: 'number', width: 70 },
        { field: 'erpCode', label: f('erpCode'), width: 130 },
        { field: 'message', label: f('erpMessage'), width: 360 },
        { field: 'status', label: f('errorStatus'), type: 'code', options: errorStatus, width: 80 },
        { field: 'retriedAt', label: f('retriedAt'), type: 'datetime', width: 130 },
        { field: 'retriedBy', label: f('retriedBy'), width: 90 },
      ],
    },
  ],
  actions: [
    { kind: 'back', requires: 'read' },
    { kind: 'navigate', id: 'settlement', label: 'screen.settlement.action.openSettlement', requires: 'read', screen: 'settlement.monthlyCalcADetail', query: { settleNo: 'form.settleNo' } },
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
