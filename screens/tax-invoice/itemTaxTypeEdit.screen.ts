import { defineEditScreen } from '../../engine/define';
import { ITEM_TAX_TYPE, s } from './tax-settings-parts';

/** One item's tax type (a dialog of /itemTaxType): 기본값 leaves it to the supplier's default. */
export default defineEditScreen({
  id: 'taxInvoice.itemTaxTypeEdit',
  route: '/itemTaxTypeEdit',
  title: s('itemEditTitle'),
  labels: 'screen.taxInvoice.field',
  menu: '/itemTaxType',
  key: ['itemCode'],
  load: { operation: 'getItemTaxType', params: { path: { itemCode: 'query.itemCode' } } },
  sections: [
    {
      columns: 2,
      fields: [
        { field: 'itemCode', readOnly: 'true' },
        { field: 'itemName', readOnly: 'true' },
        { field: 'spec', readOnly: 'true', span: 2 },
        { field: 'taxType', widget: 'select', options: ITEM_TAX_TYPE, emptyOption: 'none', default: 'DEFAULT' },
      ],
    },
  ],
  actions: [
    { kind: 'close', requires: 'read' },
    {
      kind: 'save',
      operation: 'setItemTaxType',
      // Only a row opened from the list is saved: the tax type is set on an existing row, at the version read.
      visible: "mode == 'update'",
      variant: 'primary',
      then: ['close'],
    },
  ],
});
