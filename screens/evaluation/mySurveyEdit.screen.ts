import { defineEditScreen } from '../../engine/define';
import { f, respStatus } from './labels';

/** OGPMS /compInfo/transSatisSurveyEdit — answer a survey about us: each question 1–5 and a comment, once, while it is open. */
export default defineEditScreen({
  id: 'evaluation.mySurveyEdit',
  route: '/compInfo/transSatisSurveyEdit',
  menu: '/compInfo/transSatisSurveyList',
  portals: ['internal', 'external'],
  title: 'screen.evaluation.mySurveyEdit.title',
  labels: 'screen.evaluation.f',
  key: ['surveyId'],
  load: {
    operation: 'getMySurvey',
    params: { path: { surveyId: 'query.surveyId' }, query: { compNo: 'query.compNo' } },
  },
  readOnly: "!contains(form.actions, 'answer')",
  sections: [
    {
      columns: 4,
      fields: [
        { field: 'title', label: f('surveyTitle'), readOnly: true, span: 2 },
        { field: 'compName', label: 'screen.supplierView.compName', readOnly: true, portal: 'internal' },
        { field: 'endDate', readOnly: true },
        { field: 'status', label: f('responseStatus'), widget: 'select', options: respStatus, readOnly: true },
        { field: 'comment', widget: 'textarea', rows: 2, maxLength: 1000, span: 4 },
      ],
    },
  ],
  details: [
    {
      id: 'answers',
      title: 'screen.evaluation.transSatisMngDetail.questions',
      rowKey: 'qNo',
      canAdd: false,
      canDelete: false,
      visibleRows: 6,
      columns: [
        { field: 'qNo', type: 'number', width: 50 },
        { field: 'text', label: f('question'), width: 420 },
        {
          field: 'score',
          label: f('score15'),
          type: 'number',
          width: 80,
          editable: "contains(form.actions, 'answer')",
        },
      ],
    },
  ],
  actions: [
    { kind: 'back', requires: 'read' },
    {
      kind: 'workflow',
      id: 'answer',
      portal: 'external',
      label: 'screen.evaluation.action.submit',
      variant: 'primary',
      operation: 'answerMySurvey',
      visible: "contains(form.actions, 'answer')",
      confirm: 'screen.evaluation.confirm.submit',
      params: {
        path: { surveyId: 'form.surveyId' },
        body: {
          version: 'form.version',
          comment: 'form.comment',
          answers: "pick(detail.answers.rows, ['qNo', 'score'])",
        },
      },
      then: ['reloadRecord'],
    },
  ],
});
