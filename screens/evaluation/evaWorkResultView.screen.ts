import { defineEditScreen } from '../../engine/define';

const f = (name: string) => `screen.evaluation.f.${name}`;
const T = (name: string) => `screen.evaluation.${name}`;
const taskStatus = ['PENDING', 'DRAFT', 'SUBMITTED'].map((value) => ({ value, text: `screen.evaluation.taskStatus.${value}` }));
const kinds = ['QUANT', 'QUAL'].map((value) => ({ value, text: `screen.evaluation.kind.${value}` }));
const measures = ['ON_TIME', 'QTY_ACCURACY', 'QUALITY', 'PRICE', 'DISPUTE', 'RFQ_RESPONSE'].map((value) => ({ value, text: `screen.evaluation.measure.${value}` }));

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
        { field: 'score', label: f('score15'), type: 'number', width: 70 },
        { field: 'comment', label: f('comment'), width: 220, maxLength: 1000 },
      ],
    },
  ],
  actions: [{ kind: 'back', requires: 'read' }],
});
