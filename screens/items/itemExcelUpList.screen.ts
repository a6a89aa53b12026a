import { defineListScreen } from '../../engine/define';

const F = (n: string) => `screen.items.field.${n}`;
const T = (n: string) => `screen.items.${n}`;

/** /itemExcelUpList — upload batches with their state and counts; 새 업로드 opens the upload screen. */
export default defineListScreen({
  id: 'items.itemExcelUpList',
  route: '/itemExcelUpList',
  title: T('itemExcelUpList'),
  labels: 'screen.items.field',
  source: { operation: 'listItemUploads', rowKey: 'batchId', defaultSort: 'batchId:desc' },
  filters: [
    {
      field: 'status',
      label: F('uploadStatus'),
      widget: 'select',
      options: ['RECEIVED', 'PARSING', 'CHECKED', 'FAILED', 'APPLYING', 'APPLIED', 'REPLACED'].map((v) => ({
        value: v,
        text: `option.itemUpload.${v}`,
      })),
    },
    { field: 'fileName' },
  ],
  columns: [
    { field: 'batchId', width: 130, link: { route: '/itemExcelUpDetail', query: { batchId: 'row.batchId' } } },
    { field: 'fileName', width: 220 },
    {
      field: 'status',
      label: F('uploadStatus'),
      type: 'code',
      options: ['RECEIVED', 'PARSING', 'CHECKED', 'FAILED', 'APPLYING', 'APPLIED', 'REPLACED'].map((v) => ({
        value: v,
        text: `option.itemUpload.${v}`,
      })),
      width: 90,
    },
    { field: 'progress', type: 'number', width: 70 },
    { field: 'rowsTotal', type: 'number', width: 80 },
    { field: 'countNew', type: 'number', width: 70 },
    { field: 'countUpdate', type: 'number', width: 70 },
    { field: 'countUnchanged', type: 'number', width: 70 },
    { field: 'countError', type: 'number', width: 70 },
    { field: 'createdByName', width: 90 },
    { field: 'createdAt', type: 'datetime', width: 140 },
    { field: 'appliedAt', type: 'datetime', width: 140 },
  ],
  rowOpen: { route: '/itemExcelUpDetail', query: { batchId: 'row.batchId' } },
  actions: [
    { kind: 'navigate', label: T('newUpload'), route: '/itemExcelUpDetail', requires: 'write', variant: 'primary' },
  ],
});
