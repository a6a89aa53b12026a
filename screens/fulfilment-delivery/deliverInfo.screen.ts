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
  labels: 'screen.fulfilmentDelivery.field',
  description: 'The supplier’s own deliveries: register, open, cancel.',
  source: { operation: 'listMyDeliveries', rowKey: 'deliveryNo', defaultSort: 'deliveryDate:desc' },
  filters: [
    { field: 'compNo', label: 'screen.supplierView.company', widget: 'company', portal: 'internal' },
    {
      field: 'deliveryDates',
      label: f('deliveryDate'),
      widget: 'dateRange',
      default: { preset: 'last3Months' },
      span: 2,
    },
    { field: 'status', label: f('deliveryStatus'), widget: 'multiSelect', codeGroup: 'DELIVERY_STATUS' },
    {
      field: 'noPo',
      widget: 'select',
      options: [
        { value: 'N', text: 'screen.fulfilmentDelivery.option.noPo.N' },
        { value: 'Y', text: 'screen.fulfilmentDelivery.option.noPo.Y' },
      ],
    },
    { field: 'deliveryNo' },
    { field: 'poNo' },
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
    { field: 'poNo', width: 130 },
    { field: 'poTitle', width: 200 },
    {
      field: 'noPo',
      type: 'code',
      options: [
        { value: 'N', text: 'screen.fulfilmentDelivery.option.noPo.N' },
        { value: 'Y', text: 'screen.fulfilmentDelivery.option.noPo.Y' },
      ],
      width: 80,
    },
    { field: 'deliveryDate', type: 'date', width: 100 },
    { field: 'arrivalDate', type: 'date', width: 100 },
    { field: 'currency', type: 'code', codeGroup: 'CURRENCY', width: 70 },
    { field: 'AMT', type: 'money', currencyField: 'currency', width: 120 },
    { field: 'lineCount', type: 'number', width: 60 },
    { field: 'receivedAt', type: 'datetime', width: 130 },
    { field: 'delivererName', width: 90 },
    { field: 'vehicleNo', width: 100 },
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
      requires: 'write',
    },
    {
      kind: 'call',
      id: 'cancel',
      portal: 'external',
      label: 'screen.fulfilmentDelivery.action.cancelDelivery',
      variant: 'danger',
      operation: 'cancelDelivery',
      selection: 'single',
      enabled: "row.status == 'REGISTERED'",
      prompt: {
        message: 'screen.fulfilmentDelivery.confirm.cancelDelivery',
        fields: [
          { field: 'reason', label: f('cancelReason'), widget: 'textarea', rows: 3, required: true, maxLength: 500 },
        ],
      },
      params: { path: { deliveryNo: 'row.deliveryNo' }, body: { version: 'row.version', reason: 'input.reason' } },
    },
    { kind: 'exportExcel', fileName: 'screen.fulfilmentDelivery.deliverInfo.file' },
  ],
});
