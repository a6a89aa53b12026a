import { defineEditScreen } from '../../engine/define';
import { APPROVAL_STEP_COLUMNS, HISTORY_COLUMNS, f, t } from './labels';
import {
  AGREEMENT_EXCEPTION_FIELD,
  CHANGES_DETAIL,
  ORDER_WORKFLOW_ACTIONS,
  REVISIONS_DETAIL,
  can,
} from './order-actions';
import { SUBCON_ACTIONS, SUBCON_COORDINATIONS, SUBCON_SECTION } from './order-subcon';

/**
 * /SimpleOrderEdit — a simple order (소액발주): a purchase order without a PR whose amount in KRW
 * stays below the SIMPLE_ORDER_LIMIT common code. The limit (and the JPY rate it is compared
 * with) is shown from getSimpleOrderLimit; the server refuses a total at or above it with its own
 * message (SIMPLE_ORDER_OVER_LIMIT), shown as it comes. Supplier, lines and all are edited while
 * a draft; after that the order's workflow is the purchase order's (submit, approve, send,
 * change, cancel).
 */
const DRAFT = `mode == 'create' || ${can('update')}`;
const LINE_FIELDS =
  "['itemCode', 'itemName', 'spec', 'unitCode', 'quantity', 'unitPrice', 'deliveryDate', 'agreementNo', 'agreementLineNo']";
const HEADER = {
  compNo: 'form.compNo',
  title: 'form.title',
  currency: 'form.currency',
  dueDate: 'form.dueDate',
  remark: 'form.remark',
  fileId: 'form.fileId',
  lines: `pick(detail.lines.rows, ${LINE_FIELDS})`,
};

