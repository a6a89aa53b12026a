import { defineEditScreen } from '../../engine/define';

const f = (name: string) => `screen.evaluation.f.${name}`;
const T = (name: string) => `screen.evaluation.${name}`;
const taskStatus = ['PENDING', 'DRAFT', 'SUBMITTED'].map((value) => ({ value, text: `screen.evaluation.taskStatus.${value}` }));
const kinds = ['QUANT', 'QUAL'].map((value) => ({ value, text: `screen.evaluation.kind.${value}` }));
const measures = ['ON_TIME', 'QTY_ACCURACY', 'QUALITY', 'PRICE', 'DISPUTE', 'RFQ_RESPONSE'].map((value) => ({ value, text: `screen.evaluation.measure.${value}` }));

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
  sections: [
    {
      columns: 4,
      fields: [
        { field: 'periodName', label: f('period'), readOnly: true, span: 2 },
        { field: 'status', label: f('taskStatus'), widget: 'select', options: taskStatus, readOnly: true },
        { field: 'dueDate', label: f('dueDate'), readOnly: true },
        { field: 'compName', label: f('compName'), readOnly: true },
        { field: 'compNo', label: f('compNo'), readOnly: true },
        { field: 'evaluatorName', label: f('evaluatorName'), readOnly: true },
        { field: 'submittedAt', label: f('submittedAt'), widget: 'datetime', readOnly: true },
      ],
    },
  ],
  details: [
    {
      id: 'scores',
      title: T('evaWorkEdit.scores'),
      rowKey: 'criterionId',
      canAdd: false,
      canDelete: false,
      visibleRows: 10,
      columns: [
        { field: 'category', label: f('category'), width: 90 },
        { field: 'name', label: f('criterionName'), width: 150 },
        { field: 'kind', label: f('kind'), type: 'code', options: kinds, width: 70 },
        { field: 'weight', label: f('weight'), type: 'number', width: 60 },
        { field: 'measure', label: f('measure'), type: 'code', options: measures, width: 120 },
        { field: 'numerator', label: f('numerator'), type: 'number', width: 80 },
        { field: 'denominator', label: f('denominator'), type: 'number', width: 80 },
        { field: 'rate', label: f('rate'), type: 'number', width: 70 },
        { field: 'computedScore', label: f('computedScore'), type: 'number', width: 70 },
        { field: 'score', label: f('score15'), type: 'number', width: 70, editable: "row.mine && contains(form.actions, 'save')" },
        { field: 'comment', label: f('comment'), width: 220, editable: "row.mine && contains(form.actions, 'save')", maxLength: 1000 },
      ],
    },
  ],
  actions: [
    { kind: 'back', requires: 'read' },
    {
      kind: 'workflow', id: 'save', label: T('action.saveDraft'), operation: 'saveEvaTask', visible: "contains(form.actions, 'save')",
      params: { path: { taskId: 'form.taskId' }, body: { version: 'form.version', scores: "pick(detail.scores.rows, ['criterionId', 'score', 'comment'])" } }, then: ['reloadRecord'],
    },
    {
      kind: 'workflow', id: 'submit', label: T('action.submit'), variant: 'primary', operation: 'submitEvaTask', visible: "contains(form.actions, 'submit')", confirm: T('confirm.submit'),
      params: { path: { taskId: 'form.taskId' }, body: { version: 'form.version', scores: "pick(detail.scores.rows, ['criterionId', 'score', 'comment'])" } }, then: ['reloadRecord'],
    },
  ],
});
