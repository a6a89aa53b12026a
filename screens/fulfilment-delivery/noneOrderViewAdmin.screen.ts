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
  description: 'Deliveries without an order (flagged noPo = Y), all suppliers.',
  source: { operation: 'listNoneOrderDeliveries', rowKey: 'deliveryNo', defaultSort: 'deliveryDate:desc' },
  filters: [
    { field: 'deliveryDates', label: f('deliveryDate'), widget: 'dateRange', span: 2 },
    { field: 'status', label: f('deliveryStatus'), widget: 'multiSelect', codeGroup: 'DELIVERY_STATUS' },
    { field: 'compName', label: f('compName') },
    { field: 'deliveryNo', label: f('deliveryNo') },
    { field: 'itemName', label: f('itemName') },
  ],
  rememberFilters: true,
  columns: [
    { field: 'deliveryNo', label: f('deliveryNo'), width: 140, link: { screen: 'fulfilmentDelivery.deliverEditAdmin', query: { deliveryNo: 'row.deliveryNo' } } },
    { field: 'status', label: f('deliveryStatus'), type: 'code', codeGroup: 'DELIVERY_STATUS', width: 90 },
    { field: 'compName', label: f('compName'), width: 160 },
    { field: 'compNo', label: f('compNo'), width: 80 },
    { field: 'deliveryDate', label: f('deliveryDate'), type: 'date', width: 100 },
    { field: 'arrivalDate', label: f('arrivalDate'), type: 'date', width: 100 },
    { field: 'currency', label: f('currency'), type: 'code', codeGroup: 'CURRENCY', width: 70 },
    { field: 'AMT', label: f('AMT'), type: 'money', currencyField: 'currency', width: 120 },
    { field: 'lineCount', label: f('lineCount'), type: 'number', width: 60 },
    { field: 'delivererName', label: f('delivererName'), width: 90 },
    { field: 'BIGO', label: f('BIGO'), width: 200 },
    { field: 'cancelReason', label: f('cancelReason'), width: 160 },
    { field: 'createdAt', label: f('createdAt'), type: 'datetime', width: 130 },
  ],
  selection: 'single',
  rowOpen: { screen: 'fulfilmentDelivery.deliverEditAdmin', query: { deliveryNo: 'row.deliveryNo' } },
  actions: [
    { kind: 'open', id: 'detail', label: 'screen.fulfilmentDelivery.action.detail', screen: 'fulfilmentDelivery.deliverEditAdmin', selection: 'single', query: { deliveryNo: 'row.deliveryNo' } },
    { kind: 'exportExcel', fileName: 'screen.fulfilmentDelivery.noneOrderViewAdmin.file' },
  ],
});
