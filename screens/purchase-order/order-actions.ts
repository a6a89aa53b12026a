import type { EditScreenDef } from '../../engine/define';
import { REVISION_STATUS, f, t } from './labels';

/**
 * What orders and simple orders share on their edit screens (both are purchase orders on the
 * server: one workflow, one set of operations): the workflow buttons and the changes grid.
 */
type ActionDef = NonNullable<EditScreenDef['actions']>[number];
type DetailDef = NonNullable<EditScreenDef['details']>[number];
type FieldDef = NonNullable<EditScreenDef['sections']>[number]['fields'][number];

/**
 * What an order went beyond its framework agreement under the APPROVE policy (the server's
 * `agreementException`: every line off the agreed price or quantity, by line): shown, read only,
 * wherever the order is read — its approvers decide on this screen.
 */
export const AGREEMENT_EXCEPTION_FIELD: FieldDef = {
  field: 'agreementException',
  widget: 'textarea',
  rows: 2,
  span: 3,
  readOnly: true,
  visible: '!empty(form.agreementException)',
};

/** The server's `actions` (what the caller may do now) name the buttons to show. */
export const can = (action: string) => `contains(form.actions, '${action}')`;
const LINE_FIELDS_FOR_CHANGE = "['lineNo', 'quantity', 'unitPrice', 'deliveryDate']";

/**
 * Submit, approve / reject (the current approver; the confirmation is the spec's FORWARD_YN
 * message, chosen by `form.forwardCheck` — the getForwardYn answer), send, change (reason),
 * cancel (reason). Each reads the order again afterwards.
 */
export const ORDER_WORKFLOW_ACTIONS: ActionDef[] = [
  {
    kind: 'workflow',
    id: 'submit',
    label: t('a.submit'),
    operation: 'submitPo',
    visible: can('submit'),
    variant: 'primary',
    confirm: t('confirmSubmit'),
    success: t('done.submitted'),
    params: { path: { poNo: 'form.poNo' }, body: { version: 'form.version' } },
    then: ['reloadRecord'],
  },
  {
    kind: 'workflow',
    id: 'approveForwardY',
    label: t('a.approve'),
    operation: 'approveApproval',
    visible: `${can('approve')} && form.forwardCheck == 'Y'`,
    variant: 'primary',
    confirm: 'approval.forwardY',
    success: t('done.approved'),
    prompt: {
      title: t('p.approveTitle'),
      fields: [{ field: 'comment', label: t('p.comment'), widget: 'textarea', rows: 3, maxLength: 500 }],
    },
    params: {
      path: { approvalId: 'form.pendingApprovalId' },
      body: { version: 'form.pendingApprovalVersion', comment: 'input.comment' },
    },
    confirmRefusals: [{ code: 'BUDGET_WARN_CONFIRM', body: { confirmBudgetWarning: 'true' } }],
    then: ['reloadRecord'],
  },
  {
    kind: 'workflow',
    id: 'approveForwardN',
    label: t('a.approve'),
    operation: 'approveApproval',
    visible: `${can('approve')} && form.forwardCheck != 'Y'`,
    variant: 'primary',
    confirm: 'approval.forwardN',
    success: t('done.approved'),
    prompt: {
      title: t('p.approveTitle'),
      fields: [{ field: 'comment', label: t('p.comment'), widget: 'textarea', rows: 3, maxLength: 500 }],
    },
    params: {
      path: { approvalId: 'form.pendingApprovalId' },
      body: { version: 'form.pendingApprovalVersion', comment: 'input.comment' },
    },
    confirmRefusals: [{ code: 'BUDGET_WARN_CONFIRM', body: { confirmBudgetWarning: 'true' } }],
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
      fields: [
        { field: 'comment', label: t('p.rejectComment'), widget: 'textarea', rows: 3, maxLength: 500, required: true },
      ],
    },
    params: {
      path: { approvalId: 'form.pendingApprovalId' },
      body: { version: 'form.pendingApprovalVersion', comment: 'input.comment' },
    },
    then: ['reloadRecord'],
  },
  {
    kind: 'workflow',
    id: 'sendForwardN',
    label: t('a.send'),
    operation: 'sendPo',
    visible: `${can('send')} && form.forwardCheck != 'Y'`,
    variant: 'primary',
    confirm: t('confirmSendN'),
    success: t('done.sent'),
    params: { path: { poNo: 'form.poNo' }, body: { version: 'form.version' } },
    then: ['reloadRecord'],
  },
  {
    kind: 'workflow',
    id: 'sendForwardY',
    label: t('a.send'),
    operation: 'sendPo',
    visible: `${can('send')} && form.forwardCheck == 'Y'`,
    variant: 'primary',
    confirm: t('confirmSendY'),
    success: t('done.sent'),
    params: { path: { poNo: 'form.poNo' }, body: { version: 'form.version' } },
    then: ['reloadRecord'],
  },
  {
    kind: 'workflow',
    id: 'change',
    label: t('a.change'),
    operation: 'changePo',
    visible: can('change'),
    // The answer says which happened: in force at once, or proposed for approval (above the approved amount).
    success: t('done.changed'),
    successWhen: [{ when: "answer.changeOutcome == 'PROPOSED'", text: t('done.changeProposed') }],
    prompt: {
      title: t('p.changeTitle'),
      message: t('p.changeMessage'),
      fields: [
        { field: 'reason', label: t('p.changeReason'), widget: 'textarea', rows: 3, maxLength: 500, required: true },
      ],
    },
    params: {
      path: { poNo: 'form.poNo' },
      body: {
        version: 'form.version',
        reason: 'input.reason',
        dueDate: 'form.dueDate',
        lines: `pick(detail.lines.changed, ${LINE_FIELDS_FOR_CHANGE})`,
      },
    },
    confirmRefusals: [{ code: 'BUDGET_WARN_CONFIRM', body: { confirmBudgetWarning: 'true' } }],
    then: ['reloadRecord'],
  },
  {
    kind: 'workflow',
    id: 'cancel',
    label: t('a.cancel'),
    operation: 'cancelPo',
    visible: can('cancel'),
    variant: 'danger',
    success: t('done.cancelled'),
    prompt: {
      title: t('p.cancelTitle'),
      message: t('p.cancelMessage'),
      fields: [
        { field: 'reason', label: t('p.cancelReason'), widget: 'textarea', rows: 3, maxLength: 500, required: true },
      ],
    },
    params: { path: { poNo: 'form.poNo' }, body: { version: 'form.version', reason: 'input.reason' } },
    then: ['reloadRecord'],
  },
];

