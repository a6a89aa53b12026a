import { defineListScreen } from '../../engine/define';

const T = (n: string) => `screen.budget.${n}`;
const F = (n: string) => `screen.budget.field.${n}`;

const months = Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), text: `screen.budget.month.m${i + 1}` }));

/**
 * /budget/budgetTransfer (구매관리 › 예산관리 › 예산전용): moving an amount from one budget line to
 * another of the same year, approved through the approval lines (the BUDGET rule). 전용 요청 asks
 * and submits at once; the approver whose turn it is approves or rejects the selected row here (or
 * from the home page's approval card, which links here); the requester may cancel one still in
 * approval. Nothing moves before the last approval (docs/budget.md "Transfers").
 */
export default defineListScreen({
  id: 'budget.budgetTransfer',
  route: '/budget/budgetTransfer',
  title: T('budgetTransfer.title'),
  labels: 'screen.budget.field',
  source: { operation: 'listBudgetTransfers', rowKey: 'transferNo', pageSize: 200, defaultSort: 'transferNo:desc' },
  filters: [
    { field: 'fiscalYear', mask: 'onlynum', maxLength: 4 },
    { field: 'month', widget: 'select', options: months },
    {
      field: 'status',
      label: F('transferStatus'),
      widget: 'select',
      options: ['IN_APPROVAL', 'APPROVED', 'REJECTED', 'CANCELLED'].map((s) => ({
        value: s,
        text: T(`transferStatus.${s}`),
      })),
    },
    { field: 'deptcd', label: F('dept'), widget: 'department' },
    { field: 'accountCode', widget: 'select', codeGroup: 'BUDGET_ACCOUNT' },
    { field: 'transferNo' },
  ],
  selection: 'single',
  columns: [
    { field: 'transferNo', width: 130 },
    {
      field: 'status',
      label: F('transferStatus'),
      type: 'code',
      width: 80,
      options: ['IN_APPROVAL', 'APPROVED', 'REJECTED', 'CANCELLED'].map((s) => ({
        value: s,
        text: T(`transferStatus.${s}`),
      })),
    },
    { field: 'fiscalYear', width: 70 },
    { field: 'fromText', width: 220 },
    { field: 'toText', width: 220 },
    { field: 'amount', label: F('transferAmount'), type: 'money', currency: 'KRW', width: 130 },
    { field: 'reason', width: 220 },
    { field: 'requesterName', width: 90 },
    { field: 'requestedAt', type: 'datetime', width: 140 },
    { field: 'currentApproverName', width: 100 },
    { field: 'approvedAt', type: 'datetime', width: 140 },
  ],
  actions: [
    {
      kind: 'call',
      id: 'request',
      label: T('budgetTransfer.request'),
      variant: 'primary',
      operation: 'requestBudgetTransfer',
      prompt: {
        title: T('budgetTransfer.request'),
        message: T('budgetTransfer.requestHelp'),
        columns: 2,
        fields: [
          { field: 'fiscalYear', required: true, mask: 'onlynum', maxLength: 4, span: 2, default: { year: 0 } },
          { field: 'fromDeptcd', widget: 'department', required: true },
          { field: 'toDeptcd', widget: 'department', required: true },
          { field: 'fromAccount', widget: 'select', codeGroup: 'BUDGET_ACCOUNT', required: true },
          { field: 'toAccount', widget: 'select', codeGroup: 'BUDGET_ACCOUNT', required: true },
          { field: 'fromMonth', widget: 'select', options: months, required: true },
          { field: 'toMonth', widget: 'select', options: months, required: true },
          { field: 'amount', label: F('transferAmount'), required: true, mask: 'numComma', maxLength: 25, span: 2 },
          { field: 'reason', widget: 'textarea', rows: 3, required: true, maxLength: 500, span: 2 },
        ],
      },
      params: {
        body: {
          fiscalYear: 'input.fiscalYear',
          fromMonth: 'input.fromMonth',
          fromDeptcd: 'input.fromDeptcd',
          fromAccount: 'input.fromAccount',
          toMonth: 'input.toMonth',
          toDeptcd: 'input.toDeptcd',
          toAccount: 'input.toAccount',
          amount: 'input.amount',
          reason: 'input.reason',
        },
      },
      success: T('budgetTransfer.requested'),
    },
    {
      kind: 'call',
      id: 'approve',
      label: T('budgetTransfer.approve'),
      operation: 'approveApproval',
      enabled: "selection == 1 && contains(row.actions, 'approve')",
      confirm: T('budgetTransfer.approveConfirm'),
      params: { path: { approvalId: 'row.pendingApprovalId' }, body: { version: 'row.pendingApprovalVersion' } },
      success: T('budgetTransfer.approved'),
    },
    {
      kind: 'call',
      id: 'reject',
      label: T('budgetTransfer.reject'),
      variant: 'danger',
      operation: 'rejectApproval',
      enabled: "selection == 1 && contains(row.actions, 'reject')",
      prompt: {
        fields: [
          { field: 'comment', label: F('rejectComment'), widget: 'textarea', rows: 3, required: true, maxLength: 1000 },
        ],
      },
      params: {
        path: { approvalId: 'row.pendingApprovalId' },
        body: { version: 'row.pendingApprovalVersion', comment: 'input.comment' },
      },
      success: T('budgetTransfer.rejected'),
    },
    {
      kind: 'call',
      id: 'cancel',
      label: T('budgetTransfer.cancel'),
      operation: 'cancelBudgetTransfer',
      enabled: "selection == 1 && contains(row.actions, 'cancel')",
      prompt: {
        fields: [
          { field: 'reason', label: F('cancelReason'), widget: 'textarea', rows: 3, required: true, maxLength: 500 },
        ],
      },
      params: { path: { transferNo: 'row.transferNo' }, body: { version: 'row.version', reason: 'input.reason' } },
      success: T('budgetTransfer.cancelled'),
    },
    // The transfer as a document: its approval line step by step (budgetTransferView).
    {
      kind: 'open',
      id: 'detail',
      label: T('budgetTransfer.detail'),
      screen: 'budget.budgetTransferView',
      dialog: true,
      selection: 'single',
      query: { transferNo: 'row.transferNo' },
      then: ['reload'],
    },
    { kind: 'exportExcel', fileName: T('budgetTransfer.title') },
  ],
});
