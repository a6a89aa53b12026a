import { defineListScreen } from '../../engine/define';
import { APP_STATUS, EVAL_STATUS, F, T, USER_DECISION, may } from './labels';

/**
 * /compRegList — company registration requests (등록요청): new companies that applied on the public
 * wizard, every state (drafts included, a draft past its 7 days as EXPIRED). Staff see which
 * registered company already holds a number (the applicant was told only that it is registered),
 * open the registration evaluation, or reject with a reason.
 */
export default defineListScreen({
  id: 'supplierApply.compRegList',
  route: '/compRegList',
  title: T('compRegList'),
  source: { operation: 'listSupplierApplications', rowKey: 'receiptNo', defaultSort: 'receiptNo:desc', pageSize: 100, params: { query: { applyType: "'NEW_COMPANY'" } } },
  filters: [
    { field: 'created', label: F('createdAt'), widget: 'dateRange', params: { from: 'fromDate', to: 'toDate' }, span: 2 },
    { field: 'status', label: F('status'), widget: 'multiSelect', options: APP_STATUS },
    { field: 'compNameKr', label: F('compNameKr'), maxLength: 100 },
    { field: 'receiptNo', label: F('receiptNo'), maxLength: 20 },
  ],
  rememberFilters: true,
  columns: [
    { field: 'receiptNo', label: F('receiptNo'), width: 130 },
    { field: 'status', label: F('status'), type: 'code', options: APP_STATUS, width: 90 },
    { field: 'step', label: F('step'), type: 'number', width: 60 },
    { field: 'compNameKr', label: F('compNameKr'), width: 180 },
    { field: 'taxNo2', label: F('taxNo2'), width: 120 },
    { field: 'corpNo', label: F('corpNo'), width: 130 },
    { field: 'ceoName', label: F('ceoName'), width: 90 },
    { field: 'bizType', label: F('bizType'), width: 100 },
    { field: 'bizItem', label: F('bizItem'), width: 120 },
    { field: 'bankAccount', label: F('bankAccount'), width: 140 },
    { field: 'duplicateOf', label: F('duplicateOf'), width: 180 },
    { field: 'userDecision', label: F('userDecision'), type: 'code', options: USER_DECISION, width: 90 },
    { field: 'evalNo', label: F('evalNo'), width: 130, link: { screen: 'supplierApply.compRegMngDetail', query: { evalNo: 'row.evalNo' } } },
    { field: 'evalStatus', label: F('evalStatus'), type: 'code', options: EVAL_STATUS, width: 90 },
    { field: 'score', label: F('score'), type: 'number', width: 60 },
    { field: 'compNo', label: F('compNo'), width: 90, link: { screen: 'suppliers.compManageEdit', query: { compNo: 'row.compNo' } } },
    { field: 'submittedAt', label: F('submittedAt'), type: 'datetime', width: 140 },
    { field: 'expiresAt', label: F('expiresAt'), type: 'datetime', width: 140 },
    { field: 'rejectReason', label: F('rejectReason'), width: 200 },
  ],
  selection: 'single',
  actions: [
    {
      kind: 'open',
      id: 'evaluate',
      label: T('evaluate'),
      variant: 'primary',
      screen: 'supplierApply.compRegMngDetail',
      selection: 'single',
      enabled: '!empty(row.evalNo)',
      query: { evalNo: 'row.evalNo' },
    },
    {
      kind: 'call',
      id: 'reject',
      label: T('reject'),
      variant: 'danger',
      operation: 'rejectSupplierApplication',
      selection: 'single',
      enabled: may('reject'),
      prompt: { message: T('rejectMessage'), fields: [{ field: 'comment', label: F('rejectReason'), widget: 'textarea', rows: 3, required: true, maxBytes: 1000 }] },
      params: { path: { receiptNo: 'row.receiptNo' }, body: { version: 'row.version', comment: 'input.comment' } },
      success: T('rejectDone'),
    },
    { kind: 'exportExcel', fileName: T('compRegListFile') },
  ],
});
