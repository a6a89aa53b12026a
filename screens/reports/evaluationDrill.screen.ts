import type { ListScreenDef } from '../../engine/define';
import { exportAction, f, t } from './report-defs';

const grades = ['A', 'B', 'C', 'D'].map((value) => ({ value, text: value }));
const actions = ['NONE', 'WARN', 'BLOCK'].map((value) => ({ value, text: `screen.evaluation.action.${value}` }));
const totalStatus = ['DRAFT', 'FINAL'].map((value) => ({ value, text: `screen.evaluation.totalStatus.${value}` }));

/**
 * reports.evaluationDrill — the suppliers' evaluation totals behind an evaluation-summary row or bar
 * (monthlyReport11), opened in a dialog with the report's period, section, department and the
 * row's evaluation period. The server applies the report's scope.
 */
const def: ListScreenDef = {
  kind: 'list',
  id: 'reports.evaluationDrill',
  title: t('evaluationDrill.title'),
  labels: 'screen.reports.f',
  source: { operation: 'listReportEvaluationTotals', rowKey: 'totalId', defaultSort: 'totalScore:desc', pageSize: 200 },
  filters: [
    { field: 'fromMonth', widget: 'month', required: true },
    { field: 'toMonth', widget: 'month', required: true },
    { field: 'grade', widget: 'select', options: grades },
    { field: 'section', label: f('sectionCode'), visible: 'false' },
    { field: 'deptcd', label: f('deptCode'), visible: 'false' },
    { field: 'periodId', label: f('evaPeriod'), visible: 'false' },
  ],
  columns: [
    { field: 'rankNo', type: 'number', width: 60 },
    { field: 'periodName', label: f('evaPeriod'), width: 180 },
    { field: 'compNo', label: f('supplierCode'), width: 90 },
    { field: 'compNameKr', label: f('supplier'), width: 170 },
    { field: 'totalScore', type: 'number', width: 80 },
    { field: 'grade', width: 60, align: 'center' },
    { field: 'gradeAction', type: 'code', options: actions, width: 90 },
    { field: 'prevScore', type: 'number', width: 80 },
    { field: 'status', label: f('totalStatus'), type: 'code', options: totalStatus, width: 80, align: 'center' },
    { field: 'published', width: 70, align: 'center' },
  ],
  actions: [exportAction('evaluationDrill')],
};
export default def;
