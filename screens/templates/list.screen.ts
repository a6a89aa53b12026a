import { defineListScreen } from '../../engine/define';

const STATUS = [
  { value: 'DRAFT', text: 'screen.templates.status.DRAFT' },
  { value: 'REQUESTED', text: 'screen.templates.status.REQUESTED' },
  { value: 'APPROVED', text: 'screen.templates.status.APPROVED' },
  { value: 'REJECTED', text: 'screen.templates.status.REJECTED' },
];
const CAT = [
  { value: 'OFFICE', text: '사무용품' },
  { value: 'IT', text: 'IT 기기' },
  { value: 'MRO', text: '소모성 자재' },
];
const L = (k: string) => `screen.templates.field.${k}`;

/** The engine's list page template on sample data (shown at /template/template0 beside its definition). */
export default defineListScreen({
  id: 'templates.list',
  title: 'screen.templates.kind.list',
  labels: 'screen.templates.field',
  description: 'List template: filters, a paged and sortable grid, a total, Excel export, a row opening a dialog.',
  source: { operation: 'listTemplateSamples', rowKey: 'sampleNo', defaultSort: 'sampleNo:asc', pageSize: 50 },
  filters: [
    { field: 'itemName' },
    { field: 'categoryCode', label: L('category'), widget: 'select', options: CAT },
    { field: 'status', widget: 'select', options: STATUS },
  ],
  columns: [
    { field: 'sampleNo', width: 90 },
    { field: 'itemName', width: 180 },
    { field: 'categoryName', label: L('category'), width: 110 },
    { field: 'status', type: 'code', options: STATUS, width: 90 },
    { field: 'quantity', type: 'number', width: 70 },
    { field: 'amount', type: 'money', currency: 'KRW', total: 'sum', width: 110 },
    { field: 'dueDate', type: 'date', width: 100 },
  ],
  rowOpen: { screen: 'templates.popup', query: { sampleNo: 'row.sampleNo' }, dialog: true },
  actions: [{ kind: 'exportExcel', fileName: 'screen.templates.kind.list' }],
});
