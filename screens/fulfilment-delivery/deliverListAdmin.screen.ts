import { defineListScreen } from '../../engine/define';

/** Field label keys of this group (screens/fulfilment-delivery/i18n). */
const f = (name: string) => `screen.fulfilmentDelivery.field.${name}`;

/**
 * /deliverListAdmin — supplier deliveries (납품, ASN) of every supplier. A delivery number opens
 * /deliverEditAdmin, where a registered delivery is received into warehousing.
 */
export default defineListScreen({
  id: 'fulfilmentDelivery.deliverListAdmin',
  route: '/deliverListAdmin',
  title: 'screen.fulfilmentDelivery.deliverListAdmin.title',
  description: 'Deliveries of every supplier; open one to receive it into warehousing.',
  source: { operation: 'listDeliveries', rowKey: 'deliveryNo', defaultSort: 'deliveryDate:desc' },
  filters: [
    { field: 'deliveryDates', label: f('deliveryDate'), widget: 'dateRange', default: { preset: 'last3Months' }, span: 2 },
    { field: 'status', label: f('deliveryStatus'), widget: 'multiSelect', codeGroup: 'DELIVERY_STATUS' },
    { field: 'noPo', label: f('noPo'), widget: 'select', options: [{ value: 'N', text: 'screen.fulfilmentDelivery.option.noPo.N' }, { value: 'Y', text: 'screen.fulfilmentDelivery.option.noPo.Y' }] },
    { field: 'deliveryNo', label: f('deliveryNo') },
    { field: 'poNo', label: f('poNo') },
    { field: 'compName', label: f('compName') },
    { field: 'itemName', label: f('itemName') },
  ],
  rememberFilters: true,
  columns: [
    { field: 'deliveryNo', label: f('deliveryNo'), width: 140, link: { screen: 'fulfilmentDelivery.deliverEditAdmin', query: { deliveryNo: 'row.deliveryNo' } } },
    { field: 'status', label: f('deliveryStatus'), type: 'code', codeGroup: 'DELIVERY_STATUS', width: 90 },
    { field: 'compName', label: f('compName'), width: 150 },
    { field: 'compNo', label: f('compNo'), width: 80 },
    { field: 'poNo', label: f('poNo'), width: 130 },
    { field: 'poTitle', label: f('poTitle'), width: 200 },
    { field: 'noPo', label: f('noPo'), type: 'code', options: [{ value: 'N', text: 'screen.fulfilmentDelivery.option.noPo.N' }, { value: 'Y', text: 'screen.fulfilmentDelivery.option.noPo.Y' }], width: 80 },
    { field: 'deliveryDate', label: f('deliveryDate'), type: 'date', width: 100 },
    { field: 'arrivalDate', label: f('arrivalDate'), type: 'date', width: 100 },
    { field: 'currency', label: f('currency'), type: 'code', codeGroup: 'CURRENCY', width: 70 },
    { field: 'AMT', label: f('AMT'), type: 'money', currencyField: 'currency', width: 120 },
    { field: 'lineCount', label: f('lineCount'), type: 'number', width: 60 },
    { field: 'whReqNo', label: f('whReqNo'), width: 130 },
    { field: 'receivedAt', label: f('receivedAt'), type: 'datetime', width: 130 },
    { field: 'delivererName', label: f('delivererName'), width: 90 },
    { field: 'vehicleNo', label: f('vehicleNo'), width: 100 },
    { field: 'createdAt', label: f('createdAt'), type: 'datetime', width: 130 },
  ],
  selection: 'single',
  rowOpen: { screen: 'fulfilmentDelivery.deliverEditAdmin', query: { deliveryNo: 'row.deliveryNo' } },
  actions: [
    { kind: 'open', id: 'detail', label: 'screen.fulfilmentDelivery.action.detail', screen: 'fulfilmentDelivery.deliverEditAdmin', selection: 'single', query: { deliveryNo: 'row.deliveryNo' } },
    { kind: 'exportExcel', fileName: 'screen.fulfilmentDelivery.deliverListAdmin.file' },
  ],
});
