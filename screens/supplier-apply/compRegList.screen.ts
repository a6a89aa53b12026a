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
  labels: 'screen.supplierApply.field',
  source: {
    operation: 'listSupplierApplications',
    rowKey: 'receiptNo',
    defaultSort: 'receiptNo:desc',
    pageSize: 100,
    params: { query: { applyType: "'NEW_COMPANY'" } },
  },
  filters: [
    {
      field: 'created',
      label: F('createdAt'),
      widget: 'dateRange',
      params: { from: 'fromDate', to: 'toDate' },
      span: 2,
    },
    { field: 'status', widget: 'multiSelect', options: APP_STATUS },
    { field: 'compNameKr', maxLength: 100 },
    { field: 'receiptNo', maxLength: 20 },
  ],
  rememberFilters: true,
  columns: [
    { field: 'receiptNo', width: 130 },
    { field: 'status', type: 'code', options: APP_STATUS, width: 90 },
    { field: 'step', type: 'number', width: 60 },
    { field: 'compNameKr', width: 180 },
    { field: 'taxNo2', width: 120 },
    { field: 'corpNo', width: 130 },
    { field: 'ceoName', width: 90 },
    { field: 'bizType', width: 100 },
    { field: 'bizItem', width: 120 },
    { field: 'bankAccount', width: 140 },
    { field: 'duplicateOf', width: 180 },
    { field: 'userDecision', type: 'code', options: USER_DECISION, width: 90 },
    {
      field: 'evalNo',
      width: 130,
      link: { screen: 'supplierApply.compRegMngDetail', query: { evalNo: 'row.evalNo' } },
    },
    { field: 'evalStatus', type: 'code', options: EVAL_STATUS, width: 90 },
    { field: 'score', type: 'number', width: 60 },
    { field: 'compNo', width: 90, link: { screen: 'suppliers.compManageEdit', query: { compNo: 'row.compNo' } } },
    { field: 'submittedAt', type: 'datetime', width: 140 },
    { field: 'expiresAt', type: 'datetime', width: 140 },
    { field: 'rejectReason', width: 200 },
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
      prompt: {
        message: T('rejectMessage'),
        fields: [
          { field: 'comment', label: F('rejectReason'), widget: 'textarea', rows: 3, required: true, maxBytes: 1000 },
        ],
      },
      params: { path: { receiptNo: 'row.receiptNo' }, body: { version: 'row.version', comment: 'input.comment' } },
      success: T('rejectDone'),
    },
    { kind: 'exportExcel', fileName: T('compRegListFile') },
  ],
});
