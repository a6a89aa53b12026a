import { defineListScreen } from '../../engine/define';

const T = (n: string) => `screen.budget.${n}`;
const F = (n: string) => `screen.budget.field.${n}`;

const won = <F extends string>(field: F) => ({
  field,
  type: 'money' as const,
  currency: 'KRW' as const,
  width: 130,
  total: 'sum' as const,
});

/**
 * /budget/budgetReport (구매관리 › 예산현황): budget against pre-committed, committed, actual and
 * available — by department × account × month, summed over the months, or per month — every
 * figure a sum of the budget lines and the ledger (getBudgetReport). A bar or a row opens the
 * ledger rows behind it, each naming its document.
 */
const drill = {
  screen: 'budget.budgetLedger',
  dialog: true,
  query: { fiscalYear: 'row.fiscalYear', month: 'row.month', deptcd: 'row.deptcd', accountCode: 'row.accountCode' },
};

export default defineListScreen({
  id: 'budget.budgetReport',
  route: '/budget/budgetReport',
  title: T('budgetReport.title'),
  labels: 'screen.budget.field',
  source: { operation: 'getBudgetReport', rowKey: 'key', pageSize: 500 },
  filters: [
    { field: 'fiscalYear', mask: 'onlynum', maxLength: 4, placeholder: T('budgetReport.thisYear') },
    {
      field: 'by',
      widget: 'select',
      emptyOption: 'none',
      default: 'month',
      options: [
        { value: 'month', text: T('by.month') },
        { value: 'deptAccount', text: T('by.deptAccount') },
        { value: 'detail', text: T('by.detail') },
      ],
    },
    { field: 'deptcd', label: F('dept'), widget: 'department' },
    { field: 'accountCode', widget: 'select', codeGroup: 'BUDGET_ACCOUNT' },
  ],
  rememberFilters: true,
  totals: true,
  chart: {
    kind: 'bar',
    x: 'label',
    series: [
      { field: 'budget' },
      { field: 'preCommitted' },
      { field: 'committed' },
      { field: 'actual' },
      { field: 'available' },
    ],
    limit: 24,
    drill,
  },
  columns: [
    { field: 'label', width: 240, link: drill, total: { label: 'engine.totalLabel' } },
    won('budget'),
    // The approved transfers behind the figure: the transfer list of the row's keys (either side).
    {
      ...won('transferred'),
      link: {
        screen: 'budget.budgetTransfer',
        dialog: true,
        query: {
          fiscalYear: 'row.fiscalYear',
          month: 'row.month',
          deptcd: 'row.deptcd',
          accountCode: 'row.accountCode',
          status: "'APPROVED'",
        },
      },
    },
    won('preCommitted'),
    won('committed'),
    won('actual'),
    won('available'),
  ],
  actions: [{ kind: 'exportExcel', fileName: T('budgetReport.title') }],
});
