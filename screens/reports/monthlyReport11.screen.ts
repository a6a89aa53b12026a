import type { ListScreenDef } from '../../engine/define';
import { drill, exportAction, f, num, orgFilters, t } from './report-defs';

/** The suppliers' totals behind a period's row or bar (reports.evaluationDrill, in a dialog). */
const link = drill({ periodId: 'row.periodId' });
const evaluationLink = { ...link, screen: 'reports.evaluationDrill' };

/**
 * /report/monthlyReport/monthlyReport11 — evaluation summary (협력사 평가 요약): per evaluation
 * period ending in the month range, how many suppliers in each grade (stacked bars), the average
 * score, warned and blocked, finalized and published. Scoped as every report (docs/reports.md).
 */
const def: ListScreenDef = {
  kind: 'list',
  id: 'reports.monthlyReport11',
  route: '/report/monthlyReport/monthlyReport11',
  title: t('monthlyReport11.title'),
  labels: 'screen.reports.f',
  source: { operation: 'getMonthlyReport11', rowKey: 'periodId', defaultSort: 'endDate:asc', pageSize: 100 },
  filters: orgFilters,
  rememberFilters: true,
  totals: true,
  chart: {
    kind: 'stackedBar',
    x: 'periodName',
    series: [
      { field: 'gradeA', color: '#0b7268' },
      { field: 'gradeB', color: '#3f7f2a' },
      { field: 'gradeC', color: '#8a6d00' },
      { field: 'gradeD', color: '#b42318' },
    ],
    limit: 36,
    drill: evaluationLink,
  },
  columns: [
    {
      field: 'periodName',
      label: f('evaPeriod'),
      width: 200,
      link: evaluationLink,
      total: { label: 'engine.totalLabel' },
    },
    { field: 'startDate', type: 'date', width: 100 },
    { field: 'endDate', type: 'date', width: 100 },
    {
      field: 'periodStatus',
      type: 'code',
      options: ['PLANNED', 'OPEN', 'CLOSED'].map((value) => ({
        value,
        text: `screen.evaluation.periodStatus.${value}`,
      })),
      width: 80,
      align: 'center',
    },
    { ...num('supplierCount'), total: 'sum' },
    num('avgScore'),
    { ...num('gradeA', 'gradeA', 70), total: 'sum' },
    { ...num('gradeB', 'gradeB', 70), total: 'sum' },
    { ...num('gradeC', 'gradeC', 70), total: 'sum' },
    { ...num('gradeD', 'gradeD', 70), total: 'sum' },
    { ...num('warnCount'), total: 'sum' },
    { ...num('blockCount'), total: 'sum' },
    { ...num('finalCount'), total: 'sum' },
    { ...num('publishedCount'), total: 'sum' },
  ],
  actions: [exportAction('monthlyReport11')],
};
export default def;
