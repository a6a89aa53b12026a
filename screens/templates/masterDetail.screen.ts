import { defineEditScreen } from '../../engine/define';

const CAT = [
  { value: 'OFFICE', text: '사무용품' },
  { value: 'IT', text: 'IT 기기' },
  { value: 'MRO', text: '소모성 자재' },
];
const L = (k: string) => `screen.templates.field.${k}`;

/** The engine's masterDetail page template on sample data (shown at /template/template2 beside its definition). */
export default defineEditScreen({
  id: 'templates.masterDetail',
  title: 'screen.templates.kind.masterDetail',
  labels: 'screen.templates.field',
  description: 'Master-detail template: a header form and its lines in an editable grid, sent together.',
  key: ['sampleNo'],
  load: { operation: 'getTemplateSample', params: { path: { sampleNo: 'query.sampleNo' } } },
  sections: [
    {
      title: 'screen.templates.section.header',
      columns: 3,
      fields: [
        { field: 'sampleNo', readOnly: true },
        { field: 'itemName', required: true, maxLength: 100 },
        { field: 'categoryCode', label: L('category'), widget: 'select', options: CAT, required: true },
        { field: 'quantity', widget: 'number', type: 'integer', minimum: 1, required: true },
      ],
    },
  ],
  details: [
    {
      id: 'lines',
      title: 'screen.templates.section.lines',
      rowKey: 'lineNo',
      send: ['lineNo', 'itemName', 'quantity'],
      newRow: { quantity: 1 },
      columns: [
        { field: 'lineNo', type: 'number', width: 60 },
        { field: 'itemName', editable: true, required: true, maxLength: 100, width: 220 },
        { field: 'quantity', type: 'number', editable: true, width: 80 },
        { field: 'unitPrice', type: 'money', currency: 'KRW', width: 100 },
        { field: 'amount', type: 'money', currency: 'KRW', width: 110 },
      ],
    },
  ],
  actions: [{ kind: 'save', operation: 'checkTemplateSample', variant: 'primary' }],
});
