import { defineListScreen } from '../../engine/define';
import { warehousingFilters } from './warehousing-filters';

const f = (name: string) => `screen.fulfilmentDelivery.field.${name}`;

/**
 * /warehousingItemListCopy — receipt lines copied from the other source systems (system fixed
 * to OTHER), read only; the same filter as /warehousingListCopy, remembered separately.
 */
export default defineListScreen({
  id: 'fulfilmentDelivery.warehousingItemListCopy',
  route: '/warehousingItemListCopy',
  title: 'screen.fulfilmentDelivery.warehousingItemListCopy.title',
  description: 'Receipt lines copied from other source systems (system=OTHER), read only.',
  source: { operation: 'listWarehousingItems', defaultSort: 'whReqDate:desc', params: { query: { system: "'OTHER'" } } },
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
    { field: 'lineNo', label: f('lineNo'), type: 'number', width: 50 },
    { field: 'itemCode', label: f('itemCode'), width: 110 },
    { field: 'itemName', label: f('itemName'), width: 200 },
    { field: 'spec', label: f('spec'), width: 140 },
    { field: 'unitCode', label: f('unitCode'), width: 60 },
    { field: 'quantity', label: f('whQuantity'), type: 'number', width: 90 },
    { field: 'currency', label: f('currency'), type: 'code', codeGroup: 'CURRENCY', width: 70 },
    { field: 'PRICE', label: f('PRICE'), type: 'money', currencyField: 'currency', width: 100 },
    { field: 'AMT', label: f('AMT'), type: 'money', currencyField: 'currency', width: 120 },
    { field: 'status', label: f('whStatus'), type: 'code', codeGroup: 'WH_STATUS', width: 90 },
    { field: 'approvalStatus', label: f('approvalStatus'), type: 'code', codeGroup: 'APPROVAL_STATUS', width: 90 },
    { field: 'poNo', label: f('poNo'), width: 130 },
    { field: 'compName', label: f('compName'), width: 150 },
    { field: 'deptName', label: f('deptName'), width: 130 },
    { field: 'whReqDate', label: f('whReqDate'), type: 'date', width: 100 },
    { field: 'lastDeciDate', label: f('lastDeciDate'), type: 'date', width: 100 },
    { field: 'settleNo', label: f('settleNo'), width: 130 },
  ],
  selection: 'single',
  rowOpen: { screen: 'fulfilmentDelivery.warehousingDetail', query: { whReqNo: 'row.whReqNo' }, dialog: true },
  actions: [
    { kind: 'open', id: 'detail', label: 'screen.fulfilmentDelivery.action.receiptDetail', screen: 'fulfilmentDelivery.warehousingDetail', dialog: true, selection: 'single', query: { whReqNo: 'row.whReqNo' } },
    { kind: 'exportExcel', fileName: 'screen.fulfilmentDelivery.warehousingItemListCopy.file' },
  ],
});
