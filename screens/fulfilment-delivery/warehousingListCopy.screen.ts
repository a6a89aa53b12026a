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
  description: 'Receipts copied from other source systems (system=OTHER), read only.',
  source: { operation: 'listWarehousing', rowKey: 'whReqNo', defaultSort: 'whReqDate:desc', params: { query: { system: "'OTHER'" } } },
  filters: [
    { field: 'sourceSystemList', label: f('sourceSystem'), widget: 'multiSelect', codeGroup: 'SOURCE_SYSTEM' },
    ...warehousingFilters('thisYear'),
  ],
  rememberFilters: true,
  currencyTotals: true,
  columns: [
    { field: 'whReqNo', label: f('whReqNo'), width: 130, link: { screen: 'fulfilmentDelivery.warehousingDetail', query: { whReqNo: 'row.whReqNo' }, dialog: true } },
    { field: 'sourceSystem', label: f('sourceSystem'), type: 'code', codeGroup: 'SOURCE_SYSTEM', width: 150 },
    { field: 'externalRef', label: f('externalRef'), width: 140 },
    { field: 'whAppNo', label: f('whAppNo'), width: 130 },
    { field: 'status', label: f('whStatus'), type: 'code', codeGroup: 'WH_STATUS', width: 90 },
    { field: 'approvalStatus', label: f('approvalStatus'), type: 'code', codeGroup: 'APPROVAL_STATUS', width: 90 },
    { field: 'poNo', label: f('poNo'), width: 130 },
    { field: 'compName', label: f('compName'), width: 150 },
    { field: 'sectionName', label: f('section'), width: 100 },
    { field: 'deptName', label: f('deptName'), width: 130 },
    { field: 'eprName', label: f('eprName'), width: 80 },
    { field: 'receiveName', label: f('receiveName'), width: 80 },
    { field: 'expenses', label: f('expenses'), type: 'code', codeGroup: 'EXPENSES', width: 90 },
    { field: 'currency', label: f('currency'), type: 'code', codeGroup: 'CURRENCY', width: 70 },
    { field: 'AMT', label: f('whAmount'), type: 'money', currencyField: 'currency', width: 120 },
    { field: 'lineCount', label: f('lineCount'), type: 'number', width: 60 },
    { field: 'whReqDate', label: f('whReqDate'), type: 'date', width: 100 },
    { field: 'lastDeciDate', label: f('lastDeciDate'), type: 'date', width: 100 },
    { field: 'settleNo', label: f('settleNo'), width: 130 },
  ],
  selection: 'single',
  rowOpen: { screen: 'fulfilmentDelivery.warehousingDetail', query: { whReqNo: 'row.whReqNo' }, dialog: true },
  actions: [
    { kind: 'open', id: 'detail', label: 'screen.fulfilmentDelivery.action.receiptDetail', screen: 'fulfilmentDelivery.warehousingDetail', dialog: true, selection: 'single', query: { whReqNo: 'row.whReqNo' } },
    { kind: 'exportExcel', fileName: 'screen.fulfilmentDelivery.warehousingListCopy.file' },
  ],
});
