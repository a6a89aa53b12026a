import { defineEditScreen } from '../../engine/define';
import { T, scoreColumns, taskSection } from './labels';

/** /business/evaResult/evaWorkResultView — one evaluator's scores for one supplier with the quantitative figures (평가결과 상세), read only. */
export default defineEditScreen({
  id: 'evaluation.evaWorkResultView',
  route: '/business/evaResult/evaWorkResultView',
  menu: '/business/evaResult/evaWorkResultList',
  title: 'screen.evaluation.evaWorkResultView.title',
  key: ['taskId'],
  load: { operation: 'getEvaResult', params: { path: { taskId: 'query.taskId' } } },
  readOnly: true,
  confirmLeave: false,
  sections: [taskSection],
  details: [
    {
      id: 'scores',
      title: T('evaWorkEdit.scores'),
      rowKey: 'criterionId',
      canAdd: false,
      canDelete: false,
      visibleRows: 10,
      columns: scoreColumns(),
    },
  ],
  actions: [{ kind: 'back', requires: 'read' }],
});
