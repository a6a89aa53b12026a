import { defineListScreen } from '../../engine/define';
import { f, taskStatus } from './labels';

/** /business/evaResult/evaWorkResultList — every evaluator's work by supplier (평가결과), read only. */
export default defineListScreen({
  id: 'evaluation.evaWorkResultList',
  route: '/business/evaResult/evaWorkResultList',
  title: 'screen.evaluation.evaWorkResultList.title',
  labels: 'screen.evaluation.f',
  source: { operation: 'listEvaResults', rowKey: 'taskId', defaultSort: 'taskId:desc' },
  filters: [
    {
      field: 'periodId',
      label: f('period'),
      widget: 'select',
      optionsFrom: { operation: 'listEvaPeriods', value: 'periodId', text: 'periodName' },
    },
    { field: 'status', label: f('taskStatus'), widget: 'select', options: taskStatus },
    { field: 'evaluatorName', maxLength: 50 },
    { field: 'compName', maxLength: 100 },
    { field: 'compNo', widget: 'company' },
  ],
  rememberFilters: true,
  columns: [
    {
      field: 'taskId',
      type: 'number',
      width: 70,
      link: { screen: 'evaluation.evaWorkResultView', query: { taskId: 'row.taskId' } },
    },
    { field: 'periodName', label: f('period'), width: 180 },
    { field: 'evaluatorName', width: 90 },
    { field: 'compNo', width: 80 },
    { field: 'compName', width: 170 },
    { field: 'status', label: f('taskStatus'), type: 'code', options: taskStatus, width: 80, align: 'center' },
    { field: 'dueDate', type: 'date', width: 100 },
    { field: 'scoredCount', type: 'number', width: 70 },
    { field: 'averageScore', type: 'number', width: 80 },
    { field: 'submittedAt', type: 'datetime', width: 130 },
  ],
  rowOpen: { screen: 'evaluation.evaWorkResultView', query: { taskId: 'row.taskId' } },
  actions: [{ kind: 'exportExcel', fileName: 'screen.evaluation.evaWorkResultList.title' }],
});
