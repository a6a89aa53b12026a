import { defineListScreen } from '../../engine/define';
import { f, taskStatus } from './labels';

/** /evaWorkList — my evaluation tasks (평가작업): one row per supplier I score in an open period, with the due date. */
export default defineListScreen({
  id: 'evaluation.evaWorkList',
  route: '/evaWorkList',
  title: 'screen.evaluation.evaWorkList.title',
  source: { operation: 'listMyEvaTasks', rowKey: 'taskId', defaultSort: 'dueDate:asc' },
  filters: [
    { field: 'periodId', label: f('period'), widget: 'select', optionsFrom: { operation: 'listEvaPeriods', value: 'periodId', text: 'periodName' } },
    { field: 'status', label: f('taskStatus'), widget: 'select', options: taskStatus },
    { field: 'compName', label: f('compName'), maxLength: 100 },
  ],
  rememberFilters: true,
  columns: [
    { field: 'taskId', label: f('taskId'), type: 'number', width: 70, link: { screen: 'evaluation.evaWorkEdit', query: { taskId: 'row.taskId' } } },
    { field: 'periodName', label: f('period'), width: 190 },
    { field: 'compNo', label: f('compNo'), width: 80 },
    { field: 'compName', label: f('compName'), width: 170 },
    { field: 'status', label: f('taskStatus'), type: 'code', options: taskStatus, width: 80, align: 'center' },
    { field: 'dueDate', label: f('dueDate'), type: 'date', width: 100 },
    { field: 'overdue', label: f('overdue'), type: 'checkbox', width: 60 },
    { field: 'criteriaCount', label: f('criteriaCount'), type: 'number', width: 70 },
    { field: 'scoredCount', label: f('scoredCount'), type: 'number', width: 70 },
    { field: 'averageScore', label: f('averageScore'), type: 'number', width: 80 },
    { field: 'submittedAt', label: f('submittedAt'), type: 'datetime', width: 130 },
  ],
  rowOpen: { screen: 'evaluation.evaWorkEdit', query: { taskId: 'row.taskId' } },
  actions: [{ kind: 'exportExcel', fileName: 'screen.evaluation.evaWorkList.title' }],
});
