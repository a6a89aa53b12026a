import type { ListScreenDef } from '../../engine/define';
import { exportAction, f, monthDrill, num, orgFilters, t, won } from './report-defs';

/** /report/monthlyReport/monthlyReport08 — settlement totals per settlement month (정산 집계), KRW and converted JPY stacked. */
const def: ListScreenDef = {
  kind: 'list',
  id: 'reports.monthlyReport08',
  route: '/report/monthlyReport/monthlyReport08',
  title: t('monthlyReport08.title'),
  labels: 'screen.reports.f',
  source: { operation: 'getMonthlyReport08', rowKey: 'month', defaultSort: 'month:asc', pageSize: 100 },
  filters: orgFilters,
  rememberFilters: true,
  totals: true,
  chart: {
    kind: 'stackedBar',
    x: 'month',
    series: [{ field: 'krwAmount' }, { field: 'jpyKrwAmount' }],
    limit: 36,
    drill: monthDrill('settlement'),
  },
  columns: [
    {
      field: 'month',
      label: f('settleMonth'),
      type: 'month',
      width: 90,
      link: monthDrill('settlement'),
      total: { label: 'engine.totalLabel' },
    },
    num('settlementCount'),
    num('supplierCount'),
    num('lineCount'),
    won('krwAmount'),
    { field: 'jpyAmount', type: 'money', currency: 'JPY', width: 120, total: 'sum' },
    won('jpyKrwAmount'),
    won('totalKrw'),
    won('postedKrw'),
  ],
  actions: [exportAction('monthlyReport08')],
};
export default def;
