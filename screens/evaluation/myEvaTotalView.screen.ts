import { defineEditScreen } from '../../engine/define';
import { f, kinds } from './labels';

/** OGPMS /compInfo/evaTotalView — one published result of my company: total, grade, each criterion's figures, score and comments, trend (read only). */
export default defineEditScreen({
  id: 'evaluation.myEvaTotalView',
  route: '/compInfo/evaTotalView',
  menu: '/compInfo/evaTotalList',
  portals: ['internal', 'external'],
  title: 'screen.evaluation.myEvaTotalView.title',
  key: ['totalId'],
  load: { operation: 'getMyEvaTotal', params: { path: { totalId: 'query.totalId' } } },
  readOnly: true,
  confirmLeave: false,
  sections: [
    {
      columns: 4,
      fields: [
        { field: 'periodName', label: f('period'), readOnly: true, span: 2 },
        { field: 'compName', label: f('compName'), readOnly: true },
        { field: 'publishedAt', label: f('publishedAt'), widget: 'datetime', readOnly: true },
        { field: 'totalScore', label: f('totalScore'), readOnly: true },
        { field: 'grade', label: f('grade'), readOnly: true },
        { field: 'prevScore', label: f('prevScore'), readOnly: true },
        { field: 'trend', label: f('trend'), readOnly: true },
        { field: 'adjustment', label: f('adjustment'), readOnly: true },
        { field: 'adjustReason', label: f('adjustReason'), readOnly: true, span: 3, visible: '!empty(form.adjustReason)' },
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
        { field: 'category', label: f('category'), width: 90 },
        { field: 'name', label: f('criterionName'), width: 150 },
        { field: 'kind', label: f('kind'), type: 'code', options: kinds, width: 70 },
        { field: 'numerator', label: f('numerator'), type: 'number', width: 90 },
        { field: 'denominator', label: f('denominator'), type: 'number', width: 90 },
        { field: 'rate', label: f('rate'), type: 'number', width: 70 },
        { field: 'score', label: f('score'), type: 'number', width: 70 },
        { field: 'effectiveWeight', label: f('effectiveWeight'), type: 'number', width: 80 },
        { field: 'weighted', label: f('weighted'), type: 'number', width: 80, total: 'sum' },
        { field: 'comments', label: f('comments'), width: 260 },
      ],
    },
  ],
  actions: [{ kind: 'back', requires: 'read' }],
});
