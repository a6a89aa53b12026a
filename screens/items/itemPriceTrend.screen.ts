import { defineListScreen } from '../../engine/define';

const T = (n: string) => `screen.items.${n}`;

/**
 * The item's price-history chart (a dialog of the item, 단가 추이): the engine's list chart over
 * listItemPriceTrend — on each date a supplier's price changed, the lowest, average and highest
 * price then in force — with the same points in the grid below.
 */
export default defineListScreen({
  id: 'items.itemPriceTrend',
  title: T('priceTrend'),
  labels: 'screen.items.field',
  menu: '/itemDetail',
  source: { operation: 'listItemPriceTrend', params: { path: { itemCode: 'query.itemCode' } } },
  chart: {
    kind: 'line',
    x: 'effectiveDate',
    series: [{ field: 'lowPrice' }, { field: 'avgPrice' }, { field: 'highPrice' }],
    limit: 100,
    height: 240,
  },
  columns: [
    { field: 'effectiveDate', type: 'date', width: 110 },
    { field: 'currency', width: 60 },
    { field: 'supplierCount', type: 'number', width: 80 },
    { field: 'lowPrice', type: 'money', currencyField: 'currency', width: 110 },
    { field: 'avgPrice', type: 'money', currencyField: 'currency', width: 110 },
    { field: 'highPrice', type: 'money', currencyField: 'currency', width: 110 },
  ],
  visibleRows: 6,
});
