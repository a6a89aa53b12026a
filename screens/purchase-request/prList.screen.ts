import { defineListScreen } from '../../engine/define';

const F = (name: string) => `screen.purchaseRequest.field.${name}`;

/**
 * /prList — purchase requests (구매요청) of my scope: the server answers a user (30) their own PRs,
 * 31 their department's, 32 their section's, everyone else all; approvers always see what they
 * approve. A PR number opens /prEdit; 신규 starts one.
 */
export default defineListScreen({
  id: 'purchaseRequest.prList',
  route: '/prList',
  title: 'screen.purchaseRequest.prList',
  labels: 'screen.purchaseRequest.field',
  source: { operation: 'listPrs', rowKey: 'prNo', defaultSort: 'prNo:desc', pageSize: 100 },
  filters: [
    {
      field: 'prDates',
      label: F('prDate'),
      widget: 'dateRange',
      params: { from: 'fromDate', to: 'toDate' },
      default: { preset: 'last3Months' },
      span: 2,
    },
    { field: 'status', widget: 'multiSelect', codeGroup: 'PR_STATUS' },
    { field: 'approvalStatus', widget: 'multiSelect', codeGroup: 'APPROVAL_STATUS' },
    { field: 'prNo', maxLength: 20 },
    { field: 'title', maxLength: 100 },
    { field: 'section', widget: 'businessSection' },
    { field: 'deptcd', label: F('dept'), widget: 'department', dependsOn: 'section' },
    { field: 'requester', widget: 'person', params: { singleid: 'requesterId' } },
    { field: 'currency', widget: 'select', codeGroup: 'CURRENCY' },
  ],
  rememberFilters: true,
  columns: [
    { field: 'prNo', width: 130, link: { screen: 'purchaseRequest.prEdit', query: { prNo: 'row.prNo' } } },
    { field: 'prDate', type: 'date', width: 100 },
    { field: 'title', width: 240 },
    { field: 'status', type: 'code', codeGroup: 'PR_STATUS', width: 110 },
    { field: 'approvalStatus', type: 'code', codeGroup: 'APPROVAL_STATUS', width: 100 },
    { field: 'requesterName', width: 90 },
    { field: 'sectionName', width: 120 },
    { field: 'deptnm', width: 130 },
    { field: 'desiredDate', type: 'date', width: 100 },
    { field: 'currency', type: 'code', codeGroup: 'CURRENCY', width: 90, align: 'center' },
    { field: 'totalAmount', type: 'money', currencyField: 'currency', width: 130 },
    { field: 'lineCount', type: 'number', width: 70 },
    { field: 'buyerName', width: 90 },
    { field: 'rfqNo', width: 130 },
    { field: 'poNo', width: 130 },
    { field: 'updatedAt', type: 'datetime', width: 140 },
  ],
  currencyTotals: true,
  rowOpen: { screen: 'purchaseRequest.prEdit', query: { prNo: 'row.prNo' } },
  actions: [
    {
      kind: 'navigate',
      id: 'create',
      label: 'screen.purchaseRequest.create',
      route: '/prEdit',
      requires: 'write',
      variant: 'primary',
    },
    { kind: 'exportExcel', fileName: 'screen.purchaseRequest.prListFile' },
  ],
});
