import { defineListScreen } from '../../engine/define';
import { f } from './labels';

/** OGPMS /compInfo/evaTotalList — my company's published evaluation results (평가결과 조회); nothing unpublished, nothing of other suppliers. */
export default defineListScreen({
  id: 'evaluation.myEvaTotalList',
  route: '/compInfo/evaTotalList',
  portals: ['internal', 'external'],
  title: 'screen.evaluation.myEvaTotalList.title',
  labels: 'screen.evaluation.f',
  source: { operation: 'listMyEvaTotals', rowKey: 'totalId', defaultSort: 'endDate:desc' },
  filters: [{ field: 'compNo', label: 'screen.supplierView.company', widget: 'company', portal: 'internal' }],
  columns: [
    { field: 'compName', label: 'screen.supplierView.compName', width: 160, portal: 'internal' },
    {
      field: 'periodName',
      label: f('period'),
      width: 220,
      link: { screen: 'evaluation.myEvaTotalView', query: { totalId: 'row.totalId' } },
    },
    { field: 'startDate', type: 'date', width: 100 },
    { field: 'endDate', type: 'date', width: 100 },
    { field: 'totalScore', type: 'number', width: 90 },
    { field: 'grade', width: 70, align: 'center' },
    { field: 'prevScore', type: 'number', width: 90 },
    { field: 'trend', type: 'number', width: 80 },
    { field: 'publishedAt', type: 'datetime', width: 130 },
  ],
  rowOpen: { screen: 'evaluation.myEvaTotalView', query: { totalId: 'row.totalId' } },
});
