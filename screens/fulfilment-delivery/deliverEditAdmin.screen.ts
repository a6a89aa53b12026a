import { defineEditScreen } from '../../engine/define';

const f = (name: string) => `screen.fulfilmentDelivery.field.${name}`;
/** Why a receipt accepts less than was delivered (RECEIPT_SHORT_REASON of the receive body). */
const shortReasonOptions = ['SHORT', 'DAMAGED', 'WRONG_ITEM'].map((value) => ({
  value,
  text: `screen.fulfilmentDelivery.option.shortReason.${value}`,
}));
const noPoOptions = [
  { value: 'N', text: 'screen.fulfilmentDelivery.option.noPo.N' },
  { value: 'Y', text: 'screen.fulfilmentDelivery.option.noPo.Y' },
];

/**
 * /deliverEditAdmin — one supplier delivery as staff see it: header, lines with the order's open
 * quantities, delivery documents and the receipts made from it. The supplier owns the delivery
 * (every field is read only here); staff receive a registered delivery with an order into a
 * receipt request (입고요청, WR…) that then goes through approval on /warehousingList.
 * A receipt may accept less than was delivered (the "receive" grid: quantity and, for less, a
 * reason: short, damaged, wrong item); the rest goes back to the order line's open quantity.
 */
export default defineEditScreen({
  id: 'fulfilmentDelivery.deliverEditAdmin',
  route: '/deliverEditAdmin',
  title: 'screen.fulfilmentDelivery.deliverEditAdmin.title',
  labels: 'screen.fulfilmentDelivery.field',
  description: 'One delivery (ASN): header, lines, documents, receipts; receive it into warehousing.',
  key: ['deliveryNo'],
  load: { operation: 'getDelivery', params: { path: { deliveryNo: 'query.deliveryNo' } } },
  confirmLeave: false,
  sections: [
    {
      title: 'screen.fulfilmentDelivery.section.delivery',
      columns: 3,
      fields: [
        { field: 'deliveryNo', readOnly: true },
        { field: 'status', label: f('deliveryStatus'), widget: 'select', codeGroup: 'DELIVERY_STATUS', readOnly: true },
        { field: 'noPo', widget: 'select', options: noPoOptions, readOnly: true },
        { field: 'compName', readOnly: true },
        { field: 'compNo', readOnly: true },
        { field: 'registeredBy', readOnly: true },
        { field: 'poNo', readOnly: true },
        { field: 'poTitle', readOnly: true, span: 2 },
        { field: 'deliveryDate', widget: 'date', readOnly: true },
        { field: 'arrivalDate', widget: 'date', readOnly: true },
        { field: 'currency', widget: 'select', codeGroup: 'CURRENCY', readOnly: true },
        { field: 'AMT', widget: 'money', readOnly: true },
        { field: 'delivererName', readOnly: true },
        { field: 'delivererPhone', mask: 'phone', readOnly: true },
        { field: 'vehicleNo', readOnly: true },
        { field: 'createdAt', widget: 'datetime', readOnly: true },
        { field: 'whReqNo', readOnly: true },
        { field: 'receivedAt', widget: 'datetime', readOnly: true },
        { field: 'BIGO', widget: 'textarea', rows: 2, readOnly: true, span: 3 },
        { field: 'cancelReason', readOnly: true, span: 3, visible: "form.status == 'CANCELLED'" },
      ],
    },
  ],
  attachments: { field: 'FILE_SEQ', label: 'screen.fulfilmentDelivery.section.documents', readOnly: true },
  details: [
    {
      id: 'lines',
      title: 'screen.fulfilmentDelivery.section.lines',
      rowKey: 'lineNo',
      canAdd: false,
      canDelete: false,
      visibleRows: 6,
      columns: [
        { field: 'lineNo', type: 'number', width: 50 },
        { field: 'poLineNo', type: 'number', width: 70 },
        { field: 'itemCode', width: 110 },
        { field: 'itemName', width: 200 },
        { field: 'spec', width: 140 },
        { field: 'unitCode', width: 60 },
        { field: 'quantity', label: f('deliveredQuantity'), type: 'number', width: 90 },
        { field: 'poQuantity', type: 'number', width: 90 },
        { field: 'openQty', type: 'number', width: 90 },
        { field: 'PRICE', type: 'money', width: 100 },
        { field: 'AMT', type: 'money', width: 120 },
        { field: 'shortQty', type: 'number', width: 90 },
        { field: 'shortReason', type: 'code', options: shortReasonOptions, width: 100 },
        { field: 'shortRemark', width: 160 },
        { field: 'BIGO', width: 160 },
      ],
    },
    {
      id: 'receiveLines',
      title: 'screen.fulfilmentDelivery.section.receiveLines',
      visible: "form.status == 'REGISTERED' && form.noPo == 'N'",
      rowKey: 'lineNo',
      canAdd: false,
      canDelete: false,
      visibleRows: 6,
      columns: [
        { field: 'lineNo', type: 'number', width: 50 },
        { field: 'itemName', width: 200 },
        { field: 'unitCode', width: 60 },
        { field: 'deliveredQty', label: f('deliveredQuantity'), type: 'number', width: 90 },
        { field: 'quantity', label: f('acceptQty'), type: 'number', width: 100, editable: true, required: true },
        { field: 'shortReason', type: 'code', options: shortReasonOptions, width: 120, editable: true },
        { field: 'shortRemark', width: 200, editable: true, maxLength: 500 },
      ],
    },
    {
      id: 'receipts',
      title: 'screen.fulfilmentDelivery.section.receipts',
      rowKey: 'whReqNo',
      canAdd: false,
      canDelete: false,
      visibleRows: 3,
      columns: [
        { field: 'whReqNo', width: 140 },
        { field: 'status', label: f('whStatus'), type: 'code', codeGroup: 'WH_STATUS', width: 100 },
        { field: 'approvalStatus', type: 'code', codeGroup: 'APPROVAL_STATUS', width: 100 },
        { field: 'whReqDate', type: 'date', width: 110 },
      ],
    },
  ],
  actions: [
    { kind: 'back', requires: 'read' },
    {
      kind: 'workflow',
      id: 'receive',
      label: 'screen.fulfilmentDelivery.action.receive',
      variant: 'primary',
      operation: 'receiveDelivery',
      visible: "form.status == 'REGISTERED' && form.noPo == 'N'",
      prompt: {
        title: 'screen.fulfilmentDelivery.receive.title',
        message: 'screen.fulfilmentDelivery.receive.message',
        columns: 1,
        fields: [
          { field: 'expenses', widget: 'select', codeGroup: 'EXPENSES', required: true },
          { field: 'whReqDate', widget: 'date', default: { today: 0 }, required: true },
          {
            field: 'BIGO',
            label: 'screen.fulfilmentDelivery.field.receiptRemark',
            widget: 'textarea',
            rows: 2,
            maxLength: 1000,
          },
        ],
      },
      params: {
        path: { deliveryNo: 'form.deliveryNo' },
        body: {
          version: 'form.version',
          expenses: 'input.expenses',
          whReqDate: 'input.whReqDate',
          BIGO: 'input.BIGO',
          lines: "pick(detail.receiveLines.rows, ['lineNo', 'quantity', 'shortReason', 'shortRemark'])",
        },
      },
      success: 'screen.fulfilmentDelivery.receive.done',
      then: ['reloadRecord'],
    },
  ],
});
