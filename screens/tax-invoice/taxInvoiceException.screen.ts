import { defineListScreen } from '../../engine/define';
import { EXCEPTION_TYPE, f } from './tax-invoice-parts';

/**
 * /taxInvoiceException — confirmed settlements whose tax invoice stops their ERP posting (세금계산서
 * 예외, like 전기오류), by type: no invoice, amount or tax variance, business-number mismatch, NTS
 * failure, not transmitted yet. From a settlement with none, its invoices are drawn here (one per tax
 * type, as drafts to request); a person holding write lets one be posted without its invoice (the
 * audited bypass, with a reason); the settlement and its invoices open from the row.
 */
export default defineListScreen({
  id: 'taxInvoice.taxInvoiceException',
  route: '/taxInvoiceException',
  title: 'screen.taxInvoice.exception.title',
  labels: 'screen.taxInvoice.field',
  description: 'Settlements whose invoice stops their posting, by type; the audited bypass.',
  source: { operation: 'listTaxInvoiceExceptions', rowKey: 'key' },
  filters: [
    { field: 'periods', label: f('period'), widget: 'monthRange', span: 2 },
    { field: 'type', label: f('exceptionType'), widget: 'multiSelect', options: EXCEPTION_TYPE },
    { field: 'settleNo', maxLength: 20 },
  ],
  rememberFilters: true,
  columns: [
    { field: 'type', label: f('exceptionType'), type: 'code', options: EXCEPTION_TYPE, width: 150 },
    {
      field: 'settleNo',
      width: 130,
      link: { screen: 'settlement.monthlyCalcADetail', query: { settleNo: 'row.settleNo' } },
    },
    { field: 'period', type: 'month', width: 80 },
    { field: 'compName', width: 160 },
    { field: 'totalAmount', label: f('settlementTotal'), type: 'money', currency: 'KRW', width: 130 },
    { field: 'message', label: f('exceptionMessage'), width: 420 },
  ],
  selection: 'single',
  actions: [
    {
      kind: 'navigate',
      id: 'invoices',
      label: 'screen.taxInvoice.action.invoices',
      requires: 'read',
      selection: 'single',
      route: '/taxInvoice',
      query: { settleNo: 'row.settleNo' },
    },
    {
      kind: 'navigate',
      id: 'match',
      label: 'screen.taxMatch.action.open',
      requires: 'read',
      selection: 'single',
      screen: 'taxInvoice.taxInvoiceMatch',
      query: { settleNo: 'row.settleNo' },
    },
    {
      kind: 'call',
      id: 'create',
      label: 'screen.taxInvoice.action.create',
      variant: 'primary',
      operation: 'createTaxInvoices',
      selection: 'single',
      enabled: "all(rows, 'type', 'NO_INVOICE')",
      disabledReason: [{ when: 'selection > 0', text: 'screen.taxInvoice.disabled.create' }],
      confirm: 'screen.taxInvoice.confirm.create',
      params: { path: { settleNo: 'row.settleNo' } },
      success: 'screen.taxInvoice.done.create',
    },
    {
      kind: 'call',
      id: 'bypass',
      label: 'screen.taxInvoice.action.bypass',
      variant: 'danger',
      operation: 'bypassTaxInvoiceGate',
      selection: 'single',
      prompt: {
        message: 'screen.taxInvoice.prompt.bypass',
        fields: [
          { field: 'reason', label: f('bypassReason'), widget: 'textarea', rows: 4, required: true, maxLength: 1000 },
        ],
      },
      params: { path: { settleNo: 'row.settleNo' }, body: { reason: 'input.reason' } },
      success: 'screen.taxInvoice.done.bypass',
    },
    { kind: 'exportExcel', fileName: 'screen.taxInvoice.exception.file' },
  ],
});
