import { defineEditScreen } from '../../engine/define';

const F = (n: string) => `screen.items.field.${n}`;
const T = (n: string) => `screen.items.${n}`;

/** One allowed value of an attribute (a dialog of /attributeValue). */
export default defineEditScreen({
  id: 'items.attributeValueEdit',
  title: T('attributeValueEdit'),
  menu: '/attributeValue',
  key: ['attrCode', 'valueCode'],
  load: { operation: 'getItemAttributeValue', params: { path: { attrCode: 'query.attrCode', valueCode: 'query.valueCode' } } },
  sections: [
    {
      columns: 2,
      fields: [
        { field: 'attrCode', label: F('attrCode'), widget: 'select', required: true, createOnly: true, optionsFrom: { operation: 'listItemAttributes', value: 'attrCode', text: 'nameKo' } },
        { field: 'valueCode', label: F('valueCode'), required: true, createOnly: true, maxLength: 30, pattern: '^[A-Za-z0-9_-]+$' },
        { field: 'nameKo', label: F('nameKo'), required: true, maxLength: 100 },
        { field: 'nameEn', label: F('nameEn'), required: true, maxLength: 100 },
        { field: 'sortOrder', label: F('sortOrder'), type: 'integer', default: 0 },
        { field: 'useYn', label: F('useYn'), widget: 'select', codeGroup: 'USE_YN', emptyOption: 'none', default: 'Y' },
      ],
    },
  ],
  actions: [
    { kind: 'close', requires: 'read' },
    { kind: 'save', operation: 'createItemAttributeValue', updateOperation: 'updateItemAttributeValue', variant: 'primary', then: ['close'] },
  ],
});
