import { defineEditScreen } from '../../engine/define';

const L = (k: string) => `screen.templates.field.${k}`;

/** The engine's print page template on sample data (shown at /template/template6 beside its definition). */
export default defineEditScreen({
  id: 'templates.print',
  title: 'screen.templates.kind.print',
  description: 'Print template: a read-only document (header and lines) laid out for paper; the browser prints it.',
  key: ['sampleNo'],
  readOnly: true,
  load: { operation: 'getTemplateSample', params: { path: { sampleNo: "query.sampleNo" } } },
  sections: [{ title: 'screen.templates.section.header', columns: 4, fields: [
    { field: 'sampleNo', label: L('sampleNo'), readOnly: true },
    { field: 'itemName', label: L('itemName'), readOnly: true },
    { field: 'requester', label: L('requester'), readOnly: true },
    { field: 'dueDate', label: L('dueDate'), widget: 'date', readOnly: true },
  ] }],
  details: [{ id: 'lines', title: 'screen.templates.section.lines', rowKey: 'lineNo', canAdd: false, canDelete: false, columns: [
    { field: 'lineNo', label: L('lineNo'), type: 'number', width: 60 },
    { field: 'itemName', label: L('itemName'), width: 240 },
    { field: 'quantity', label: L('quantity'), type: 'number', width: 80 },
    { field: 'amount', label: L('amount'), type: 'money', currency: 'KRW', total: 'sum', width: 120 },
  ] }],
});
