import { defineEditScreen } from '../../engine/define';

const F = (n: string) => `screen.items.field.${n}`;
const T = (n: string) => `screen.items.${n}`;
const STATUS = ['RECEIVED', 'PARSING', 'CHECKED', 'FAILED', 'APPLYING', 'APPLIED', 'REPLACED'].map((v) => ({
  value: v,
  text: `option.itemUpload.${v}`,
}));

/**
 * /itemExcelUpDetail — without batchId: download the template, attach the filled workbook and
 * upload it (answered at once; a worker reads it). With batchId: progress (rows read / checked,
 * 새로고침 to follow it; the screen can be left and opened again), each row's result, the
 * error workbook, 다시 올리기 (a corrected file replaces this batch) and 반영 (once).
 */
export default defineEditScreen({
  id: 'items.itemExcelUpDetail',
  route: '/itemExcelUpDetail',
  title: T('itemExcelUpDetail'),
  labels: 'screen.items.field',
  key: ['batchId'],
  load: { operation: 'getItemUpload', params: { path: { batchId: 'query.batchId' } } },
  confirmLeave: false,
  sections: [
    {
      title: T('uploadFile'),
      visible: "mode == 'create'",
      columns: 2,
      fields: [
        {
          field: 'template',
          label: T('template'),
          widget: 'files',
          readOnly: 'true',
          valueFrom: { operation: 'getItemUploadTemplateFiles', value: 'files' },
        },
      ],
    },
    {
      title: T('batch'),
      visible: "mode == 'update'",
      columns: 4,
      fields: [
        { field: 'batchId', readOnly: 'true' },
        { field: 'fileName', readOnly: 'true', span: 2 },
        { field: 'status', label: F('uploadStatus'), widget: 'select', options: STATUS, readOnly: 'true' },
        { field: 'progress', readOnly: 'true' },
        { field: 'rowsTotal', readOnly: 'true' },
        { field: 'rowsRead', readOnly: 'true' },
        { field: 'rowsChecked', readOnly: 'true' },
        { field: 'countNew', readOnly: 'true' },
        { field: 'countUpdate', readOnly: 'true' },
        { field: 'countUnchanged', readOnly: 'true' },
        { field: 'countError', readOnly: 'true' },
        { field: 'failMessage', readOnly: 'true', span: 4, visible: '!empty(form.failMessage)' },
        { field: 'replaces', readOnly: 'true', visible: '!empty(form.replaces)' },
        { field: 'replacedBy', readOnly: 'true', visible: '!empty(form.replacedBy)' },
        { field: 'appliedAt', widget: 'datetime', readOnly: 'true', visible: '!empty(form.appliedAt)' },
        {
          field: 'errorFiles',
          label: T('errorFile'),
          widget: 'files',
          readOnly: 'true',
          span: 2,
          visible: 'form.countError > 0',
          valueFrom: {
            operation: 'getItemUploadErrorFiles',
            params: { path: { batchId: 'form.batchId' } },
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
      visibleRows: 12,
      visible: "mode == 'update'",
      load: {
        operation: 'listItemUploadRows',
        params: { path: { batchId: 'form.batchId' }, query: { size: '500', sort: "'result:asc'" } },
      },
      columns: [
        { field: 'rowNo', type: 'number', width: 60 },
        {
          field: 'result',
          type: 'code',
          options: ['NEW', 'UPDATE', 'UNCHANGED', 'ERROR'].map((v) => ({
            value: v,
            text: `option.itemUploadRow.${v}`,
          })),
          width: 80,
        },
        { field: 'errorColumns', width: 110 },
        { field: 'errorText', width: 320 },
        { field: 'itemCode', width: 120 },
        { field: 'itemName', width: 160 },
        { field: 'spec', width: 140 },
        { field: 'catCode', width: 90 },
        { field: 'unitCode', width: 60 },
        { field: 'refPrice', type: 'number', width: 90 },
      ],
    },
  ],
  attachments: { field: 'fileId', kind: 'spreadsheet', label: T('uploadFile'), readOnly: "mode == 'update'" },
  actions: [
    { kind: 'navigate', label: T('list'), route: '/itemExcelUpList' },
    {
      kind: 'save',
      id: 'upload',
      label: T('upload'),
      operation: 'uploadItemsFromFile',
      visible: "mode == 'create'",
      variant: 'primary',
      params: { body: { fileId: 'form.fileId', replaces: 'query.replaces' } },
    },
    {
      kind: 'call',
      id: 'refresh',
      label: T('refresh'),
      operation: 'getItemUpload',
      requires: 'read',
      visible: "mode == 'update'",
      params: { path: { batchId: 'form.batchId' } },
      then: ['reloadRecord', 'reload'],
    },
    {
      kind: 'navigate',
      id: 'reupload',
      label: T('reupload'),
      route: '/itemExcelUpDetail',
      query: { replaces: 'form.batchId' },
      requires: 'write',
      visible: "contains(form.actions, 'reupload')",
    },
    {
      kind: 'workflow',
      id: 'apply',
      label: T('apply'),
      operation: 'applyItemUpload',
      variant: 'primary',
      visible: "contains(form.actions, 'apply')",
      confirm: T('confirmApply'),
      params: { path: { batchId: 'form.batchId' }, body: { version: 'form.version' } },
      then: ['reloadRecord', 'reload'],
    },
  ],
});
