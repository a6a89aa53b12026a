import type { ListScreenDef } from '../../engine/define';
import { exportAction, monthDrill, num, orgFilters, t, won } from './report-defs';

/** /report/monthlyReport/monthlyReport10 — new suppliers per month (신규 협력사): how many, and their first month's orders. */
const def: ListScreenDef = {
  kind: 'list',
  id: 'reports.monthlyReport10',
  route: '/report/monthlyReport/monthlyReport10',
  title: t('monthlyReport10.title'),
  labels: 'screen.reports.f',
  source: { operation: 'getMonthlyReport10', rowKey: 'month', defaultSort: 'month:asc', pageSize: 100 },
  filters: orgFilters,
  rememberFilters: true,
  totals: true,
  chart: { kind: 'bar', x: 'month', series: [{ field: 'supplierCount' }], limit: 36, drill: monthDrill('newSupplier') },
  columns: [
    {
      field: 'month',
      type: 'month',
      width: 90,
      link: monthDrill('newSupplier'),
      total: { label: 'engine.totalLabel' },
    },
    num('supplierCount'),
    num('poCount'),
    won('totalKrw'),
  ],
  actions: [exportAction('monthlyReport10')],
};
export default def;
