import { defineTreeScreen } from '../../engine/define';

const CAT = [
  { value: 'OFFICE', text: '사무용품' },
  { value: 'IT', text: 'IT 기기' },
  { value: 'MRO', text: '소모성 자재' },
];
const L = (k: string) => `screen.templates.field.${k}`;

/** The engine's tree page template on sample data (shown at /template/template3 beside its definition). */
export default defineTreeScreen({
  id: 'templates.tree',
  title: 'screen.templates.kind.tree',
  labels: 'screen.templates.field',
  description: 'Tree template: nodes nested by their parent on the left, the chosen node in a form on the right.',
  tree: {
    operation: 'listTemplateSampleTree',
    idField: 'nodeId',
    labelField: 'label',
    parentField: 'parentId',
    detailField: 'sampleNo',
    search: true,
  },
  detail: {
    sections: [
      {
        columns: 2,
        fields: [
          { field: 'label', label: L('itemName'), readOnly: true },
          { field: 'categoryCode', label: L('category'), widget: 'select', options: CAT, readOnly: true },
          { field: 'quantity', widget: 'number', type: 'integer', readOnly: true },
          { field: 'dueDate', widget: 'date', readOnly: true },
        ],
      },
    ],
  },
});
