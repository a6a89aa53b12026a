import { defineListScreen } from '../../engine/define';

const T = (n: string) => `screen.items.${n}`;

/** /itemManagement/itemInfo (supplier portal) — my items and current prices; 단가변경 제안 opens the proposal form. */
export default defineListScreen({
  id: 'items.supplierItemInfo',
  route: '/itemManagement/itemInfo',
  portals: ['internal', 'external'],
  title: T('supplierItemInfo'),
  labels: 'screen.items.field',
  source: { operation: 'listMyItems', rowKey: 'itemCode', defaultSort: 'itemCode:asc' },
  filters: [
    { field: 'compNo', label: 'screen.supplierView.company', widget: 'company', portal: 'internal' },
    { field: 'itemName' },
    { field: 'spec' },
    { field: 'itemCode' },
  ],
  columns: [
    { field: 'compName', label: 'screen.supplierView.compName', width: 160, portal: 'internal' },
    { field: 'itemCode', width: 130 },
    { field: 'itemName', width: 180 },
    { field: 'spec', width: 200 },
    { field: 'unitCode', width: 60 },
    { field: 'catName', width: 120 },
    { field: 'unitPrice', type: 'money', currencyField: 'currency', width: 110 },
    { field: 'currency', width: 60 },
    { field: 'effectiveDate', type: 'date', width: 100 },
    { field: 'pendingProposal', width: 130 },
  ],
  selection: 'single',
  rowOpen: { route: '/itemManagement/ItemInfoEdit', query: { itemCode: 'row.itemCode', compNo: 'row.compNo' } },
  actions: [
    {
      kind: 'navigate',
      id: 'proposePrice',
      portal: 'external',
      label: T('proposePrice'),
      route: '/itemManagement/ItemInfoEdit',
      query: { itemCode: 'row.itemCode' },
      enabled: 'selection == 1',
      requires: 'write',
    },
    {
      kind: 'navigate',
      id: 'proposeNew',
      portal: 'external',
      label: T('proposeNew'),
      route: '/itemManagement/ItemInfoEdit',
      query: { kind: "'NEW'" },
      requires: 'write',
    },
  ],
});
