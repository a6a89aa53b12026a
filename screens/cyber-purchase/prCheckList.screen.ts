import { defineListScreen } from '../../engine/define';

const f = (name: string) => `screen.cyberPurchase.f.${name}`;

/**
 * /prCheckList (external) — quotation requests (RFQs) sent to my company. The server scopes every
 * row to the caller's company; opening one (prCheckEdit) marks it checked.
 */
export default defineListScreen({
  id: 'cyberPurchase.prCheckList',
  route: '/prCheckList',
  portals: ['internal', 'external'],
  title: 'screen.cyberPurchase.prCheckList.title',
  labels: 'screen.cyberPurchase.f',
  description: 'Quotation requests sent to my company: status of my answer, deadline, buyer; a link opens the request.',
  source: { operation: 'listSupplierRfqs', rowKey: 'rfqNo', defaultSort: 'invitedAt:desc' },
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
      field: 'rfqNo',
      width: 130,
      link: { screen: 'cyberPurchase.prCheckEdit', query: { rfqNo: 'row.rfqNo', compNo: 'row.compNo' } },
    },
    { field: 'compName', label: 'screen.supplierView.compName', width: 160, portal: 'internal' },
    { field: 'title', width: 260 },
    { field: 'status', label: f('quotStatus'), type: 'code', codeGroup: 'QUOT_STATUS', width: 90, align: 'center' },
    { field: 'rfqStatus', type: 'code', codeGroup: 'RFQ_STATUS', width: 90, align: 'center' },
    { field: 'deadline', type: 'datetime', width: 130 },
    { field: 'deadlinePassed', type: 'checkbox', width: 56 },
    { field: 'lineCount', type: 'number', width: 70 },
    { field: 'buyerName', width: 90 },
    { field: 'invitedAt', type: 'datetime', width: 130 },
    { field: 'checkedAt', type: 'datetime', width: 130 },
    { field: 'submittedAt', type: 'datetime', width: 130 },
    { field: 'quoteNo', width: 120 },
    { field: 'totalAmount', type: 'money', currencyField: 'currency', width: 120 },
    { field: 'currency', type: 'code', codeGroup: 'CURRENCY', width: 70, align: 'center' },
  ],
  rowOpen: { screen: 'cyberPurchase.prCheckEdit', query: { rfqNo: 'row.rfqNo', compNo: 'row.compNo' } },
  actions: [{ kind: 'exportExcel', fileName: 'screen.cyberPurchase.prCheckList.file' }],
});
