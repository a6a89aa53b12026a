import { defineListScreen } from '../../engine/define';
import { f, actions, contractStatus, grades } from './labels';

/** /business/evaManage/purContCompMngList — yearly purchase-contract suppliers (구매계약 협력사): terms and evaluation standing. */
export default defineListScreen({
  id: 'evaluation.purContCompMngList',
  route: '/business/evaManage/purContCompMngList',
  title: 'screen.evaluation.purContCompMngList.title',
  source: { operation: 'listPurContracts', rowKey: 'contractNo', defaultSort: 'contractNo:desc' },
  filters: [
    { field: 'contractYear', label: f('contractYear'), mask: 'onlynum', maxLength: 4 },
    { field: 'status', label: f('contractStatus'), widget: 'select', options: contractStatus },
    { field: 'grade', label: f('grade'), widget: 'select', options: grades },
    { field: 'compName', label: f('compName'), maxLength: 100 },
    { field: 'compNo', label: f('compNo'), widget: 'company' },
  ],
  rememberFilters: true,
  columns: [
    { field: 'contractNo', label: f('contractNo'), width: 130, link: { screen: 'evaluation.purContCompMngDetail', query: { contractNo: 'row.contractNo' } } },
    { field: 'contractYear', label: f('contractYear'), type: 'number', width: 70 },
    { field: 'compNo', label: f('compNo'), width: 80 },
    { field: 'compName', label: f('compName'), width: 170 },
    { field: 'title', label: f('contractTitle'), width: 220 },
    { field: 'startDate', label: f('startDate'), type: 'date', width: 100 },
    { field: 'endDate', label: f('endDate'), type: 'date', width: 100 },
    { field: 'paymentTerms', label: f('paymentTerms'), width: 170 },
    { field: 'amountLimit', label: f('amountLimit'), type: 'money', currency: 'KRW', width: 130 },
    { field: 'status', label: f('contractStatus'), type: 'code', options: contractStatus, width: 70 },
    { field: 'grade', label: f('grade'), width: 60, align: 'center' },
    { field: 'gradeAction', label: f('gradeAction'), type: 'code', options: actions, width: 90 },
    { field: 'gradePeriod', label: f('gradePeriod'), width: 180 },
    { field: 'openTasks', label: f('openTasks'), type: 'number', width: 80 },
  ],
  rowOpen: { screen: 'evaluation.purContCompMngDetail', query: { contractNo: 'row.contractNo' } },
  actions: [{ kind: 'navigate', id: 'new', label: 'screen.evaluation.purContCompMngList.new', screen: 'evaluation.purContCompMngDetail' }, { kind: 'exportExcel', fileName: 'screen.evaluation.purContCompMngList.title' }],
});
