import { defineListScreen } from '../../engine/define';
import { ITEM_TAX_TYPE, s } from './tax-settings-parts';

/**
 * /itemTaxType — each item's tax type (과세, 영세율, 면세) or none (the supplier's default applies): the
 * settlement line takes it when the settlement is built, and the invoices are drawn one per type
 * (docs/tax-invoices.md "Tax types"). A double-click changes one.
 */
export default defineListScreen({
  id: 'taxInvoice.itemTaxType',
  route: '/itemTaxType',
  title: s('itemTitle'),
  labels: 'screen.taxInvoice.field',
  description: 'Items with their tax type; none: the supplier’s default.',
  source: { operation: 'listItemTaxTypes', rowKey: 'itemCode' },
  filters: [
    { field: 'item', label: s('item') },
    { field: 'taxType', widget: 'select', options: ITEM_TAX_TYPE, emptyOption: 'all' },
  ],
  columns: [
    { field: 'itemCode', width: 140 },
    { field: 'itemName', width: 240 },
    { field: 'spec', width: 200 },
    { field: 'taxType', type: 'code', options: ITEM_TAX_TYPE, width: 120 },
  ],
  rowOpen: { screen: 'taxInvoice.itemTaxTypeEdit', query: { itemCode: 'row.itemCode' }, dialog: true },
  actions: ['exportExcel'],
});
