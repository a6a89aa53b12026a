import { defineListScreen } from '../../engine/define';

const F = (n: string) => `screen.items.field.${n}`;
const T = (n: string) => `screen.items.${n}`;

/** /itemManagement/itemInfo (supplier portal) — my items and current prices; 단가변경 제안 opens the proposal form. */
export default defineListScreen({
  id: 'items.supplierItemInfo',
  route: '/itemManagement/itemInfo',
  portals: ['internal', 'external'],
  title: T('supplierItemInfo'),
  source: { operation: 'listMyItems', rowKey: 'itemCode', defaultSort: 'itemCode:asc' },
  filters: [
    { field: 'compNo', label: 'screen.supplierView.company', widget: 'company', portal: 'internal' },
    { field: 'itemName', label: F('itemName') }, { field: 'spec', label: F('spec') }, { field: 'itemCode', label: F('itemCode') }],
  columns: [
    { field: 'compName', label: 'screen.supplierView.compName', width: 160, portal: 'internal' },
    { field: 'itemCode', label: F('itemCode'), width: 130 },
    { field: 'itemName', label: F('itemName'), width: 180 },
    { field: 'spec', label: F('spec'), width: 200 },
    { field: 'unitCode', label: F('unitCode'), width: 60 },
    { field: 'catName', label: F('catName'), width: 120 },
    { field: 'unitPrice', label: F('unitPrice'), type: 'money', currencyField: 'currency', width: 110 },
    { field: 'currency', label: F('currency'), width: 60 },
    { field: 'effectiveDate', label: F('effectiveDate'), type: 'date', width: 100 },
    { field: 'pendingProposal', label: F('pendingProposal'), width: 130 },
  ],
  selection: 'single',
  rowOpen: { route: '/itemManagement/ItemInfoEdit', query: { itemCode: 'row.itemCode', compNo: 'row.compNo' } },
  actions: [
    { kind: 'navigate', id: 'proposePrice', portal: 'external', label: T('proposePrice'), route: '/itemManagement/ItemInfoEdit', query: { itemCode: 'row.itemCode' }, enabled: 'selection == 1', requires: 'write' },
    { kind: 'navigate', id: 'proposeNew', portal: 'external', label: T('proposeNew'), route: '/itemManagement/ItemInfoEdit', query: { kind: "'NEW'" }, requires: 'write' },
  ],
});
