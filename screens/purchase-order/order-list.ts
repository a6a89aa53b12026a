/**
 * What the two order lists share — /OrderRequestList (orders from PRs, poType PO) and
 * /SimpleOrderList (small orders without a PR): the filters, the columns and the row link.
 * Orders from PRs add the PR number (filter and column) and the supplier's forwarding flag.
 */
import type { TypedColumn, TypedFilter } from '../../engine/define';
import { ORDER_KIND, sf } from '../subcontracting/labels';
import { f } from './labels';

type Op = 'listPos' | 'listSimpleOrders';
export type OrderKind = 'PO' | 'SIMPLE';

export function orderFilters(kind: OrderKind): Array<TypedFilter<Op>> {
  return [
    { field: 'poNo', label: f('poNo') },
    { field: 'title', label: f('title') },
    { field: 'compName', label: f('compName') },
    { field: 'status', label: f('poStatus'), widget: 'multiSelect', codeGroup: 'PO_STATUS' },
    { field: 'approvalStatus', label: f('approvalStatus'), widget: 'multiSelect', codeGroup: 'APPROVAL_STATUS' },
    { field: 'poDates', label: f('poDates'), widget: 'dateRange', params: { from: 'fromDate', to: 'toDate' }, span: 2 },
    ...(kind === 'PO' ? [{ field: 'prNo' as const, label: f('prNo') }] : []),
    { field: 'buyerId', label: f('buyer'), widget: 'person' },
    { field: 'currency', label: f('currency'), widget: 'select', codeGroup: 'CURRENCY' },
  ];
}

/** The columns; the order number opens `editScreen`. */
export function orderColumns(kind: OrderKind, editScreen: string): Array<TypedColumn<Op>> {
  const fromPr = kind === 'PO';
  return [
    { field: 'poNo', label: f('poNo'), width: 130, link: { screen: editScreen, query: { poNo: 'row.poNo' } } },
    { field: 'poDate', label: f('poDate'), type: 'date', width: 100 },
    { field: 'title', label: f('title'), width: 240 },
    { field: 'status', label: f('poStatus'), type: 'code', codeGroup: 'PO_STATUS', width: 90 },
    { field: 'approvalStatus', label: f('approvalStatus'), type: 'code', codeGroup: 'APPROVAL_STATUS', width: 90 },
    { field: 'compNameKr', label: f('supplier'), width: 160 },
    { field: 'buyerName', label: f('buyer'), width: 90 },
    { field: 'deptnm', label: f('deptnm'), width: 130 },
    { field: 'currency', label: f('currency'), type: 'code', codeGroup: 'CURRENCY', width: 70 },
    { field: 'totalAmount', label: f('totalAmount'), type: 'money', currencyField: 'currency', width: 130 },
    { field: 'dueDate', label: f('dueDate'), type: 'date', width: 100 },
    { field: 'subconKind', label: sf('subconKind'), type: 'code', options: ORDER_KIND, width: 90 },
    ...(fromPr
      ? [{ field: 'forwardYn' as const, label: f('forwardYn'), type: 'code' as const, codeGroup: 'YN', width: 100 }]
      : []),
    { field: 'forwardedAt', label: f('forwardedAt'), type: 'datetime', width: 140 },
    { field: 'acknowledgedAt', label: f('acknowledgedAt'), type: 'datetime', width: 140 },
    ...(fromPr ? [{ field: 'prNo' as const, label: f('prNo'), width: 130 }] : []),
    { field: 'lineCount', label: f('lineCount'), type: 'number', width: 70 },
    { field: 'updatedAt', label: f('updatedAt'), type: 'datetime', width: 140 },
  ];
}
