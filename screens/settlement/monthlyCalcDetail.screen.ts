import { defineEditScreen } from '../../engine/define';

const f = (name: string) => `screen.settlement.field.${name}`;
const supplierStatus = ['CONFIRM_REQUESTED', 'CONFIRMED', 'DISPUTED', 'POSTED', 'POST_FAILED'].map((value) => ({ value, text: `screen.settlement.option.mySettle.${value}` }));
const rateSource = [
  { value: 'MONTHLY', text: 'screen.settlement.option.rateSource.MONTHLY' },
  { value: 'SYSTEM_CONST', text: 'screen.settlement.option.rateSource.SYSTEM_CONST' },
];
const matchStatus = [
  { value: 'MATCH', text: 'screen.settlement.option.match.MATCH' },
  { value: 'MISMATCH', text: 'screen.settlement.option.match.MISMATCH' },
];
const issues = ['OVER_DELIVERED', 'OVER_RECEIVED', 'OVER_SETTLED', 'DELIVERED_COUNTER', 'RECEIVED_COUNTER', 'PRICE_MISMATCH', 'AMOUNT_MISMATCH', 'NOT_YET_RECEIVED', 'NOT_YET_DECIDED', 'NOT_YET_SETTLED'].map((value) => ({
  value,
  text: `screen.settlement.option.issue.${value}`,
}));

/**
 * /monthlyCalcDetail (external) — one of my company's settlements: the month's lines (our
 * deliveries as received and finally decided, at the order's prices), the approved adjustments,
 * and the match against our orders. While it awaits us (확인요청) we confirm it, or dispute it
 * with a reason and purchasing adjusts it and asks again.
 */
