import { defineListScreen } from '../../engine/define';

const f = (name: string) => `screen.settlement.field.${name}`;

/**
 * /adjustSearch — the history of settlement adjustments (정산조정 이력), every state: what was
 * proposed on which supplier-month, by whom, and who approved, rejected or withdrew it. Pending
 * ones (승인요청) can be approved here in bulk, or rejected with a comment; a number opens the
 * adjustment, a settlement number the supplier-month.
 */
export default defineListScreen({
  id: 'settlement.adjustSearch',
  route: '/adjustSearch',
  title: 'screen.settlement.adjustSearch.title',
  labels: 'screen.settlement.field',
  description: 'Settlement adjustments of every state; approve or reject pending ones.',
  source: { operation: 'listAdjustments', rowKey: 'adjNo', defaultSort: 'requestedAt:desc' },
  filters: [
    {
      field: 'requestedDates',
      label: f('requestedAt'),
      widget: 'dateRange',
      default: { preset: 'last3Months' },
      span: 2,
    },
    { field: 'status', label: f('adjStatus'), widget: 'multiSelect', codeGroup: 'ADJUST_STATUS' },
    { field: 'periods', label: f('period'), widget: 'monthRange', span: 2 },
    { field: 'compName', maxLength: 100 },
    { field: 'settleNo', maxLength: 20 },
    { field: 'adjNo', maxLength: 20 },
  ],
  rememberFilters: true,
  totals: true,
  columns: [
    { field: 'adjNo', width: 130, link: { screen: 'settlement.adjustment', query: { adjNo: 'row.adjNo' } } },
    { field: 'status', label: f('adjStatus'), type: 'code', codeGroup: 'ADJUST_STATUS', width: 90 },
    {
      field: 'settleNo',
      width: 130,
      link: { screen: 'settlement.monthlyCalcADetail', query: { settleNo: 'row.settleNo' } },
    },
    { field: 'period', type: 'month', width: 80 },
    { field: 'compNo', width: 80 },
    { field: 'compName', width: 160 },
    { field: 'settlementStatus', label: f('settleStatus'), type: 'code', codeGroup: 'SETTLE_STATUS', width: 100 },
    { field: 'amount', label: f('adjAmount'), type: 'money', currency: 'KRW', width: 110, total: 'sum' },
    { field: 'reason', label: f('adjReason'), width: 240 },
    { field: 'requestedByName', label: f('requestedBy'), width: 90 },
    { field: 'requestedAt', type: 'datetime', width: 130 },
    { field: 'decidedByName', label: f('decidedBy'), width: 90 },
    { field: 'decidedAt', type: 'datetime', width: 130 },
    { field: 'decisionComment', width: 200 },
  ],
  selection: 'multi',
  rowOpen: { screen: 'settlement.adjustment', query: { adjNo: 'row.adjNo' } },
  actions: [
    {
      kind: 'navigate',
      id: 'new',
      label: 'screen.settlement.action.newAdjustment',
      variant: 'primary',
      screen: 'settlement.adjustment',
      requires: 'write',
    },
    {
      kind: 'call',
      id: 'approve',
      label: 'screen.settlement.action.approveAdjustment',
      operation: 'approveAdjustment',
      selection: 'multi',
      enabled: "all(rows, 'status', 'REQUESTED')",
      confirm: 'screen.settlement.confirm.approveAdjustments',
      params: { path: { adjNo: 'row.adjNo' }, body: { version: 'row.version' } },
    },
    {
      kind: 'call',
      id: 'reject',
      label: 'screen.settlement.action.rejectAdjustment',
      variant: 'danger',
      operation: 'rejectAdjustment',
      selection: 'single',
      enabled: "row.status == 'REQUESTED'",
      prompt: {
        message: 'screen.settlement.confirm.rejectAdjustment',
        fields: [
          {
            field: 'comment',
            label: 'screen.settlement.field.rejectComment',
            widget: 'textarea',
            rows: 3,
            required: true,
            maxLength: 500,
          },
        ],
      },
      params: { path: { adjNo: 'row.adjNo' }, body: { version: 'row.version', comment: 'input.comment' } },
    },
    { kind: 'exportExcel', fileName: 'screen.settlement.adjustSearch.file' },
  ],
});
