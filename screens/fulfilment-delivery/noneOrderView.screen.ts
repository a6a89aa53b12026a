import { defineListScreen } from '../../engine/define';

const f = (name: string) => `screen.fulfilmentDelivery.field.${name}`;

/**
 * /noneOrderView (external) — my deliveries registered without a purchase order (무발주 납품).
 * They wait for an order before the company can receive them; a number opens the delivery.
 */
export default defineListScreen({
  id: 'fulfilmentDelivery.noneOrderView',
  route: '/noneOrderView',
  portals: ['internal', 'external'],
  title: 'screen.fulfilmentDelivery.noneOrderView.title',
  labels: 'screen.fulfilmentDelivery.field',
  description: 'The supplier’s deliveries without an order.',
  source: { operation: 'listMyNoneOrderDeliveries', rowKey: 'deliveryNo', defaultSort: 'deliveryDate:desc' },
  filters: [
    { field: 'compNo', label: 'screen.supplierView.company', widget: 'company', portal: 'internal' },
    { field: 'deliveryDates', label: f('deliveryDate'), widget: 'dateRange', span: 2 },
    { field: 'status', label: f('deliveryStatus'), widget: 'multiSelect', codeGroup: 'DELIVERY_STATUS' },
    { field: 'deliveryNo' },
    { field: 'itemName' },
  ],
  rememberFilters: true,
  columns: [
    {
      field: 'deliveryNo',
      width: 140,
      link: { screen: 'fulfilmentDelivery.deliverEdit', query: { deliveryNo: 'row.deliveryNo' } },
    },
    { field: 'compName', label: 'screen.supplierView.compName', width: 160, portal: 'internal' },
    { field: 'status', label: f('deliveryStatus'), type: 'code', codeGroup: 'DELIVERY_STATUS', width: 90 },
    { field: 'deliveryDate', type: 'date', width: 100 },
    { field: 'arrivalDate', type: 'date', width: 100 },
    { field: 'currency', type: 'code', codeGroup: 'CURRENCY', width: 70 },
    { field: 'AMT', type: 'money', currencyField: 'currency', width: 120 },
    { field: 'lineCount', type: 'number', width: 60 },
    { field: 'delivererName', width: 90 },
    { field: 'BIGO', width: 220 },
    { field: 'cancelReason', width: 160 },
    { field: 'createdAt', type: 'datetime', width: 130 },
  ],
  selection: 'single',
  rowOpen: { screen: 'fulfilmentDelivery.deliverEdit', query: { deliveryNo: 'row.deliveryNo' } },
  actions: [
    {
      kind: 'navigate',
      id: 'register',
      portal: 'external',
      label: 'screen.fulfilmentDelivery.action.register',
      variant: 'primary',
      screen: 'fulfilmentDelivery.deliverEdit',
      query: { noPo: "'Y'" },
      requires: 'write',
    },
    {
      kind: 'open',
      id: 'detail',
      label: 'screen.fulfilmentDelivery.action.detail',
      screen: 'fulfilmentDelivery.deliverEdit',
      selection: 'single',
      query: { deliveryNo: 'row.deliveryNo' },
    },
    { kind: 'exportExcel', fileName: 'screen.fulfilmentDelivery.noneOrderView.file' },
  ],
});
