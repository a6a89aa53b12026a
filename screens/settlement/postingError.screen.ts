import { defineListScreen } from '../../engine/define';

const f = (name: string) => `screen.settlement.field.${name}`;
const errorStatus = [
  { value: 'FAILED', text: 'screen.settlement.option.error.FAILED' },
  { value: 'RETRIED', text: 'screen.settlement.option.error.RETRIED' },
];

/**
 * /posting-error — failed ERP postings (전기오류) with what the ERP (or the connection) said. Open
 * ones (미처리) are sent again from here under the voucher's own idempotency key, so the ERP never
 * books a voucher twice; a retry that fails again shows the ERP's message and lands here anew.
 */
export default defineListScreen({
  id: 'settlement.postingError',
  route: '/posting-error',
  title: 'screen.settlement.postingError.title',
  description: 'ERP posting errors with the ERP’s message; retry open ones.',
  source: { operation: 'listPostingErrors', rowKey: 'errorId', defaultSort: 'occurredAt:desc' },
  filters: [
    { field: 'status', label: f('errorStatus'), widget: 'multiSelect', options: errorStatus, default: ['FAILED'] },
    { field: 'occurredDates', label: f('occurredAt'), widget: 'dateRange', span: 2 },
    { field: 'compName', label: f('compName'), maxLength: 100 },
    { field: 'voucherNo', label: f('voucherNo'), maxLength: 20 },
  ],
  rememberFilters: true,
  columns: [
    { field: 'errorId', label: f('errorId'), type: 'number', width: 70 },
    { field: 'status', label: f('errorStatus'), type: 'code', options: errorStatus, width: 80 },
    { field: 'occurredAt', label: f('occurredAt'), type: 'datetime', width: 130 },
    { field: 'voucherNo', label: f('voucherNo'), width: 130, link: { screen: 'settlement.signifierDetail', query: { voucherNo: 'row.voucherNo' } } },
    { field: 'voucherStatus', label: f('voucherStatus'), type: 'code', codeGroup: 'POSTING_STATUS', width: 90 },
    { field: 'settleNo', label: f('settleNo'), width: 130, link: { screen: 'settlement.monthlyCalcADetail', query: { settleNo: 'row.settleNo' } } },
    { field: 'period', label: f('period'), width: 80, align: 'center' },
    { field: 'compName', label: f('compName'), width: 160 },
    { field: 'amount', label: f('voucherAmount'), type: 'money', currency: 'KRW', width: 120 },
    { field: 'attempt', label: f('attempt'), type: 'number', width: 70 },
    { field: 'httpStatus', label: f('httpStatus'), type: 'number', width: 70 },
    { field: 'erpCode', label: f('erpCode'), width: 130 },
    { field: 'message', label: f('erpMessage'), width: 360 },
    { field: 'retriedAt', label: f('retriedAt'), type: 'datetime', width: 130 },
    { field: 'retriedBy', label: f('retriedBy'), width: 90 },
  ],
  selection: 'multi',
  rowOpen: { screen: 'settlement.signifierDetail', query: { voucherNo: 'row.voucherNo' } },
  actions: [
    {
      kind: 'call',
      id: 'retry',
      label: 'screen.settlement.action.retry',
      variant: 'primary',
      operation: 'retryPosting',
      selection: 'multi',
      enabled: "all(rows, 'status', 'FAILED')",
      confirm: 'screen.settlement.confirm.retry',
      params: { path: { voucherNo: 'row.voucherNo' }, body: { version: 'row.voucherVersion' } },
      success: 'screen.settlement.retry.done',
      // A retry the ERP refuses is recorded too (a new posting error): the list shows it.
      thenOnError: ['reload'],
    },
    { kind: 'exportExcel', fileName: 'screen.settlement.postingError.file' },
  ],
});
