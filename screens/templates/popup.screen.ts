import { defineEditScreen } from '../../engine/define';

const L = (k: string) => `screen.templates.field.${k}`;

/** The engine's popup page template on sample data (shown at /template/template7 beside its definition). */
export default defineEditScreen({
  id: 'templates.popup',
  title: 'screen.templates.kind.popup',
  labels: 'screen.templates.field',
  description: 'Popup template: a small read-only card opened in a dialog (a list row opens it), with close.',
  key: ['sampleNo'],
  readOnly: true,
  load: { operation: 'getTemplateSample', params: { path: { sampleNo: 'query.sampleNo' } } },
  sections: [
    {
      columns: 2,
      fields: [
        { field: 'sampleNo', readOnly: true },
        { field: 'itemName', readOnly: true },
        { field: 'categoryName', label: L('category'), readOnly: true },
        { field: 'amount', widget: 'money', readOnly: true },
      ],
    },
  ],
  actions: [{ kind: 'close', requires: 'read' }],
});
