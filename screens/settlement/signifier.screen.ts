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
  description: 'ERP posting vouchers: state, ERP document number, last error; retry failed ones.',
  source: { operation: 'listVouchers', rowKey: 'voucherNo', defaultSort: 'createdAt:desc' },
  filters: [
    { field: 'periods', label: f('period'), widget: 'monthRange', default: { preset: 'last3Months' }, span: 2 },
    { field: 'status', label: f('voucherStatus'), widget: 'multiSelect', options: [
      { value: 'READY', text: 'screen.settlement.option.voucher.READY' },
      { value: 'SENT', text: 'screen.settlement.option.voucher.SENT' },
      { value: 'POSTED', text: 'screen.settlement.option.voucher.POSTED' },
      { value: 'FAILED', text: 'screen.settlement.option.voucher.FAILED' },
    ] },
    { field: 'compName', label: f('compName'), maxLength: 100 },
    { field: 'voucherNo', label: f('voucherNo'), maxLength: 20 },
    { field: 'settleNo', label: f('settleNo'), maxLength: 20 },
  ],
  rememberFilters: true,
  totals: true,
  columns: [
    { field: 'voucherNo', label: f('voucherNo'), width: 130, link: { screen: 'settlement.signifierDetail', query: { voucherNo: 'row.voucherNo' } } },
    { field: 'status', label: f('voucherStatus'), type: 'code', codeGroup: 'POSTING_STATUS', width: 90 },
    { field: 'settleNo', label: f('settleNo'), width: 130, link: { screen: 'settlement.monthlyCalcADetail', query: { settleNo: 'row.settleNo' } } },
    { field: 'period', label: f('period'), width: 80, align: 'center' },
    { field: 'compNo', label: f('compNo'), width: 80 },
    { field: 'compName', label: f('compName'), width: 160 },
    { field: 'amount', label: f('voucherAmount'), type: 'money', currency: 'KRW', width: 130, total: 'sum' },
    { field: 'erpDocNo', label: f('erpDocNo'), width: 150 },
    { field: 'attempts', label: f('attempts'), type: 'number', width: 70 },
    { field: 'openErrors', label: f('openErrors'), type: 'number', width: 70 },
    { field: 'lastError', label: f('lastError'), width: 260 },
    { field: 'sentAt', label: f('sentAt'), type: 'datetime', width: 130 },
    { field: 'postedAt', label: f('postedAt'), type: 'datetime', width: 130 },
    { field: 'createdAt', label: f('createdAt'), type: 'datetime', width: 130 },
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
