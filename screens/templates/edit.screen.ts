import { defineEditScreen } from '../../engine/define';

const CAT = [
  { value: 'OFFICE', text: '사무용품' },
  { value: 'IT', text: 'IT 기기' },
  { value: 'MRO', text: '소모성 자재' },
];
const L = (k: string) => `screen.templates.field.${k}`;

/** The engine's edit page template on sample data (shown at /template/template1 beside its definition). */
export default defineEditScreen({
  id: 'templates.edit',
  title: 'screen.templates.kind.edit',
  labels: 'screen.templates.field',
  description: 'Edit template: a form in sections with required fields, limits and a save (checked, not stored).',
  key: ['sampleNo'],
  load: { operation: 'getTemplateSample', params: { path: { sampleNo: 'query.sampleNo' } } },
  sections: [
    {
      title: 'screen.templates.section.basic',
      columns: 3,
      fields: [
        { field: 'itemName', required: true, maxLength: 100 },
        { field: 'categoryCode', label: L('category'), widget: 'select', options: CAT, required: true },
        { field: 'quantity', widget: 'number', type: 'integer', minimum: 1, maximum: 9999, required: true, default: 1 },
        { field: 'dueDate', widget: 'date' },
        { field: 'remark', widget: 'textarea', rows: 3, maxLength: 200, span: 2 },
      ],
    },
  ],
  actions: [{ kind: 'save', operation: 'checkTemplateSample', variant: 'primary' }],
});
