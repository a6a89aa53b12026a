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

/** /report/manage/itemMasterCostNew — item master cost (품목 기준단가): reference vs last vs average price paid. */
const def: ListScreenDef = {
  kind: 'list',
  id: 'reports.itemMasterCostNew',
  route: '/report/manage/itemMasterCostNew',
  title: t('itemMasterCostNew.title'),
  labels: 'screen.reports.f',
  source: {
    operation: 'getItemMasterCost',
    rowKey: 'itemCode',
    defaultSort: 'lineCount:desc',
    pageSize: 500,
    rebuild: rebuildSummary,
  },
  filters: [...orgFilters, { field: 'itemCode' }],
  rememberFilters: true,
  totals: true,
  chart: {
    kind: 'bar',
    x: 'itemName',
    series: [{ field: 'refPrice' }, { field: 'lastPrice' }, { field: 'avgPrice' }],
    limit: 15,
  },
  columns: [
    { field: 'itemCode', width: 110, link: detail, total: { label: 'engine.totalLabel' } },
    { field: 'itemName', width: 200 },
    { field: 'currency', width: 60 },
    price('refPrice'),
    { ...num('lineCount'), total: 'sum' },
    price('lastPrice'),
    price('avgPrice'),
    num('lastVsRefPct'),
    num('avgVsRefPct'),
  ],
  actions: [exportAction('itemMasterCostNew')],
};
export default def;
