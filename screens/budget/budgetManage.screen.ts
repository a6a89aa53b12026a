import { defineListScreen } from '../../engine/define';

const T = (n: string) => `screen.budget.${n}`;
const F = (n: string) => `screen.budget.field.${n}`;
/** Lines the ERP's dropped file wrote name no person (server: ERP_FILE_ACTOR): shown by what wrote them. */
const SYSTEM_ACTORS = [{ value: 'system:erp-file', text: T('systemActor.erpFile') }];

/**
 * /budget/budgetManage (구매관리 › 예산관리): budget lines per fiscal year, month, department and
 * account with what the ledger consumed and what is available; 예산 입력 adds or changes a line,
 * 금액 변경 changes the selected one with the version read (docs/budget.md).
 */
export default defineListScreen({
  id: 'budget.budgetManage',
  route: '/budget/budgetManage',
  title: T('budgetManage.title'),
  labels: 'screen.budget.field',
  source: { operation: 'listBudgetLines', rowKey: 'key', pageSize: 200, defaultSort: 'fiscalYear:desc' },
  filters: [
    { field: 'fiscalYear', mask: 'onlynum', maxLength: 4 },
    {
      field: 'month',
      widget: 'select',
      options: Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), text: `screen.budget.month.m${i + 1}` })),
    },
    { field: 'deptcd', label: F('dept'), widget: 'department' },
    { field: 'accountCode', widget: 'select', codeGroup: 'BUDGET_ACCOUNT' },
  ],
  rememberFilters: true,
  selection: 'single',
  columns: [
    { field: 'fiscalYear', width: 80, align: 'center' },
    { field: 'month', type: 'number', width: 60 },
    { field: 'deptcd', width: 90 },
    { field: 'deptnm', width: 160 },
    { field: 'accountName', width: 110 },
    { field: 'policy', width: 80 },
    { field: 'amount', type: 'money', currency: 'KRW', width: 140, total: 'sum' },
    { field: 'transferred', type: 'money', currency: 'KRW', width: 120, total: 'sum' },
    { field: 'consumed', type: 'money', currency: 'KRW', width: 140, total: 'sum' },
    { field: 'available', type: 'money', currency: 'KRW', width: 140, total: 'sum' },
    { field: 'updatedBy', type: 'code', options: SYSTEM_ACTORS, width: 110 },
    { field: 'updatedAt', type: 'datetime', width: 150 },
  ],
  actions: [
    {
      kind: 'call',
      id: 'newLine',
      label: T('budgetManage.newLine'),
      operation: 'saveBudgetLine',
      prompt: {
        title: T('budgetManage.newLine'),
        columns: 2,
        fields: [
          { field: 'fiscalYear', required: true, mask: 'onlynum', maxLength: 4, default: { year: 0 } },
          { field: 'month', required: true, mask: 'onlynum', maxLength: 2 },
          { field: 'deptcd', label: F('dept'), widget: 'department', required: true },
          { field: 'accountCode', widget: 'select', codeGroup: 'BUDGET_ACCOUNT', required: true },
          { field: 'amount', required: true, mask: 'numComma', maxLength: 25 },
        ],
      },
      params: {
        body: {
          fiscalYear: 'input.fiscalYear',
          month: 'input.month',
          deptcd: 'input.deptcd',
          accountCode: 'input.accountCode',
          amount: 'input.amount',
        },
      },
      success: T('budgetManage.saved'),
    },
    {
      kind: 'call',
      id: 'changeAmount',
      label: T('budgetManage.changeAmount'),
      operation: 'saveBudgetLine',
      enabled: 'selection == 1',
      prompt: {
        title: T('budgetManage.changeAmount'),
        fields: [{ field: 'amount', required: true, mask: 'numComma', maxLength: 25 }],
      },
      params: {
        body: {
          fiscalYear: 'row.fiscalYear',
          month: 'row.month',
          deptcd: 'row.deptcd',
          accountCode: 'row.accountCode',
          amount: 'input.amount',
          version: 'row.version',
        },
      },
      success: T('budgetManage.saved'),
    },
    {
      kind: 'open',
      id: 'upload',
      label: T('budgetManage.upload'),
      screen: 'budget.budgetUpload',
      dialog: true,
      requires: 'write',
      query: { fiscalYear: 'filters.fiscalYear' },
      then: ['reload'],
    },
    { kind: 'exportExcel', fileName: T('budgetManage.title') },
  ],
});
