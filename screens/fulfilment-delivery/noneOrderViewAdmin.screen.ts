import { defineListScreen } from '../../engine/define';

const f = (name: string) => `screen.fulfilmentDelivery.field.${name}`;

/**
 * /noneOrderViewAdmin — deliveries registered without a purchase order (무발주 납품), every
 * supplier. They cannot be received until an order exists; the number opens the delivery.
 */
export default defineListScreen({
  id: 'fulfilmentDelivery.noneOrderViewAdmin',
  route: '/noneOrderViewAdmin',
  title: 'screen.fulfilmentDelivery.noneOrderViewAdmin.title',
  labels: 'screen.fulfilmentDelivery.field',
  description: 'Deliveries without an order (flagged noPo = Y), all suppliers.',
  source: { operation: 'listNoneOrderDeliveries', rowKey: 'deliveryNo', defaultSort: 'deliveryDate:desc' },
  filters: [
    { field: 'deliveryDates', label: f('deliveryDate'), widget: 'dateRange', span: 2 },
    { field: 'status', label: f('deliveryStatus'), widget: 'multiSelect', codeGroup: 'DELIVERY_STATUS' },
    { field: 'compName' },
    { field: 'deliveryNo' },
    { field: 'itemName' },
  ],
  rememberFilters: true,
  columns: [
    {
      field: 'deliveryNo',
      width: 140,
      link: { screen: 'fulfilmentDelivery.deliverEditAdmin', query: { deliveryNo: 'row.deliveryNo' } },
    },
    { field: 'status', label: f('deliveryStatus'), type: 'code', codeGroup: 'DELIVERY_STATUS', width: 90 },
    { field: 'compName', width: 160 },
    { field: 'compNo', width: 80 },
    { field: 'deliveryDate', type: 'date', width: 100 },
    { field: 'arrivalDate', type: 'date', width: 100 },
    { field: 'currency', type: 'code', codeGroup: 'CURRENCY', width: 70 },
    { field: 'AMT', type: 'money', currencyField: 'currency', width: 120 },
    { field: 'lineCount', type: 'number', width: 60 },
    { field: 'delivererName', width: 90 },
    { field: 'BIGO', width: 200 },
    { field: 'cancelReason', width: 160 },
    { field: 'createdAt', type: 'datetime', width: 130 },
  ],
  selection: 'single',
  rowOpen: { screen: 'fulfilmentDelivery.deliverEditAdmin', query: { deliveryNo: 'row.deliveryNo' } },
  actions: [
    {
      kind: 'open',
      id: 'detail',
      label: 'screen.fulfilmentDelivery.action.detail',
      screen: 'fulfilmentDelivery.deliverEditAdmin',
      selection: 'single',
      query: { deliveryNo: 'row.deliveryNo' },
    },
    { kind: 'exportExcel', fileName: 'screen.fulfilmentDelivery.noneOrderViewAdmin.file' },
  ],
});
