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
 * /OrderRequestEdit — one purchase order (발주요청). Without `poNo` it builds a new order from an
 * awarded quotation request (the selected supplier, the requested quantities at the quoted
 * prices). With one it shows the order, its lines, approval rounds, changes after sending and
 * history (a call-off: its agreement, with 단가계약 보기), and offers what the server's `actions` allow the user now: save and submit a draft;
 * approve or reject (the current approver, with the spec's FORWARD_YN message from
 * getForwardYn); send an approved order to a FORWARD_YN=N supplier; change a sent order (due
 * date, line quantities, prices, delivery dates, with a reason) or cancel it (with a reason).
 */
const editableDraft = `mode == 'update' && !${can('update')}`;
const CHANGEABLE = `${can('change')}`;

export default defineEditScreen({
  id: 'purchaseOrder.orderRequestEdit',
  route: '/OrderRequestEdit',
  title: t('orderRequestEdit'),
  labels: 'screen.purchaseOrder.f',
  key: ['poNo'],
  load: { operation: 'getPo', params: { path: { poNo: 'query.poNo' } } },
  readOnly: `mode == 'update' && !${can('update')} && !${can('change')}`,
  sections: [
    {
      title: t('sec.order'),
      columns: 3,
      fields: [
        {
          field: 'rfqNo',
          label: f('rfqNo'),
          widget: 'select',
          required: true,
          createOnly: true,
          // An order not made from a quotation (a call-off, a tender's award) has none to show.
          visible: "mode == 'create' || !empty(form.rfqNo)",
          span: 2,
          optionsFrom: {
            operation: 'listRfqs',
            value: 'rfqNo',
            text: 'title',
            params: { query: { status: "'AWARDED'", size: '500', sort: "'createdAt:desc'" } },
          },
        },
        {
          field: 'selectedSupplier',
          readOnly: true,
          visible: "mode == 'create'",
          help: t('h.rfq'),
          valueFrom: {
            operation: 'listRfqs',
            params: { query: { rfqNo: 'form.rfqNo', status: "'AWARDED'" } },
            value: 'rows.0.selectedCompName',
            // listRfqs without rfqNo lists every awarded one: its first row is another order's supplier.
            when: '!empty(form.rfqNo)',
          },
        },
        {
          field: 'rfqPoNo',
          readOnly: true,
          visible: "mode == 'create' && !empty(form.rfqPoNo)",
          valueFrom: { operation: 'getRfq', params: { path: { rfqNo: 'form.rfqNo' } }, value: 'poNo' },
        },
        {
          field: 'rfqVersion',
          readOnly: true,
          visible: 'false',
          valueFrom: { operation: 'getRfq', params: { path: { rfqNo: 'form.rfqNo' } }, value: 'version' },
        },
        { field: 'loiNo', maxLength: 20, createOnly: true, readOnly: "mode == 'update'" },
        // A call-off: the agreement it orders against (단가계약 보기 opens it).
        { field: 'agreementNo', label: f('callOffAgreement'), readOnly: true, visible: '!empty(form.agreementNo)' },
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
        { field: 'title', maxLength: 200, span: 2, readOnly: editableDraft, required: false },
        {
          field: 'dueDate',
          widget: 'date',
          required: true,
          readOnly: `mode == 'update' && !${can('update')} && !${CHANGEABLE}`,
        },
        { field: 'compNameKr', label: f('supplier'), readOnly: true, visible: "mode == 'update'" },
        { field: 'compNo', readOnly: true, visible: "mode == 'update'" },
        {
          field: 'forwardCheck',
          label: f('forwardCheck'),
          widget: 'select',
          codeGroup: 'YN',
          readOnly: true,
          visible: "mode == 'update'",
          help: t('h.forwardCheck'),
          valueFrom: {
            operation: 'listForwardYn',
            params: { query: { compNo: 'form.compNo' } },
            value: 'resultData.0.FORWARD_YN',
          },
        },
        { field: 'currency', widget: 'select', codeGroup: 'CURRENCY', readOnly: true, visible: "mode == 'update'" },
        { field: 'totalAmount', widget: 'money', readOnly: true, visible: "mode == 'update'" },
        {
          field: 'approvedAmount',
          widget: 'money',
          readOnly: true,
          visible: "mode == 'update' && !empty(form.approvedAmount)",
        },
        { field: 'remark', widget: 'textarea', rows: 2, maxLength: 1000, span: 3, readOnly: editableDraft },
        // What the order went beyond its agreement (APPROVE policy), every line named: the approvers read it here.
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
        { field: 'requesterName', readOnly: true },
        { field: 'prNo', readOnly: true },
        { field: 'quoteNo', readOnly: true },
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
      visible: "mode == 'update'",
      canAdd: false,
      canDelete: false,
      columns: [
        { field: 'lineNo', type: 'number', width: 60 },
        { field: 'itemCode', width: 120 },
        { field: 'itemName', width: 200 },
        { field: 'spec', width: 140 },
        { field: 'unitCode', width: 60 },
        { field: 'quantity', type: 'number', width: 90, editable: CHANGEABLE, required: true },
        { field: 'unitPrice', type: 'number', width: 110, editable: CHANGEABLE, required: true },
        { field: 'amount', type: 'money', width: 130 },
        { field: 'deliveryDate', type: 'date', width: 110, editable: `${can('update')} || ${CHANGEABLE}` },
        { field: 'deliveredQty', type: 'number', width: 90 },
        { field: 'receivedQty', type: 'number', width: 90 },
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
  attachments: { field: 'fileId', label: t('attachments'), readOnly: editableDraft },
  actions: [
    { kind: 'back', label: t('a.list') },
    {
      kind: 'save',
      id: 'create',
      label: t('a.createPo'),
      operation: 'createPo',
      visible: "mode == 'create'",
      variant: 'primary',
      confirm: t('confirmCreate'),
      success: t('done.created'),
      params: {
        body: {
          rfqNo: 'form.rfqNo',
          rfqVersion: 'form.rfqVersion',
          title: 'form.title',
          dueDate: 'form.dueDate',
          remark: 'form.remark',
          loiNo: 'form.loiNo',
          fileId: 'form.fileId',
        },
      },
      // The PR's budget over a WARN account: asked with the server's message, then sent again.
      confirmRefusals: [{ code: 'BUDGET_WARN_CONFIRM', body: { confirmBudgetWarning: 'true' } }],
    },
    {
      kind: 'save',
      id: 'save',
      label: t('a.save'),
      operation: 'updatePo',
      updateOperation: 'updatePo',
      visible: can('update'),
      params: {
        path: { poNo: 'form.poNo' },
        body: {
          version: 'form.version',
          title: 'form.title',
          dueDate: 'form.dueDate',
          remark: 'form.remark',
          fileId: 'form.fileId',
          lines: "pick(detail.lines.changed, ['lineNo', 'deliveryDate'])",
        },
      },
    },
    ...ORDER_WORKFLOW_ACTIONS,
    ...SUBCON_ACTIONS,
    {
      kind: 'open',
      id: 'print',
      label: t('a.print'),
      screen: 'purchaseOrder.orderPrint',
      dialog: true,
      query: { poNo: 'form.poNo' },
      visible: "mode == 'update'",
    },
    {
      kind: 'navigate',
      id: 'agreement',
      label: t('a.openAgreement'),
      route: '/AgreementEdit',
      query: { agreementNo: 'form.agreementNo' },
      visible: "mode == 'update' && !empty(form.agreementNo)",
    },
    {
      // The contract behind the order, made from a template with the order as its source document.
      kind: 'navigate',
      id: 'contract',
      label: t('a.contract'),
      route: '/contract/contractCreate',
      query: { sourceKind: "'PO'", sourceNo: 'form.poNo' },
      visible: "mode == 'update' && form.status != 'CANCELLED'",
    },
  ],
});
