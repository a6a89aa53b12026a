import type { ListScreenDef } from '../../engine/define';
import { exportAction, monthDrill, num, orgFilters, t, won, rebuildSummary } from './report-defs';

/** /report/monthlyReport/monthlyReport09 — price variance per order month (단가 변동): paid against the reference price, in won. */
const def: ListScreenDef = {
  kind: 'list',
  id: 'reports.monthlyReport09',
  route: '/report/monthlyReport/monthlyReport09',
  title: t('monthlyReport09.title'),
  labels: 'screen.reports.f',
  source: {
    operation: 'getMonthlyReport09',
    rowKey: 'month',
    defaultSort: 'month:asc',
    pageSize: 100,
    rebuild: rebuildSummary,
  },
  filters: orgFilters,
  rememberFilters: true,
  totals: true,
  chart: {
    kind: 'bar',
    x: 'month',
    series: [{ field: 'referenceKrw' }, { field: 'actualKrw' }],
    limit: 36,
    drill: monthDrill(),
  },
  columns: [
    { field: 'month', type: 'month', width: 90, link: monthDrill(), total: { label: 'engine.totalLabel' } },
    num('lineCount'),
    num('aboveCount'),
    won('referenceKrw'),
    won('actualKrw'),
    won('varianceKrw'),
    num('variancePct'),
  ],
  actions: [exportAction('monthlyReport09')],
};
export default def;
