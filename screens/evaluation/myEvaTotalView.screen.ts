import { defineEditScreen } from '../../engine/define';
import { f, kinds } from './labels';

/** OGPMS /compInfo/evaTotalView — one published result of my company: total, grade, each criterion's figures, score and comments, trend (read only). */
export default defineEditScreen({
  id: 'evaluation.myEvaTotalView',
  route: '/compInfo/evaTotalView',
  menu: '/compInfo/evaTotalList',
  portals: ['internal', 'external'],
  title: 'screen.evaluation.myEvaTotalView.title',
  labels: 'screen.evaluation.f',
  key: ['totalId'],
  load: { operation: 'getMyEvaTotal', params: { path: { totalId: 'query.totalId' } } },
  readOnly: true,
  confirmLeave: false,
  sections: [
    {
      columns: 4,
      fields: [
        { field: 'periodName', label: f('period'), readOnly: true, span: 2 },
        { field: 'compName', readOnly: true },
        { field: 'publishedAt', widget: 'datetime', readOnly: true },
        { field: 'totalScore', readOnly: true },
        { field: 'grade', readOnly: true },
        { field: 'prevScore', readOnly: true },
        { field: 'trend', readOnly: true },
        { field: 'adjustment', readOnly: true },
        { field: 'adjustReason', readOnly: true, span: 3, visible: '!empty(form.adjustReason)' },
      ],
    },
  ],
  details: [
    {
      id: 'lines',
      title: 'screen.evaluation.compEvaTotalEdit.lines',
      rowKey: 'criterionId',
      canAdd: false,
      canDelete: false,
      visibleRows: 9,
      columns: [
        { field: 'category', width: 90 },
        { field: 'name', label: f('criterionName'), width: 150 },
        { field: 'kind', type: 'code', options: kinds, width: 70 },
        { field: 'numerator', type: 'number', width: 90 },
        { field: 'denominator', type: 'number', width: 90 },
        { field: 'rate', type: 'number', width: 70 },
        { field: 'score', type: 'number', width: 70 },
        { field: 'effectiveWeight', type: 'number', width: 80 },
        { field: 'weighted', type: 'number', width: 80, total: 'sum' },
        { field: 'comments', width: 260 },
      ],
    },
  ],
  actions: [{ kind: 'back', requires: 'read' }],
});
