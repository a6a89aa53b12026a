import type { ListScreenDef } from '../../engine/define';
import { drill, exportAction, f, num, periodFilter, t } from './report-defs';

const price = (field: string) => ({
  field,
  label: f(field),
  type: 'money' as const,
  currencyField: 'currency',
  width: 110,
});
const orders = drill({ itemCode: 'filters.itemCode', fromMonth: 'row.month', toMonth: 'row.month' });

/** /report/costUnit/highCostUnitDetail — one item's price history (단가 이력): lowest, average and highest price per month beside the reference price. */
const def: ListScreenDef = {
  kind: 'list',
  id: 'reports.highCostUnitDetail',
  route: '/report/costUnit/highCostUnitDetail',
  menu: '/report/costUnit/highCostUnit',
  title: t('highCostUnitDetail.title'),
  labels: 'screen.reports.f',
  source: { operation: 'getHighCostUnitDetail', rowKey: 'month', defaultSort: 'month:asc', pageSize: 100 },
  filters: [
    { field: 'itemCode', required: true },
    { ...periodFilter, default: { preset: 'thisYear' } },
  ],
  rememberFilters: true,
  totals: true,
  chart: {
    kind: 'line',
    x: 'month',
    series: [{ field: 'minPrice' }, { field: 'avgPrice' }, { field: 'maxPrice' }, { field: 'refPrice' }],
    limit: 36,
    drill: orders,
  },
  columns: [
    { field: 'month', type: 'month', width: 90, link: orders, total: { label: 'engine.totalLabel' } },
    { field: 'currency', width: 60 },
    { ...num('lineCount'), total: 'sum' },
    num('supplierCount'),
    price('minPrice'),
    price('avgPrice'),
    price('maxPrice'),
    price('refPrice'),
  ],
  actions: [exportAction('highCostUnitDetail')],
};
export default def;
