import { defineListScreen } from '../../engine/define';
import { f, actions, contractStatus, grades } from './labels';

/** /business/evaManage/purContCompMngList — yearly purchase-contract suppliers (구매계약 협력사): terms and evaluation standing. */
export default defineListScreen({
  id: 'evaluation.purContCompMngList',
  route: '/business/evaManage/purContCompMngList',
  title: 'screen.evaluation.purContCompMngList.title',
  labels: 'screen.evaluation.f',
  source: { operation: 'listPurContracts', rowKey: 'contractNo', defaultSort: 'contractNo:desc' },
  filters: [
    { field: 'contractYear', mask: 'onlynum', maxLength: 4 },
    { field: 'status', label: f('contractStatus'), widget: 'select', options: contractStatus },
    { field: 'grade', widget: 'select', options: grades },
    { field: 'compName', maxLength: 100 },
    { field: 'compNo', widget: 'company' },
  ],
  rememberFilters: true,
  columns: [
    {
      field: 'contractNo',
      width: 130,
      link: { screen: 'evaluation.purContCompMngDetail', query: { contractNo: 'row.contractNo' } },
    },
    { field: 'contractYear', type: 'number', width: 70 },
    { field: 'compNo', width: 80 },
    { field: 'compName', width: 170 },
    { field: 'title', label: f('contractTitle'), width: 220 },
    { field: 'startDate', type: 'date', width: 100 },
    { field: 'endDate', type: 'date', width: 100 },
    { field: 'paymentTerms', width: 170 },
    { field: 'amountLimit', type: 'money', currency: 'KRW', width: 130 },
    { field: 'status', label: f('contractStatus'), type: 'code', options: contractStatus, width: 70 },
    { field: 'grade', width: 60, align: 'center' },
    { field: 'gradeAction', type: 'code', options: actions, width: 90 },
    { field: 'gradePeriod', width: 180 },
    { field: 'openTasks', type: 'number', width: 80 },
  ],
  rowOpen: { screen: 'evaluation.purContCompMngDetail', query: { contractNo: 'row.contractNo' } },
  actions: [
    {
      kind: 'navigate',
      id: 'new',
      label: 'screen.evaluation.purContCompMngList.new',
      screen: 'evaluation.purContCompMngDetail',
    },
    { kind: 'exportExcel', fileName: 'screen.evaluation.purContCompMngList.title' },
  ],
});
