import { defineListScreen } from '../../engine/define';

const f = (name: string) => `screen.cyberPurchase.f.${name}`;

/**
 * /prSubmitList (external) — my company's quotations (submitted at least once): total, lead time
 * window, selection result. A link opens the quotation to revise it until the deadline.
 */
export default defineListScreen({
  id: 'cyberPurchase.prSubmitList',
  route: '/prSubmitList',
  portals: ['internal', 'external'],
  title: 'screen.cyberPurchase.prSubmitList.title',
  labels: 'screen.cyberPurchase.f',
  description:
    'My quotations: state (submitted, selected, not selected), amount, deadline; a link opens the quotation.',
  source: { operation: 'listSupplierQuotations', rowKey: 'rfqNo', defaultSort: 'submittedAt:desc' },
  filters: [
    { field: 'compNo', label: 'screen.supplierView.company', widget: 'company', portal: 'internal' },
    { field: 'rfqNo' },
    { field: 'title' },
    { field: 'status', label: f('quotStatus'), widget: 'multiSelect', codeGroup: 'QUOT_STATUS' },
    {
      field: 'open',
      widget: 'select',
      options: [
        { value: 'Y', text: 'screen.cyberPurchase.option.open.Y' },
        { value: 'N', text: 'screen.cyberPurchase.option.open.N' },
      ],
    },
    {
      field: 'requested',
      label: f('requestDate'),
      widget: 'dateRange',
      params: { from: 'fromDate', to: 'toDate' },
      span: 2,
    },
  ],
  rememberFilters: true,
  columns: [
    {
      field: 'quoteNo',
      width: 120,
      link: { screen: 'cyberPurchase.prSubmitEdit', query: { rfqNo: 'row.rfqNo', compNo: 'row.compNo' } },
    },
    { field: 'compName', label: 'screen.supplierView.compName', width: 160, portal: 'internal' },
    {
      field: 'rfqNo',
      width: 130,
      link: { screen: 'cyberPurchase.prCheckEdit', query: { rfqNo: 'row.rfqNo', compNo: 'row.compNo' } },
    },
    { field: 'title', width: 240 },
    { field: 'status', label: f('quotStatus'), type: 'code', codeGroup: 'QUOT_STATUS', width: 90, align: 'center' },
    { field: 'rfqStatus', type: 'code', codeGroup: 'RFQ_STATUS', width: 90, align: 'center' },
    { field: 'totalAmount', type: 'money', currencyField: 'currency', width: 130 },
    { field: 'currency', type: 'code', codeGroup: 'CURRENCY', width: 70, align: 'center' },
    { field: 'submittedAt', type: 'datetime', width: 130 },
    { field: 'deadline', type: 'datetime', width: 130 },
    { field: 'deadlinePassed', type: 'checkbox', width: 56 },
    { field: 'lineCount', type: 'number', width: 70 },
    { field: 'buyerName', width: 90 },
    { field: 'invitedAt', type: 'datetime', width: 130 },
  ],
  rowOpen: { screen: 'cyberPurchase.prSubmitEdit', query: { rfqNo: 'row.rfqNo', compNo: 'row.compNo' } },
  actions: [{ kind: 'exportExcel', fileName: 'screen.cyberPurchase.prSubmitList.file' }],
});
