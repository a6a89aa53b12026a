import { defineListScreen } from '../../engine/define';

const T = (n: string) => `screen.budget.${n}`;
const options = (group: string, values: string[]) => values.map((value) => ({ value, text: T(`${group}.${value}`) }));
const DOC_TYPES = options('ledgerDocType', ['PR', 'PO', 'LOI']);
const KINDS = options('ledgerKind', ['PRE_COMMIT', 'COMMIT', 'ACTUAL']);
const EVENTS = options('ledgerEvent', ['APPROVE', 'ORDER', 'CHANGE', 'RECEIPT', 'CANCEL', 'RETURN', 'RELEASE']);

/** The ledger rows behind a figure of the budget report (a dialog of /budget/budgetReport): every movement with its document. */
export default defineListScreen({
  id: 'budget.budgetLedger',
  title: T('budgetLedger.title'),
  labels: 'screen.budget.field',
  menu: '/budget/budgetReport',
  source: { operation: 'listBudgetLedger', rowKey: 'entryId', pageSize: 200 },
  filters: [
    { field: 'fiscalYear', mask: 'onlynum', maxLength: 4 },
    { field: 'month', mask: 'onlynum', maxLength: 2 },
    { field: 'deptcd', label: 'screen.budget.field.dept', widget: 'department' },
    { field: 'accountCode', widget: 'select', codeGroup: 'BUDGET_ACCOUNT' },
    { field: 'docNo' },
  ],
  columns: [
    { field: 'createdAt', type: 'datetime', width: 140 },
    { field: 'docType', type: 'code', options: DOC_TYPES, width: 70 },
    { field: 'docNo', width: 130 },
    { field: 'lineNo', type: 'number', width: 50 },
    { field: 'deptnm', width: 130 },
    { field: 'accountName', width: 90 },
    { field: 'month', type: 'number', width: 50 },
    { field: 'kind', type: 'code', options: KINDS, width: 120 },
    { field: 'event', type: 'code', options: EVENTS, width: 80 },
    { field: 'amount', type: 'money', currency: 'KRW', width: 120, total: 'sum' },
    { field: 'createdBy', width: 90 },
  ],
  visibleRows: 12,
  // The whole filtered ledger as .xlsx; past the grid's limit the server writes it as an export job.
  actions: ['search', { kind: 'exportExcel', fileName: T('budgetLedger.title'), sheetName: '예산 원장' }],
});
