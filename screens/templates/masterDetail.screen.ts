import { defineEditScreen } from '../../engine/define';

const CAT = [{ value: 'OFFICE', text: '사무용품' }, { value: 'IT', text: 'IT 기기' }, { value: 'MRO', text: '소모성 자재' }];
const L = (k: string) => `screen.templates.field.${k}`;

/** The engine's masterDetail page template on sample data (shown at /template/template2 beside its definition). */
export default defineEditScreen({
  id: 'templates.masterDetail',
  title: 'screen.templates.kind.masterDetail',
  description: 'Master-detail template: a header form and its lines in an editable grid, sent together.',
  key: ['sampleNo'],
  load: { operation: 'getTemplateSample', params: { path: { sampleNo: "query.sampleNo" } } },
  sections: [
    { title: 'screen.templates.section.header', columns: 3, fields: [
      { field: 'sampleNo', label: L('sampleNo'), readOnly: true },
      { field: 'itemName', label: L('itemName'), required: true, maxLength: 100 },
      { field: 'categoryCode', label: L('category'), widget: 'select', options: CAT, required: true },
      { field: 'quantity', label: L('quantity'), widget: 'number', type: 'integer', minimum: 1, required: true },
    ] },
  ],
  details: [
    { id: 'lines', title: 'screen.templates.section.lines', rowKey: 'lineNo', send: ['lineNo', 'itemName', 'quantity'], newRow: { quantity: 1 }, columns: [
      { field: 'lineNo', label: L('lineNo'), type: 'number', width: 60 },
      { field: 'itemName', label: L('itemName'), editable: true, required: true, maxLength: 100, width: 220 },
      { field: 'quantity', label: L('quantity'), type: 'number', editable: true, width: 80 },
      { field: 'unitPrice', label: L('unitPrice'), type: 'money', currency: 'KRW', width: 100 },
      { field: 'amount', label: L('amount'), type: 'money', currency: 'KRW', width: 110 },
    ] },
  ],
  actions: [{ kind: 'save', operation: 'checkTemplateSample', variant: 'primary' }],
});
