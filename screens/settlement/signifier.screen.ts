import { defineListScreen } from '../../engine/define';

const f = (name: string) => `screen.settlement.field.${name}`;

/**
 * /signifier — the posting vouchers (기표) sent to the ERP, one per settlement: state, attempts,
 * the ERP's document number or its last error. A failed (or interrupted) voucher is sent again
 * under the same idempotency key; a posted one never is (the server refuses with 이미 전기된 전표).
 */
export default defineListScreen({
  id: 'settlement.signifier',
  route: '/signifier',
  title: 'screen.settlement.signifier.title',
  labels: 'screen.settlement.field',
  description: 'ERP posting vouchers: state, ERP document number, last error; retry failed ones.',
  source: { operation: 'listVouchers', rowKey: 'voucherNo', defaultSort: 'createdAt:desc' },
  filters: [
    { field: 'periods', label: f('period'), widget: 'monthRange', default: { preset: 'last3Months' }, span: 2 },
    {
      field: 'status',
      label: f('voucherStatus'),
      widget: 'multiSelect',
      options: [
        { value: 'READY', text: 'screen.settlement.option.voucher.READY' },
        { value: 'SENT', text: 'screen.settlement.option.voucher.SENT' },
        { value: 'POSTED', text: 'screen.settlement.option.voucher.POSTED' },
        { value: 'FAILED', text: 'screen.settlement.option.voucher.FAILED' },
      ],
    },
    { field: 'compName', maxLength: 100 },
    { field: 'voucherNo', maxLength: 20 },
    { field: 'settleNo', maxLength: 20 },
  ],
  rememberFilters: true,
  totals: true,
  columns: [
    {
      field: 'voucherNo',
      width: 130,
      link: { screen: 'settlement.signifierDetail', query: { voucherNo: 'row.voucherNo' } },
    },
    { field: 'status', label: f('voucherStatus'), type: 'code', codeGroup: 'POSTING_STATUS', width: 90 },
    {
      field: 'settleNo',
      width: 130,
      link: { screen: 'settlement.monthlyCalcADetail', query: { settleNo: 'row.settleNo' } },
    },
    { field: 'period', type: 'month', width: 80 },
    { field: 'compNo', width: 80 },
    { field: 'compName', width: 160 },
    { field: 'amount', label: f('voucherAmount'), type: 'money', currency: 'KRW', width: 130, total: 'sum' },
    { field: 'erpDocNo', width: 150 },
    { field: 'attempts', type: 'number', width: 70 },
    { field: 'openErrors', type: 'number', width: 70 },
    { field: 'lastError', width: 260 },
    { field: 'sentAt', type: 'datetime', width: 130 },
    { field: 'postedAt', type: 'datetime', width: 130 },
    { field: 'createdAt', type: 'datetime', width: 130 },
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
      enabled: "!some(rows, 'status', 'POSTED')",
      confirm: 'screen.settlement.confirm.retry',
      params: { path: { voucherNo: 'row.voucherNo' }, body: { version: 'row.version' } },
      success: 'screen.settlement.retry.done',
      // A retry the ERP refuses is recorded too (a new posting error): the list shows it.
      thenOnError: ['reload'],
    },
    { kind: 'exportExcel', fileName: 'screen.settlement.signifier.file' },
  ],
});
