import { defineEditScreen } from '../../engine/define';
import { T, scoreColumns, taskSection } from './labels';

/**
 * /evaWorkEdit — score one supplier (평가 수행): the quantitative criteria come filled from the
 * period's transactions with the figures behind them (numerator / denominator = rate → band
 * score); the qualitative criteria I evaluate take 1–5 and a comment. 임시저장 keeps a draft,
 * 제출 hands it in (every criterion scored, by the due date).
 */
export default defineEditScreen({
  id: 'evaluation.evaWorkEdit',
  route: '/evaWorkEdit',
  menu: '/evaWorkList',
  title: 'screen.evaluation.evaWorkEdit.title',
  key: ['taskId'],
  load: { operation: 'getMyEvaTask', params: { path: { taskId: 'query.taskId' } } },
  readOnly: "!contains(form.actions, 'save')",
  sections: [taskSection],
  details: [
    {
      id: 'scores',
      title: T('evaWorkEdit.scores'),
      rowKey: 'criterionId',
      canAdd: false,
      canDelete: false,
      visibleRows: 10,
      columns: scoreColumns("row.mine && contains(form.actions, 'save')"),
    },
  ],
  actions: [
    { kind: 'back', requires: 'read' },
    {
      kind: 'workflow',
      id: 'save',
      label: T('action.saveDraft'),
      operation: 'saveEvaTask',
      visible: "contains(form.actions, 'save')",
      params: {
        path: { taskId: 'form.taskId' },
        body: { version: 'form.version', scores: "pick(detail.scores.rows, ['criterionId', 'score', 'comment'])" },
      },
      then: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'submit',
      label: T('action.submit'),
      variant: 'primary',
      operation: 'submitEvaTask',
      visible: "contains(form.actions, 'submit')",
      confirm: T('confirm.submit'),
      params: {
        path: { taskId: 'form.taskId' },
        body: { version: 'form.version', scores: "pick(detail.scores.rows, ['criterionId', 'score', 'comment'])" },
      },
      then: ['reloadRecord'],
    },
  ],
});
