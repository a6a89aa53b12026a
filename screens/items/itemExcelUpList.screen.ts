import { defineListScreen } from '../../engine/define';

const F = (n: string) => `screen.items.field.${n}`;
const T = (n: string) => `screen.items.${n}`;

/** /itemExcelUpList — upload batches with their state and counts; 새 업로드 opens the upload screen. */
export default defineListScreen({
  id: 'items.itemExcelUpList',
  route: '/itemExcelUpList',
  title: T('itemExcelUpList'),
  source: { operation: 'listItemUploads', rowKey: 'batchId', defaultSort: 'batchId:desc' },
  filters: [
    { field: 'status', label: F('uploadStatus'), widget: 'select', options: ['RECEIVED', 'PARSING', 'CHECKED', 'FAILED', 'APPLYING', 'APPLIED', 'REPLACED'].map((v) => ({ value: v, text: `option.itemUpload.${v}` })) },
    { field: 'fileName', label: F('fileName') },
  ],
  columns: [
    { field: 'batchId', label: F('batchId'), width: 130, link: { route: '/itemExcelUpDetail', query: { batchId: 'row.batchId' } } },
    { field: 'fileName', label: F('fileName'), width: 220 },
    { field: 'status', label: F('uploadStatus'), type: 'code', options: ['RECEIVED', 'PARSING', 'CHECKED', 'FAILED', 'APPLYING', 'APPLIED', 'REPLACED'].map((v) => ({ value: v, text: `option.itemUpload.${v}` })), width: 90 },
    { field: 'progress', label: F('progress'), type: 'number', width: 70 },
    { field: 'rowsTotal', label: F('rowsTotal'), type: 'number', width: 80 },
    { field: 'countNew', label: F('countNew'), type: 'number', width: 70 },
    { field: 'countUpdate', label: F('countUpdate'), type: 'number', width: 70 },
    { field: 'countUnchanged', label: F('countUnchanged'), type: 'number', width: 70 },
    { field: 'countError', label: F('countError'), type: 'number', width: 70 },
    { field: 'createdByName', label: F('createdByName'), width: 90 },
    { field: 'createdAt', label: F('createdAt'), type: 'datetime', width: 140 },
    { field: 'appliedAt', label: F('appliedAt'), type: 'datetime', width: 140 },
  ],
  rowOpen: { route: '/itemExcelUpDetail', query: { batchId: 'row.batchId' } },
  actions: [{ kind: 'navigate', label: T('newUpload'), route: '/itemExcelUpDetail', requires: 'write', variant: 'primary' }],
});
