import { defineEditScreen } from '../../engine/define';
import { CLOCKS_DETAIL, RESULT, s as subcon, sf } from '../subcontracting/labels';

const f = (name: string) => `screen.fulfilmentDelivery.field.${name}`;
const native = "form.sourceSystem == 'GPMS'";

/**
 * One goods receipt, opened in a dialog from the four warehousing lists (its menu authority is
 * the opener's): header, lines, delivery documents, and the approval steps a receipt recorded
 * here can take in its state. Every step closes the dialog and the list shows the new state.
 */
export default defineEditScreen({
  id: 'fulfilmentDelivery.warehousingDetail',
  title: 'screen.fulfilmentDelivery.warehousingDetail.title',
  labels: 'screen.fulfilmentDelivery.field',
  description: 'One receipt (dialog): header, lines, documents; approve, reject, resubmit, decide, cancel.',
  key: ['whReqNo'],
  load: { operation: 'getWarehousing', params: { path: { whReqNo: 'query.whReqNo' } } },
  confirmLeave: false,
  sections: [
    {
      columns: 3,
      fields: [
        { field: 'whReqNo', readOnly: true },
        { field: 'whAppNo', readOnly: true },
        { field: 'settleNo', readOnly: true },
        { field: 'status', label: f('whStatus'), widget: 'select', codeGroup: 'WH_STATUS', readOnly: true },
        { field: 'approvalStatus', widget: 'select', codeGroup: 'APPROVAL_STATUS', readOnly: true },
        { field: 'sourceSystem', widget: 'select', codeGroup: 'SOURCE_SYSTEM', readOnly: true },
        { field: 'poNo', readOnly: true },
        { field: 'deliveryNo', readOnly: true },
        { field: 'externalRef', readOnly: true, visible: "form.sourceSystem != 'GPMS'" },
        { field: 'compName', readOnly: true },
        { field: 'sectionName', label: f('section'), readOnly: true },
        { field: 'deptName', readOnly: true },
        { field: 'eprName', readOnly: true },
        { field: 'receiveName', readOnly: true },
        { field: 'expenses', widget: 'select', codeGroup: 'EXPENSES', readOnly: true },
        { field: 'currency', widget: 'select', codeGroup: 'CURRENCY', readOnly: true },
        { field: 'AMT', label: f('whAmount'), widget: 'money', readOnly: true },
        { field: 'whReqDate', widget: 'date', readOnly: true },
        { field: 'approvedAt', widget: 'datetime', readOnly: true },
        { field: 'lastDeciDate', widget: 'date', readOnly: true },
        { field: 'BIGO', label: f('receiptRemark'), widget: 'textarea', rows: 2, readOnly: true, span: 3 },
        { field: 'rejectReason', readOnly: true, span: 3, visible: '!empty(form.rejectReason)' },
        { field: 'cancelReason', readOnly: true, span: 3, visible: '!empty(form.cancelReason)' },
      ],
    },
  ],
  attachments: { field: 'FILE_SEQ', label: 'screen.fulfilmentDelivery.section.documents', readOnly: true },
  details: [
    {
      id: 'lines',
      title: 'screen.fulfilmentDelivery.section.receiptLines',
      rowKey: 'lineNo',
      canAdd: false,
      canDelete: false,
      visibleRows: 5,
      columns: [
        { field: 'lineNo', type: 'number', width: 50 },
        { field: 'poLineNo', type: 'number', width: 70 },
        { field: 'itemCode', width: 110 },
        { field: 'itemName', width: 190 },
        { field: 'spec', width: 120 },
        { field: 'unitCode', width: 60 },
        { field: 'quantity', label: f('whQuantity'), type: 'number', width: 90 },
        { field: 'PRICE', type: 'money', width: 100 },
        { field: 'AMT', type: 'money', width: 110 },
        { field: 'BIGO', width: 140 },
      ],
    },
    CLOCKS_DETAIL,
  ],
  actions: [
    { kind: 'close', requires: 'read' },
    {
      // The written inspection result of a 하도급 line (§9②): stops its 10-day clock; 불합격 after it is refused.
      kind: 'workflow',
      id: 'inspect',
      label: subcon('a.inspect'),
      operation: 'recordInspection',
      visible: "!empty(form.subconClocks) && form.status != 'CANCELLED'",
      success: subcon('done.inspected'),
      prompt: {
        title: subcon('p.inspectTitle'),
        message: subcon('p.inspectMessage'),
        columns: 3,
        fields: [
          { field: 'lineNo', label: sf('lineNo'), widget: 'number', required: true },
          { field: 'result', label: sf('inspectionResult'), widget: 'radio', options: RESULT, required: true },
          {
            field: 'inspectionDate',
            label: sf('inspectionDate'),
            widget: 'date',
            default: { today: 0 },
            required: true,
          },
        ],
      },
      params: {
        path: { whReqNo: 'form.whReqNo', lineNo: 'input.lineNo' },
        body: { version: 'form.version', result: 'input.result', inspectionDate: 'input.inspectionDate' },
      },
      then: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'cancel',
      label: 'screen.fulfilmentDelivery.action.cancelReceipt',
      variant: 'danger',
      operation: 'cancelWarehousing',
      visible: `${native} && (form.status == 'REQUESTED' || form.status == 'APPROVED')`,
      prompt: {
        message: 'screen.fulfilmentDelivery.confirm.cancelReceipt',
        fields: [
          { field: 'reason', label: f('cancelReason'), widget: 'textarea', rows: 3, required: true, maxLength: 500 },
        ],
      },
      params: { path: { whReqNo: 'form.whReqNo' }, body: { version: 'form.version', reason: 'input.reason' } },
      then: ['close'],
    },
    {
      kind: 'workflow',
      id: 'reject',
      label: 'screen.fulfilmentDelivery.action.reject',
      variant: 'danger',
      operation: 'rejectWarehousing',
      visible: `${native} && form.status == 'REQUESTED' && form.approvalStatus == 'PENDING'`,
      prompt: {
        message: 'screen.fulfilmentDelivery.confirm.reject',
        fields: [
          { field: 'reason', label: f('rejectReason'), widget: 'textarea', rows: 3, required: true, maxLength: 500 },
        ],
      },
      params: { path: { whReqNo: 'form.whReqNo' }, body: { version: 'form.version', reason: 'input.reason' } },
      then: ['close'],
    },
    {
      kind: 'workflow',
      id: 'resubmit',
      label: 'screen.fulfilmentDelivery.action.resubmit',
      operation: 'resubmitWarehousing',
      visible: `${native} && form.status == 'REQUESTED' && form.approvalStatus == 'REJECTED'`,
      confirm: 'screen.fulfilmentDelivery.confirm.resubmit',
      params: { path: { whReqNo: 'form.whReqNo' }, body: { version: 'form.version' } },
      then: ['close'],
    },
    {
      kind: 'workflow',
      id: 'approve',
      label: 'screen.fulfilmentDelivery.action.approve',
      variant: 'primary',
      operation: 'approveWarehousing',
      visible: `${native} && form.status == 'REQUESTED' && form.approvalStatus == 'PENDING'`,
      confirm: 'screen.fulfilmentDelivery.confirm.approve',
      params: { path: { whReqNo: 'form.whReqNo' }, body: { version: 'form.version' } },
      then: ['close'],
    },
    {
      kind: 'workflow',
      id: 'decide',
      label: 'screen.fulfilmentDelivery.action.decide',
      variant: 'primary',
      operation: 'decideWarehousing',
      visible: `${native} && form.status == 'APPROVED'`,
      prompt: {
        message: 'screen.fulfilmentDelivery.confirm.decide',
        fields: [{ field: 'lastDeciDate', widget: 'date', default: { today: 0 }, required: true }],
      },
      params: {
        path: { whReqNo: 'form.whReqNo' },
        body: { version: 'form.version', lastDeciDate: 'input.lastDeciDate' },
      },
      then: ['close'],
    },
  ],
});
