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
  labels: 'screen.fulfilmentDelivery.field',
  description: 'Deliveries of every supplier; open one to receive it into warehousing.',
  source: { operation: 'listDeliveries', rowKey: 'deliveryNo', defaultSort: 'deliveryDate:desc' },
  filters: [
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
    { field: 'compName' },
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
    { field: 'compName', width: 150 },
    { field: 'compNo', width: 80 },
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
    { field: 'whReqNo', width: 130 },
    { field: 'receivedAt', type: 'datetime', width: 130 },
    { field: 'delivererName', width: 90 },
    { field: 'vehicleNo', width: 100 },
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
    { kind: 'exportExcel', fileName: 'screen.fulfilmentDelivery.deliverListAdmin.file' },
  ],
});
