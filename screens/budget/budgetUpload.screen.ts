import { defineEditScreen } from '../../engine/define';

const T = (n: string) => `screen.budget.budgetUpload.${n}`;
const RESULT = ['NEW', 'UPDATE', 'UNCHANGED', 'SKIPPED', 'ERROR'].map((v) => ({
  value: v,
  text: `screen.budget.uploadRow.${v}`,
}));
const STATUS = ['APPLIED', 'REJECTED'].map((v) => ({ value: v, text: `screen.budget.uploadStatus.${v}` }));

/**
 * The Excel upload of a year's budget (a dialog of /budget/budgetManage; docs/budget.md › Excel
 * upload). Before: the year, its workbook to download (the template: every key with its amount and
 * version), the filled workbook to attach. 올리기 checks every row and writes all of them or none:
 * the dialog then shows the result, each row's result and error, and the error workbook.
 */
export default defineEditScreen({
  id: 'budget.budgetUpload',
  title: T('title'),
  labels: 'screen.budget.field',
  menu: '/budget/budgetManage',
  key: ['batchId'],
  load: { operation: 'getBudgetUpload', params: { path: { uploadId: 'query.batchId' } } },
  confirmLeave: false,
  sections: [
    {
      columns: 2,
      fields: [
        {
          field: 'fiscalYear',
          required: true,
          mask: 'onlynum',
          maxLength: 4,
          default: { query: 'fiscalYear' },
          readOnly: "mode == 'update'",
        },
        {
          field: 'workbook',
          label: T('workbook'),
          widget: 'files',
          readOnly: 'true',
          visible: "mode == 'create'",
          valueFrom: {
            operation: 'getBudgetWorkbookFiles',
            params: { path: { fiscalYear: 'form.fiscalYear' } },
            value: 'files',
          },
        },
      ],
    },
    {
      title: T('result'),
      visible: "mode == 'update'",
      columns: 4,
      fields: [
        { field: 'batchId', label: T('batchId'), readOnly: 'true' },
        { field: 'fileName', label: T('fileName'), readOnly: 'true', span: 3 },
        { field: 'status', label: T('status'), widget: 'select', options: STATUS, readOnly: 'true' },
        { field: 'rowsTotal', label: T('rowsTotal'), readOnly: 'true' },
        { field: 'countNew', label: T('countNew'), readOnly: 'true' },
        { field: 'countUpdate', label: T('countUpdate'), readOnly: 'true' },
        { field: 'countUnchanged', label: T('countUnchanged'), readOnly: 'true' },
        { field: 'countSkipped', label: T('countSkipped'), readOnly: 'true' },
        { field: 'countError', label: T('countError'), readOnly: 'true' },
        {
          field: 'failMessage',
          label: T('failMessage'),
          readOnly: 'true',
          span: 4,
          visible: '!empty(form.failMessage)',
        },
        {
          field: 'errorFiles',
          label: T('errorFile'),
          widget: 'files',
          readOnly: 'true',
          span: 2,
          visible: 'form.countError > 0',
          valueFrom: {
            operation: 'getBudgetUploadErrorFiles',
            params: { path: { uploadId: 'form.batchId' } },
            value: 'files',
          },
        },
      ],
    },
  ],
  details: [
    {
      id: 'rows',
      title: T('rows'),
      rowKey: 'rowNo',
      canAdd: false,
      canDelete: false,
      visibleRows: 10,
      visible: "mode == 'update'",
      load: {
        operation: 'listBudgetUploadRows',
        params: { path: { uploadId: 'form.batchId' }, query: { size: '500' } },
      },
      columns: [
        { field: 'rowNo', label: T('rowNo'), type: 'number', width: 50 },
        { field: 'result', label: T('rowResult'), type: 'code', options: RESULT, width: 80 },
        { field: 'errorColumns', label: T('errorColumns'), width: 100 },
        { field: 'errorText', label: T('errorText'), width: 300 },
        { field: 'fiscalYear', width: 60 },
        { field: 'month', width: 40 },
        { field: 'deptcd', width: 80 },
        { field: 'accountCode', width: 70 },
        { field: 'amount', type: 'number', width: 110 },
        { field: 'version', label: T('version'), width: 50 },
      ],
    },
  ],
  attachments: { field: 'fileId', kind: 'spreadsheet', label: T('file'), readOnly: "mode == 'update'" },
  actions: [
    {
      kind: 'save',
      id: 'upload',
      label: T('upload'),
      operation: 'uploadBudgetFromFile',
      visible: "mode == 'create'",
      variant: 'primary',
      confirm: T('confirmUpload'),
      params: { body: { fiscalYear: 'form.fiscalYear', fileId: 'form.fileId' } },
      success: T('done'),
      then: [],
    },
    { kind: 'close', label: T('close') },
  ],
});
