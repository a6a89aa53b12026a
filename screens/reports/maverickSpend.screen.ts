import type { ListScreenDef } from '../../engine/define';
import { orgFilters, t } from './report-defs';

const L = 'screen.reports.maverickSpend.f';
const kinds = ['NO_PO', 'OFF_AGREEMENT', 'SPLIT'].map((value) => ({ value, text: t(`maverickSpend.kind.${value}`) }));
const money = (field: string, total = false): ListScreenDef['columns'][number] => ({
  field,
  type: 'money',
  currency: 'KRW',
  width: 120,
  ...(total ? { total: 'sum' as const } : {}),
});

/**
 * /maverickSpend — 비정상 구매 (docs/reports.md "Maverick spend"): deliveries without an order, order lines
 * at a price other than the supplier's active agreement for the item, and orders split under an approval
 * threshold (the same supplier and item within N days), one row per document: a delivery number opens
 * the delivery, an order number the order, an agreement number the agreement.
 */
const def: ListScreenDef = {
  kind: 'list',
  id: 'reports.maverickSpend',
  route: '/maverickSpend',
  title: t('maverickSpend.title'),
  labels: L,
  description: 'Maverick spend, three rules; one SQL statement on the server (docs/reports.md).',
  source: { operation: 'getMaverickSpend', rowKey: 'rowKey', defaultSort: 'docDate:desc', pageSize: 100 },
  filters: [
    ...orgFilters,
    { field: 'kind', widget: 'select', options: kinds, emptyOption: 'all' },
    { field: 'days', widget: 'number', default: 7 },
    { field: 'compNo', widget: 'company' },
  ],
  rememberFilters: true,
  totals: true,
  columns: [
    { field: 'kind', type: 'code', options: kinds, width: 150, total: { label: 'engine.totalLabel' } },
    { field: 'docDate', type: 'date', width: 100 },
    {
      field: 'deliveryNo',
      width: 140,
      link: { screen: 'fulfilmentDelivery.deliverEditAdmin', query: { deliveryNo: 'row.deliveryNo' } },
    },
    { field: 'poNo', width: 130, link: { screen: 'purchaseOrder.orderRequestEdit', query: { poNo: 'row.poNo' } } },
    { field: 'lineNo', type: 'number', width: 60 },
    { field: 'compNameKr', width: 150 },
    { field: 'itemName', width: 180 },
    { field: 'currency', width: 60 },
    { field: 'amount', type: 'money', currencyField: 'currency', width: 120 },
    money('amountKrw', true),
    { field: 'unitPrice', type: 'money', currencyField: 'currency', width: 110 },
    { field: 'refPrice', type: 'money', currencyField: 'currency', width: 110 },
    money('deviationKrw', true),
    {
      field: 'agreementNo',
      width: 130,
      link: { screen: 'purchaseOrder.agreementEdit', query: { agreementNo: 'row.agreementNo' } },
    },
    { field: 'refNo', width: 130 },
    { field: 'groupCount', type: 'number', width: 80 },
    money('groupKrw'),
    money('thresholdKrw'),
    { field: 'deptnm', width: 120 },
    { field: 'buyerName', width: 90 },
  ],
  actions: [{ kind: 'exportExcel', fileName: t('maverickSpend.title') }],
};
export default def;