export default defineEditScreen({
  id: 'purchaseOrder.simpleOrderEdit',
  route: '/SimpleOrderEdit',
  title: t('simpleOrderEdit'),
  labels: 'screen.purchaseOrder.f',
  key: ['poNo'],
  load: { operation: 'getSimpleOrder', params: { path: { poNo: 'query.poNo' } } },
  readOnly: `mode == 'update' && !${can('update')} && !${can('change')}`,
  sections: [
    {
      title: t('sec.simple'),
      columns: 3,
      fields: [
        {
          field: 'limit',
          widget: 'money',
          readOnly: true,
          help: t('h.limit'),
          valueFrom: { operation: 'getSimpleOrderLimit', value: 'limit' },
        },
        {
          field: 'jpyRate',
          mask: 'numComma',
          readOnly: true,
          visible: "form.currency == 'JPY'",
          valueFrom: { operation: 'getSimpleOrderLimit', value: 'jpyRate' },
        },
        { field: 'poNo', readOnly: true, visible: "mode == 'update'" },
        {
          field: 'status',
          label: f('poStatus'),
          widget: 'select',
          codeGroup: 'PO_STATUS',
          readOnly: true,
          visible: "mode == 'update'",
        },
        {
          field: 'approvalStatus',
          widget: 'select',
          codeGroup: 'APPROVAL_STATUS',
          readOnly: true,
          visible: "mode == 'update'",
        },
        {
          field: 'compNo',
          label: f('supplier'),
          widget: 'company',
          required: true,
          maxLength: 10,
          readOnly: `!(${DRAFT})`,
        },
        {
          field: 'forwardCheck',
          label: f('forwardCheck'),
          widget: 'select',
          codeGroup: 'YN',
          readOnly: true,
          help: t('h.forwardCheck'),
          valueFrom: {
            operation: 'listForwardYn',
            params: { query: { compNo: 'form.compNo' } },
            value: 'resultData.0.FORWARD_YN',
          },
        },
        { field: 'title', required: true, maxLength: 200, span: 2, readOnly: `!(${DRAFT})` },
        {
          field: 'currency',
          widget: 'select',
          codeGroup: 'CURRENCY',
          emptyOption: 'none',
          required: true,
          default: 'KRW',
          readOnly: `!(${DRAFT})`,
        },
        { field: 'dueDate', widget: 'date', required: true, readOnly: `!(${DRAFT}) && !${can('change')}` },
        { field: 'totalAmount', widget: 'money', readOnly: true, visible: "mode == 'update'" },
        {
          field: 'approvedAmount',
          widget: 'money',
          readOnly: true,
          visible: "mode == 'update' && !empty(form.approvedAmount)",
        },
        {
          field: 'remark',
          widget: 'textarea',
          rows: 2,
          maxLength: 1000,
          span: 3,
          readOnly: `!(${DRAFT})`,
          help: t('h.lineEdit'),
        },
        AGREEMENT_EXCEPTION_FIELD,
      ],
    },
    {
      title: t('sec.progress'),
      columns: 3,
      visible: "mode == 'update'",
      fields: [
        { field: 'poDate', widget: 'date', readOnly: true },
        { field: 'buyerName', label: f('buyer'), readOnly: true },
        { field: 'deptnm', readOnly: true },
        { field: 'currentApproverName', readOnly: true, visible: '!empty(form.currentApproverName)' },
        { field: 'forwardedAt', widget: 'datetime', readOnly: true },
        { field: 'acknowledgedAt', widget: 'datetime', readOnly: true },
        { field: 'cancelReason', readOnly: true, visible: '!empty(form.cancelReason)' },
      ],
    },
    SUBCON_SECTION,
  ],
  details: [
    {
      id: 'lines',
      title: t('d.lines'),
      rowKey: 'lineNo',
      canAdd: DRAFT,
      canDelete: DRAFT,
      minRows: 1,
      maxRows: 50,
      newRow: { unitCode: 'EA' },
      // The item search popup (widgets/item-popup) adds a line from the item master.
      addFrom: [
        {
          widget: 'item',
          label: t('itemSearch'),
          operation: 'listItems',
          categories: { operation: 'listItemCategories', value: 'catCode', text: 'label' },
          fill: ['itemCode', 'itemName', 'spec', 'unitCode'],
        },
        {
          // A line "from agreement" chosen among the valid agreements' lines (its item and agreed price).
          widget: 'agreementLine',
          label: t('agreementSearch'),
          operation: 'listValidAgreementLines',
          fill: {
            agreementNo: 'agreementNo',
            agreementLineNo: 'lineNo',
            itemCode: 'itemCode',
            itemName: 'itemName',
            unitCode: 'unitCode',
            unitPrice: 'unitPrice',
          },
        },
      ],
      columns: [
        { field: 'lineNo', type: 'number', width: 60 },
        { field: 'itemCode', width: 120, editable: DRAFT, maxLength: 20 },
        { field: 'itemName', width: 200, editable: DRAFT, maxLength: 200 },
        { field: 'spec', width: 140, editable: DRAFT, maxLength: 300 },
        { field: 'unitCode', width: 60, editable: DRAFT, maxLength: 10 },
        { field: 'quantity', type: 'number', width: 90, editable: `${DRAFT} || ${can('change')}`, required: true },
        { field: 'unitPrice', type: 'number', width: 110, editable: `${DRAFT} || ${can('change')}`, required: true },
        { field: 'amount', type: 'money', width: 130 },
        { field: 'deliveryDate', type: 'date', width: 110, editable: `${DRAFT} || ${can('change')}` },
        { field: 'deliveredQty', type: 'number', width: 90 },
        { field: 'receivedQty', type: 'number', width: 90 },
        // A line "from agreement" (chosen in the agreement-line popup, or its numbers typed): the server takes the line's item and checks the agreed price.
        { field: 'agreementNo', width: 130, editable: DRAFT, maxLength: 20 },
        { field: 'agreementLineNo', type: 'number', width: 80, editable: DRAFT },
      ],
    },
    {
      id: 'approvalSteps',
      title: t('d.approvals'),
      rowKey: 'stepKey',
      visible: '!empty(form.approvalSteps)',
      canAdd: false,
      canDelete: false,
      visibleRows: 4,
      columns: APPROVAL_STEP_COLUMNS,
    },
    REVISIONS_DETAIL,
    CHANGES_DETAIL,
    {
      id: 'history',
      title: t('d.history'),
      rowKey: 'no',
      visible: "mode == 'update'",
      canAdd: false,
      canDelete: false,
      visibleRows: 5,
      columns: HISTORY_COLUMNS,
    },
    SUBCON_COORDINATIONS,
  ],
  attachments: { field: 'fileId', label: t('attachments'), readOnly: `!(${DRAFT})` },
  actions: [
    { kind: 'back', label: t('a.list') },
    {
      kind: 'save',
      id: 'create',
      label: t('a.save'),
      operation: 'createSimpleOrder',
      visible: "mode == 'create'",
      variant: 'primary',
      params: { body: HEADER },
    },
    {
      kind: 'save',
      id: 'save',
      label: t('a.save'),
      operation: 'updateSimpleOrder',
      updateOperation: 'updateSimpleOrder',
      visible: can('update'),
      params: { path: { poNo: 'form.poNo' }, body: { ...HEADER, version: 'form.version' } },
    },
    ...ORDER_WORKFLOW_ACTIONS,
    ...SUBCON_ACTIONS,
  ],
});
