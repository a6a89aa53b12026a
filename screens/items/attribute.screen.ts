import { defineTreeScreen } from '../../engine/define';

const T = (n: string) => `screen.items.${n}`;

/** /attribute — item attributes (재질, 색상 …); their allowed values are on /attributeValue. */
export default defineTreeScreen({
  id: 'items.attribute',
  route: '/attribute',
  title: T('attribute'),
  labels: 'screen.items.field',
  tree: {
    operation: 'listItemAttributes',
    idField: 'attrCode',
    labelField: 'nameKo',
    detailField: 'attrCode',
    search: true,
    rootLabel: T('attributes'),
  },
  actions: [{ kind: 'new', label: T('newAttribute') }],
  detail: {
    sections: [
      {
        columns: 2,
        fields: [
          { field: 'attrCode', required: true, createOnly: true, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$' },
          { field: 'valueCount', readOnly: 'true' },
          { field: 'nameKo', required: true, maxLength: 100 },
          { field: 'nameEn', required: true, maxLength: 100 },
          { field: 'sortOrder', type: 'integer', default: 0 },
          { field: 'useYn', widget: 'select', codeGroup: 'USE_YN', emptyOption: 'none', default: 'Y' },
        ],
      },
    ],
    actions: [
      { kind: 'save', operation: 'createItemAttribute', updateOperation: 'updateItemAttribute', variant: 'primary' },
    ],
  },
});
