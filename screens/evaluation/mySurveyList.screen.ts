import { defineListScreen } from '../../engine/define';
import { f, respStatus, surveyStatus } from './labels';

/** OGPMS /compInfo/transSatisSurveyList — satisfaction surveys my company is asked to answer (거래만족도 설문). */
export default defineListScreen({
  id: 'evaluation.mySurveyList',
  route: '/compInfo/transSatisSurveyList',
  portals: ['internal', 'external'],
  title: 'screen.evaluation.mySurveyList.title',
  labels: 'screen.evaluation.f',
  source: { operation: 'listMySurveys', rowKey: 'surveyId', defaultSort: 'surveyId:desc' },
  filters: [{ field: 'compNo', label: 'screen.supplierView.company', widget: 'company', portal: 'internal' }],
  columns: [
    { field: 'compName', label: 'screen.supplierView.compName', width: 160, portal: 'internal' },
    {
      field: 'title',
      label: f('surveyTitle'),
      width: 260,
      link: { screen: 'evaluation.mySurveyEdit', query: { surveyId: 'row.surveyId', compNo: 'row.compNo' } },
    },
    { field: 'startDate', type: 'date', width: 100 },
    { field: 'endDate', type: 'date', width: 100 },
    { field: 'surveyStatus', type: 'code', options: surveyStatus, width: 80 },
    { field: 'status', label: f('responseStatus'), type: 'code', options: respStatus, width: 80 },
    { field: 'submittedAt', type: 'datetime', width: 130 },
  ],
  rowOpen: { screen: 'evaluation.mySurveyEdit', query: { surveyId: 'row.surveyId', compNo: 'row.compNo' } },
});
