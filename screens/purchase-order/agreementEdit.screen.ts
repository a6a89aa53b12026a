import { defineEditScreen } from '../../engine/define';
import { AGREEMENT_POLICY, AGREEMENT_STATUS, APPROVAL_STEP_COLUMNS, HISTORY_COLUMNS, f, t } from './labels';
import { LINKAGE_ACTION, PROPOSAL_ACTIONS, PROPOSAL_DETAILS, linkageSection } from './agreement-linkage';
import { CHANGE_PRICES_ACTION, PRICE_HISTORY } from './agreement-prices';
import { can } from './order-actions';

/**
 * /AgreementEdit — a framework agreement: supplier, validity, currency, ceiling, call-off policy and
 * its lines (agreed price, agreed quantity) while a draft; submitted for approval by the AGREEMENT
 * rule (taken back with 상신 회수 before the approval; a draft may be deleted); once active each line shows what was ordered and what remains, and the call-offs (orders
 * against it) are listed; 발주 opens the call-off dialog (agreementCallOff). The buyer may end it
 * early with a reason. A draft also takes its 납품대금 연동 answer (agreement-linkage.ts), which a 하도급 agreement
 * needs before it is submitted. An active one takes new prices from a day (단가 변경, agreement-prices.ts); every
 * line's dated prices are its 단가 이력; it lists the 연동 조정 제안 the daily job wrote, the open one accepted
 * (new prices from its day: a 변경계약) or rejected here.
 */
const DRAFT = `mode == 'create' || ${can('update')}`;
const comment = { field: 'comment', label: t('p.comment'), widget: 'textarea' as const, rows: 3, maxLength: 500 };

