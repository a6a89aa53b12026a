import { defineListScreen } from '../../engine/define';
import { REQUEST_STATUS } from './company-form';

const F = (name: string) => `screen.suppliers.field.${name}`;
const T = (name: string) => `screen.suppliers.${name}`;
const may = (action: string) => `contains(row.actions, '${action}')`;

/**
 * /compChangeStatusList — status change requests (거래상태 변경요청): suspend, close or reactivate a
 * supplier with a reason; another staff member approves (the status changes and buyers see the
 * reason when they try to invite or order) or rejects with a comment; the requester may withdraw.
 * Which buttons apply to a row is the server's answer (`actions`).
 */
export default defineListScreen({
  id: 'suppliers.compChangeStatusList',
  route: '/compChangeStatusList',
  title: 'screen.suppliers.compChangeStatusList',
  labels: 'screen.suppliers.field',
  source: { operation: 'listSupplierStatusRequests', rowKey: 'reqNo', defaultSort: 'requestedAt:desc', pageSize: 100 },
  filters: [
    {
      field: 'requested',
      label: F('requestedAt'),
      widget: 'dateRange',
      params: { from: 'fromDate', to: 'toDate' },
      span: 2,
    },
    { field: 'status', label: F('requestStatus'), widget: 'multiSelect', options: REQUEST_STATUS },
    { field: 'toStatus', widget: 'select', codeGroup: 'COMP_STATUS' },
    { field: 'compNameKr', maxLength: 100 },
    { field: 'compNo', maxLength: 10 },
  ],
  rememberFilters: true,
  columns: [
    { field: 'reqNo', width: 130 },
    { field: 'compNo', width: 90, link: { screen: 'suppliers.compManageEdit', query: { compNo: 'row.compNo' } } },
    { field: 'compNameKr', width: 180 },
    { field: 'fromStatus', type: 'code', codeGroup: 'COMP_STATUS', width: 90 },
    { field: 'toStatus', type: 'code', codeGroup: 'COMP_STATUS', width: 90 },
    { field: 'status', label: F('requestStatus'), type: 'code', options: REQUEST_STATUS, width: 90 },
    { field: 'reason', width: 240 },
    { field: 'requestedByName', width: 90 },
    { field: 'requestedAt', type: 'datetime', width: 140 },
    { field: 'decidedByName', width: 90 },
    { field: 'decidedAt', type: 'datetime', width: 140 },
    { field: 'decisionComment', width: 200 },
  ],
  selection: 'single',
  actions: [
    {
      kind: 'call',
      id: 'create',
      label: T('newRequest'),
      variant: 'primary',
      operation: 'createSupplierStatusRequest',
      prompt: {
        message: T('requestStatusMessage'),
        fields: [
          { field: 'compNo', required: true, maxLength: 10, placeholder: 'C00001' },
          { field: 'toStatus', widget: 'select', codeGroup: 'COMP_STATUS', required: true },
          { field: 'reason', widget: 'textarea', rows: 3, required: true, maxBytes: 1000 },
        ],
      },
      params: { body: { compNo: 'input.compNo', toStatus: 'input.toStatus', reason: 'input.reason' } },
      success: T('requestStatusDone'),
    },
    {
      kind: 'call',
      id: 'approve',
      label: T('approve'),
      operation: 'approveSupplierStatusRequest',
      selection: 'single',
      enabled: may('approve'),
      prompt: {
        message: T('approveMessage'),
        fields: [{ field: 'comment', label: F('decisionComment'), widget: 'textarea', rows: 3, maxBytes: 1000 }],
      },
      params: { path: { reqNo: 'row.reqNo' }, body: { version: 'row.version', comment: 'input.comment' } },
    },
    {
      kind: 'call',
      id: 'reject',
      label: T('reject'),
      variant: 'danger',
      operation: 'rejectSupplierStatusRequest',
      selection: 'single',
      enabled: may('reject'),
      prompt: {
        message: T('rejectMessage'),
        fields: [
          {
            field: 'comment',
            label: F('decisionComment'),
            widget: 'textarea',
            rows: 3,
            required: true,
            maxBytes: 1000,
          },
        ],
      },
      params: { path: { reqNo: 'row.reqNo' }, body: { version: 'row.version', comment: 'input.comment' } },
    },
    {
      kind: 'call',
      id: 'withdraw',
      label: T('withdraw'),
      operation: 'withdrawSupplierStatusRequest',
      selection: 'single',
      enabled: may('withdraw'),
      confirm: T('withdrawConfirm'),
      params: { path: { reqNo: 'row.reqNo' }, body: { version: 'row.version' } },
    },
    { kind: 'exportExcel', fileName: 'screen.suppliers.compChangeStatusListFile' },
  ],
});
