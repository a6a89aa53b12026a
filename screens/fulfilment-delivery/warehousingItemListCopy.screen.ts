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
  labels: 'screen.fulfilmentDelivery.field',
  description: 'Receipt lines copied from other source systems (system=OTHER), read only.',
  source: {
    operation: 'listWarehousingItems',
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
    { field: 'lineNo', type: 'number', width: 50 },
    { field: 'itemCode', width: 110 },
    { field: 'itemName', width: 200 },
    { field: 'spec', width: 140 },
    { field: 'unitCode', width: 60 },
    { field: 'quantity', label: f('whQuantity'), type: 'number', width: 90 },
    { field: 'currency', type: 'code', codeGroup: 'CURRENCY', width: 70 },
    { field: 'PRICE', type: 'money', currencyField: 'currency', width: 100 },
    { field: 'AMT', type: 'money', currencyField: 'currency', width: 120 },
    { field: 'status', label: f('whStatus'), type: 'code', codeGroup: 'WH_STATUS', width: 90 },
    { field: 'approvalStatus', type: 'code', codeGroup: 'APPROVAL_STATUS', width: 90 },
    { field: 'poNo', width: 130 },
    { field: 'compName', width: 150 },
    { field: 'deptName', width: 130 },
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
    { kind: 'exportExcel', fileName: 'screen.fulfilmentDelivery.warehousingItemListCopy.file' },
  ],
});
