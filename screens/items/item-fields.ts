import type { EditScreenDef } from '../../engine/define';

type FormFieldDef = EditScreenDef['sections'][number]['fields'][number];
type DetailDef = NonNullable<EditScreenDef['details']>[number];

const F = (n: string) => `screen.items.field.${n}`;

/** The item form shared by /itemInsert and the item view. */
export const ITEM_FIELDS: FormFieldDef[] = [
  { field: 'itemCode', label: F('itemCode'), readOnly: 'true', visible: "mode == 'update'" },
  {
    field: 'catCode',
    label: F('catCode'),
    widget: 'select',
    required: true,
    optionsFrom: { operation: 'listItemCategories', value: 'catCode', text: 'label' },
  },
  { field: 'itemName', label: F('itemName'), required: true, maxLength: 200 },
  { field: 'itemNameEn', label: F('itemNameEn'), maxLength: 200 },
  { field: 'spec', label: F('spec'), maxLength: 300 },
  {
    field: 'unitCode',
    label: F('unitCode'),
    widget: 'select',
    required: true,
    optionsFrom: { operation: 'listUnits', value: 'unitCode', text: 'nameKo' },
  },
  {
    field: 'sgCode',
    label: F('sgCode'),
    widget: 'select',
    required: true,
    optionsFrom: { operation: 'listSourcingGroups', value: 'sgCode', text: 'label' },
  },
  { field: 'refPrice', label: F('refPrice'), required: true, mask: 'numComma', maxLength: 22 },
  {
    field: 'currency',
    label: F('currency'),
    widget: 'select',
    required: true,
    emptyOption: 'none',
    default: 'KRW',
    options: [
      { value: 'KRW', text: 'KRW' },
      { value: 'JPY', text: 'JPY' },
    ],
  },
  { field: 'maker', label: F('maker'), maxLength: 100 },
  { field: 'useYn', label: F('useYn'), widget: 'select', codeGroup: 'USE_YN', emptyOption: 'none', default: 'Y' },
];

export const ITEM_ATTRIBUTES: DetailDef = {
  id: 'attributes',
  title: 'screen.items.attributes',
  rowKey: 'attrCode',
  visibleRows: 4,
  send: ['attrCode', 'valueCode'],
  columns: [
    { field: 'attrCode', label: F('attrCode'), width: 120, editable: true, required: true, maxLength: 20 },
    { field: 'attrName', label: F('attrName'), width: 120 },
    { field: 'valueCode', label: F('valueCode'), width: 120, editable: true, required: true, maxLength: 30 },
    { field: 'valueName', label: F('valueName'), width: 140 },
  ],
};
