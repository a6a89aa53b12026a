import { defineEditScreen } from '../../engine/define';

const F = (n: string) => `screen.items.field.${n}`;
const T = (n: string) => `screen.items.${n}`;

/**
 * /itemManagement/ItemInfoEdit (supplier portal) — propose a price change for one of my items
 * (opened with itemCode) or a new item (kind=NEW), with the date it should take effect, the
 * reason and attachments.
 */
export default defineEditScreen({
  id: 'items.supplierItemInfoEdit',
  route: '/itemManagement/ItemInfoEdit',
  portals: ['internal', 'external'],
  title: T('supplierItemInfoEdit'),
  labels: 'screen.items.field',
  // Staff (internal address) read the supplier's current price of the item the list row names, as the
  // supplier's list shows it; proposing is the supplier's, so the form and its action are external only.
  readOnly: "screen.portal == 'internal'",
  sections: [
    {
      portal: 'internal',
      columns: 2,
      fields: [
        {
          field: 'staffCompName',
          label: 'screen.supplierView.compName',
          readOnly: true,
          valueFrom: {
            operation: 'getMyItem',
            params: { path: { itemCode: 'query.itemCode' }, query: { compNo: 'query.compNo' } },
            value: 'compName',
          },
        },
        {
          field: 'staffItemCode',
          label: F('itemCode'),
          readOnly: true,
          valueFrom: {
            operation: 'getMyItem',
            params: { path: { itemCode: 'query.itemCode' }, query: { compNo: 'query.compNo' } },
            value: 'itemCode',
          },
        },
        {
          field: 'staffItemName',
          label: F('itemName'),
          readOnly: true,
          valueFrom: {
            operation: 'getMyItem',
            params: { path: { itemCode: 'query.itemCode' }, query: { compNo: 'query.compNo' } },
            value: 'itemName',
          },
        },
        {
          field: 'staffSpec',
          label: F('spec'),
          readOnly: true,
          valueFrom: {
            operation: 'getMyItem',
            params: { path: { itemCode: 'query.itemCode' }, query: { compNo: 'query.compNo' } },
            value: 'spec',
          },
        },
        {
          field: 'staffUnitPrice',
          label: F('unitPrice'),
          mask: 'numComma',
          readOnly: true,
          valueFrom: {
            operation: 'getMyItem',
            params: { path: { itemCode: 'query.itemCode' }, query: { compNo: 'query.compNo' } },
            value: 'unitPrice',
          },
        },
        {
          field: 'staffCurrency',
          label: F('currency'),
          readOnly: true,
          valueFrom: {
            operation: 'getMyItem',
            params: { path: { itemCode: 'query.itemCode' }, query: { compNo: 'query.compNo' } },
            value: 'currency',
          },
        },
        {
          field: 'staffEffectiveDate',
          label: F('effectiveDate'),
          readOnly: true,
          valueFrom: {
            operation: 'getMyItem',
            params: { path: { itemCode: 'query.itemCode' }, query: { compNo: 'query.compNo' } },
            value: 'effectiveDate',
          },
        },
      ],
    },
    {
      portal: 'external',
      columns: 2,
      fields: [
        {
          field: 'kind',
          widget: 'select',
          required: true,
          emptyOption: 'none',
          default: 'PRICE',
          options: [
            { value: 'PRICE', text: 'option.itemProposalKind.PRICE' },
            { value: 'NEW', text: 'option.itemProposalKind.NEW' },
          ],
        },
        {
          field: 'itemCode',
          widget: 'select',
          visible: "form.kind == 'PRICE'",
          optionsFrom: { operation: 'listMyItems', value: 'itemCode', text: 'itemName' },
        },
        { field: 'itemName', maxLength: 200, visible: "form.kind == 'NEW'" },
        { field: 'spec', maxLength: 300, visible: "form.kind == 'NEW'" },
        { field: 'catCode', maxLength: 20, visible: "form.kind == 'NEW'", help: T('catCodeHelp') },
        { field: 'unitCode', maxLength: 10, visible: "form.kind == 'NEW'" },
        { field: 'maker', maxLength: 100, visible: "form.kind == 'NEW'" },
        { field: 'proposedPrice', required: true, mask: 'numComma', maxLength: 22 },
        {
          field: 'currency',
          widget: 'select',
          emptyOption: 'none',
          default: 'KRW',
          options: [
            { value: 'KRW', text: 'KRW' },
            { value: 'JPY', text: 'JPY' },
          ],
        },
        { field: 'validFrom', widget: 'date', required: true },
        { field: 'reason', widget: 'textarea', rows: 3, required: true, maxLength: 1000, span: 2 },
      ],
    },
  ],
  attachments: { field: 'fileId', label: T('attachments'), readOnly: "screen.portal == 'internal'" },
  actions: [
    { kind: 'back', label: T('list') },
    {
      kind: 'save',
      id: 'propose',
      portal: 'external',
      label: T('propose'),
      operation: 'createItemProposal',
      variant: 'primary',
      confirm: T('confirmPropose'),
      then: ['back'],
    },
  ],
});
