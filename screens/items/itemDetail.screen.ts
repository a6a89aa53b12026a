import { defineListScreen } from '../../engine/define';

const F = (n: string) => `screen.items.field.${n}`;

/**
 * /itemDetail — find items (category with its subcategories, name, specification, code); a
 * double-click opens the item: its suppliers and prices, price history, where it is used.
 * `/itemDetail?itemCode=…` shows that one item.
 */
export default defineListScreen({
  id: 'items.itemDetail',
  route: '/itemDetail',
  title: 'screen.items.itemDetail',
  source: { operation: 'listItems', rowKey: 'itemCode', defaultSort: 'itemCode:asc' },
  filters: [
    { field: 'catCode', label: F('catCode'), widget: 'select', optionsFrom: { operation: 'listItemCategories', value: 'catCode', text: 'label' } },
    { field: 'itemName', label: F('itemName') },
    { field: 'spec', label: F('spec') },
    { field: 'itemCode', label: F('itemCode') },
    { field: 'useYn', label: F('useYn'), widget: 'select', codeGroup: 'USE_YN' },
  ],
  rememberFilters: true,
  columns: [
    { field: 'itemCode', label: F('itemCode'), width: 130, link: { screen: 'items.itemView', query: { itemCode: 'row.itemCode' }, dialog: true } },
    { field: 'itemName', label: F('itemName'), width: 180 },
    { field: 'spec', label: F('spec'), width: 200 },
    { field: 'unitCode', label: F('unitCode'), width: 60 },
    { field: 'catName', label: F('catName'), width: 120 },
    { field: 'sgName', label: F('sgName'), width: 140 },
    { field: 'refPrice', label: F('refPrice'), type: 'money', currencyField: 'currency', width: 110 },
    { field: 'currency', label: F('currency'), width: 60 },
    { field: 'maker', label: F('maker'), width: 120 },
    { field: 'supplierCount', label: F('supplierCount'), type: 'number', width: 80 },
    { field: 'useYn', label: F('useYn'), type: 'code', codeGroup: 'USE_YN', width: 70 },
  ],
  rowOpen: { screen: 'items.itemView', query: { itemCode: 'row.itemCode' }, dialog: true },
  actions: ['exportExcel'],
});