export default defineEditScreen({
  id: 'settlement.monthlyCalcDetail',
  route: '/monthlyCalcDetail',
  portals: ['internal', 'external'],
  title: 'screen.settlement.monthlyCalcDetail.title',
  description: 'The supplier’s settlement: lines, approved adjustments, match; confirm or dispute.',
  key: ['settleNo'],
  load: { operation: 'getMySettlement', params: { path: { settleNo: 'query.settleNo' } } },
  confirmLeave: false,
  sections: [
    {
      title: 'screen.settlement.section.settlement',
      columns: 4,
      fields: [
        { field: 'settleNo', label: f('settleNo'), readOnly: true },
        { field: 'compName', label: 'screen.supplierView.compName', readOnly: true, portal: 'internal' },
        { field: 'period', label: f('period'), widget: 'month', readOnly: true },
        { field: 'status', label: f('settleStatus'), widget: 'select', options: supplierStatus, readOnly: true },
        { field: 'confirmRequestedAt', label: f('confirmRequestedAt'), widget: 'datetime', readOnly: true },
        { field: 'krwGoodsAmount', label: f('krwGoodsAmount'), mask: 'numComma', readOnly: true },
        { field: 'jpyGoodsAmount', label: f('jpyGoodsAmount'), mask: 'numComma', readOnly: true },
        { field: 'jpyRate', label: f('jpyRate'), mask: 'numComma', readOnly: true, visible: '!empty(form.jpyRate)' },
        { field: 'jpyRateSource', label: f('jpyRateSource'), widget: 'select', options: rateSource, readOnly: true, visible: '!empty(form.jpyRateSource)' },
        { field: 'jpyKrwAmount', label: f('jpyKrwAmount'), mask: 'numComma', readOnly: true },
        { field: 'goodsAmount', label: f('goodsAmount'), mask: 'numComma', readOnly: true },
        { field: 'adjustmentAmount', label: f('adjustmentAmount'), mask: 'numComma', readOnly: true },
        { field: 'totalAmount', label: f('totalAmount'), mask: 'numComma', readOnly: true },
        { field: 'confirmedAt', label: f('confirmedAt'), widget: 'datetime', readOnly: true, visible: '!empty(form.confirmedAt)' },
        { field: 'postedAt', label: f('paidPostedAt'), widget: 'datetime', readOnly: true, visible: '!empty(form.postedAt)' },
        { field: 'disputedAt', label: f('disputedAt'), widget: 'datetime', readOnly: true, visible: '!empty(form.disputedAt)' },
        { field: 'disputeReason', label: f('disputeReason'), widget: 'textarea', rows: 2, readOnly: true, span: 4, visible: '!empty(form.disputeReason)' },
      ],
    },
  ],
  details: [
    {
      id: 'lines',
      title: 'screen.settlement.section.lines',
      rowKey: 'lineNo',
      canAdd: false,
      canDelete: false,
      visibleRows: 8,
      columns: [
        { field: 'lineNo', label: f('lineNo'), type: 'number', width: 50 },
        { field: 'lastDeciDate', label: f('lastDeciDate'), type: 'date', width: 100 },
        { field: 'whReqNo', label: f('whReqNo'), width: 130 },
        { field: 'poNo', label: f('poNo'), width: 130 },
        { field: 'poLineNo', label: f('poLineNo'), type: 'number', width: 60 },
        { field: 'itemCode', label: f('itemCode'), width: 110 },
        { field: 'itemName', label: f('itemName'), width: 180 },
        { field: 'spec', label: f('spec'), width: 120 },
        { field: 'unitCode', label: f('unitCode'), width: 60 },
        { field: 'quantity', label: f('quantity'), type: 'number', width: 80 },
        { field: 'currency', label: f('currency'), width: 60, align: 'center' },
        { field: 'PRICE', label: f('PRICE'), type: 'money', currencyField: 'currency', width: 100 },
        { field: 'AMT', label: f('AMT'), type: 'money', currencyField: 'currency', width: 110 },
        { field: 'krwAmount', label: f('krwAmount'), type: 'money', currency: 'KRW', width: 120 },
      ],
    },
    {
      id: 'adjustments',
      title: 'screen.settlement.section.approvedAdjustments',
      rowKey: 'adjNo',
      canAdd: false,
      canDelete: false,
      visibleRows: 3,
      columns: [
        { field: 'adjNo', label: f('adjNo'), width: 130 },
        { field: 'amount', label: f('adjAmount'), type: 'money', currency: 'KRW', width: 120 },
        { field: 'reason', label: f('adjReason'), width: 320 },
        { field: 'decidedAt', label: f('decidedAt'), type: 'datetime', width: 130 },
      ],
    },
    {
      id: 'match',
      title: 'screen.settlement.section.match',
      rowKey: 'poLineNo',
      canAdd: false,
      canDelete: false,
      visibleRows: 5,
      columns: [
        { field: 'status', label: f('matchStatus'), type: 'code', options: matchStatus, width: 80 },
        { field: 'issues', label: f('issues'), type: 'code', options: issues, width: 200 },
        { field: 'poNo', label: f('poNo'), width: 130 },
        { field: 'poLineNo', label: f('poLineNo'), type: 'number', width: 60 },
        { field: 'itemName', label: f('itemName'), width: 170 },
        { field: 'orderedQty', label: f('orderedQty'), type: 'number', width: 80 },
        { field: 'receivedQty', label: f('receivedQty'), type: 'number', width: 80 },
        { field: 'settledQty', label: f('settledQty'), type: 'number', width: 80 },
        { field: 'orderedAmount', label: f('orderedAmount'), type: 'money', currencyField: 'currency', width: 110 },
        { field: 'settledAmount', label: f('settledAmount'), type: 'money', currencyField: 'currency', width: 110 },
      ],
    },
  ],
  actions: [
    { kind: 'back', requires: 'read' },
    { kind: 'open', id: 'statement', label: 'screen.settlement.action.statement', requires: 'read', screen: 'settlement.myStatementPrint', dialog: true, query: { settleNo: 'form.settleNo' } },
    {
      kind: 'workflow',
      id: 'dispute',
      portal: 'external',
      label: 'screen.settlement.action.dispute',
      variant: 'danger',
      operation: 'disputeSettlement',
      visible: "form.status == 'CONFIRM_REQUESTED'",
      prompt: {
        title: 'screen.settlement.dispute.title',
        message: 'screen.settlement.dispute.message',
        fields: [{ field: 'reason', label: f('disputeReason'), widget: 'textarea', rows: 4, required: true, maxLength: 500 }],
      },
      params: { path: { settleNo: 'form.settleNo' }, body: { version: 'form.version', reason: 'input.reason' } },
      success: 'screen.settlement.dispute.done',
      then: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'confirm',
      portal: 'external',
      label: 'screen.settlement.action.confirm',
      variant: 'primary',
      operation: 'confirmSettlement',
      visible: "form.status == 'CONFIRM_REQUESTED'",
      confirm: 'screen.settlement.confirm.confirm',
      params: { path: { settleNo: 'form.settleNo' }, body: { version: 'form.version' } },
      success: 'screen.settlement.confirmDone',
      then: ['reloadRecord'],
    },
  ],
});
