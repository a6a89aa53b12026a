import type { ListScreenDef } from '../../engine/define';
import { exportAction, monthDrill, num, orgFilters, t } from './report-defs';

/** /report/monthlyReport/monthlyReport06 — PR-to-PO lead time per order month (구매요청 처리기간): a line of the average days. */
const def: ListScreenDef = {
  kind: 'list',
  id: 'reports.monthlyReport06',
  route: '/report/monthlyReport/monthlyReport06',
  title: t('monthlyReport06.title'),
  labels: 'screen.reports.f',
  source: { operation: 'getMonthlyReport06', rowKey: 'month', defaultSort: 'month:asc', pageSize: 100 },
  filters: orgFilters,
  rememberFilters: true,
  totals: true,
  chart: {
    kind: 'line',
    x: 'month',
    series: [{ field: 'avgDays' }, { field: 'maxDays' }],
    limit: 36,
    drill: monthDrill(),
  },
  columns: [
    { field: 'month', type: 'month', width: 90, link: monthDrill(), total: { label: 'engine.totalLabel' } },
    num('poCount'),
    num('avgDays'),
    num('minDays'),
    num('maxDays'),
    num('within14Count', 'within14Count', 110),
  ],
  actions: [exportAction('monthlyReport06')],
};
export default def;
