import { defineListScreen } from '../../engine/define';

const f = (name: string) => `screen.fulfilmentDelivery.field.${name}`;

/**
 * /deliverInfo (external) — my company's deliveries (ASN). 납품 등록 opens /deliverEdit for a new
 * delivery against an acknowledged order (or without one); a number opens it to edit while it is
 * registered; a registered delivery can be cancelled with a reason.
 */
export default defineListScreen({
  id: 'fulfilmentDelivery.deliverInfo',
  route: '/deliverInfo',
  portals: ['internal', 'external'],
  title: 'screen.fulfilmentDelivery.deliverInfo.title',
  description: 'The supplier’s own deliveries: register, open, cancel.',
  source: { operation: 'listMyDeliveries', rowKey: 'deliveryNo', defaultSort: 'deliveryDate:desc' },
  filters: [
    { field: 'compNo', label: 'screen.supplierView.company', widget: 'company', portal: 'internal' },
    { field: 'deliveryDates', label: f('deliveryDate'), widget: 'dateRange', default: { preset: 'last3Months' }, span: 2 },
    { field: 'status', label: f('deliveryStatus'), widget: 'multiSelect', codeGroup: 'DELIVERY_STATUS' },
    { field: 'noPo', label: f('noPo'), widget: 'select', options: [{ value: 'N', text: 'screen.fulfilmentDelivery.option.noPo.N' }, { value: 'Y', text: 'screen.fulfilmentDelivery.option.noPo.Y' }] },
    { field: 'deliveryNo', label: f('deliveryNo') },
    { field: 'poNo', label: f('poNo') },
    { field: 'itemName', label: f('itemName') },
  ],
  rememberFilters: true,
  columns: [
    { field: 'deliveryNo', label: f('deliveryNo'), width: 140, link: { screen: 'fulfilmentDelivery.deliverEdit', query: { deliveryNo: 'row.deliveryNo' } } },
    { field: 'compName', label: 'screen.supplierView.compName', width: 160, portal: 'internal' },
    { field: 'status', label: f('deliveryStatus'), type: 'code', codeGroup: 'DELIVERY_STATUS', width: 90 },
    { field: 'poNo', label: f('poNo'), width: 130 },
    { field: 'poTitle', label: f('poTitle'), width: 200 },
    { field: 'noPo', label: f('noPo'), type: 'code', options: [{ value: 'N', text: 'screen.fulfilmentDelivery.option.noPo.N' }, { value: 'Y', text: 'screen.fulfilmentDelivery.option.noPo.Y' }], width: 80 },
    { field: 'deliveryDate', label: f('deliveryDate'), type: 'date', width: 100 },
    { field: 'arrivalDate', label: f('arrivalDate'), type: 'date', width: 100 },
    { field: 'currency', label: f('currency'), type: 'code', codeGroup: 'CURRENCY', width: 70 },
    { field: 'AMT', label: f('AMT'), type: 'money', currencyField: 'currency', width: 120 },
    { field: 'lineCount', label: f('lineCount'), type: 'number', width: 60 },
    { field: 'receivedAt', label: f('receivedAt'), type: 'datetime', width: 130 },
    { field: 'delivererName', label: f('delivererName'), width: 90 },
    { field: 'vehicleNo', label: f('vehicleNo'), width: 100 },
    { field: 'cancelReason', label: f('cancelReason'), width: 160 },
    { field: 'createdAt', label: f('createdAt'), type: 'datetime', width: 130 },
  ],
  selection: 'single',
  rowOpen: { screen: 'fulfilmentDelivery.deliverEdit', query: { deliveryNo: 'row.deliveryNo' } },
  actions: [
    { kind: 'navigate', id: 'register', portal: 'external', label: 'screen.fulfilmentDelivery.action.register', variant: 'primary', screen: 'fulfilmentDelivery.deliverEdit', requires: 'write' },
    {
      kind: 'call',
      id: 'cancel',
      portal: 'external',
      label: 'screen.fulfilmentDelivery.action.cancelDelivery',
      variant: 'danger',
      operation: 'cancelDelivery',
      selection: 'single',
      enabled: "row.status == 'REGISTERED'",
      prompt: { message: 'screen.fulfilmentDelivery.confirm.cancelDelivery', fields: [{ field: 'reason', label: f('cancelReason'), widget: 'textarea', rows: 3, required: true, maxLength: 500 }] },
      params: { path: { deliveryNo: 'row.deliveryNo' }, body: { version: 'row.version', reason: 'input.reason' } },
    },
    { kind: 'exportExcel', fileName: 'screen.fulfilmentDelivery.deliverInfo.file' },
  ],
});
