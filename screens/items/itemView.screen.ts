import { defineEditScreen } from '../../engine/define';
import { ITEM_ATTRIBUTES, ITEM_FIELDS } from './item-fields';

const T = (n: string) => `screen.items.${n}`;

/** One item (a dialog of /itemDetail): the item, its suppliers and current prices, price history, where it is used; change or deactivate. */
export default defineEditScreen({
  id: 'items.itemView',
  title: T('itemView'),
  labels: 'screen.items.field',
  menu: '/itemDetail',
  key: ['itemCode'],
  load: { operation: 'getItem', params: { path: { itemCode: 'query.itemCode' } } },
  sections: [{ columns: 3, fields: [...ITEM_FIELDS, { field: 'buyerName', readOnly: 'true' }] }],
  details: [
    ITEM_ATTRIBUTES,
    {
      id: 'suppliers',
      title: T('suppliers'),
      rowKey: 'compNo',
      canAdd: false,
      canDelete: false,
      visibleRows: 5,
      columns: [
        { field: 'compNo', width: 90 },
        { field: 'compNameKr', width: 180 },
        { field: 'unitPrice', type: 'money', currencyField: 'currency', width: 110 },
        { field: 'currency', width: 60 },
        { field: 'effectiveDate', type: 'date', width: 100 },
        { field: 'pendingProposals', type: 'number', width: 90 },
      ],
    },
    {
      id: 'priceHistory',
      title: T('priceHistory'),
      rowKey: 'changedAt',
      canAdd: false,
      canDelete: false,
      visibleRows: 6,
      load: { operation: 'listItemPriceHistory', params: { path: { itemCode: 'form.itemCode' } } },
      columns: [
        { field: 'effectiveDate', type: 'date', width: 100 },
        { field: 'compNameKr', width: 160 },
        { field: 'unitPrice', type: 'money', currencyField: 'currency', width: 110 },
        { field: 'source', width: 90 },
        { field: 'proposalNo', width: 130 },
      ],
    },
    {
      id: 'whereUsed',
      title: T('whereUsed'),
      rowKey: 'docNo',
      canAdd: false,
      canDelete: false,
      visibleRows: 5,
      columns: [
        { field: 'docType', width: 60 },
        { field: 'docNo', width: 130 },
        { field: 'title', width: 200 },
        { field: 'status', width: 110 },
        { field: 'docDate', type: 'date', width: 100 },
        { field: 'quantity', type: 'number', width: 80 },
      ],
    },
  ],
  attachments: { field: 'fileId', label: T('photo') },
  actions: [
    { kind: 'close', requires: 'read' },
    {
      kind: 'open',
      id: 'priceTrend',
      label: T('priceTrend'),
      screen: 'items.itemPriceTrend',
      dialog: true,
      query: { itemCode: 'form.itemCode' },
      requires: 'read',
    },
    {
      kind: 'workflow',
      id: 'deactivate',
      label: T('deactivate'),
      operation: 'deactivateItem',
      variant: 'danger',
      visible: "form.useYn == 'Y'",
      confirm: T('confirmDeactivate'),
      params: { path: { itemCode: 'form.itemCode' }, body: { version: 'form.version' } },
      then: ['reloadRecord'],
    },
    // The item view only edits an item it was opened with (items are registered by proposal or upload).
    { kind: 'save', operation: 'updateItem', variant: 'primary', visible: "mode == 'update'", then: ['reloadRecord'] },
  ],
});
