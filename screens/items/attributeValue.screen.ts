import { defineListScreen } from '../../engine/define';

const T = (n: string) => `screen.items.${n}`;

/** /attributeValue — the allowed values of each attribute; a double-click edits one, 추가 adds one. */
export default defineListScreen({
  id: 'items.attributeValue',
  route: '/attributeValue',
  title: T('attributeValue'),
  labels: 'screen.items.field',
  source: { operation: 'listItemAttributeValues', rowKey: 'valueCode' },
  filters: [
    {
      field: 'attrCode',
      widget: 'select',
      optionsFrom: { operation: 'listItemAttributes', value: 'attrCode', text: 'nameKo' },
    },
    { field: 'q' },
    { field: 'useYn', widget: 'select', codeGroup: 'USE_YN' },
  ],
  columns: [
    { field: 'attrName', width: 120 },
    { field: 'attrCode', width: 110 },
    { field: 'valueCode', width: 120 },
    { field: 'nameKo', width: 180 },
    { field: 'nameEn', width: 180 },
    { field: 'sortOrder', type: 'number', width: 80 },
    { field: 'itemCount', type: 'number', width: 90 },
    { field: 'useYn', type: 'code', codeGroup: 'USE_YN', width: 80 },
  ],
  rowOpen: {
    screen: 'items.attributeValueEdit',
    query: { attrCode: 'row.attrCode', valueCode: 'row.valueCode' },
    dialog: true,
  },
  actions: [
    { kind: 'open', label: T('newValue'), screen: 'items.attributeValueEdit', dialog: true, requires: 'write' },
    'exportExcel',
  ],
});
