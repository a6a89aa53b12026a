import { defineListScreen } from '../../engine/define';
import { f, listColumns, SUPPLIER_STATUS } from './tax-invoice-parts';

/**
 * /myTaxInvoice (external) — the tax invoices the buyer asked of my company (역발행 요청), never a
 * draft: open one to issue it (with the NTS approval number) or refuse it with a reason; 수정세금계산서 올리기 takes in
 * the supplier's own amendment XML (02xx, 04xx).
 */
export default defineListScreen({
  id: 'taxInvoice.myTaxInvoice',
  route: '/myTaxInvoice',
  portals: ['external'],
  title: 'screen.taxInvoice.myList.title',
  labels: 'screen.taxInvoice.field',
  description: 'The supplier’s requested tax invoices: open one to issue or refuse it.',
  source: { operation: 'listMyTaxInvoices', rowKey: 'mgtKey' },
  filters: [
    { field: 'periods', label: f('period'), widget: 'monthRange', span: 2 },
    { field: 'status', widget: 'multiSelect', options: SUPPLIER_STATUS },
  ],
  rememberFilters: true,
  totals: true,
  columns: [
    {
      field: 'mgtKey',
      width: 150,
      link: { screen: 'taxInvoice.myTaxInvoiceDetail', query: { mgtKey: 'row.mgtKey' } },
    },
    ...listColumns.filter((c) => c.field !== 'compName' && c.field !== 'issueKind'),
  ],
  selection: 'single',
  rowOpen: { screen: 'taxInvoice.myTaxInvoiceDetail', query: { mgtKey: 'row.mgtKey' } },
  actions: [
    {
      kind: 'navigate',
      id: 'amendIntake',
      label: 'screen.taxInvoice.action.amendIntake',
      requires: 'write',
      route: '/myTaxInvoiceAmendIntake',
    },
    { kind: 'exportExcel', fileName: 'screen.taxInvoice.myList.file' },
  ],
});
