import { defineEditScreen } from '../../engine/define';
import { APPROVAL_STEP_COLUMNS } from '../purchase-order/labels';

const T = (n: string) => `screen.budget.${n}`;
const F = (n: string) => `screen.budget.field.${n}`;
const STATUS = ['IN_APPROVAL', 'APPROVED', 'REJECTED', 'CANCELLED'].map((s) => ({
  value: s,
  text: T(`transferStatus.${s}`),
}));
const may = (action: string) => `contains(form.actions, '${action}')`;

/**
 * A budget transfer as a document (a dialog of /budget/budgetTransfer; docs/budget.md "Transfers"):
 * what moves from where to where, what the source has available now, and its approval line — every
 * step of every round, who approved or rejected when, with the comment — in the approval grid the
 * order and LOI documents show (APPROVAL_STEP_COLUMNS). The approver whose turn it is approves or
 * rejects here too; the buttons are the server's (`actions`).
 */
export default defineEditScreen({
  id: 'budget.budgetTransferView',
  title: T('budgetTransferView.title'),
  labels: 'screen.budget.field',
  menu: '/budget/budgetTransfer',
  key: ['transferNo'],
  load: { operation: 'getBudgetTransfer', params: { path: { transferNo: 'query.transferNo' } } },
  confirmLeave: false,
  sections: [
    {
      columns: 3,
      fields: [
        { field: 'transferNo', readOnly: 'true' },
        { field: 'status', label: F('transferStatus'), widget: 'select', options: STATUS, readOnly: 'true' },
        { field: 'fiscalYear', readOnly: 'true' },
        { field: 'fromText', readOnly: 'true', span: 3 },
        { field: 'toText', readOnly: 'true', span: 3 },
        { field: 'amount', label: F('transferAmount'), mask: 'numComma', readOnly: 'true' },
        { field: 'fromAvailable', label: T('budgetTransferView.fromAvailable'), mask: 'numComma', readOnly: 'true' },
        { field: 'currentApproverName', readOnly: 'true' },
        { field: 'requesterName', readOnly: 'true' },
        { field: 'requestedAt', widget: 'datetime', readOnly: 'true' },
        { field: 'approvedAt', widget: 'datetime', readOnly: 'true' },
        { field: 'reason', widget: 'textarea', rows: 2, readOnly: 'true', span: 3 },
        {
          field: 'cancelReason',
          widget: 'textarea',
          rows: 2,
          readOnly: 'true',
          span: 3,
          visible: '!empty(form.cancelReason)',
        },
      ],
    },
  ],
  details: [
    {
      id: 'approvalSteps',
      title: T('budgetTransferView.approvalSteps'),
      rowKey: 'stepKey',
      canAdd: false,
      canDelete: false,
      visibleRows: 5,
      columns: APPROVAL_STEP_COLUMNS,
    },
  ],
  actions: [
    {
      kind: 'call',
      id: 'approve',
      label: T('budgetTransfer.approve'),
      variant: 'primary',
      operation: 'approveApproval',
      visible: may('approve'),
      confirm: T('budgetTransfer.approveConfirm'),
      params: { path: { approvalId: 'form.pendingApprovalId' }, body: { version: 'form.pendingApprovalVersion' } },
      success: T('budgetTransfer.approved'),
      then: ['reload'],
    },
    {
      kind: 'call',
      id: 'reject',
      label: T('budgetTransfer.reject'),
      variant: 'danger',
      operation: 'rejectApproval',
      visible: may('reject'),
      prompt: {
        fields: [
          { field: 'comment', label: F('rejectComment'), widget: 'textarea', rows: 3, required: true, maxLength: 1000 },
        ],
      },
      params: {
        path: { approvalId: 'form.pendingApprovalId' },
        body: { version: 'form.pendingApprovalVersion', comment: 'input.comment' },
      },
      success: T('budgetTransfer.rejected'),
      then: ['reload'],
    },
    { kind: 'close', label: T('budgetUpload.close') },
  ],
});
