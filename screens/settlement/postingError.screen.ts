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
  labels: 'screen.settlement.field',
  description: 'ERP posting errors with the ERP’s message; retry open ones.',
  source: { operation: 'listPostingErrors', rowKey: 'errorId', defaultSort: 'occurredAt:desc' },
  filters: [
    { field: 'status', label: f('errorStatus'), widget: 'multiSelect', options: errorStatus, default: ['FAILED'] },
    { field: 'occurredDates', label: f('occurredAt'), widget: 'dateRange', span: 2 },
    { field: 'compName', maxLength: 100 },
    { field: 'voucherNo', maxLength: 20 },
  ],
  rememberFilters: true,
  columns: [
    { field: 'errorId', type: 'number', width: 70 },
    { field: 'status', label: f('errorStatus'), type: 'code', options: errorStatus, width: 80 },
    { field: 'occurredAt', type: 'datetime', width: 130 },
    {
      field: 'voucherNo',
      width: 130,
      link: { screen: 'settlement.signifierDetail', query: { voucherNo: 'row.voucherNo' } },
    },
    { field: 'voucherStatus', type: 'code', codeGroup: 'POSTING_STATUS', width: 90 },
    {
      field: 'settleNo',
      width: 130,
      link: { screen: 'settlement.monthlyCalcADetail', query: { settleNo: 'row.settleNo' } },
    },
    { field: 'period', type: 'month', width: 80 },
    { field: 'compName', width: 160 },
    { field: 'amount', label: f('voucherAmount'), type: 'money', currency: 'KRW', width: 120 },
    { field: 'attempt', type: 'number', width: 70 },
    { field: 'httpStatus', type: 'number', width: 70 },
    { field: 'erpCode', width: 130 },
    { field: 'message', label: f('erpMessage'), width: 360 },
    { field: 'retriedAt', type: 'datetime', width: 130 },
    { field: 'retriedBy', width: 90 },
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
