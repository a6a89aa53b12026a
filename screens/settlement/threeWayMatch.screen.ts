import { defineListScreen } from '../../engine/define';
import { f, matchIssues, matchStatus } from './settlement-detail';

/**
 * The three-way match of a month (opened from /monthlyCalcAdmin in a dialog): for every order
 * line the month's settlements hold — or one order's lines — the ordered, delivered, received,
 * decided and settled quantities and amounts, and why a line does not reconcile. The server
 * needs a month or an order number, so the list waits for one.
 */
export default defineListScreen({
  id: 'settlement.threeWayMatch',
  title: 'screen.settlement.threeWayMatch.title',
  labels: 'screen.settlement.field',
  menu: '/monthlyCalcAdmin',
  description:
    'Ordered / delivered / received / decided / settled per order line of a month or an order, with the mismatches.',
  source: { operation: 'listThreeWayMatch', rowKey: 'poNo', pageSize: 200, autoSearch: false },
  filters: [
    { field: 'period', widget: 'month', help: 'screen.settlement.threeWayMatch.help' },
    { field: 'compNo', widget: 'company' },
    { field: 'poNo', maxLength: 20 },
    {
      field: 'onlyMismatch',
      label: 'screen.settlement.threeWayMatch.onlyMismatch',
      widget: 'select',
      emptyOption: 'none',
      default: 'Y',
      options: [
        { value: 'Y', text: 'screen.settlement.option.onlyMismatch.Y' },
        { value: 'N', text: 'screen.settlement.option.onlyMismatch.N' },
      ],
    },
  ],
  columns: [
    { field: 'status', label: f('matchStatus'), type: 'code', options: matchStatus, width: 80 },
    { field: 'issues', type: 'code', options: matchIssues, width: 220 },
    { field: 'compNo', width: 80 },
    { field: 'poNo', width: 130 },
    { field: 'poLineNo', type: 'number', width: 60 },
    { field: 'itemName', width: 170 },
    { field: 'currency', width: 60, align: 'center' },
    { field: 'PRICE', type: 'money', currencyField: 'currency', width: 100 },
    { field: 'orderedQty', type: 'number', width: 80 },
    { field: 'deliveredQty', type: 'number', width: 80 },
    { field: 'receivedQty', type: 'number', width: 80 },
    { field: 'decidedQty', type: 'number', width: 80 },
    { field: 'settledQty', type: 'number', width: 80 },
    { field: 'orderedAmount', type: 'money', currencyField: 'currency', width: 110 },
    { field: 'receivedAmount', type: 'money', currencyField: 'currency', width: 110 },
    { field: 'settledAmount', type: 'money', currencyField: 'currency', width: 110 },
  ],
  actions: [{ kind: 'exportExcel', fileName: 'screen.settlement.threeWayMatch.file' }],
});
