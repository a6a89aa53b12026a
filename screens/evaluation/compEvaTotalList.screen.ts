import { defineListScreen } from '../../engine/define';
import { T, f, actions, grades, totalStatus } from './labels';

const yn = [
  { value: 'Y', text: 'screen.evaluation.published.Y' },
  { value: 'N', text: 'screen.evaluation.published.N' },
];

/**
 * /compEvaTotalList — totals per supplier and period (종합평가): weighted score, adjustment, grade
 * and its sourcing action, rank, trend against the previous period; finalize and publish the
 * selected ones (a number opens the explanation line by line).
 */
export default defineListScreen({
  id: 'evaluation.compEvaTotalList',
  route: '/compEvaTotalList',
  title: T('compEvaTotalList.title'),
  labels: 'screen.evaluation.f',
  source: { operation: 'listEvaTotals', rowKey: 'totalId', defaultSort: 'rankNo:asc' },
  filters: [
    {
      field: 'periodId',
      label: f('period'),
      widget: 'select',
      optionsFrom: { operation: 'listEvaPeriods', value: 'periodId', text: 'periodName' },
    },
    { field: 'grade', widget: 'select', options: grades },
    { field: 'status', label: f('totalStatus'), widget: 'select', options: totalStatus.slice(0, 2) },
    { field: 'published', widget: 'select', options: yn },
    { field: 'compName', maxLength: 100 },
    { field: 'compNo', widget: 'company' },
  ],
  rememberFilters: true,
  selection: 'multi',
  columns: [
    { field: 'rankNo', type: 'number', width: 60 },
    { field: 'periodName', label: f('period'), width: 180 },
    { field: 'compNo', width: 80, link: { screen: 'evaluation.compEvaTotalEdit', query: { totalId: 'row.totalId' } } },
    { field: 'compName', width: 170 },
    { field: 'computedScore', type: 'number', width: 80 },
    { field: 'adjustment', type: 'number', width: 70 },
    { field: 'totalScore', type: 'number', width: 80 },
    { field: 'grade', width: 60, align: 'center' },
    { field: 'gradeAction', type: 'code', options: actions, width: 90 },
    { field: 'prevScore', type: 'number', width: 80 },
    { field: 'trend', type: 'number', width: 70 },
    { field: 'status', label: f('totalStatus'), type: 'code', options: totalStatus, width: 80, align: 'center' },
    { field: 'revision', type: 'number', width: 60 },
    { field: 'published', type: 'code', options: yn, width: 70, align: 'center' },
    { field: 'publishedAt', type: 'datetime', width: 130 },
  ],
  rowOpen: { screen: 'evaluation.compEvaTotalEdit', query: { totalId: 'row.totalId' } },
  actions: [
    {
      kind: 'call',
      id: 'finalize',
      label: T('action.finalize'),
      operation: 'finalizeEvaTotal',
      selection: 'multi',
      enabled: "all(rows, 'status', 'DRAFT')",
      confirm: T('confirm.finalize'),
      params: { path: { totalId: 'row.totalId' }, body: { version: 'row.version' } },
    },
    {
      kind: 'call',
      id: 'publish',
      label: T('action.publish'),
      operation: 'publishEvaTotal',
      selection: 'multi',
      enabled: "all(rows, 'status', 'FINAL') && all(rows, 'published', 'N')",
      confirm: T('confirm.publish'),
      params: { path: { totalId: 'row.totalId' }, body: { version: 'row.version' } },
    },
    { kind: 'exportExcel', fileName: 'screen.evaluation.compEvaTotalList.title' },
  ],
});
