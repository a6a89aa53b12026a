import { defineListScreen } from '../../engine/define';
import { f, t } from './labels';

/**
 * /SimpleOrderList — simple (small-amount) orders without a PR (소액발주): state, supplier,
 * amounts per currency; an order number opens /SimpleOrderEdit, 소액발주 작성 starts a new one.
 */
export default defineListScreen({
  id: 'purchaseOrder.simpleOrderList',
  route: '/SimpleOrderList',
  title: t('simpleOrderList'),
  source: { operation: 'listSimpleOrders', rowKey: 'poNo', defaultSort: 'poNo:desc' },
  filters: [
    { field: 'poNo', label: f('poNo') },
    { field: 'title', label: f('title') },
    { field: 'compName', label: f('compName') },
    { field: 'status', label: f('poStatus'), widget: 'multiSelect', codeGroup: 'PO_STATUS' },
    { field: 'approvalStatus', label: f('approvalStatus'), widget: 'multiSelect', codeGroup: 'APPROVAL_STATUS' },
    { field: 'poDates', label: f('poDates'), widget: 'dateRange', params: { from: 'fromDate', to: 'toDate' }, span: 2 },
    { field: 'buyerId', label: f('buyer'), widget: 'person' },
    { field: 'currency', label: f('currency'), widget: 'select', codeGroup: 'CURRENCY' },
  ],
  rememberFilters: true,
  columns: [
    { field: 'poNo', label: f('poNo'), width: 130, link: { screen: 'purchaseOrder.simpleOrderEdit', query: { poNo: 'row.poNo' } } },
    { field: 'poDate', label: f('poDate'), type: 'date', width: 100 },
    { field: 'title', label: f('title'), width: 240 },
    { field: 'status', label: f('poStatus'), type: 'code', codeGroup: 'PO_STATUS', width: 90 },
    { field: 'approvalStatus', label: f('approvalStatus'), type: 'code', codeGroup: 'APPROVAL_STATUS', width: 90 },
    { field: 'compNameKr', label: f('supplier'), width: 160 },
    { field: 'buyerName', label: f('buyer'), width: 90 },
    { field: 'deptnm', label: f('deptnm'), width: 130 },
    { field: 'currency', label: f('currency'), type: 'code', codeGroup: 'CURRENCY', width: 70 },
    { field: 'totalAmount', label: f('totalAmount'), type: 'money', currencyField: 'currency', width: 130 },
    { field: 'dueDate', label: f('dueDate'), type: 'date', width: 100 },
    { field: 'forwardedAt', label: f('forwardedAt'), type: 'datetime', width: 140 },
    { field: 'acknowledgedAt', label: f('acknowledgedAt'), type: 'datetime', width: 140 },
    { field: 'lineCount', label: f('lineCount'), type: 'number', width: 70 },
    { field: 'updatedAt', label: f('updatedAt'), type: 'datetime', width: 140 },
  ],
  currencyTotals: true,
  rowOpen: { screen: 'purchaseOrder.simpleOrderEdit', query: { poNo: 'row.poNo' } },
  actions: [
    { kind: 'open', id: 'create', label: t('a.createSimple'), screen: 'purchaseOrder.simpleOrderEdit', requires: 'write', variant: 'primary' },
    { kind: 'exportExcel', fileName: t('file.simple') },
  ],
});
