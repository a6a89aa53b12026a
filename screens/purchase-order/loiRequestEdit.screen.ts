import { defineEditScreen } from '../../engine/define';
import { APPROVAL_STEP_COLUMNS, HISTORY_COLUMNS, f, t } from './labels';
import { can } from './order-actions';

/**
 * /LoiRequestEdit — a letter of intent: supplier, scope, amount and validity while a draft;
 * submitted for approval by the LOI rule; the last approval issues it to the supplier, who
 * accepts it within its validity (or it expires). The acceptance and expiry show in the state,
 * the dates and the history; orders that follow an accepted LOI are listed.
 */
const DRAFT = `mode == 'create' || ${can('update')}`;
const comment = { field: 'comment', label: t('p.comment'), widget: 'textarea' as const, rows: 3, maxLength: 500 };

export default defineEditScreen({
  id: 'purchaseOrder.loiRequestEdit',
  route: '/LoiRequestEdit',
  title: t('loiRequestEdit'),
  labels: 'screen.purchaseOrder.f',
  key: ['loiNo'],
  load: { operation: 'getLoi', params: { path: { loiNo: 'query.loiNo' } } },
  readOnly: `!(${DRAFT})`,
  sections: [
    {
      title: t('sec.loi'),
      columns: 3,
      fields: [
        { field: 'loiNo', readOnly: true, visible: "mode == 'update'" },
        {
          field: 'status',
          label: f('loiStatus'),
          widget: 'select',
          codeGroup: 'LOI_STATUS',
          readOnly: true,
          visible: "mode == 'update'",
          help: t('h.validity'),
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
        { field: 'scope', widget: 'textarea', rows: 4, required: true, maxLength: 2000, span: 3 },
        {
          field: 'currency',
          widget: 'select',
          codeGroup: 'CURRENCY',
          emptyOption: 'none',
          required: true,
          default: 'KRW',
        },
        { field: 'amount', label: f('loiAmount'), widget: 'number', mask: 'numComma', required: true },
        { field: 'prNo', maxLength: 20 },
        { field: 'validFrom', widget: 'date', required: true },
        { field: 'validUntil', widget: 'date', required: true },
      ],
    },
    {
      title: t('sec.progress'),
      columns: 3,
      visible: "mode == 'update'",
      fields: [
        { field: 'buyerName', label: f('buyer'), readOnly: true },
        { field: 'currentApproverName', readOnly: true, visible: '!empty(form.currentApproverName)' },
        { field: 'issuedAt', widget: 'datetime', readOnly: true },
        { field: 'acceptedAt', widget: 'datetime', readOnly: true },
        { field: 'expiredAt', widget: 'datetime', readOnly: true, visible: '!empty(form.expiredAt)' },
        { field: 'cancelReason', readOnly: true, visible: '!empty(form.cancelReason)' },
      ],
    },
  ],
  details: [
    {
      id: 'orders',
      title: t('d.orders'),
      rowKey: 'poNo',
      visible: '!empty(form.orders)',
      canAdd: false,
      canDelete: false,
      visibleRows: 3,
      columns: [
        { field: 'poNo', width: 140, link: { screen: 'purchaseOrder.orderRequestEdit', query: { poNo: 'row.poNo' } } },
        { field: 'status', label: f('poStatus'), type: 'code', codeGroup: 'PO_STATUS', width: 100 },
        { field: 'totalAmount', type: 'money', width: 140 },
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
  attachments: { field: 'fileId', label: t('attachments') },
  actions: [
    { kind: 'back', label: t('a.list') },
    {
      kind: 'save',
      id: 'save',
      label: t('a.save'),
      operation: 'createLoi',
      updateOperation: 'updateLoi',
      visible: DRAFT,
      variant: 'primary',
      confirmRefusals: [{ code: 'BUDGET_WARN_CONFIRM', body: { confirmBudgetWarning: 'true' } }],
    },
    {
      kind: 'workflow',
      id: 'submit',
      label: t('a.submit'),
      operation: 'submitLoi',
      visible: can('submit'),
      variant: 'primary',
      confirm: t('confirmSubmit'),
      success: t('done.submitted'),
      params: { path: { loiNo: 'form.loiNo' }, body: { version: 'form.version' } },
      then: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'approve',
      label: t('a.approve'),
      operation: 'approveApproval',
      visible: can('approve'),
      variant: 'primary',
      confirm: t('confirmApproveLoi'),
      success: t('done.approved'),
      prompt: { title: t('p.approveTitle'), fields: [comment] },
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
        fields: [{ ...comment, label: t('p.rejectComment'), required: true }],
      },
      params: {
        path: { approvalId: 'form.pendingApprovalId' },
        body: { version: 'form.pendingApprovalVersion', comment: 'input.comment' },
      },
      then: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'cancel',
      label: t('a.cancelLoi'),
      operation: 'cancelLoi',
      visible: can('cancel'),
      variant: 'danger',
      success: t('done.cancelled'),
      prompt: {
        title: t('p.cancelTitle'),
        message: t('p.cancelLoiMessage'),
        fields: [
          { field: 'reason', label: t('p.cancelReason'), widget: 'textarea', rows: 3, maxLength: 500, required: true },
        ],
      },
      params: { path: { loiNo: 'form.loiNo' }, body: { version: 'form.version', reason: 'input.reason' } },
      then: ['reloadRecord'],
    },
  ],
});
