import { defineListScreen } from '../../engine/define';
import { warehousingFilters } from './warehousing-filters';

const f = (name: string) => `screen.fulfilmentDelivery.field.${name}`;

/**
 * /warehousingListCopy — goods receipts copied from the other source systems (WMS, MES, GERP,
 * the legacy purchasing system): the warehousing filter without `system`, which is fixed to
 * OTHER. Read only here — the source system owns them (the server answers RECEIPT_READ_ONLY).
 */
export default defineListScreen({
  id: 'fulfilmentDelivery.warehousingListCopy',
  route: '/warehousingListCopy',
  title: 'screen.fulfilmentDelivery.warehousingListCopy.title',
  labels: 'screen.fulfilmentDelivery.field',
  description: 'Receipts copied from other source systems (system=OTHER), read only.',
  source: {
    operation: 'listWarehousing',
    rowKey: 'whReqNo',
    defaultSort: 'whReqDate:desc',
    params: { query: { system: "'OTHER'" } },
  },
  filters: [
    { field: 'sourceSystemList', label: f('sourceSystem'), widget: 'multiSelect', codeGroup: 'SOURCE_SYSTEM' },
    ...warehousingFilters('thisYear'),
  ],
  rememberFilters: true,
  currencyTotals: true,
  columns: [
    {
      field: 'whReqNo',
      width: 130,
      link: { screen: 'fulfilmentDelivery.warehousingDetail', query: { whReqNo: 'row.whReqNo' }, dialog: true },
    },
    { field: 'sourceSystem', type: 'code', codeGroup: 'SOURCE_SYSTEM', width: 150 },
    { field: 'externalRef', width: 140 },
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
    { field: 'settleNo', width: 130 },
  ],
  selection: 'single',
  rowOpen: { screen: 'fulfilmentDelivery.warehousingDetail', query: { whReqNo: 'row.whReqNo' }, dialog: true },
  actions: [
    {
      kind: 'open',
      id: 'detail',
      label: 'screen.fulfilmentDelivery.action.receiptDetail',
      screen: 'fulfilmentDelivery.warehousingDetail',
      dialog: true,
      selection: 'single',
      query: { whReqNo: 'row.whReqNo' },
    },
    { kind: 'exportExcel', fileName: 'screen.fulfilmentDelivery.warehousingListCopy.file' },
  ],
});
