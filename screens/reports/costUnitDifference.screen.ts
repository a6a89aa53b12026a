import type { ListScreenDef } from '../../engine/define';
import { exportAction, f, num, orgFilters, t, rebuildSummary } from './report-defs';

const price = (field: string) => ({
  field,
  label: f(field),
  type: 'money' as const,
  currencyField: 'currency',
  width: 110,
});
const detail = {
  screen: 'reports.highCostUnitDetail',
  query: { itemCode: 'row.itemCode', fromMonth: 'filters.months.from', toMonth: 'filters.months.to' },
};

/**
 * /report/costUnit/costUnitDifference — unit-price differences (단가 차이) for the same item between
 * suppliers (lowest, highest, average) and between periods (first and last price); a bar or a row
 * opens the item's price history.
 */
const def: ListScreenDef = {
  kind: 'list',
  id: 'reports.costUnitDifference',
  route: '/report/costUnit/costUnitDifference',
  title: t('costUnitDifference.title'),
  labels: 'screen.reports.f',
  source: {
    operation: 'getCostUnitDifference',
    rowKey: 'itemCode',
    defaultSort: 'spreadPct:desc',
    pageSize: 500,
    rebuild: rebuildSummary,
  },
  filters: [...orgFilters, { field: 'itemCode' }, { field: 'minSuppliers', widget: 'number', default: 2 }],
  rememberFilters: true,
  totals: true,
  chart: { kind: 'bar', x: 'itemName', series: [{ field: 'spreadPct' }], limit: 20, drill: detail },
  columns: [
    { field: 'itemCode', width: 110, link: detail, total: { label: 'engine.totalLabel' } },
    { field: 'itemName', width: 200 },
    { field: 'currency', width: 60 },
    num('supplierCount'),
    { ...num('lineCount'), total: 'sum' },
    price('minPrice'),
    price('maxPrice'),
    price('avgPrice'),
    price('spread'),
    num('spreadPct'),
    price('firstPrice'),
    price('lastPrice'),
  ],
  actions: [exportAction('costUnitDifference')],
};
export default def;
