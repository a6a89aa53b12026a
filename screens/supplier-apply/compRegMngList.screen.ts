import { defineListScreen } from '../../engine/define';
import { APP_STATUS, EVAL_STATUS, F, T, USER_DECISION } from './labels';

/** /business/evaManage/compRegMngList — registration evaluations (등록평가): one per new company's application. */
export default defineListScreen({
  id: 'supplierApply.compRegMngList',
  route: '/business/evaManage/compRegMngList',
  title: T('compRegMngList'),
  labels: 'screen.supplierApply.field',
  source: { operation: 'listRegistrationEvaluations', rowKey: 'evalNo', defaultSort: 'evalNo:desc', pageSize: 100 },
  filters: [
    { field: 'status', label: F('evalStatus'), widget: 'multiSelect', options: EVAL_STATUS },
    { field: 'compNameKr', maxLength: 100 },
    { field: 'evalNo', maxLength: 20 },
  ],
  rememberFilters: true,
  columns: [
    {
      field: 'evalNo',
      width: 130,
      link: { screen: 'supplierApply.compRegMngDetail', query: { evalNo: 'row.evalNo' } },
    },
    { field: 'receiptNo', width: 130 },
    { field: 'compNameKr', width: 180 },
    { field: 'taxNo2', width: 120 },
    { field: 'status', label: F('evalStatus'), type: 'code', options: EVAL_STATUS, width: 90 },
    { field: 'score', type: 'number', width: 60 },
    { field: 'passMark', type: 'number', width: 70 },
    { field: 'applicationStatus', label: F('status'), type: 'code', options: APP_STATUS, width: 90 },
    { field: 'userDecision', type: 'code', options: USER_DECISION, width: 90 },
    { field: 'evaluatorName', label: F('evaluator'), width: 90 },
    { field: 'evaluatedAt', type: 'datetime', width: 140 },
    { field: 'createdAt', type: 'datetime', width: 140 },
    { field: 'failReason', width: 200 },
  ],
  rowOpen: { screen: 'supplierApply.compRegMngDetail', query: { evalNo: 'row.evalNo' } },
  actions: [{ kind: 'exportExcel', fileName: T('compRegMngListFile') }],
});
