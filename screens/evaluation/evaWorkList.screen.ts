import { defineListScreen } from '../../engine/define';
import { f, taskStatus } from './labels';

/** /evaWorkList — my evaluation tasks (평가작업): one row per supplier I score in an open period, with the due date. */
export default defineListScreen({
  id: 'evaluation.evaWorkList',
  route: '/evaWorkList',
  title: 'screen.evaluation.evaWorkList.title',
  labels: 'screen.evaluation.f',
  source: { operation: 'listMyEvaTasks', rowKey: 'taskId', defaultSort: 'dueDate:asc' },
  filters: [
    {
      field: 'periodId',
      label: f('period'),
      widget: 'select',
      optionsFrom: { operation: 'listEvaPeriods', value: 'periodId', text: 'periodName' },
    },
    { field: 'status', label: f('taskStatus'), widget: 'select', options: taskStatus },
    { field: 'compName', maxLength: 100 },
  ],
  rememberFilters: true,
  columns: [
    {
      field: 'taskId',
      type: 'number',
      width: 70,
      link: { screen: 'evaluation.evaWorkEdit', query: { taskId: 'row.taskId' } },
    },
    { field: 'periodName', label: f('period'), width: 190 },
    { field: 'compNo', width: 80 },
    { field: 'compName', width: 170 },
    { field: 'status', label: f('taskStatus'), type: 'code', options: taskStatus, width: 80, align: 'center' },
    { field: 'dueDate', type: 'date', width: 100 },
    { field: 'overdue', type: 'checkbox', width: 60 },
    { field: 'criteriaCount', type: 'number', width: 70 },
    { field: 'scoredCount', type: 'number', width: 70 },
    { field: 'averageScore', type: 'number', width: 80 },
    { field: 'submittedAt', type: 'datetime', width: 130 },
  ],
  rowOpen: { screen: 'evaluation.evaWorkEdit', query: { taskId: 'row.taskId' } },
  actions: [{ kind: 'exportExcel', fileName: 'screen.evaluation.evaWorkList.title' }],
});
