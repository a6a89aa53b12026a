import { defineTreeScreen } from '../../engine/define';

const T = (n: string) => `screen.items.${n}`;

/** /unitMaster — units of measure and their conversions (1 of this unit = factor of another). */
export default defineTreeScreen({
  id: 'items.unitMaster',
  route: '/unitMaster',
  title: T('unitMaster'),
  labels: 'screen.items.field',
  tree: {
    operation: 'listUnits',
    idField: 'unitCode',
    labelField: 'nameKo',
    detailField: 'unitCode',
    search: true,
    rootLabel: T('units'),
  },
  actions: [{ kind: 'new', label: T('newUnit') }],
  detail: {
    sections: [
      {
        columns: 2,
        fields: [
          { field: 'unitCode', required: true, createOnly: true, maxLength: 10, pattern: '^[A-Za-z0-9_-]+$' },
          { field: 'itemCount', readOnly: 'true' },
          { field: 'nameKo', required: true, maxLength: 50 },
          { field: 'nameEn', required: true, maxLength: 50 },
          { field: 'sortOrder', type: 'integer', default: 0 },
          { field: 'useYn', widget: 'select', codeGroup: 'USE_YN', emptyOption: 'none', default: 'Y' },
        ],
      },
    ],
    details: [
      {
        id: 'conversions',
        title: T('conversions'),
        rowKey: 'toUnit',
        visibleRows: 5,
        send: ['toUnit', 'factor'],
        columns: [
          { field: 'toUnit', width: 120, editable: true, required: true, maxLength: 10 },
          { field: 'factor', width: 140, editable: true, required: true, maxLength: 20 },
        ],
      },
    ],
    actions: [{ kind: 'save', operation: 'createUnit', updateOperation: 'updateUnit', variant: 'primary' }],
  },
});
