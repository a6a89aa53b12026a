import type { ListScreenDef } from '../../engine/define';
import { exportAction, f, num, t } from './report-defs';

const code = (field: string) => ({ field, label: f(field), visible: 'false' });

/**
 * reports.orderDrill — the orders behind a report's bar or row (opened in a dialog from every
 * report, with the report's period, section, department and the row's key as its filters). The
 * server applies the same scope as the report. A PO number opens the order.
 */
const def: ListScreenDef = {
  kind: 'list',
  id: 'reports.orderDrill',
  title: t('orderDrill.title'),
  labels: 'screen.reports.f',
  source: { operation: 'listReportOrders', rowKey: 'poNo', defaultSort: 'poDate:desc', pageSize: 100 },
  filters: [
    { field: 'fromMonth', widget: 'month', required: true },
    { field: 'toMonth', widget: 'month', required: true },
    { field: 'compNo', label: f('supplierCode'), widget: 'company' },
    { field: 'section', label: f('sectionCode') },
    { field: 'deptcd', label: f('deptCode') },
    code('catCode'),
    code('sgCode'),
    code('itemCode'),
    { field: 'basis', visible: 'false' },
    // A spend-cube cell (/spendCube): its dimensions and keys, made filters by the server.
    { field: 'dim1', label: t('spendCube.rows'), visible: 'false' },
    { field: 'key1', label: t('spendCube.key1'), visible: 'false' },
    { field: 'dim2', label: t('spendCube.columns'), visible: 'false' },
    { field: 'key2', label: t('spendCube.key2'), visible: 'false' },
  ],
  totals: true,
  columns: [
    {
      field: 'poNo',
      width: 130,
      link: { screen: 'purchaseOrder.orderRequestEdit', query: { poNo: 'row.poNo' } },
      total: { label: 'engine.totalLabel' },
    },
    { field: 'poDate', type: 'date', width: 100 },
    { field: 'title', width: 220 },
    { field: 'status', label: f('poStatus'), type: 'code', codeGroup: 'PO_STATUS', width: 90 },
    { field: 'compNameKr', label: f('supplier'), width: 160 },
    { field: 'deptnm', label: f('dept'), width: 120 },
    { field: 'buyerName', width: 90 },
    { field: 'currency', width: 60 },
    { ...num('lineCount'), total: 'sum' },
    { field: 'amount', type: 'money', currencyField: 'currency', width: 120 },
    { field: 'krwAmount', type: 'money', currency: 'KRW', width: 120, total: 'sum' },
  ],
  actions: [exportAction('orderDrill')],
};
export default def;
