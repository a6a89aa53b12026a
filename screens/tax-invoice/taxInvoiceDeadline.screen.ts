import { defineListScreen } from '../../engine/define';
import { DEADLINE_STATE, f, STATUS } from './tax-invoice-parts';

/**
 * /taxInvoiceDeadline — invoices not issued yet against their deadline (발행기한): a monthly invoice is
 * issued by the 10th of the next month, moved past weekends and holidays (the holiday table is
 * data). From the 8th it is 임박, after the deadline 지연, on the business clock's day.
 */
export default defineListScreen({
  id: 'taxInvoice.taxInvoiceDeadline',
  route: '/taxInvoiceDeadline',
  title: 'screen.taxInvoice.deadline.title',
  labels: 'screen.taxInvoice.field',
  description: 'Unissued invoices against the 10th of the next month: due soon from the 8th, late after.',
  source: { operation: 'listTaxInvoiceDeadlines', rowKey: 'mgtKey' },
  filters: [{ field: 'periods', label: f('period'), widget: 'monthRange', span: 2 }],
  rememberFilters: true,
  columns: [
    { field: 'deadlineState', type: 'code', options: DEADLINE_STATE, width: 80 },
    { field: 'issueDeadline', type: 'date', width: 100 },
    {
      field: 'mgtKey',
      width: 150,
      link: { screen: 'taxInvoice.taxInvoiceDetail', query: { mgtKey: 'row.mgtKey' } },
    },
    { field: 'status', type: 'code', options: STATUS, width: 100 },
    { field: 'settleNo', width: 130 },
    { field: 'period', width: 80, align: 'center' },
    { field: 'compName', width: 160 },
    { field: 'writeDate', type: 'date', width: 100 },
    { field: 'totalAmount', type: 'money', currency: 'KRW', width: 130 },
  ],
  rowOpen: { screen: 'taxInvoice.taxInvoiceDetail', query: { mgtKey: 'row.mgtKey' } },
  actions: [{ kind: 'exportExcel', fileName: 'screen.taxInvoice.deadline.file' }],
});
