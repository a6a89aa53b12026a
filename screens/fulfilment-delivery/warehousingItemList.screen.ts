import { defineListScreen } from '../../engine/define';
import { warehousingFilters } from './warehousing-filters';

const f = (name: string) => `screen.fulfilmentDelivery.field.${name}`;

/**
 * /warehousingItemList — goods receipts by item line, with the same saved warehousing filter as
 * /warehousingList (spec §3; remembered separately). A receipt number opens the receipt, where
 * its approval steps are taken.
 */
export default defineListScreen({
  id: 'fulfilmentDelivery.warehousingItemList',
  route: '/warehousingItemList',
  title: 'screen.fulfilmentDelivery.warehousingItemList.title',
  labels: 'screen.fulfilmentDelivery.field',
  description: 'Goods receipt lines with the spec §3 warehousing filter (remembered).',
  source: { operation: 'listWarehousingItems', defaultSort: 'whReqDate:desc' },
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
    { field: 'whAppNo', width: 130 },
    { field: 'poNo', width: 130 },
    { field: 'poLineNo', type: 'number', width: 70 },
    { field: 'compName', width: 150 },
    { field: 'deptName', width: 130 },
    { field: 'eprName', width: 80 },
    { field: 'receiveName', width: 80 },
    { field: 'expenses', type: 'code', codeGroup: 'EXPENSES', width: 90 },
    { field: 'whReqDate', type: 'date', width: 100 },
    { field: 'lastDeciDate', type: 'date', width: 100 },
    { field: 'sourceSystem', type: 'code', codeGroup: 'SOURCE_SYSTEM', width: 120 },
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
    { kind: 'exportExcel', fileName: 'screen.fulfilmentDelivery.warehousingItemList.file' },
  ],
});
