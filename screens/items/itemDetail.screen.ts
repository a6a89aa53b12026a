import { defineListScreen } from '../../engine/define';

/**
 * /itemDetail — find items (category with its subcategories, name, specification, code); a
 * double-click opens the item: its suppliers and prices, price history, where it is used.
 * `/itemDetail?itemCode=…` shows that one item.
 */
export default defineListScreen({
  id: 'items.itemDetail',
  route: '/itemDetail',
  title: 'screen.items.itemDetail',
  labels: 'screen.items.field',
  source: { operation: 'listItems', rowKey: 'itemCode', defaultSort: 'itemCode:asc' },
  filters: [
    {
      field: 'catCode',
      widget: 'select',
      optionsFrom: { operation: 'listItemCategories', value: 'catCode', text: 'label' },
    },
    { field: 'itemName' },
    { field: 'spec' },
    { field: 'itemCode' },
    { field: 'useYn', widget: 'select', codeGroup: 'USE_YN' },
  ],
  rememberFilters: true,
  columns: [
    {
      field: 'itemCode',
      width: 130,
      link: { screen: 'items.itemView', query: { itemCode: 'row.itemCode' }, dialog: true },
    },
    { field: 'itemName', width: 180 },
    { field: 'spec', width: 200 },
    { field: 'unitCode', width: 60 },
    { field: 'catName', width: 120 },
    { field: 'sgName', width: 140 },
    { field: 'refPrice', type: 'money', currencyField: 'currency', width: 110 },
    { field: 'currency', width: 60 },
    { field: 'maker', width: 120 },
    { field: 'supplierCount', type: 'number', width: 80 },
    { field: 'useYn', type: 'code', codeGroup: 'USE_YN', width: 70 },
  ],
  rowOpen: { screen: 'items.itemView', query: { itemCode: 'row.itemCode' }, dialog: true },
  actions: ['exportExcel'],
});
