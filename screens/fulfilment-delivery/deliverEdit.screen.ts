import { defineEditScreen } from '../../engine/define';
import { CLOCKS_DETAIL } from '../subcontracting/labels';

const T = (key: string) => `screen.fulfilmentDelivery.deliverEdit.${key}`;
/** Cells the supplier types only for a delivery without an order (with one they are the order line's). */
const NO_PO = "form.noPo == 'Y'";
const WITH_PO = "form.noPo == 'N'";

/**
 * /deliverEdit (external) — the supplier registers a delivery (ASN) against one of its
 * acknowledged orders: picks the order, whose open lines fill the grid (`fillFrom`
 * getDeliverableOrder, the order line's `lineNo` becoming the delivery line's `poLineNo`), and
 * types the quantity delivered per line — only the lines given one are sent (`sendWhen`); the
 * server refuses more than is open with OVER_DELIVERY, its message shown at the line. Or without
 * an order (flagged 무발주): item, unit and price typed per line, in a currency chosen. A registered
 * delivery is edited or cancelled (with a reason) here; a received or cancelled one is read only.
 * Staff see a supplier's delivery at the internal address as the supplier does, and never write it.
 */
export default defineEditScreen({
  id: 'fulfilmentDelivery.deliverEdit',
  route: '/deliverEdit',
  portals: ['internal', 'external'],
  title: T('title'),
  labels: 'screen.fulfilmentDelivery.field',
  description:
    'Supplier delivery registration (ASN): order lines and quantities, dates, documents; or without an order.',
  key: ['deliveryNo'],
  load: { operation: 'getMyDelivery', params: { path: { deliveryNo: 'query.deliveryNo' } } },
  readOnly: "screen.portal == 'internal' || (mode == 'update' && form.status != 'REGISTERED')",
  confirmLeave: false,
  sections: [
    {
      title: T('orderSection'),
      columns: 3,
      fields: [
        { field: 'deliveryNo', readOnly: true, visible: "mode == 'update'" },
        {
          field: 'status',
          label: 'screen.fulfilmentDelivery.field.deliveryStatus',
          widget: 'select',
          codeGroup: 'DELIVERY_STATUS',
          readOnly: true,
          visible: "mode == 'update'",
        },
        {
          field: 'compName',
          label: 'screen.supplierView.compName',
          readOnly: true,
          visible: "mode == 'update' && screen.portal == 'internal'",
        },
        {
          field: 'noPo',
          widget: 'radio',
          options: [
            { value: 'N', text: T('withOrder') },
            { value: 'Y', text: T('withoutOrder') },
          ],
          // A link from the deliveries without an order (noneOrderView) says noPo=Y.
          default: { query: 'noPo', or: 'N' },
          required: true,
          createOnly: true,
        },
        {
          field: 'poNo',
          label: T('order'),
          widget: 'select',
          optionsFrom: {
            operation: 'listDeliverableOrders',
            value: 'poNo',
            text: 'poNo',
            params: { query: { page: '1', size: '200', sort: "'poDate:desc'" } },
          },
          required: true,
          createOnly: true,
          visible: WITH_PO,
          sendWhen: WITH_PO,
          help: T('chooseOrder'),
          // Staff may not list a supplier's deliverable orders (listDeliverableOrders is the supplier's): they see the order's title.
          portal: 'external',
        },
        { field: 'poTitle', readOnly: true, visible: `mode == 'update' && ${WITH_PO}`, span: 2 },
        {
          field: 'currency',
          widget: 'select',
          codeGroup: 'CURRENCY',
          emptyOption: 'none',
          default: 'KRW',
          createOnly: true,
          visible: NO_PO,
          sendWhen: NO_PO,
          help: T('noPoNotice'),
        },
        { field: 'receivedAt', widget: 'datetime', readOnly: true, visible: '!empty(form.receivedAt)' },
        { field: 'cancelReason', readOnly: true, span: 3, visible: "form.status == 'CANCELLED'" },
      ],
    },
    {
      title: 'screen.fulfilmentDelivery.section.delivery',
      columns: 3,
      fields: [
        { field: 'deliveryDate', widget: 'date', required: true, default: { today: 0 } },
        // Optional dates go only when given: the body takes a date or nothing, not ''.
        { field: 'arrivalDate', widget: 'date', sendWhen: '!empty(form.arrivalDate)' },
        { field: 'delivererName', maxLength: 50 },
        { field: 'delivererPhone', mask: 'phone' },
        { field: 'vehicleNo', maxLength: 20 },
        { field: 'BIGO', widget: 'textarea', rows: 2, maxLength: 1000, span: 3 },
      ],
    },
  ],
  details: [
    {
      id: 'lines',
      title: 'screen.fulfilmentDelivery.section.lines',
      rowKey: 'poLineNo',
      visibleRows: 8,
      // With an order: its open lines, renamed to what a delivery line is (lineNo → poLineNo).
      fillFrom: {
        operation: 'getDeliverableOrder',
        params: { path: { poNo: 'form.poNo' } },
        when: WITH_PO,
        rows: 'lines',
        where: "row.openQty != '0.000'",
        fill: {
          poLineNo: 'lineNo',
          itemCode: 'itemCode',
          itemName: 'itemName',
          spec: 'spec',
          unitCode: 'unitCode',
          poQuantity: 'quantity',
          availableQty: 'openQty',
          PRICE: 'PRICE',
        },
      },
      canAdd: NO_PO,
      canDelete: NO_PO,
      columns: [
        { field: 'poLineNo', type: 'number', width: 70 },
        { field: 'itemCode', width: 100, editable: NO_PO, maxLength: 20 },
        { field: 'itemName', width: 200, editable: NO_PO, maxLength: 200 },
        { field: 'spec', width: 140, editable: NO_PO, maxLength: 300 },
        { field: 'unitCode', width: 60, editable: NO_PO, maxLength: 10 },
        { field: 'poQuantity', type: 'number', exact: true, width: 90 },
        { field: 'availableQty', label: T('available'), type: 'number', exact: true, width: 100 },
        // Quantities and prices are the server's exact decimal text: shown grouped, sent as typed.
        {
          field: 'quantity',
          label: 'screen.fulfilmentDelivery.field.deliveredQuantity',
          type: 'number',
          exact: true,
          width: 90,
          editable: true,
        },
        { field: 'PRICE', type: 'number', exact: true, width: 100, editable: NO_PO },
        { field: 'AMT', type: 'money', width: 120, product: ['quantity', 'PRICE'], total: 'sum' },
        { field: 'BIGO', width: 200, editable: true, maxLength: 500 },
      ],
      // Only the lines given a quantity are delivered; blank cells are left out of a line.
      send: ['poLineNo', 'itemCode', 'itemName', 'spec', 'unitCode', 'quantity', 'PRICE', 'BIGO'],
      sendWhen: '!empty(row.quantity)',
      omitBlank: true,
    },
    // The 하도급 clocks of what was received from this delivery: the supplier sees its own due dates.
    CLOCKS_DETAIL,
  ],
  attachments: { field: 'FILE_SEQ', label: 'screen.fulfilmentDelivery.section.documents' },
  actions: [
    { kind: 'back', requires: 'read' },
    {
      kind: 'workflow',
      id: 'cancelDelivery',
      label: 'screen.fulfilmentDelivery.action.cancelDelivery',
      variant: 'danger',
      requires: 'write',
      portal: 'external',
      operation: 'cancelDelivery',
      visible: "mode == 'update' && form.status == 'REGISTERED'",
      prompt: {
        message: T('confirmCancel'),
        fields: [
          {
            field: 'reason',
            label: 'screen.fulfilmentDelivery.field.cancelReason',
            widget: 'textarea',
            rows: 3,
            required: true,
            maxLength: 500,
          },
        ],
      },
      params: { path: { deliveryNo: 'form.deliveryNo' }, body: { version: 'form.version', reason: 'input.reason' } },
      success: T('cancelled'),
      then: ['reloadRecord'],
    },
    {
      kind: 'save',
      id: 'register',
      label: 'screen.fulfilmentDelivery.action.register',
      variant: 'primary',
      requires: 'write',
      portal: 'external',
      operation: 'createDelivery',
      visible: "mode == 'create'",
      confirm: T('confirmRegister'),
      success: T('registered'),
    },
    {
      kind: 'save',
      id: 'save',
      variant: 'primary',
      requires: 'write',
      portal: 'external',
      operation: 'updateDelivery',
      visible: "mode == 'update' && form.status == 'REGISTERED'",
      confirm: T('confirmUpdate'),
    },
  ],
});
