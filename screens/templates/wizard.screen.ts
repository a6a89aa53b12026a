import { defineEditScreen } from '../../engine/define';

const CAT = [
  { value: 'OFFICE', text: '사무용품' },
  { value: 'IT', text: 'IT 기기' },
  { value: 'MRO', text: '소모성 자재' },
];
const L = (k: string) => `screen.templates.field.${k}`;

/** The engine's wizard page template on sample data (shown at /template/template5 beside its definition). */
export default defineEditScreen({
  id: 'templates.wizard',
  title: 'screen.templates.kind.wizard',
  labels: 'screen.templates.field',
  description:
    'Wizard template: steps chosen at the top, each step a section shown on its own; the last step sends everything.',
  sections: [
    {
      columns: 1,
      fields: [
        {
          field: 'step',
          widget: 'select',
          emptyOption: 'none',
          default: '1',
          options: [
            { value: '1', text: 'screen.templates.step.1' },
            { value: '2', text: 'screen.templates.step.2' },
            { value: '3', text: 'screen.templates.step.3' },
          ],
        },
      ],
    },
    {
      title: 'screen.templates.step.1',
      visible: "form.step == '1'",
      columns: 1,
      fields: [{ field: 'agree', widget: 'checkbox', help: 'screen.templates.agreeHelp' }],
    },
    {
      title: 'screen.templates.step.2',
      visible: "form.step == '2'",
      columns: 2,
      fields: [
        { field: 'itemName', required: true, maxLength: 100 },
        { field: 'categoryCode', label: L('category'), widget: 'select', options: CAT, required: true },
      ],
    },
    {
      title: 'screen.templates.step.3',
      visible: "form.step == '3'",
      columns: 2,
      fields: [
        { field: 'quantity', widget: 'number', type: 'integer', minimum: 1, required: true, default: 1 },
        { field: 'dueDate', widget: 'date' },
      ],
    },
  ],
  actions: [
    {
      kind: 'save',
      operation: 'checkTemplateSample',
      label: 'screen.templates.finish',
      variant: 'primary',
      visible: "form.step == '3'",
    },
  ],
});
