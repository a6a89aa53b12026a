import { defineEditScreen } from '../../engine/define';
import { HISTORY_ACTORS } from '../history-actors';

const F = (name: string) => `screen.purchaseRequest.field.${name}`;
const T = (name: string) => `screen.purchaseRequest.${name}`;

/** Approval step states (the approval's own steps; no common-code group holds them). */
const STEP_STATUS = ['WAITING', 'PENDING', 'APPROVED', 'REJECTED', 'SKIPPED'].map((value) => ({
  value,
  text: `option.purchaseRequest.stepStatus.${value}`,
}));

/** The document's history (audit actions of pr_header). */
const HISTORY_ACTIONS = [
  'CREATE',
  'UPDATE',
  'SUBMIT',
  'APPROVAL_STEP',
  'APPROVED',
  'REJECTED',
  'CANCEL',
  'RECEIVE',
  'RETURN',
  'REQUEST_QUOTE',
  'RFQ_CANCELLED',
  'ORDER',
].map((value) => ({
  value,
  text: `option.purchaseRequest.historyAction.${value}`,
}));

/** A line of the PR asks more of a STOP / WARN account than it has (getPrBudget). */
const BUDGET_SHORT = "some(detail.budget.rows, 'exceeds', 'STOP') || some(detail.budget.rows, 'exceeds', 'WARN')";
/** What is short, then what the user can do about it (ask for a transfer, or whom to ask): the server's sentences. */
const BUDGET_SHORT_LIST = "[pluck(detail.budget.rows, 'warning'), pluck(detail.budget.rows, 'nextStep')]";

/** The server's own decision: the buttons of the document's state and the caller's role (getPr `actions`). */
const may = (action: string) => `contains(form.actions, '${action}')`;

/**
 * /prEdit — create or edit a purchase request (구매요청): header, item lines (an item of the master
 * by its code — typing it fills name, specification, unit and sourcing group from the master — or
 * free text with a unit),
 * attachments; save with the version read (a stale one is refused with 409), submit for approval,
 * cancel with a reason. The approval rounds are shown step by step; the pending approver approves
 * or rejects with a comment here. Which buttons show is the server's answer (`actions`).
 */
