import { defineEditScreen } from '../../engine/define';

/** The engine's print page template on sample data (shown at /template/template6 beside its definition). */
export default defineEditScreen({
  id: 'templates.print',
  title: 'screen.templates.kind.print',
  labels: 'screen.templates.field',
  description: 'Print template: a read-only document (header and lines) laid out for paper; the browser prints it.',
  key: ['sampleNo'],
  readOnly: true,
  load: { operation: 'getTemplateSample', params: { path: { sampleNo: 'query.sampleNo' } } },
  sections: [
    {
      title: 'screen.templates.section.header',
      columns: 4,
      fields: [
        { field: 'sampleNo', readOnly: true },
        { field: 'itemName', readOnly: true },
        { field: 'requester', readOnly: true },
        { field: 'dueDate', widget: 'date', readOnly: true },
      ],
    },
  ],
  details: [
    {
      id: 'lines',
      title: 'screen.templates.section.lines',
      rowKey: 'lineNo',
      canAdd: false,
      canDelete: false,
      columns: [
        { field: 'lineNo', type: 'number', width: 60 },
        { field: 'itemName', width: 240 },
        { field: 'quantity', type: 'number', width: 80 },
        { field: 'amount', type: 'money', currency: 'KRW', total: 'sum', width: 120 },
      ],
    },
  ],
});
