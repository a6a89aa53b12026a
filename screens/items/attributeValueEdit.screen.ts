import { defineEditScreen } from '../../engine/define';

const T = (n: string) => `screen.items.${n}`;

/** One allowed value of an attribute (a dialog of /attributeValue). */
export default defineEditScreen({
  id: 'items.attributeValueEdit',
  title: T('attributeValueEdit'),
  labels: 'screen.items.field',
  menu: '/attributeValue',
  key: ['attrCode', 'valueCode'],
  load: {
    operation: 'getItemAttributeValue',
    params: { path: { attrCode: 'query.attrCode', valueCode: 'query.valueCode' } },
  },
  sections: [
    {
      columns: 2,
      fields: [
        {
          field: 'attrCode',
          widget: 'select',
          required: true,
          createOnly: true,
          optionsFrom: { operation: 'listItemAttributes', value: 'attrCode', text: 'nameKo' },
        },
        { field: 'valueCode', required: true, createOnly: true, maxLength: 30, pattern: '^[A-Za-z0-9_-]+$' },
        { field: 'nameKo', required: true, maxLength: 100 },
        { field: 'nameEn', required: true, maxLength: 100 },
        { field: 'sortOrder', type: 'integer', default: 0 },
        { field: 'useYn', widget: 'select', codeGroup: 'USE_YN', emptyOption: 'none', default: 'Y' },
      ],
    },
  ],
  actions: [
    { kind: 'close', requires: 'read' },
    {
      kind: 'save',
      operation: 'createItemAttributeValue',
      updateOperation: 'updateItemAttributeValue',
      variant: 'primary',
      then: ['close'],
    },
  ],
});
