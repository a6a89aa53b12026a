import { defineListScreen } from '../../engine/define';

const F = (n: string) => `screen.items.field.${n}`;
const T = (n: string) => `screen.items.${n}`;

/** /attributeValue — the allowed values of each attribute; a double-click edits one, 추가 adds one. */
export default defineListScreen({
  id: 'items.attributeValue',
  route: '/attributeValue',
  title: T('attributeValue'),
  source: { operation: 'listItemAttributeValues', rowKey: 'valueCode' },
  filters: [
    { field: 'attrCode', label: F('attrCode'), widget: 'select', optionsFrom: { operation: 'listItemAttributes', value: 'attrCode', text: 'nameKo' } },
    { field: 'q', label: F('q') },
    { field: 'useYn', label: F('useYn'), widget: 'select', codeGroup: 'USE_YN' },
  ],
  columns: [
    { field: 'attrName', label: F('attrName'), width: 120 },
    { field: 'attrCode', label: F('attrCode'), width: 110 },
    { field: 'valueCode', label: F('valueCode'), width: 120 },
    { field: 'nameKo', label: F('nameKo'), width: 180 },
    { field: 'nameEn', label: F('nameEn'), width: 180 },
    { field: 'sortOrder', label: F('sortOrder'), type: 'number', width: 80 },
    { field: 'itemCount', label: F('itemCount'), type: 'number', width: 90 },
    { field: 'useYn', label: F('useYn'), type: 'code', codeGroup: 'USE_YN', width: 80 },
  ],
  rowOpen: { screen: 'items.attributeValueEdit', query: { attrCode: 'row.attrCode', valueCode: 'row.valueCode' }, dialog: true },
  actions: [{ kind: 'open', label: T('newValue'), screen: 'items.attributeValueEdit', dialog: true, requires: 'write' }, 'exportExcel'],
});
