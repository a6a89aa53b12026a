import { defineListScreen } from '../../engine/define';
import { APP_STATUS, APPLY_TYPE, EVAL_STATUS, F, T, USER_DECISION, may } from './labels';

/**
 * /portal/ogpmsManage/RegisterUser — supplier user applications (사용자 신청승인): the people who
 * applied on the public wizard, approve or reject with a reason. A new company's user gets a login
 * only once its registration evaluation has passed too; a new user of a registered company at once.
 */
export default defineListScreen({
  id: 'supplierApply.registerUser',
  route: '/portal/ogpmsManage/RegisterUser',
  title: T('registerUser'),
  labels: 'screen.supplierApply.field',
  source: {
    operation: 'listSupplierApplications',
    rowKey: 'receiptNo',
    defaultSort: 'submittedAt:desc',
    pageSize: 100,
    params: { query: { status: "['SUBMITTED', 'APPROVED', 'REJECTED']" } },
  },
  filters: [
    {
      field: 'created',
      label: F('createdAt'),
      widget: 'dateRange',
      params: { from: 'fromDate', to: 'toDate' },
      span: 2,
    },
    { field: 'userDecision', widget: 'select', options: USER_DECISION },
    { field: 'applyType', widget: 'select', options: APPLY_TYPE },
    { field: 'compNameKr', maxLength: 100 },
    { field: 'receiptNo', maxLength: 20 },
  ],
  rememberFilters: true,
  columns: [
    { field: 'receiptNo', width: 130 },
    { field: 'applyType', type: 'code', options: APPLY_TYPE, width: 110 },
    { field: 'status', type: 'code', options: APP_STATUS, width: 90 },
    { field: 'userDecision', type: 'code', options: USER_DECISION, width: 90 },
    { field: 'userId', width: 110 },
    { field: 'hname', width: 90 },
    { field: 'compNameKr', width: 180 },
    { field: 'taxNo2', width: 120 },
    { field: 'email', width: 180 },
    { field: 'cellPhoneNo', mask: 'phone', width: 130 },
    { field: 'evalStatus', type: 'code', options: EVAL_STATUS, width: 90 },
    { field: 'submittedAt', type: 'datetime', width: 140 },
    { field: 'userDecidedAt', type: 'datetime', width: 140 },
    { field: 'rejectReason', width: 200 },
  ],
  selection: 'single',
  actions: [
    {
      kind: 'call',
      id: 'approveUser',
      label: T('approveUser'),
      variant: 'primary',
      operation: 'approveSupplierApplicationUser',
      selection: 'single',
      enabled: may('approveUser'),
      prompt: {
        message: T('approveUserMessage'),
        fields: [{ field: 'comment', widget: 'textarea', rows: 3, maxBytes: 1000 }],
      },
      params: { path: { receiptNo: 'row.receiptNo' }, body: { version: 'row.version', comment: 'input.comment' } },
      success: T('approveUserDone'),
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
    { kind: 'exportExcel', fileName: T('registerUserFile') },
  ],
});