/** Changes after sending: what, before → after, who, when, why (the server's `changes`). */
export const CHANGES_DETAIL: DetailDef = {
  id: 'changes',
  title: t('d.changes'),
  rowKey: 'changeId',
  visible: '!empty(form.changes)',
  canAdd: false,
  canDelete: false,
  visibleRows: 5,
  columns: [
    { field: 'changeSeq', label: f('changeSeq'), type: 'number', width: 70 },
    { field: 'changedAt', label: f('changedAt'), type: 'datetime', width: 140 },
    { field: 'fieldName', label: f('fieldName'), width: 100 },
    { field: 'lineNo', label: f('lineNo'), type: 'number', width: 60 },
    { field: 'itemName', label: f('itemName'), width: 160 },
    { field: 'beforeText', label: f('beforeText'), width: 110 },
    { field: 'afterText', label: f('afterText'), width: 110 },
    { field: 'reason', label: f('changeReason'), width: 240 },
    { field: 'changedByName', label: f('changedByName'), width: 90 },
  ],
};

/** The revisions of a changed order (po_revision): in force, earlier, proposed for approval; the fields of each are in the changes grid under its change number. */
export const REVISIONS_DETAIL: DetailDef = {
  id: 'revisions',
  title: t('d.revisions'),
  rowKey: 'revision',
  visible: '!empty(form.revisions)',
  canAdd: false,
  canDelete: false,
  visibleRows: 4,
  columns: [
    { field: 'revision', label: f('revision'), type: 'number', width: 60 },
    { field: 'status', label: f('revisionStatus'), type: 'code', options: REVISION_STATUS, width: 90 },
    { field: 'totalAmount', label: f('totalAmount'), type: 'money', width: 130 },
    { field: 'reason', label: f('changeReason'), width: 220 },
    { field: 'approvalStatus', label: f('approvalStatus'), type: 'code', codeGroup: 'APPROVAL_STATUS', width: 90 },
    { field: 'changeSeq', label: f('changeSeq'), type: 'number', width: 70 },
    { field: 'createdAt', label: f('createdAt'), type: 'datetime', width: 140 },
    { field: 'acknowledgedAt', label: f('acknowledgedAt'), type: 'datetime', width: 140 },
  ],
};
