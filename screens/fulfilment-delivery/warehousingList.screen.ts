import { defineListScreen } from '../../engine/define';
import { warehousingFilters } from './warehousing-filters';

const f = (name: string) => `screen.fulfilmentDelivery.field.${name}`;
const writable = "all(rows, 'sourceSystem', 'GPMS')";

/**
 * /warehousingList — goods receipts (입고) by document: request (whReqNo) → approval (whAppNo) →
 * final decision (lastDeci). The filter is exactly spec §3's saved warehousing filter (poNo,
 * whReqNo, whAppNo, section, deptName, eprName, receiveName, expenses, approvalStatus list,
 * status list, whReqDates, lastDeciDates, system, sourceSystemList) and is remembered with
 * isSearched when the user comes back. Approve, reject (reason), resubmit, decide (date) and
 * cancel (reason) act on receipts recorded here (source system GPMS); copies are read only.
 */
export default defineListScreen({
  id: 'fulfilmentDelivery.warehousingList',
  route: '/warehousingList',
  title: 'screen.fulfilmentDelivery.warehousingList.title',
  labels: 'screen.fulfilmentDelivery.field',
  description: 'Goods receipts by document with the spec §3 warehousing filter (remembered); approval workflow.',
  source: { operation: 'listWarehousing', rowKey: 'whReqNo', defaultSort: 'whReqDate:desc' },
  filters: [
    ...warehousingFilters('last3Months'),
    {
      field: 'system',
      label: f('system'),
      widget: 'select',
      options: [
        { value: 'GPMS', text: 'screen.fulfilmentDelivery.option.system.GPMS' },
        { value: 'OTHER', text: 'screen.fulfilmentDelivery.option.system.OTHER' },
      ],
      default: 'GPMS',
    },
    { field: 'sourceSystemList', label: f('sourceSystem'), widget: 'multiSelect', codeGroup: 'SOURCE_SYSTEM' },
  ],
  rememberFilters: true,
  currencyTotals: true,
  columns: [
    {
      field: 'whReqNo',
      width: 130,
      link: { screen: 'fulfilmentDelivery.warehousingDetail', query: { whReqNo: 'row.whReqNo' }, dialog: true },
    },
    { field: 'whAppNo', width: 130 },
    { field: 'status', label: f('whStatus'), type: 'code', codeGroup: 'WH_STATUS', width: 90 },
    { field: 'approvalStatus', type: 'code', codeGroup: 'APPROVAL_STATUS', width: 90 },
    { field: 'poNo', width: 130 },
    { field: 'compName', width: 150 },
    { field: 'sectionName', label: f('section'), width: 100 },
    { field: 'deptName', width: 130 },
    { field: 'eprName', width: 80 },
    { field: 'receiveName', width: 80 },
    { field: 'expenses', type: 'code', codeGroup: 'EXPENSES', width: 90 },
    { field: 'currency', type: 'code', codeGroup: 'CURRENCY', width: 70 },
    { field: 'AMT', label: f('whAmount'), type: 'money', currencyField: 'currency', width: 120 },
    { field: 'lineCount', type: 'number', width: 60 },
    { field: 'whReqDate', type: 'date', width: 100 },
    { field: 'lastDeciDate', type: 'date', width: 100 },
    { field: 'sourceSystem', type: 'code', codeGroup: 'SOURCE_SYSTEM', width: 120 },
    { field: 'deliveryNo', width: 140 },
    { field: 'settleNo', width: 130 },
    { field: 'rejectReason', width: 160 },
  ],
  selection: 'multi',
  actions: [
    {
      kind: 'call',
      id: 'approve',
      label: 'screen.fulfilmentDelivery.action.approve',
      variant: 'primary',
      operation: 'approveWarehousing',
      selection: 'multi',
      enabled: `${writable} && all(rows, 'approvalStatus', 'PENDING') && all(rows, 'status', 'REQUESTED')`,
      confirm: 'screen.fulfilmentDelivery.confirm.approve',
      params: { path: { whReqNo: 'row.whReqNo' }, body: { version: 'row.version' } },
    },
    {
      kind: 'call',
      id: 'reject',
      label: 'screen.fulfilmentDelivery.action.reject',
      variant: 'danger',
      operation: 'rejectWarehousing',
      selection: 'single',
      enabled: `${writable} && row.approvalStatus == 'PENDING' && row.status == 'REQUESTED'`,
      prompt: {
        message: 'screen.fulfilmentDelivery.confirm.reject',
        fields: [
          { field: 'reason', label: f('rejectReason'), widget: 'textarea', rows: 3, required: true, maxLength: 500 },
        ],
      },
      params: { path: { whReqNo: 'row.whReqNo' }, body: { version: 'row.version', reason: 'input.reason' } },
    },
    {
      kind: 'call',
      id: 'resubmit',
      label: 'screen.fulfilmentDelivery.action.resubmit',
      operation: 'resubmitWarehousing',
      selection: 'multi',
      enabled: `${writable} && all(rows, 'approvalStatus', 'REJECTED') && all(rows, 'status', 'REQUESTED')`,
      confirm: 'screen.fulfilmentDelivery.confirm.resubmit',
      params: { path: { whReqNo: 'row.whReqNo' }, body: { version: 'row.version' } },
    },
    {
      kind: 'call',
      id: 'decide',
      label: 'screen.fulfilmentDelivery.action.decide',
      operation: 'decideWarehousing',
      selection: 'multi',
      enabled: `${writable} && all(rows, 'status', 'APPROVED')`,
      prompt: {
        message: 'screen.fulfilmentDelivery.confirm.decide',
        fields: [{ field: 'lastDeciDate', widget: 'date', default: { today: 0 }, required: true }],
      },
      params: {
        path: { whReqNo: 'row.whReqNo' },
        body: { version: 'row.version', lastDeciDate: 'input.lastDeciDate' },
      },
    },
    {
      kind: 'call',
      id: 'cancel',
      label: 'screen.fulfilmentDelivery.action.cancelReceipt',
      variant: 'danger',
      operation: 'cancelWarehousing',
      selection: 'single',
      enabled: `${writable} && (row.status == 'REQUESTED' || row.status == 'APPROVED')`,
      prompt: {
        message: 'screen.fulfilmentDelivery.confirm.cancelReceipt',
        fields: [
          { field: 'reason', label: f('cancelReason'), widget: 'textarea', rows: 3, required: true, maxLength: 500 },
        ],
      },
      params: { path: { whReqNo: 'row.whReqNo' }, body: { version: 'row.version', reason: 'input.reason' } },
    },
    { kind: 'exportExcel', fileName: 'screen.fulfilmentDelivery.warehousingList.file' },
  ],
});
