import { defineEditScreen } from '../../engine/define';
import { T, f, respStatus, surveyStatus } from './labels';

/** /business/evaManage/transSatisMngDetail — one survey: questions and the suppliers asked (while in preparation), then who answered and the scores; 시작 / 마감. */
export default defineEditScreen({
  id: 'evaluation.transSatisMngDetail',
  route: '/business/evaManage/transSatisMngDetail',
  menu: '/business/evaManage/transSatisMngList',
  title: T('transSatisMngDetail.title'),
  labels: 'screen.evaluation.f',
  key: ['surveyId'],
  load: { operation: 'getSatSurvey', params: { path: { surveyId: 'query.surveyId' } } },
  readOnly: "mode == 'update' && form.status != 'DRAFT'",
  sections: [
    {
      columns: 4,
      fields: [
        { field: 'title', label: f('surveyTitle'), required: true, maxLength: 200, span: 2 },
        { field: 'startDate', widget: 'date', required: true },
        { field: 'endDate', widget: 'date', required: true },
        { field: 'suppliers', widget: 'textarea', rows: 2, required: true, maxLength: 4000, span: 3, help: T('evaSetting.targetListHelp') },
        { field: 'status', label: f('surveyStatus'), widget: 'select', options: surveyStatus, readOnly: true, visible: "mode == 'update'" },
      ],
    },
  ],
  details: [
    {
      id: 'questions',
      title: T('transSatisMngDetail.questions'),
      rowKey: 'qNo',
      minRows: 1,
      maxRows: 30,
      visibleRows: 5,
      send: ['text'],
      canAdd: "mode == 'create' || contains(form.actions, 'update')",
      canDelete: "mode == 'create' || contains(form.actions, 'update')",
      columns: [
        { field: 'qNo', type: 'number', width: 50 },
        { field: 'text', label: f('question'), width: 420, editable: true, required: true, maxLength: 500 },
        { field: 'answers', label: f('answered'), type: 'number', width: 70 },
        { field: 'averageScore', type: 'number', width: 80 },
      ],
    },
    {
      id: 'responses',
      title: T('transSatisMngDetail.responses'),
      rowKey: 'compNo',
      canAdd: false,
      canDelete: false,
      visible: "mode == 'update'",
      visibleRows: 6,
      columns: [
        { field: 'compNo', width: 80 },
        { field: 'compName', width: 170 },
        { field: 'status', label: f('responseStatus'), type: 'code', options: respStatus, width: 80 },
        { field: 'averageScore', type: 'number', width: 80 },
        { field: 'comment', width: 240 },
        { field: 'submittedAt', type: 'datetime', width: 130 },
      ],
    },
  ],
  actions: [
    { kind: 'back', requires: 'read' },
    { kind: 'workflow', id: 'open', label: T('action.open'), operation: 'openSatSurvey', visible: "contains(form.actions, 'open')", enabled: '!screen.dirty', params: { path: { surveyId: 'form.surveyId' }, body: { version: 'form.version' } }, then: ['reloadRecord'] },
    { kind: 'workflow', id: 'close', label: T('action.close'), operation: 'closeSatSurvey', visible: "contains(form.actions, 'close')", params: { path: { surveyId: 'form.surveyId' }, body: { version: 'form.version' } }, then: ['reloadRecord'] },
    { kind: 'save', operation: 'createSatSurvey', updateOperation: 'updateSatSurvey', variant: 'primary', visible: "mode == 'create' || contains(form.actions, 'update')" },
  ],
});
