import { defineListScreen } from '../../engine/define';

const f = (name: string) => `screen.cyberPurchase.f.${name}`;

/**
 * /CyberOrderRequestList (external) — purchase orders sent to my company (the server shows only
 * orders forwarded to the caller's company). LOIs issued to my company are one click away
 * (cyberPurchase.loiList, /CyberLoiList): the same menu governs both.
 */
export default defineListScreen({
  id: 'cyberPurchase.orderList',
  route: '/CyberOrderRequestList',
  portals: ['internal', 'external'],
  title: 'screen.cyberPurchase.orderList.title',
  labels: 'screen.cyberPurchase.f',
  description:
    'POs sent to my company: state, amount, due date, acknowledgment; a link opens the PO; LOIs on cyberPurchase.loiList.',
  source: { operation: 'listSupplierPos', rowKey: 'poNo', defaultSort: 'poNo:desc' },
  filters: [
    { field: 'compNo', label: 'screen.supplierView.company', widget: 'company', portal: 'internal' },
    { field: 'poNo' },
    { field: 'title' },
    { field: 'status', label: f('poStatus'), widget: 'multiSelect', codeGroup: 'PO_STATUS' },
    {
      field: 'open',
      widget: 'select',
      options: [
        { value: 'Y', text: 'screen.cyberPurchase.option.poOpen.Y' },
        { value: 'N', text: 'screen.cyberPurchase.option.poOpen.N' },
      ],
    },
    { field: 'poDates', widget: 'dateRange', params: { from: 'fromDate', to: 'toDate' }, span: 2 },
  ],
  rememberFilters: true,
  columns: [
    { field: 'poNo', width: 130, link: { screen: 'cyberPurchase.orderEdit', query: { poNo: 'row.poNo' } } },
    { field: 'compName', label: 'screen.supplierView.compName', width: 160, portal: 'internal' },
    { field: 'poType', type: 'code', codeGroup: 'PO_TYPE', width: 80, align: 'center' },
    { field: 'poDate', type: 'date', width: 100 },
    { field: 'title', width: 240 },
    { field: 'status', label: f('poStatus'), type: 'code', codeGroup: 'PO_STATUS', width: 90, align: 'center' },
    { field: 'totalAmount', label: f('poAmount'), type: 'money', currencyField: 'currency', width: 130 },
    { field: 'currency', type: 'code', codeGroup: 'CURRENCY', width: 70, align: 'center' },
    { field: 'dueDate', type: 'date', width: 100 },
    { field: 'lineCount', type: 'number', width: 70 },
    { field: 'forwardedAt', type: 'datetime', width: 130 },
    { field: 'acknowledgedAt', type: 'datetime', width: 130 },
    { field: 'buyerName', width: 90 },
  ],
  rowOpen: { screen: 'cyberPurchase.orderEdit', query: { poNo: 'row.poNo' } },
  actions: [
    {
      kind: 'navigate',
      id: 'lois',
      portal: 'external',
      label: 'screen.cyberPurchase.orderList.lois',
      screen: 'cyberPurchase.loiList',
    },
    { kind: 'exportExcel', fileName: 'screen.cyberPurchase.orderList.file' },
  ],
});
