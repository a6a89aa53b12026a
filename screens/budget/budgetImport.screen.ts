import { defineListScreen } from '../../engine/define';

const T = (n: string) => `screen.budget.budgetImport.${n}`;
const U = (n: string) => `screen.budget.budgetUpload.${n}`;
const SOURCE = ['EXCEL', 'ERP_HTTP', 'ERP_FILE'].map((v) => ({ value: v, text: `screen.budget.uploadSource.${v}` }));
const STATUS = ['APPLIED', 'REJECTED'].map((v) => ({ value: v, text: `screen.budget.uploadStatus.${v}` }));

/**
 * /budget/budgetImport (구매관리 › 예산관리 › 예산 연계): every budget upload and ERP import, newest
 * first — who or what sent it, when, the year, the rows and the outcome (docs/budget.md › ERP import).
 * 결과 보기 opens the upload's result dialog (its rows and errors).
 */
export default defineListScreen({
  id: 'budget.budgetImport',
  route: '/budget/budgetImport',
  title: T('title'),
  labels: 'screen.budget.field',
  source: { operation: 'listBudgetUploads', rowKey: 'batchId', pageSize: 100 },
  filters: [
    { field: 'fiscalYear', mask: 'onlynum', maxLength: 4 },
    { field: 'source', label: T('source'), widget: 'select', options: SOURCE },
    { field: 'status', label: U('status'), widget: 'select', options: STATUS },
  ],
  selection: 'single',
  columns: [
    { field: 'batchId', label: U('batchId'), width: 120 },
    { field: 'createdAt', type: 'datetime', width: 150 },
    { field: 'source', label: T('source'), type: 'code', options: SOURCE, width: 110 },
    { field: 'importKey', label: T('importKey'), width: 160 },
    { field: 'fiscalYear', width: 70 },
    { field: 'fileName', label: U('fileName'), width: 180 },
    { field: 'status', label: U('status'), type: 'code', options: STATUS, width: 80 },
    { field: 'rowsTotal', label: U('rowsTotal'), type: 'number', width: 70 },
    { field: 'countNew', label: U('countNew'), type: 'number', width: 60 },
    { field: 'countUpdate', label: U('countUpdate'), type: 'number', width: 60 },
    { field: 'countUnchanged', label: U('countUnchanged'), type: 'number', width: 80 },
    { field: 'countError', label: U('countError'), type: 'number', width: 60 },
    { field: 'createdByName', label: T('createdBy'), width: 110 },
    { field: 'failMessage', label: U('failMessage'), width: 240 },
  ],
  actions: [
    {
      kind: 'open',
      id: 'result',
      label: T('openResult'),
      screen: 'budget.budgetUpload',
      dialog: true,
      selection: 'single',
      query: { batchId: 'row.batchId' },
    },
    { kind: 'exportExcel', fileName: T('title') },
  ],
});
