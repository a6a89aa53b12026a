import { defineListScreen } from '../../engine/define';

const F = (name: string) => `screen.purchaseRequest.field.${name}`;

/**
 * /prConfirmList — PRs for purchasing (구매요청 접수): approved ones waiting to be received, received
 * ones and those out for quotation (the server's default when no status is chosen). 내 담당만 keeps the
 * PRs assigned to me as buyer. A PR number opens /prConfirmEdit.
 */
export default defineListScreen({
  id: 'purchaseRequest.prConfirmList',
  route: '/prConfirmList',
  title: 'screen.purchaseRequest.prConfirmList',
  labels: 'screen.purchaseRequest.field',
  source: { operation: 'listPrConfirm', rowKey: 'prNo', defaultSort: 'prNo:desc', pageSize: 100 },
  filters: [
    {
      field: 'status',
      widget: 'multiSelect',
      codeGroup: 'PR_STATUS',
      placeholder: 'screen.purchaseRequest.confirmStatusHint',
    },
    { field: 'mine', widget: 'select', options: [{ value: 'Y', text: 'option.purchaseRequest.mine.Y' }] },
    { field: 'prDates', label: F('prDate'), widget: 'dateRange', params: { from: 'fromDate', to: 'toDate' }, span: 2 },
    { field: 'prNo', maxLength: 20 },
    { field: 'title', maxLength: 100 },
    { field: 'section', widget: 'businessSection' },
    { field: 'deptcd', label: F('dept'), widget: 'department', dependsOn: 'section' },
    { field: 'requester', widget: 'person', params: { singleid: 'requesterId' } },
    { field: 'buyer', label: F('buyerName'), widget: 'person', params: { singleid: 'buyerId' } },
    { field: 'currency', widget: 'select', codeGroup: 'CURRENCY' },
  ],
  rememberFilters: true,
  columns: [
    { field: 'prNo', width: 130, link: { screen: 'purchaseRequest.prConfirmEdit', query: { prNo: 'row.prNo' } } },
    { field: 'prDate', type: 'date', width: 100 },
    { field: 'title', width: 240 },
    { field: 'status', type: 'code', codeGroup: 'PR_STATUS', width: 110 },
    { field: 'requesterName', width: 90 },
    { field: 'sectionName', width: 120 },
    { field: 'deptnm', width: 130 },
    { field: 'desiredDate', type: 'date', width: 100 },
    { field: 'currency', type: 'code', codeGroup: 'CURRENCY', width: 90, align: 'center' },
    { field: 'totalAmount', type: 'money', currencyField: 'currency', width: 130 },
    { field: 'lineCount', type: 'number', width: 70 },
    { field: 'buyerName', width: 90 },
    { field: 'rfqNo', width: 130 },
    { field: 'updatedAt', type: 'datetime', width: 140 },
  ],
  currencyTotals: true,
  rowOpen: { screen: 'purchaseRequest.prConfirmEdit', query: { prNo: 'row.prNo' } },
  actions: [{ kind: 'exportExcel', fileName: 'screen.purchaseRequest.prConfirmListFile' }],
});
