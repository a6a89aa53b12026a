import { defineListScreen } from '../../engine/define';
import { APP_STATUS, EVAL_STATUS, F, T, USER_DECISION } from './labels';

/** /business/evaManage/compRegMngList — registration evaluations (등록평가): one per new company's application. */
export default defineListScreen({
  id: 'supplierApply.compRegMngList',
  route: '/business/evaManage/compRegMngList',
  title: T('compRegMngList'),
  source: { operation: 'listRegistrationEvaluations', rowKey: 'evalNo', defaultSort: 'evalNo:desc', pageSize: 100 },
  filters: [
    { field: 'status', label: F('evalStatus'), widget: 'multiSelect', options: EVAL_STATUS },
    { field: 'compNameKr', label: F('compNameKr'), maxLength: 100 },
    { field: 'evalNo', label: F('evalNo'), maxLength: 20 },
  ],
  rememberFilters: true,
  columns: [
    { field: 'evalNo', label: F('evalNo'), width: 130, link: { screen: 'supplierApply.compRegMngDetail', query: { evalNo: 'row.evalNo' } } },
    { field: 'receiptNo', label: F('receiptNo'), width: 130 },
    { field: 'compNameKr', label: F('compNameKr'), width: 180 },
    { field: 'taxNo2', label: F('taxNo2'), width: 120 },
    { field: 'status', label: F('evalStatus'), type: 'code', options: EVAL_STATUS, width: 90 },
    { field: 'score', label: F('score'), type: 'number', width: 60 },
    { field: 'passMark', label: F('passMark'), type: 'number', width: 70 },
    { field: 'applicationStatus', label: F('status'), type: 'code', options: APP_STATUS, width: 90 },
    { field: 'userDecision', label: F('userDecision'), type: 'code', options: USER_DECISION, width: 90 },
    { field: 'evaluatorName', label: F('evaluator'), width: 90 },
    { field: 'evaluatedAt', label: F('evaluatedAt'), type: 'datetime', width: 140 },
    { field: 'createdAt', label: F('createdAt'), type: 'datetime', width: 140 },
    { field: 'failReason', label: F('failReason'), width: 200 },
  ],
  rowOpen: { screen: 'supplierApply.compRegMngDetail', query: { evalNo: 'row.evalNo' } },
  actions: [{ kind: 'exportExcel', fileName: T('compRegMngListFile') }],
});
