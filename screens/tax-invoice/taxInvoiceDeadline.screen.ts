import { defineListScreen } from '../../engine/define';
import { DEADLINE_STATE, f, STATUS } from './tax-invoice-parts';

/** An invoice's state, or 미작성 for a confirmed settlement whose invoice is not drawn yet. */
const DEADLINE_STATUS = [...STATUS, { value: 'NOT_DRAWN', text: 'screen.taxInvoice.option.status.NOT_DRAWN' }];

/**
 * /taxInvoiceDeadline — invoices not issued yet against their deadline (발행기한): a monthly invoice is
 * issued by the 10th of the next month, moved past weekends and holidays (the holiday table is
 * data). From the 8th it is 임박, after the deadline 지연, on the business clock's day. A confirmed settlement
 * with no invoice drawn is listed too (미작성): its invoice is as due; its number opens its invoices.
 */
export default defineListScreen({
  id: 'taxInvoice.taxInvoiceDeadline',
  route: '/taxInvoiceDeadline',
  title: 'screen.taxInvoice.deadline.title',
  labels: 'screen.taxInvoice.field',
  description: 'Unissued invoices against the 10th of the next month: due soon from the 8th, late after.',
  source: { operation: 'listTaxInvoiceDeadlines', rowKey: 'key' },
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
    { field: 'status', type: 'code', options: DEADLINE_STATUS, width: 100 },
    {
      field: 'settleNo',
      width: 130,
      link: { screen: 'taxInvoice.taxInvoice', query: { settleNo: 'row.settleNo' } },
    },
    { field: 'period', type: 'month', width: 80 },
    { field: 'compName', width: 160 },
    { field: 'writeDate', type: 'date', width: 100 },
    { field: 'totalAmount', type: 'money', currency: 'KRW', width: 130 },
  ],
  actions: [{ kind: 'exportExcel', fileName: 'screen.taxInvoice.deadline.file' }],
});
