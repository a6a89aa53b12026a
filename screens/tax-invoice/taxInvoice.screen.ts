import { defineListScreen } from '../../engine/define';
import { f, listColumns, STATUS } from './tax-invoice-parts';

/**
 * /taxInvoice — the electronic tax invoices (전자세금계산서) by month and state: those drawn from the
 * confirmed settlements (역발행) and those the suppliers issued themselves (정발행, uploaded). A row
 * opens the invoice with its lines, history and kept files; 정발행 등록 uploads a supplier's XML.
 */
export default defineListScreen({
  id: 'taxInvoice.taxInvoice',
  route: '/taxInvoice',
  title: 'screen.taxInvoice.list.title',
  labels: 'screen.taxInvoice.field',
  description: 'Tax invoices by month and state; open one; upload a supplier-issued XML.',
  source: { operation: 'listTaxInvoices', rowKey: 'mgtKey' },
  filters: [
    { field: 'periods', label: f('period'), widget: 'monthRange', span: 2 },
    { field: 'status', widget: 'multiSelect', options: STATUS },
    { field: 'compName', maxLength: 100 },
    { field: 'settleNo', maxLength: 20 },
  ],
  rememberFilters: true,
  totals: true,
  columns: [
    {
      field: 'mgtKey',
      width: 150,
      link: { screen: 'taxInvoice.taxInvoiceDetail', query: { mgtKey: 'row.mgtKey' } },
    },
    ...listColumns,
  ],
  selection: 'single',
  rowOpen: { screen: 'taxInvoice.taxInvoiceDetail', query: { mgtKey: 'row.mgtKey' } },
  actions: [
    {
      kind: 'navigate',
      id: 'intake',
      label: 'screen.taxInvoice.action.intake',
      requires: 'write',
      route: '/taxInvoiceIntake',
    },
    { kind: 'exportExcel', fileName: 'screen.taxInvoice.list.file' },
  ],
});
