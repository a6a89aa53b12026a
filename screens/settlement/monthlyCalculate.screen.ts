import { defineListScreen } from '../../engine/define';

const f = (name: string) => `screen.settlement.field.${name}`;
// A supplier sees its settlements once they are put to it (never a draft in the making).
const supplierStatus = ['CONFIRM_REQUESTED', 'CONFIRMED', 'DISPUTED', 'POSTED', 'POST_FAILED'].map((value) => ({
  value,
  text: `screen.settlement.option.mySettle.${value}`,
}));

/**
 * /monthlyCalculate (external) — my company's monthly settlements (월정산) put to us for
 * confirmation: the month's goods in KRW, approved adjustments and the total. A number opens the
 * settlement to confirm it or dispute it with a reason; the statement prints from here too.
 */
export default defineListScreen({
  id: 'settlement.monthlyCalculate',
  route: '/monthlyCalculate',
  portals: ['internal', 'external'],
  title: 'screen.settlement.monthlyCalculate.title',
  labels: 'screen.settlement.field',
  description: 'The supplier’s own monthly settlements: open one to confirm or dispute it; print the statement.',
  source: { operation: 'listMySettlements', rowKey: 'settleNo', defaultSort: 'period:desc' },
  filters: [
    { field: 'compNo', label: 'screen.supplierView.company', widget: 'company', portal: 'internal' },
    { field: 'periods', label: f('period'), widget: 'monthRange', default: { preset: 'thisYear' }, span: 2 },
    { field: 'status', label: f('settleStatus'), widget: 'multiSelect', options: supplierStatus },
    { field: 'settleNo', maxLength: 20 },
  ],
  rememberFilters: true,
  totals: true,
  columns: [
    {
      field: 'settleNo',
      width: 130,
      link: { screen: 'settlement.monthlyCalcDetail', query: { settleNo: 'row.settleNo' } },
    },
    { field: 'compName', label: 'screen.supplierView.compName', width: 160, portal: 'internal' },
    { field: 'period', type: 'month', width: 80 },
    { field: 'status', label: f('settleStatus'), type: 'code', options: supplierStatus, width: 100 },
    { field: 'lineCount', type: 'number', width: 70 },
    { field: 'krwGoodsAmount', type: 'money', currency: 'KRW', width: 120 },
    { field: 'jpyGoodsAmount', type: 'money', currency: 'JPY', width: 110 },
    { field: 'jpyKrwAmount', type: 'money', currency: 'KRW', width: 120 },
    { field: 'goodsAmount', type: 'money', currency: 'KRW', width: 130, total: 'sum' },
    { field: 'adjustmentAmount', type: 'money', currency: 'KRW', width: 110, total: 'sum' },
    { field: 'totalAmount', type: 'money', currency: 'KRW', width: 130, total: 'sum' },
    { field: 'confirmRequestedAt', type: 'datetime', width: 130 },
    { field: 'confirmedAt', type: 'datetime', width: 130 },
    { field: 'disputedAt', type: 'datetime', width: 130 },
    { field: 'postedAt', label: f('paidPostedAt'), type: 'datetime', width: 130 },
  ],
  selection: 'single',
  rowOpen: { screen: 'settlement.monthlyCalcDetail', query: { settleNo: 'row.settleNo' } },
  actions: [
    {
      kind: 'open',
      id: 'statement',
      label: 'screen.settlement.action.statement',
      screen: 'settlement.myStatementPrint',
      dialog: true,
      selection: 'single',
      query: { settleNo: 'row.settleNo' },
    },
    { kind: 'exportExcel', fileName: 'screen.settlement.monthlyCalculate.file' },
  ],
});
