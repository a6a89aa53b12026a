import { defineListScreen } from '../../engine/define';
import { f, t } from './labels';

/**
 * /LoiRequestList — letters of intent (LOI): supplier, scope title, amount, validity and state
 * (an issued LOI past its last valid day reads 만료); an LOI number opens /LoiRequestEdit.
 * 기간 경과 LOI 만료 처리 stores the expiry of every overdue issued LOI (expireLois).
 */
export default defineListScreen({
  id: 'purchaseOrder.loiRequestList',
  route: '/LoiRequestList',
  title: t('loiRequestList'),
  labels: 'screen.purchaseOrder.f',
  source: { operation: 'listLois', rowKey: 'loiNo', defaultSort: 'loiNo:desc' },
  filters: [
    { field: 'loiNo' },
    { field: 'title' },
    { field: 'compName' },
    { field: 'status', label: f('loiStatus'), widget: 'multiSelect', codeGroup: 'LOI_STATUS' },
    { field: 'validOn', widget: 'date' },
    { field: 'buyerId', label: f('buyer'), widget: 'person' },
  ],
  rememberFilters: true,
  columns: [
    { field: 'loiNo', width: 140, link: { screen: 'purchaseOrder.loiRequestEdit', query: { loiNo: 'row.loiNo' } } },
    { field: 'title', width: 240 },
    { field: 'status', label: f('loiStatus'), type: 'code', codeGroup: 'LOI_STATUS', width: 80 },
    { field: 'approvalStatus', type: 'code', codeGroup: 'APPROVAL_STATUS', width: 90 },
    { field: 'compNameKr', label: f('supplier'), width: 160 },
    { field: 'currency', type: 'code', codeGroup: 'CURRENCY', width: 70 },
    { field: 'amount', label: f('loiAmount'), type: 'money', currencyField: 'currency', width: 140 },
    { field: 'validFrom', type: 'date', width: 100 },
    { field: 'validUntil', type: 'date', width: 100 },
    { field: 'buyerName', label: f('buyer'), width: 90 },
    { field: 'issuedAt', type: 'datetime', width: 140 },
    { field: 'acceptedAt', type: 'datetime', width: 140 },
    { field: 'orderCount', type: 'number', width: 80 },
    { field: 'prNo', width: 130 },
    { field: 'updatedAt', type: 'datetime', width: 140 },
  ],
  rowOpen: { screen: 'purchaseOrder.loiRequestEdit', query: { loiNo: 'row.loiNo' } },
  actions: [
    {
      kind: 'open',
      id: 'create',
      label: t('a.createLoi'),
      screen: 'purchaseOrder.loiRequestEdit',
      requires: 'write',
      variant: 'primary',
    },
    {
      kind: 'call',
      id: 'expire',
      label: t('a.expire'),
      operation: 'expireLois',
      confirm: t('confirmExpire'),
      success: t('done.expired'),
    },
    { kind: 'exportExcel', fileName: t('file.lois') },
  ],
});
