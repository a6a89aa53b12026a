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
  description: 'Goods receipt lines with the spec §3 warehousing filter (remembered).',
  source: { operation: 'listWarehousingItems', defaultSort: 'whReqDate:desc' },
  filters: [
    ...warehousingFilters('last3Months'),
    {
      field: 'system',
      label: f('system'),
      widget: 'select',
      options: [{ value: 'GPMS', text: 'screen.fulfilmentDelivery.option.system.GPMS' }, { value: 'OTHER', text: 'screen.fulfilmentDelivery.option.system.OTHER' }],
      default: 'GPMS',
    },
    { field: 'sourceSystemList', label: f('sourceSystem'), widget: 'multiSelect', codeGroup: 'SOURCE_SYSTEM' },
  ],
  rememberFilters: true,
  currencyTotals: true,
  columns: [
    { field: 'whReqNo', label: f('whReqNo'), width: 130, link: { screen: 'fulfilmentDelivery.warehousingDetail', query: { whReqNo: 'row.whReqNo' }, dialog: true } },
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
    { field: 'whAppNo', label: f('whAppNo'), width: 130 },
    { field: 'poNo', label: f('poNo'), width: 130 },
    { field: 'poLineNo', label: f('poLineNo'), type: 'number', width: 70 },
    { field: 'compName', label: f('compName'), width: 150 },
    { field: 'deptName', label: f('deptName'), width: 130 },
    { field: 'eprName', label: f('eprName'), width: 80 },
    { field: 'receiveName', label: f('receiveName'), width: 80 },
    { field: 'expenses', label: f('expenses'), type: 'code', codeGroup: 'EXPENSES', width: 90 },
    { field: 'whReqDate', label: f('whReqDate'), type: 'date', width: 100 },
    { field: 'lastDeciDate', label: f('lastDeciDate'), type: 'date', width: 100 },
    { field: 'sourceSystem', label: f('sourceSystem'), type: 'code', codeGroup: 'SOURCE_SYSTEM', width: 120 },
    { field: 'settleNo', label: f('settleNo'), width: 130 },
  ],
  selection: 'single',
  rowOpen: { screen: 'fulfilmentDelivery.warehousingDetail', query: { whReqNo: 'row.whReqNo' }, dialog: true },
  actions: [
    { kind: 'open', id: 'detail', label: 'screen.fulfilmentDelivery.action.receiptDetail', screen: 'fulfilmentDelivery.warehousingDetail', dialog: true, selection: 'single', query: { whReqNo: 'row.whReqNo' } },
    { kind: 'exportExcel', fileName: 'screen.fulfilmentDelivery.warehousingItemList.file' },
  ],
});
