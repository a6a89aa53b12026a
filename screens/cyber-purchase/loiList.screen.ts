import { defineListScreen } from '../../engine/define';

const f = (name: string) => `screen.cyberPurchase.f.${name}`;

/**
 * Letters of intent issued to my company. The spec names no external LOI screen; purchasing's
 * design puts them with the orders (docs/purchasing.md, "LOIs for suppliers live on the order
 * screens"), so this list hangs off /CyberOrderRequestList (its 'LOI 조회' button) under that menu's
 * authority, at its own address /CyberLoiList.
 */
export default defineListScreen({
  id: 'cyberPurchase.loiList',
  route: '/CyberLoiList',
  menu: '/CyberOrderRequestList',
  portals: ['external'],
  title: 'screen.cyberPurchase.loiList.title',
  labels: 'screen.cyberPurchase.f',
  description: 'LOIs issued to my company (issued, accepted, expired); a link opens one to accept it.',
  source: { operation: 'listSupplierLois', rowKey: 'loiNo', defaultSort: 'loiNo:desc' },
  filters: [
    { field: 'loiNo' },
    { field: 'status', label: f('loiStatus'), widget: 'multiSelect', codeGroup: 'LOI_STATUS' },
  ],
  rememberFilters: true,
  columns: [
    { field: 'loiNo', width: 130, link: { screen: 'cyberPurchase.loiEdit', query: { loiNo: 'row.loiNo' } } },
    { field: 'title', width: 260 },
    { field: 'status', label: f('loiStatus'), type: 'code', codeGroup: 'LOI_STATUS', width: 80, align: 'center' },
    { field: 'amount', label: f('loiAmount'), type: 'money', currencyField: 'currency', width: 130 },
    { field: 'currency', type: 'code', codeGroup: 'CURRENCY', width: 70, align: 'center' },
    { field: 'validFrom', type: 'date', width: 100 },
    { field: 'validUntil', label: f('loiValidUntil'), type: 'date', width: 100 },
    { field: 'issuedAt', type: 'datetime', width: 130 },
    { field: 'acceptedAt', type: 'datetime', width: 130 },
    { field: 'buyerName', width: 90 },
  ],
  rowOpen: { screen: 'cyberPurchase.loiEdit', query: { loiNo: 'row.loiNo' } },
  actions: [
    { kind: 'navigate', id: 'orders', label: 'screen.cyberPurchase.loiList.orders', screen: 'cyberPurchase.orderList' },
    { kind: 'exportExcel', fileName: 'screen.cyberPurchase.loiList.file' },
  ],
});