export default defineEditScreen({
  id: 'purchaseOrder.agreementEdit',
  route: '/AgreementEdit',
  title: t('agreementEdit'),
  labels: 'screen.purchaseOrder.f',
  key: ['agreementNo'],
  load: { operation: 'getAgreement', params: { path: { agreementNo: 'query.agreementNo' } } },
  readOnly: `!(${DRAFT})`,
  sections: [
    {
      title: t('sec.agreement'),
      columns: 3,
      fields: [
        { field: 'agreementNo', readOnly: true, visible: "mode == 'update'" },
        {
          field: 'status',
          label: f('agreementStatus'),
          widget: 'select',
          options: AGREEMENT_STATUS,
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
        { field: 'compNo', label: f('supplier'), widget: 'company', required: true, maxLength: 10 },
        { field: 'title', required: true, maxLength: 200, span: 2 },
        {
          field: 'currency',
          widget: 'select',
          codeGroup: 'CURRENCY',
          emptyOption: 'none',
          required: true,
          default: 'KRW',
        },
        { field: 'validFrom', widget: 'date', required: true },
        { field: 'validTo', widget: 'date', required: true },
        { field: 'ceilingAmount', widget: 'number', mask: 'numComma', help: t('h.ceiling') },
        {
          field: 'callOffPolicy',
          widget: 'select',
          options: AGREEMENT_POLICY,
          emptyOption: 'none',
          default: 'REFUSE',
          help: t('h.callOffPolicy'),
        },
        { field: 'contractNo', maxLength: 30 },
        { field: 'remark', widget: 'textarea', rows: 2, maxLength: 1000, span: 3 },
      ],
    },
    {
      title: t('sec.progress'),
      columns: 3,
      visible: "mode == 'update'",
      fields: [
        { field: 'buyerName', label: f('buyer'), readOnly: true },
        { field: 'orderedAmount', widget: 'money', readOnly: true },
        { field: 'remainingAmount', widget: 'money', readOnly: true, visible: '!empty(form.remainingAmount)' },
        { field: 'currentApproverName', readOnly: true, visible: '!empty(form.currentApproverName)' },
        { field: 'approvedAt', widget: 'datetime', readOnly: true },
        { field: 'sourceNo', readOnly: true, visible: '!empty(form.sourceNo)' },
        { field: 'terminateReason', readOnly: true, visible: '!empty(form.terminateReason)' },
      ],
    },
    linkageSection('staff'),
  ],
  details: [
    {
      id: 'lines',
      title: t('d.agreementLines'),
      rowKey: 'lineNo',
      canAdd: DRAFT,
      canDelete: DRAFT,
      minRows: 1,
      // The save sends the lines (createAgreement/updateAgreement require them): a draft is saved whole, a
      // free-text line's spec (no column: it came from the award) with it.
      send: ['itemCode', 'itemName', 'spec', 'unitCode', 'unitPrice', 'agreedQty'],
      omitBlank: true,
      columns: [
        { field: 'lineNo', type: 'number', width: 60 },
        { field: 'itemCode', width: 130, editable: DRAFT },
        { field: 'itemName', width: 200, editable: DRAFT },
        { field: 'unitCode', width: 70, editable: DRAFT },
        { field: 'unitPrice', type: 'number', exact: true, width: 110, editable: DRAFT, required: true },
        { field: 'agreedQty', type: 'number', exact: true, width: 100, editable: DRAFT },
        { field: 'orderedQty', type: 'number', width: 100 },
        { field: 'remainingQty', type: 'number', width: 100 },
        { field: 'orderedAmount', type: 'money', width: 130 },
      ],
    },
    PRICE_HISTORY,
    {
      id: 'callOffs',
      title: t('d.callOffs'),
      rowKey: 'poNo',
      visible: '!empty(form.callOffs)',
      canAdd: false,
      canDelete: false,
      visibleRows: 5,
      columns: [
        { field: 'poNo', width: 140, link: { screen: 'purchaseOrder.orderRequestEdit', query: { poNo: 'row.poNo' } } },
        { field: 'poDate', type: 'date', width: 100 },
        { field: 'status', label: f('poStatus'), type: 'code', codeGroup: 'PO_STATUS', width: 100 },
        { field: 'agreementLineNo', type: 'number', width: 80 },
        { field: 'itemName', width: 180 },
        { field: 'quantity', type: 'number', width: 90 },
        { field: 'amount', type: 'money', width: 130 },
        { field: 'receivedQty', type: 'number', width: 90 },
        { field: 'agreementException', width: 260 },
      ],
    },
    // 연동 조정 제안 (the daily job's) with the formula's numbers; 수락 / 반려 below.
    ...PROPOSAL_DETAILS,
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
  ],
  actions: [
    { kind: 'back', label: t('a.list') },
    // The agreement's e-contract: its detail, read under the contract menu's own authority.
    {
      kind: 'navigate',
      id: 'contract',
      label: t('a.agreementContract'),
      requires: 'read',
      visible: "mode == 'update' && !empty(form.contractNo)",
      route: '/contract/contractDetail',
      query: { contractNo: 'form.contractNo' },
    },
    {
      kind: 'save',
      id: 'save',
      label: t('a.save'),
      operation: 'createAgreement',
      updateOperation: 'updateAgreement',
      visible: DRAFT,
      variant: 'primary',
    },
    LINKAGE_ACTION,
    ...PROPOSAL_ACTIONS,
    {
      kind: 'workflow',
      id: 'submit',
      label: t('a.submit'),
      operation: 'submitAgreement',
      visible: can('submit'),
      variant: 'primary',
      confirm: t('confirmSubmit'),
      success: t('done.submitted'),
      params: { path: { agreementNo: 'form.agreementNo' }, body: { version: 'form.version' } },
      then: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'withdraw',
      label: t('a.withdraw'),
      operation: 'withdrawAgreement',
      visible: can('withdraw'),
      confirm: t('confirmWithdraw'),
      success: t('done.withdrawn'),
      params: { path: { agreementNo: 'form.agreementNo' }, body: { version: 'form.version' } },
      then: ['reloadRecord'],
    },
    {
      kind: 'delete',
      id: 'delete',
      label: t('a.delete'),
      operation: 'deleteAgreement',
      visible: can('delete'),
      variant: 'danger',
      confirm: t('confirmDeleteAgreement'),
      success: t('done.deleted'),
      params: { path: { agreementNo: 'form.agreementNo' }, query: { version: 'form.version' } },
    },
    {
      kind: 'workflow',
      id: 'approve',
      label: t('a.approve'),
      operation: 'approveApproval',
      visible: can('approve'),
      variant: 'primary',
      success: t('done.approved'),
      prompt: { title: t('p.approveTitle'), fields: [comment] },
      params: {
        path: { approvalId: 'form.pendingApprovalId' },
        body: { version: 'form.pendingApprovalVersion', comment: 'input.comment' },
      },
      then: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'reject',
      label: t('a.reject'),
      operation: 'rejectApproval',
      visible: can('reject'),
      variant: 'danger',
      success: t('done.rejected'),
      prompt: {
        title: t('p.rejectTitle'),
        message: t('p.rejectMessage'),
        fields: [{ ...comment, label: t('p.rejectComment'), required: true }],
      },
      params: {
        path: { approvalId: 'form.pendingApprovalId' },
        body: { version: 'form.pendingApprovalVersion', comment: 'input.comment' },
      },
      then: ['reloadRecord'],
    },
    {
      kind: 'open',
      id: 'callOff',
      label: t('a.callOff'),
      screen: 'purchaseOrder.agreementCallOff',
      dialog: true,
      requires: 'write',
      variant: 'primary',
      visible: can('callOff'),
      query: { agreementNo: 'form.agreementNo' },
    },
    CHANGE_PRICES_ACTION,
    {
      kind: 'workflow',
      id: 'terminate',
      label: t('a.terminateAgreement'),
      operation: 'terminateAgreement',
      visible: can('terminate'),
      variant: 'danger',
      success: t('done.terminated'),
      prompt: {
        title: t('p.terminateTitle'),
        fields: [
          {
            field: 'reason',
            label: t('p.terminateReason'),
            widget: 'textarea',
            rows: 3,
            maxLength: 500,
            required: true,
          },
        ],
      },
      params: { path: { agreementNo: 'form.agreementNo' }, body: { version: 'form.version', reason: 'input.reason' } },
      then: ['reloadRecord'],
    },
  ],
});
