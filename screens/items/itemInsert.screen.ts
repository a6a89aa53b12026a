import { defineEditScreen } from '../../engine/define';
import { ITEM_FIELDS, ITEM_ATTRIBUTES } from './item-fields';

/** /itemInsert — create an item: category, name, specification, unit, attributes, sourcing group, reference price, photo/spec sheet. */
export default defineEditScreen({
  id: 'items.itemInsert',
  route: '/itemInsert',
  title: 'screen.items.itemInsert',
  sections: [{ columns: 3, fields: ITEM_FIELDS.filter((f) => f.field !== 'itemCode') }],
  details: [{ ...ITEM_ATTRIBUTES, columns: ITEM_ATTRIBUTES.columns.filter((c) => c.editable) }],
  attachments: { field: 'fileId', label: 'screen.items.photo' },
  actions: [
    {
      kind: 'save',
      operation: 'createItem',
      updateOperation: 'updateItem',
      variant: 'primary',
      params: { path: { itemCode: 'form.itemCode' } },
    },
  ],
});
