import { defineListScreen } from '../../engine/define';
import { t } from './labels';
import { orderColumns, orderFilters } from './order-list';

/**
 * /SimpleOrderList — simple (small-amount) orders without a PR (소액발주): state, supplier,
 * amounts per currency; an order number opens /SimpleOrderEdit, 소액발주 작성 starts a new one.
 */
export default defineListScreen({
  id: 'purchaseOrder.simpleOrderList',
  route: '/SimpleOrderList',
  title: t('simpleOrderList'),
  source: { operation: 'listSimpleOrders', rowKey: 'poNo', defaultSort: 'poNo:desc' },
  filters: orderFilters('SIMPLE'),
  rememberFilters: true,
  columns: orderColumns('SIMPLE', 'purchaseOrder.simpleOrderEdit'),
  currencyTotals: true,
  rowOpen: { screen: 'purchaseOrder.simpleOrderEdit', query: { poNo: 'row.poNo' } },
  actions: [
    {
      kind: 'open',
      id: 'create',
      label: t('a.createSimple'),
      screen: 'purchaseOrder.simpleOrderEdit',
      requires: 'write',
      variant: 'primary',
    },
    { kind: 'exportExcel', fileName: t('file.simple') },
  ],
});