export default defineEditScreen({
  id: 'purchaseRequest.prEdit',
  route: '/prEdit',
  title: 'screen.purchaseRequest.prEdit',
  labels: 'screen.purchaseRequest.field',
  key: ['prNo'],
  load: { operation: 'getPr', params: { path: { prNo: 'query.prNo' } } },
  // A submitted, approved or cancelled PR is read only; a draft or a rejected one is the requester's to edit.
  readOnly: `mode == 'update' && !${may('update')}`,
  sections: [
    {
      title: T('header'),
      columns: 3,
      fields: [
        { field: 'prNo', readOnly: true, visible: "mode == 'update'" },
        { field: 'status', widget: 'select', codeGroup: 'PR_STATUS', readOnly: true, visible: "mode == 'update'" },
        {
          field: 'approvalStatus',
          widget: 'select',
          codeGroup: 'APPROVAL_STATUS',
          readOnly: true,
          visible: "mode == 'update'",
        },
        { field: 'requesterName', readOnly: true, visible: "mode == 'update'" },
        { field: 'prDate', readOnly: true, visible: "mode == 'update'" },
        { field: 'buyerName', readOnly: true, visible: "mode == 'update' && !empty(form.buyerName)" },
        { field: 'title', required: true, maxLength: 200, span: 3 },
        {
          field: 'section',
          widget: 'businessSection',
          params: { topDept: 'section', sectionName: 'sectionName' },
          placeholder: T('sectionHelp'),
        },
        {
          field: 'deptcd',
          label: F('dept'),
          widget: 'department',
          params: { deptcd: 'deptcd', deptnm: 'deptnm' },
          placeholder: T('deptHelp'),
        },
        { field: 'desiredDate', widget: 'date', required: true },
        {
          field: 'currency',
          widget: 'select',
          codeGroup: 'CURRENCY',
          required: true,
          emptyOption: 'none',
          default: 'KRW',
        },
        { field: 'totalAmount', widget: 'money', readOnly: true, visible: "mode == 'update'" },
        { field: 'purpose', widget: 'textarea', rows: 3, maxLength: 1000, span: 3 },
        {
          field: 'rejectReason',
          widget: 'textarea',
          rows: 2,
          readOnly: true,
          span: 3,
          visible: '!empty(form.rejectReason)',
        },
        {
          field: 'cancelReason',
          widget: 'textarea',
          rows: 2,
          readOnly: true,
          span: 3,
          visible: '!empty(form.cancelReason)',
        },
      ],
    },
  ],
  details: [
    {
      id: 'lines',
      title: T('lines'),
      rowKey: 'lineNo',
      minRows: 1,
      maxRows: 200,
      visibleRows: 8,
      newRow: { quantity: 1 },
      send: [
        'itemCode',
        'itemName',
        'spec',
        'unitCode',
        'sgCode',
        'quantity',
        'estUnitPrice',
        'remark',
        'budgetAccount',
        'agreementNo',
        'agreementLineNo',
      ],
      // The item search popup (widgets/item-popup) adds a line from the item master; the agreement-line
      // popup a line "from agreement" (its item and agreed price; the server takes both from the agreement).
      addFrom: [
        {
          widget: 'item',
          label: T('itemSearch'),
          operation: 'listItems',
          categories: { operation: 'listItemCategories', value: 'catCode', text: 'label' },
          fill: ['itemCode', 'itemName', 'spec', 'unitCode', 'sgCode', 'sgName'],
        },
        {
          widget: 'agreementLine',
          label: T('agreementSearch'),
          operation: 'listValidAgreementLines',
          fill: {
            agreementNo: 'agreementNo',
            agreementLineNo: 'lineNo',
            itemCode: 'itemCode',
            itemName: 'itemName',
            unitCode: 'unitCode',
            estUnitPrice: 'unitPrice',
          },
        },
      ],
      columns: [
        { field: 'lineNo', type: 'number', width: 50 },
        {
          field: 'itemCode',
          label: F('itemCode'),
          width: 120,
          editable: true,
          maxLength: 20,
          // An item code of the master fills the line; the server takes the same from the master on saving.
          lookup: { operation: 'getPrItem', fill: ['itemName', 'spec', 'unitCode', 'sgCode', 'sgName'] },
        },
        { field: 'itemName', width: 200, editable: true, maxLength: 200 },
        { field: 'spec', width: 160, editable: true, maxLength: 300 },
        { field: 'unitCode', width: 60, editable: true, maxLength: 10 },
        { field: 'quantity', type: 'number', exact: true, width: 80, editable: true, required: true },
        { field: 'estUnitPrice', type: 'number', exact: true, width: 110, editable: true, required: true },
        { field: 'estAmount', type: 'money', currencyField: 'currency', width: 120 },
        { field: 'sgCode', width: 120, editable: true, maxLength: 20 },
        { field: 'sgName', width: 140 },
        { field: 'remark', width: 180, editable: true, maxLength: 300 },
        // The budget account the line is charged to: empty takes the one its item's category maps to.
        {
          field: 'budgetAccount',
          label: F('budgetAccount'),
          type: 'code',
          codeGroup: 'BUDGET_ACCOUNT',
          width: 110,
          editable: true,
        },
        { field: 'agreementNo', label: F('agreementNo'), width: 120 },
        { field: 'agreementLineNo', label: F('agreementLineNo'), type: 'number', width: 70 },
      ],
    },
    {
      id: 'approvalSteps',
      title: T('approvalSteps'),
      rowKey: 'stepKey',
      canAdd: false,
      canDelete: false,
      visibleRows: 5,
      visible: 'count(form.approvalSteps) > 0',
      columns: [
        { field: 'round', type: 'number', width: 60 },
        { field: 'stepNo', type: 'number', width: 60 },
        { field: 'approverName', width: 90 },
        { field: 'positionNm', width: 80 },
        { field: 'deptnm', width: 130 },
        { field: 'status', label: F('stepStatus'), type: 'code', options: STEP_STATUS, width: 80 },
        { field: 'comment', width: 240 },
        { field: 'actedAt', type: 'datetime', width: 140 },
        { field: 'onBehalfOfName', width: 100 },
        { field: 'approvalStatus', label: F('roundStatus'), type: 'code', codeGroup: 'APPROVAL_STATUS', width: 90 },
        { field: 'lineName', width: 160 },
      ],
    },
    {
      // What each saved line draws on (getPrBudget): its budget account and policy, the budget of the
      // PR's department and month, and what is available now — read before submitting.
      id: 'budget',
      title: T('budget'),
      rowKey: 'lineNo',
      canAdd: false,
      canDelete: false,
      visibleRows: 4,
      visible: "mode == 'update'",
      load: { operation: 'getPrBudget', params: { path: { prNo: 'form.prNo' } } },
      // A STOP / WARN line the PR's lines of its account overdraw: marked, with what is missing.
      highlight: '!empty(row.shortfall)',
      columns: [
        { field: 'lineNo', type: 'number', width: 50 },
        { field: 'itemName', width: 200 },
        { field: 'accountName', label: F('budgetAccount'), width: 110 },
        {
          field: 'policy',
          label: F('budgetPolicy'),
          type: 'code',
          options: ['STOP', 'WARN', 'IGNORE'].map((value) => ({
            value,
            text: `option.purchaseRequest.budgetPolicy.${value}`,
          })),
          width: 90,
        },
        { field: 'budget', label: F('budgetAmount'), type: 'money', currency: 'KRW', width: 130 },
        { field: 'available', label: F('budgetAvailable'), type: 'money', currency: 'KRW', width: 130 },
        { field: 'requested', label: F('budgetRequested'), type: 'money', currency: 'KRW', width: 130 },
        { field: 'shortfall', label: F('budgetShortfall'), type: 'money', currency: 'KRW', width: 130 },
        // Not shown, read by 결재 상신's warning.
        { field: 'exceeds', label: F('budgetPolicy'), hidden: true },
        { field: 'warning', label: F('budgetShortfall'), hidden: true },
        { field: 'nextStep', label: F('budgetNextStep'), hidden: true },
      ],
    },
    {
      id: 'history',
      title: T('history'),
      rowKey: 'at',
      canAdd: false,
      canDelete: false,
      visibleRows: 4,
      visible: "mode == 'update'",
      columns: [
        { field: 'at', type: 'datetime', width: 140 },
        { field: 'action', label: F('historyAction'), type: 'code', options: HISTORY_ACTIONS, width: 110 },
        { field: 'actorName', type: 'code', options: HISTORY_ACTORS, width: 100 },
        { field: 'reason', width: 360 },
      ],
    },
  ],
  attachments: { field: 'fileId', label: T('attachments') },
  actions: [
    { kind: 'back', requires: 'read' },
    {
      kind: 'workflow',
      id: 'approve',
      label: T('approve'),
      operation: 'approveApproval',
      variant: 'primary',
      visible: may('approve'),
      prompt: {
        title: T('approveTitle'),
        message: T('approveMessage'),
        fields: [{ field: 'comment', label: F('approveComment'), widget: 'textarea', rows: 3, maxLength: 1000 }],
      },
      // The approver sees the budget before deciding (every step, not only the last, which the budget refuses):
      // what is short, what the last approval will do, and what to do about it.
      warn: {
        when: BUDGET_SHORT,
        message: T('budgetShortApprove'),
        list: BUDGET_SHORT_LIST,
        link: { route: '/budget/budgetTransfer', label: T('budgetTransferLink') },
      },
      params: {
        path: { approvalId: 'form.pendingApprovalId' },
        body: { version: 'form.pendingApprovalVersion', comment: 'input.comment' },
      },
      // The PR over a WARN budget account: the approver is asked with the server's message, then it is sent again.
      confirmRefusals: [{ code: 'BUDGET_WARN_CONFIRM', body: { confirmBudgetWarning: 'true' } }],
      success: T('approved'),
      then: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'reject',
      label: T('reject'),
      operation: 'rejectApproval',
      variant: 'danger',
      visible: may('reject'),
      prompt: {
        title: T('rejectTitle'),
        message: T('rejectMessage'),
        fields: [
          { field: 'comment', label: F('rejectComment'), widget: 'textarea', rows: 4, maxLength: 1000, required: true },
        ],
      },
      params: {
        path: { approvalId: 'form.pendingApprovalId' },
        body: { version: 'form.pendingApprovalVersion', comment: 'input.comment' },
      },
      success: T('rejected'),
      then: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'cancel',
      label: T('cancelPr'),
      operation: 'cancelPr',
      variant: 'danger',
      visible: may('cancel'),
      prompt: {
        title: T('cancelTitle'),
        message: T('cancelMessage'),
        fields: [
          { field: 'reason', label: F('cancelReason'), widget: 'textarea', rows: 3, maxLength: 500, required: true },
        ],
      },
      params: { path: { prNo: 'form.prNo' }, body: { version: 'form.version', reason: 'input.reason' } },
      success: T('cancelled'),
      then: ['reloadRecord'],
    },
    {
      kind: 'save',
      operation: 'createPr',
      updateOperation: 'updatePr',
      visible: `mode == 'create' || ${may('update')}`,
    },
    {
      kind: 'workflow',
      id: 'submit',
      label: T('submit'),
      operation: 'submitPr',
      variant: 'primary',
      visible: may('submit'),
      enabled: '!screen.dirty',
      confirm: T('confirmSubmit'),
      // Over a STOP / WARN budget: asked here, with the approval's message and the way to 예산전용.
      warn: {
        when: BUDGET_SHORT,
        message: T('budgetShortConfirm'),
        list: BUDGET_SHORT_LIST,
        link: { route: '/budget/budgetTransfer', label: T('budgetTransferLink') },
      },
      params: { path: { prNo: 'form.prNo' }, body: { version: 'form.version' } },
      success: T('submitted'),
      then: ['reloadRecord'],
    },
  ],
});
