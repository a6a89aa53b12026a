import { defineListScreen } from '../../engine/define';
import { CHANGE_FIELD, f, t } from './labels';

/**
 * /portal/poChange/poChangeInfo — changes to orders after sending (발주변경 이력): what changed
 * (due date, a line's quantity, unit price or delivery date, the total, the state), before →
 * after, who, when and why; filtered by order, supplier, changer, item and dates. A PO number
 * opens the order.
 */
export default defineListScreen({
  id: 'purchaseOrder.poChangeInfo',
  route: '/portal/poChange/poChangeInfo',
  title: t('poChangeInfo'),
  labels: 'screen.purchaseOrder.f',
  source: { operation: 'listPoChanges', rowKey: 'changeId', defaultSort: 'changedAt:desc' },
  filters: [
    { field: 'poNo' },
    { field: 'changeDates', widget: 'dateRange', params: { from: 'fromDate', to: 'toDate' }, span: 2 },
    { field: 'field', label: f('changeField'), widget: 'select', options: CHANGE_FIELD },
    { field: 'compNo', label: f('supplier'), widget: 'company', maxLength: 10 },
    { field: 'changedBy', maxLength: 50 },
  ],
  rememberFilters: true,
  columns: [
    { field: 'changedAt', type: 'datetime', width: 140 },
    { field: 'poNo', width: 130, link: { screen: 'purchaseOrder.orderRequestEdit', query: { poNo: 'row.poNo' } } },
    { field: 'fieldName', width: 90 },
    { field: 'lineNo', type: 'number', width: 50 },
    { field: 'itemName', width: 150 },
    { field: 'beforeText', width: 110 },
    { field: 'afterText', width: 110 },
    { field: 'reason', label: f('changeReason'), width: 240 },
    { field: 'changedByName', width: 90 },
    { field: 'changeSeq', type: 'number', width: 70 },
    { field: 'title', width: 200 },
    { field: 'compNameKr', label: f('supplier'), width: 150 },
    { field: 'status', label: f('poCurrentStatus'), type: 'code', codeGroup: 'PO_STATUS', width: 100 },
  ],

  rowOpen: { screen: 'purchaseOrder.orderRequestEdit', query: { poNo: 'row.poNo' } },
  actions: [{ kind: 'exportExcel', fileName: t('file.changes') }],
});
