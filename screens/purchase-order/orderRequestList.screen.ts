import { defineListScreen } from '../../engine/define';
import { t } from './labels';
import { orderColumns, orderFilters } from './order-list';

/**
 * /OrderRequestList — purchase orders (발주요청) built from PRs and their selected quotations:
 * status and approval state as code texts, supplier, buyer, amounts per currency, dates; a PO
 * number opens /OrderRequestEdit. Simple orders have their own list (/SimpleOrderList).
 */
export default defineListScreen({
  id: 'purchaseOrder.orderRequestList',
  route: '/OrderRequestList',
  title: t('orderRequestList'),
  source: { operation: 'listPos', rowKey: 'poNo', defaultSort: 'poNo:desc', params: { query: { poType: "'PO'" } } },
  filters: orderFilters('PO'),
  rememberFilters: true,
  columns: orderColumns('PO', 'purchaseOrder.orderRequestEdit'),
  currencyTotals: true,
  rowOpen: { screen: 'purchaseOrder.orderRequestEdit', query: { poNo: 'row.poNo' } },
  actions: [
    {
      kind: 'open',
      id: 'create',
      label: t('a.createPo'),
      screen: 'purchaseOrder.orderRequestEdit',
      requires: 'write',
      variant: 'primary',
    },
    { kind: 'exportExcel', fileName: t('file.orders') },
  ],
});
