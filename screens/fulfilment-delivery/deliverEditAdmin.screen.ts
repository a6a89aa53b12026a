import { defineEditScreen } from '../../engine/define';

const f = (name: string) => `screen.fulfilmentDelivery.field.${name}`;
/** Why a receipt accepts less than was delivered (RECEIPT_SHORT_REASON of the receive body). */
const shortReasonOptions = ['SHORT', 'DAMAGED', 'WRONG_ITEM'].map((value) => ({ value, text: `screen.fulfilmentDelivery.option.shortReason.${value}` }));
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
  description: 'One delivery (ASN): header, lines, documents, receipts; receive it into warehousing.',
  key: ['deliveryNo'],
  load: { operation: 'getDelivery', params: { path: { deliveryNo: 'query.deliveryNo' } } },
  confirmLeave: false,
  sections: [
    {
      title: 'screen.fulfilmentDelivery.section.delivery',
      columns: 3,
      fields: [
        { field: 'deliveryNo', label: f('deliveryNo'), readOnly: true },
        { field: 'status', label: f('deliveryStatus'), widget: 'select', codeGroup: 'DELIVERY_STATUS', readOnly: true },
        { field: 'noPo', label: f('noPo'), widget: 'select', options: noPoOptions, readOnly: true },
        { field: 'compName', label: f('compName'), readOnly: true },
        { field: 'compNo', label: f('compNo'), readOnly: true },
        { field: 'registeredBy', label: f('registeredBy'), readOnly: true },
        { field: 'poNo', label: f('poNo'), readOnly: true },
        { field: 'poTitle', label: f('poTitle'), readOnly: true, span: 2 },
        { field: 'deliveryDate', label: f('deliveryDate'), widget: 'date', readOnly: true },
        { field: 'arrivalDate', label: f('arrivalDate'), widget: 'date', readOnly: true },
        { field: 'currency', label: f('currency'), widget: 'select', codeGroup: 'CURRENCY', readOnly: true },
        { field: 'AMT', label: f('AMT'), widget: 'money', readOnly: true },
        { field: 'delivererName', label: f('delivererName'), readOnly: true },
        { field: 'delivererPhone', label: f('delivererPhone'), mask: 'phone', readOnly: true },
        { field: 'vehicleNo', label: f('vehicleNo'), readOnly: true },
        { field: 'createdAt', label: f('createdAt'), widget: 'datetime', readOnly: true },
        { field: 'whReqNo', label: f('whReqNo'), readOnly: true },
        { field: 'receivedAt', label: f('receivedAt'), widget: 'datetime', readOnly: true },
        { field: 'BIGO', label: f('BIGO'), widget: 'textarea', rows: 2, readOnly: true, span: 3 },
        { field: 'cancelReason', label: f('cancelReason'), readOnly: true, span: 3, visible: "form.status == 'CANCELLED'" },
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
        { field: 'lineNo', label: f('lineNo'), type: 'number', width: 50 },
        { field: 'poLineNo', label: f('poLineNo'), type: 'number', width: 70 },
        { field: 'itemCode', label: f('itemCode'), width: 110 },
        { field: 'itemName', label: f('itemName'), width: 200 },
        { field: 'spec', label: f('spec'), width: 140 },
        { field: 'unitCode', label: f('unitCode'), width: 60 },
        { field: 'quantity', label: f('deliveredQuantity'), type: 'number', width: 90 },
        { field: 'poQuantity', label: f('poQuantity'), type: 'number', width: 90 },
        { field: 'openQty', label: f('openQty'), type: 'number', width: 90 },
        { field: 'PRICE', label: f('PRICE'), type: 'money', width: 100 },
        { field: 'AMT', label: f('AMT'), type: 'money', width: 120 },
        { field: 'shortQty', label: f('shortQty'), type: 'number', width: 90 },
        { field: 'shortReason', label: f('shortReason'), type: 'code', options: shortReasonOptions, width: 100 },
        { field: 'shortRemark', label: f('shortRemark'), width: 160 },
        { field: 'BIGO', label: f('BIGO'), width: 160 },
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
        { field: 'lineNo', label: f('lineNo'), type: 'number', width: 50 },
        { field: 'itemName', label: f('itemName'), width: 200 },
        { field: 'unitCode', label: f('unitCode'), width: 60 },
        { field: 'deliveredQty', label: f('deliveredQuantity'), type: 'number', width: 90 },
        { field: 'quantity', label: f('acceptQty'), type: 'number', width: 100, editable: true, required: true },
        { field: 'shortReason', label: f('shortReason'), type: 'code', options: shortReasonOptions, width: 120, editable: true },
        { field: 'shortRemark', label: f('shortRemark'), width: 200, editable: true, maxLength: 500 },
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
        { field: 'whReqNo', label: f('whReqNo'), width: 140 },
        { field: 'status', label: f('whStatus'), type: 'code', codeGroup: 'WH_STATUS', width: 100 },
        { field: 'approvalStatus', label: f('approvalStatus'), type: 'code', codeGroup: 'APPROVAL_STATUS', width: 100 },
        { field: 'whReqDate', label: f('whReqDate'), type: 'date', width: 110 },
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
          { field: 'expenses', label: f('expenses'), widget: 'select', codeGroup: 'EXPENSES', required: true },
          { field: 'whReqDate', label: f('whReqDate'), widget: 'date', default: { today: 0 }, required: true },
          { field: 'BIGO', label: 'screen.fulfilmentDelivery.field.receiptRemark', widget: 'textarea', rows: 2, maxLength: 1000 },
        ],
      },
      params: {
        path: { deliveryNo: 'form.deliveryNo' },
        body: {
          version: 'form.version', expenses: 'input.expenses', whReqDate: 'input.whReqDate', BIGO: 'input.BIGO',
          lines: "pick(detail.receiveLines.rows, ['lineNo', 'quantity', 'shortReason', 'shortRemark'])",
        },
      },
      success: 'screen.fulfilmentDelivery.receive.done',
      then: ['reloadRecord'],
    },
  ],
});
