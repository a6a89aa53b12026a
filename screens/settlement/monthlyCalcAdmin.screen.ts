import { defineListScreen } from '../../engine/define';

const f = (name: string) => `screen.settlement.field.${name}`;

/**
 * /monthlyCalcAdmin — monthly settlements per supplier (월정산): built from the finally decided
 * receipts × PO prices in KRW (JPY converted at the month's rate per 100 yen). Staff build or
 * rebuild a month, put drafts to the supplier for confirmation and post confirmed ones to the
 * ERP; a number opens the supplier-month (lines, adjustments, three-way match).
 */
export default defineListScreen({
  id: 'settlement.monthlyCalcAdmin',
  route: '/monthlyCalcAdmin',
  title: 'screen.settlement.monthlyCalcAdmin.title',
  labels: 'screen.settlement.field',
  description: 'Monthly settlements per supplier: build a month, request confirmation, post to the ERP.',
  source: { operation: 'listSettlements', rowKey: 'settleNo', defaultSort: 'period:desc' },
  filters: [
    { field: 'periods', label: f('period'), widget: 'monthRange', default: { preset: 'last3Months' }, span: 2 },
    { field: 'status', label: f('settleStatus'), widget: 'multiSelect', codeGroup: 'SETTLE_STATUS' },
    { field: 'compName', maxLength: 100 },
    { field: 'compNo', widget: 'company' },
    { field: 'settleNo', maxLength: 20 },
  ],
  rememberFilters: true,
  totals: true,
  columns: [
    {
      field: 'settleNo',
      width: 130,
      link: { screen: 'settlement.monthlyCalcADetail', query: { settleNo: 'row.settleNo' } },
    },
    { field: 'period', type: 'month', width: 80 },
    { field: 'compNo', width: 80 },
    { field: 'compName', width: 170 },
    { field: 'status', label: f('settleStatus'), type: 'code', codeGroup: 'SETTLE_STATUS', width: 100 },
    { field: 'lineCount', type: 'number', width: 70 },
    { field: 'krwGoodsAmount', type: 'money', currency: 'KRW', width: 120 },
    { field: 'jpyGoodsAmount', type: 'money', currency: 'JPY', width: 110 },
    { field: 'jpyKrwAmount', type: 'money', currency: 'KRW', width: 120 },
    { field: 'goodsAmount', type: 'money', currency: 'KRW', width: 130, total: 'sum' },
    { field: 'adjustmentAmount', type: 'money', currency: 'KRW', width: 110, total: 'sum' },
    { field: 'totalAmount', type: 'money', currency: 'KRW', width: 130, total: 'sum' },
    { field: 'pendingAdjustments', type: 'number', width: 80 },
    { field: 'jpyRate', type: 'number', width: 80 },
    {
      field: 'voucherNo',
      width: 130,
      link: { screen: 'settlement.signifierDetail', query: { voucherNo: 'row.voucherNo' } },
    },
    { field: 'voucherStatus', type: 'code', codeGroup: 'POSTING_STATUS', width: 90 },
    { field: 'confirmRequestedAt', type: 'datetime', width: 130 },
    { field: 'confirmedAt', type: 'datetime', width: 130 },
    { field: 'postedAt', type: 'datetime', width: 130 },
    { field: 'updatedAt', type: 'datetime', width: 130 },
  ],
  selection: 'multi',
  rowOpen: { screen: 'settlement.monthlyCalcADetail', query: { settleNo: 'row.settleNo' } },
  actions: [
    {
      kind: 'call',
      id: 'build',
      label: 'screen.settlement.action.build',
      variant: 'primary',
      operation: 'buildSettlements',
      prompt: {
        title: 'screen.settlement.build.title',
        message: 'screen.settlement.build.message',
        fields: [
          { field: 'period', widget: 'month', required: true },
          {
            field: 'compNo',
            label: 'screen.settlement.build.compNo',
            widget: 'company',
            help: 'screen.settlement.build.compNoHelp',
          },
        ],
      },
      params: { body: { period: 'input.period', compNo: 'input.compNo' } },
      success: 'screen.settlement.build.done',
    },
    {
      kind: 'call',
      id: 'requestConfirm',
      label: 'screen.settlement.action.requestConfirm',
      operation: 'requestSettlementConfirm',
      selection: 'multi',
      enabled:
        "all(rows, 'pendingAdjustments', 0) && !some(rows, 'status', 'CONFIRM_REQUESTED') && !some(rows, 'status', 'CONFIRMED') && !some(rows, 'status', 'POSTED') && !some(rows, 'status', 'POST_FAILED')",
      confirm: 'screen.settlement.confirm.requestConfirm',
      params: { path: { settleNo: 'row.settleNo' }, body: { version: 'row.version' } },
    },
    {
      kind: 'call',
      id: 'post',
      label: 'screen.settlement.action.post',
      operation: 'postSettlement',
      selection: 'multi',
      enabled:
        "!some(rows, 'status', 'DRAFT') && !some(rows, 'status', 'CONFIRM_REQUESTED') && !some(rows, 'status', 'DISPUTED') && !some(rows, 'status', 'POSTED')",
      confirm: 'screen.settlement.confirm.post',
      params: { path: { settleNo: 'row.settleNo' }, body: { version: 'row.version' } },
      // A failed posting is recorded (POST_FAILED, a voucher): the list shows it.
      thenOnError: ['reload'],
    },
    {
      kind: 'open',
      id: 'statement',
      label: 'screen.settlement.action.statement',
      screen: 'settlement.statementPrint',
      dialog: true,
      selection: 'single',
      query: { settleNo: 'row.settleNo' },
    },
    {
      kind: 'open',
      id: 'match',
      label: 'screen.settlement.action.match',
      screen: 'settlement.threeWayMatch',
      dialog: true,
    },
    {
      kind: 'open',
      id: 'fxRates',
      label: 'screen.settlement.action.fxRates',
      screen: 'settlement.fxRates',
      dialog: true,
    },
    { kind: 'exportExcel', fileName: 'screen.settlement.monthlyCalcAdmin.file' },
  ],
});
