import type { ListScreenDef } from '../../engine/define';
import { t } from './report-defs';

/**
 * reports.lateReceipts — the late receipt lines behind a supplier's late count on /supplierService (in a
 * dialog, with the report's period, section, department and the supplier): most days late first. A
 * receipt number opens the receipt, an order number the order.
 */
const def: ListScreenDef = {
  kind: 'list',
  id: 'reports.lateReceipts',
  title: t('lateReceipts.title'),
  labels: 'screen.reports.lateReceipts.f',
  source: { operation: 'listLateReceipts', rowKey: 'rowKey', defaultSort: 'daysLate:desc', pageSize: 100 },
  filters: [
    { field: 'fromMonth', widget: 'month', required: true },
    { field: 'toMonth', widget: 'month', required: true },
    { field: 'compNo', widget: 'company' },
    { field: 'section', visible: 'false' },
    { field: 'deptcd', visible: 'false' },
  ],
  totals: true,
  columns: [
    {
      field: 'whReqNo',
      width: 130,
      link: { screen: 'fulfilmentDelivery.warehousingDetail', query: { whReqNo: 'row.whReqNo' } },
      total: { label: 'engine.totalLabel' },
    },
    { field: 'whReqDate', type: 'date', width: 100 },
    { field: 'dueDate', type: 'date', width: 100 },
    { field: 'daysLate', type: 'number', width: 70 },
    { field: 'poNo', width: 130, link: { screen: 'purchaseOrder.orderRequestEdit', query: { poNo: 'row.poNo' } } },
    { field: 'poLineNo', type: 'number', width: 60 },
    { field: 'compNameKr', width: 150 },
    { field: 'itemName', width: 180 },
    { field: 'quantity', type: 'number', width: 80 },
    { field: 'amount', type: 'money', currencyField: 'currency', width: 120 },
    { field: 'amountKrw', type: 'money', currency: 'KRW', width: 120, total: 'sum' },
  ],
  actions: [{ kind: 'exportExcel', fileName: t('lateReceipts.title') }],
};
export default def;
