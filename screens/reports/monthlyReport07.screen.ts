import type { ListScreenDef } from '../../engine/define';
import { exportAction, monthDrill, num, orgFilters, t } from './report-defs';

/** /report/monthlyReport/monthlyReport07 — on-time delivery per receipt month (납기 준수율): on time and late lines stacked. */
const def: ListScreenDef = {
  kind: 'list',
  id: 'reports.monthlyReport07',
  route: '/report/monthlyReport/monthlyReport07',
  title: t('monthlyReport07.title'),
  labels: 'screen.reports.f',
  source: { operation: 'getMonthlyReport07', rowKey: 'month', defaultSort: 'month:asc', pageSize: 100 },
  filters: orgFilters,
  rememberFilters: true,
  totals: true,
  chart: {
    kind: 'stackedBar',
    x: 'month',
    series: [
      { field: 'onTimeCount', color: '#0b7268' },
      { field: 'lateCount', color: '#b42318' },
    ],
    limit: 36,
    drill: monthDrill('receipt'),
  },
  columns: [
    { field: 'month', type: 'month', width: 90, link: monthDrill('receipt'), total: { label: 'engine.totalLabel' } },
    num('lineCount'),
    num('onTimeCount'),
    num('lateCount'),
    num('onTimeRate'),
    num('avgDelayDays', 'avgDelayDays', 110),
  ],
  actions: [exportAction('monthlyReport07')],
};
export default def;
