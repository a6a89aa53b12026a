import type { ListScreenDef } from '../../engine/define';
import { exportAction, num, orgFilters, t, won, rebuildSummary } from './report-defs';

const detail = {
  screen: 'reports.highCostUnitDetail',
  query: { itemCode: 'row.itemCode', fromMonth: 'filters.months.from', toMonth: 'filters.months.to' },
};

/** /report/costUnit/highCostUnit — items bought above their reference price (고단가 품목): how often, by how much, which buyer. */
const def: ListScreenDef = {
  kind: 'list',
  id: 'reports.highCostUnit',
  route: '/report/costUnit/highCostUnit',
  title: t('highCostUnit.title'),
  labels: 'screen.reports.f',
  source: {
    operation: 'getHighCostUnit',
    rowKey: 'itemCode',
    defaultSort: 'excessKrw:desc',
    pageSize: 500,
    rebuild: rebuildSummary,
  },
  filters: orgFilters,
  rememberFilters: true,
  totals: true,
  chart: { kind: 'bar', x: 'itemName', series: [{ field: 'excessKrw' }], limit: 20, drill: detail },
  columns: [
    { field: 'itemCode', width: 110, link: detail, total: { label: 'engine.totalLabel' } },
    { field: 'itemName', width: 200 },
    { field: 'currency', width: 60 },
    { field: 'refPrice', type: 'money', currencyField: 'currency', width: 110 },
    { ...num('aboveCount'), total: 'sum' },
    { field: 'excessAmount', type: 'money', currencyField: 'currency', width: 120 },
    won('excessKrw'),
    num('maxOverPct'),
    num('buyerCount'),
    { field: 'buyerName', width: 100 },
  ],
  actions: [exportAction('highCostUnit')],
};
export default def;
