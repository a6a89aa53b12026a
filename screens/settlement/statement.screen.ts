import { defineListScreen } from '../../engine/define';

const f = (name: string) => `screen.settlement.field.${name}`;

/**
 * /statement — transaction statements (거래명세서) per supplier and month: one per settlement.
 * Choosing one opens the printable statement (the server's print page and PDF) in a dialog.
 */
export default defineListScreen({
  id: 'settlement.statement',
  route: '/statement',
  title: 'screen.settlement.statement.title',
  labels: 'screen.settlement.field',
  description: 'Transaction statements per supplier and month; open one to print it or save it as PDF.',
  source: { operation: 'listSettlements', rowKey: 'settleNo', defaultSort: 'period:desc' },
  filters: [
    { field: 'periods', label: f('period'), widget: 'monthRange', default: { preset: 'last3Months' }, span: 2 },
    { field: 'compName', maxLength: 100 },
    { field: 'compNo', widget: 'company' },
    { field: 'status', label: f('settleStatus'), widget: 'multiSelect', codeGroup: 'SETTLE_STATUS' },
  ],
  rememberFilters: true,
  columns: [
    {
      field: 'settleNo',
      label: f('statementNo'),
      width: 130,
      link: { screen: 'settlement.statementPrint', query: { settleNo: 'row.settleNo' }, dialog: true },
    },
    { field: 'period', type: 'month', width: 80 },
    { field: 'compNo', width: 80 },
    { field: 'compName', width: 180 },
    { field: 'taxNo', width: 120 },
    { field: 'status', label: f('settleStatus'), type: 'code', codeGroup: 'SETTLE_STATUS', width: 100 },
    { field: 'lineCount', type: 'number', width: 70 },
    { field: 'goodsAmount', type: 'money', currency: 'KRW', width: 130 },
    { field: 'adjustmentAmount', type: 'money', currency: 'KRW', width: 110 },
    { field: 'totalAmount', type: 'money', currency: 'KRW', width: 130 },
    { field: 'confirmedAt', type: 'datetime', width: 130 },
  ],
  selection: 'single',
  rowOpen: { screen: 'settlement.statementPrint', query: { settleNo: 'row.settleNo' }, dialog: true },
  actions: [
    {
      kind: 'open',
      id: 'print',
      label: 'screen.settlement.action.statement',
      variant: 'primary',
      screen: 'settlement.statementPrint',
      dialog: true,
      selection: 'single',
      query: { settleNo: 'row.settleNo' },
    },
    { kind: 'exportExcel', fileName: 'screen.settlement.statement.file' },
  ],
});
