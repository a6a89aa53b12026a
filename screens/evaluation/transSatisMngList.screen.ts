import { defineListScreen } from '../../engine/define';
import { f, surveyStatus } from './labels';

/** /business/evaManage/transSatisMngList — transaction-satisfaction surveys (거래만족도): who was asked, who answered, the average. */
export default defineListScreen({
  id: 'evaluation.transSatisMngList',
  route: '/business/evaManage/transSatisMngList',
  title: 'screen.evaluation.transSatisMngList.title',
  labels: 'screen.evaluation.f',
  source: { operation: 'listSatSurveys', rowKey: 'surveyId', defaultSort: 'surveyId:desc' },
  filters: [
    { field: 'status', label: f('surveyStatus'), widget: 'select', options: surveyStatus },
    { field: 'title', label: f('surveyTitle'), maxLength: 100 },
  ],
  columns: [
    {
      field: 'surveyId',
      type: 'number',
      width: 70,
      link: { screen: 'evaluation.transSatisMngDetail', query: { surveyId: 'row.surveyId' } },
    },
    { field: 'title', label: f('surveyTitle'), width: 240 },
    { field: 'startDate', type: 'date', width: 100 },
    { field: 'endDate', type: 'date', width: 100 },
    { field: 'status', label: f('surveyStatus'), type: 'code', options: surveyStatus, width: 80, align: 'center' },
    { field: 'questionCount', type: 'number', width: 70 },
    { field: 'invited', type: 'number', width: 70 },
    { field: 'answered', type: 'number', width: 70 },
    { field: 'averageScore', type: 'number', width: 80 },
  ],
  rowOpen: { screen: 'evaluation.transSatisMngDetail', query: { surveyId: 'row.surveyId' } },
  actions: [
    {
      kind: 'navigate',
      id: 'new',
      label: 'screen.evaluation.transSatisMngList.new',
      screen: 'evaluation.transSatisMngDetail',
    },
    { kind: 'exportExcel', fileName: 'screen.evaluation.transSatisMngList.title' },
  ],
});
