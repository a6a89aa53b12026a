import { defineEditScreen } from '../../engine/define';
import { amountFields, f, lineColumn, matchColumn, matchStatus, pick, readOnlyGrid } from './settlement-detail';

const historyActions = ['BUILD', 'REBUILD', 'REQUEST_CONFIRM', 'CONFIRM', 'DISPUTE', 'ADJUST', 'REQUEST', 'APPROVE', 'REJECT', 'CANCEL', 'CREATE', 'SEND', 'RETRY', 'POSTED', 'FAILED', 'POST_FAILED'].map((value) => ({
  value,
  text: `screen.settlement.option.history.${value}`,
}));

/**
 * /monthlyCalcADetail — one supplier-month (월정산 상세): the totals and the JPY rate it was built
 * with, its lines (decided receipt lines × PO prices), its adjustments, the three-way match of
 * its order lines (ordered / received / settled, mismatches first) and its history. Staff
 * rebuild a draft, propose adjustments, put it to the supplier, and post a confirmed one.
 */
export default defineEditScreen({
  id: 'settlement.monthlyCalcADetail',
  route: '/monthlyCalcADetail',
  title: 'screen.settlement.monthlyCalcADetail.title',
  labels: 'screen.settlement.field',
  description: 'One supplier-month: totals, lines, adjustments, three-way match, history; rebuild, adjust, request confirmation, post.',
  key: ['settleNo'],
  load: { operation: 'getSettlement', params: { path: { settleNo: 'query.settleNo' } } },
  confirmLeave: false,
  sections: [
    {
      title: 'screen.settlement.section.settlement',
      columns: 4,
      fields: [
        { field: 'settleNo', readOnly: true },
        { field: 'period', widget: 'month', readOnly: true },
        { field: 'status', label: f('settleStatus'), widget: 'select', codeGroup: 'SETTLE_STATUS', readOnly: true },
        { field: 'matchStatus', widget: 'select', options: matchStatus, readOnly: true },
        { field: 'compName', readOnly: true },
        { field: 'compNo', readOnly: true },
        { field: 'taxNo', readOnly: true },
        { field: 'lineCount', mask: 'numComma', readOnly: true },
      ],
    },
    {
      title: 'screen.settlement.section.amounts',
      columns: 4,
      fields: [
        ...amountFields,
      ],
    },
    {
      title: 'screen.settlement.section.progress',
      columns: 4,
      fields: [
        { field: 'builtAt', widget: 'datetime', readOnly: true },
        { field: 'pendingAdjustments', mask: 'numComma', readOnly: true },
        { field: 'confirmRequestedAt', widget: 'datetime', readOnly: true, visible: '!empty(form.confirmRequestedAt)' },
        { field: 'confirmedAt', widget: 'datetime', readOnly: true, visible: '!empty(form.confirmedAt)' },
        { field: 'confirmedBy', readOnly: true, visible: '!empty(form.confirmedBy)' },
        { field: 'voucherNo', readOnly: true, visible: '!empty(form.voucherNo)' },
        { field: 'voucherStatus', widget: 'select', codeGroup: 'POSTING_STATUS', readOnly: true, visible: '!empty(form.voucherStatus)' },
        { field: 'postedAt', widget: 'datetime', readOnly: true, visible: '!empty(form.postedAt)' },
        { field: 'disputedAt', widget: 'datetime', readOnly: true, visible: '!empty(form.disputedAt)' },
        { field: 'disputeReason', widget: 'textarea', rows: 2, readOnly: true, span: 3, visible: '!empty(form.disputeReason)' },
      ],
    },
  ],
  details: [
    readOnlyGrid('lines', 'screen.settlement.section.lines', 'lineNo', 8, pick(lineColumn, ['lineNo', 'whReqNo', 'lastDeciDate', 'poNo', 'poLineNo', 'itemCode', 'itemName', 'spec', 'unitCode', 'expenses', 'quantity', 'currency', 'PRICE', 'AMT', 'krwAmount'])),
    readOnlyGrid('adjustments', 'screen.settlement.section.adjustments', 'adjNo', 4, [
      { field: 'adjNo', width: 130 },
      { field: 'amount', label: f('adjAmount'), type: 'money', currency: 'KRW', width: 110 },
      { field: 'reason', label: f('adjReason'), width: 240 },
      { field: 'status', label: f('adjStatus'), type: 'code', codeGroup: 'ADJUST_STATUS', width: 90 },
      { field: 'requestedByName', label: f('requestedBy'), width: 90 },
      { field: 'requestedAt', type: 'datetime', width: 130 },
      { field: 'decidedByName', label: f('decidedBy'), width: 90 },
      { field: 'decidedAt', type: 'datetime', width: 130 },
      { field: 'decisionComment', width: 200 },
    ]),
    readOnlyGrid('match', 'screen.settlement.section.match', 'poLineNo', 6, pick(matchColumn, ['status', 'issues', 'poNo', 'poLineNo', 'itemName', 'currency', 'PRICE', 'orderedQty', 'deliveredQty', 'receivedQty', 'decidedQty', 'settledQty', 'orderedAmount', 'receivedAmount', 'settledAmount'])),
    {
      id: 'history',
      title: 'screen.settlement.section.history',
      rowKey: 'at',
      canAdd: false,
      canDelete: false,
      visibleRows: 5,
      load: { operation: 'getSettlementHistory', params: { path: { settleNo: 'form.settleNo' } } },
      columns: [
        { field: 'at', type: 'datetime', width: 130 },
        { field: 'entityKey', width: 130 },
        { field: 'action', label: f('historyAction'), type: 'code', options: historyActions, width: 110 },
        { field: 'actor', width: 90 },
        { field: 'reason', label: f('historyReason'), width: 300 },
      ],
    },
  ],
  actions: [
    { kind: 'back', requires: 'read' },
    { kind: 'open', id: 'statement', label: 'screen.settlement.action.statement', requires: 'read', screen: 'settlement.statementPrint', dialog: true, query: { settleNo: 'form.settleNo' } },
    {
      kind: 'workflow',
      id: 'rebuild',
      label: 'screen.settlement.action.rebuild',
      operation: 'rebuildSettlement',
      visible: "form.status in ['DRAFT', 'DISPUTED']",
      confirm: 'screen.settlement.confirm.rebuild',
      params: { path: { settleNo: 'form.settleNo' }, body: { version: 'form.version' } },
      then: ['reloadRecord', 'reload'],
    },
    {
      kind: 'workflow',
      id: 'adjust',
      label: 'screen.settlement.action.adjust',
      operation: 'createAdjustment',
      visible: "form.status in ['DRAFT', 'DISPUTED']",
      prompt: {
        title: 'screen.settlement.adjust.title',
        message: 'screen.settlement.adjust.message',
        fields: [
          { field: 'amount', label: f('adjAmount'), widget: 'number', required: true, help: 'screen.settlement.adjust.amountHelp' },
          { field: 'reason', label: f('adjReason'), widget: 'textarea', rows: 3, required: true, maxLength: 500 },
        ],
      },
      params: { path: { settleNo: 'form.settleNo' }, body: { amount: 'input.amount', reason: 'input.reason' } },
      success: 'screen.settlement.adjust.done',
      then: ['reloadRecord', 'reload'],
    },
    { kind: 'navigate', id: 'adjustments', label: 'screen.settlement.action.adjustments', requires: 'read', screen: 'settlement.adjustSearch', query: { settleNo: 'form.settleNo', status: "'REQUESTED'" }, visible: 'form.pendingAdjustments > 0' },
    {
      kind: 'workflow',
      id: 'requestConfirm',
      label: 'screen.settlement.action.requestConfirm',
      variant: 'primary',
      operation: 'requestSettlementConfirm',
      visible: "form.status in ['DRAFT', 'DISPUTED']",
      enabled: 'form.pendingAdjustments == 0',
      confirm: 'screen.settlement.confirm.requestConfirmOne',
      params: { path: { settleNo: 'form.settleNo' }, body: { version: 'form.version' } },
      then: ['reloadRecord', 'reload'],
    },
    {
      kind: 'workflow',
      id: 'post',
      label: 'screen.settlement.action.post',
      variant: 'primary',
      operation: 'postSettlement',
      visible: "form.status in ['CONFIRMED', 'POST_FAILED']",
      confirm: 'screen.settlement.confirm.postOne',
      params: { path: { settleNo: 'form.settleNo' }, body: { version: 'form.version' } },
      success: 'screen.settlement.post.done',
      then: ['reloadRecord', 'reload'],
      // A failed posting is recorded (POST_FAILED, a voucher, a new version): show it as it now is.
      thenOnError: ['reloadRecord', 'reload'],
    },
  ],
});
