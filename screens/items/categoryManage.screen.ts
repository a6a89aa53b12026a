import { defineTreeScreen } from '../../engine/define';

const T = (n: string) => `screen.items.${n}`;

/**
 * /item/category/categoryManage — the three-level category tree: add (under the selected
 * category or at the top), rename, move (choose another parent), deactivate (the subtree with
 * it); a category with items or children cannot be deleted.
 */
export default defineTreeScreen({
  id: 'items.categoryManage',
  route: '/item/category/categoryManage',
  title: T('categoryManage'),
  labels: 'screen.items.field',
  tree: {
    operation: 'listItemCategories',
    idField: 'catCode',
    labelField: 'label',
    parentField: 'parentCode',
    detailField: 'catCode',
    search: true,
    rootLabel: T('categories'),
  },
  actions: [{ kind: 'new', label: T('newCategory') }],
  detail: {
    sections: [
      {
        columns: 2,
        fields: [
          { field: 'catCode', required: true, createOnly: true, maxLength: 20, pattern: '^[A-Za-z0-9_-]+$' },
          {
            field: 'parentCode',
            widget: 'select',
            emptyOption: 'none',
            optionsFrom: { operation: 'listItemCategories', value: 'catCode', text: 'label' },
            help: T('parentHelp'),
          },
          { field: 'nameKo', required: true, maxLength: 100 },
          { field: 'nameEn', required: true, maxLength: 100 },
          { field: 'sortOrder', type: 'integer', default: 0 },
          { field: 'useYn', widget: 'select', codeGroup: 'USE_YN', emptyOption: 'none', default: 'Y' },
          { field: 'depth', readOnly: 'true' },
          { field: 'itemCount', readOnly: 'true' },
        ],
      },
    ],
    actions: [
      {
        kind: 'delete',
        operation: 'deleteItemCategory',
        visible: "mode == 'update' && form.itemCount == 0",
        params: { path: { catCode: 'form.catCode' }, query: { version: 'form.version' } },
      },
      { kind: 'save', operation: 'createItemCategory', updateOperation: 'updateItemCategory', variant: 'primary' },
    ],
  },
});
