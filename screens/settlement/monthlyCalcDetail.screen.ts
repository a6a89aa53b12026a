import { defineEditScreen } from '../../engine/define';
import { PAID_FIELDS, paymentSection, reductionsDetail } from '../subcontracting/settlement-subcon';
import { amountFields, f, lineColumn, matchColumn, pick, readOnlyGrid } from './settlement-detail';

const supplierStatus = ['CONFIRM_REQUESTED', 'CONFIRMED', 'DISPUTED', 'POSTED', 'POST_FAILED'].map((value) => ({
  value,
  text: `screen.settlement.option.mySettle.${value}`,
}));

/**
 * /monthlyCalcDetail (external) — one of my company's settlements: the month's lines (our
 * deliveries as received and finally decided, at the order's prices), the approved adjustments,
 * and the match against our orders. While it awaits us (확인요청) we confirm it, or dispute it
 * with a reason and purchasing adjusts it and asks again. A 하도급 settlement shows its 지급 기한 and
 * the 지연이자 and 어음 fees owed (하도급법 §13), and the 감액 서면 put to us (§11), each opening to acknowledge.
 */
export default defineEditScreen({
  id: 'settlement.monthlyCalcDetail',
  route: '/monthlyCalcDetail',
  portals: ['internal', 'external'],
  title: 'screen.settlement.monthlyCalcDetail.title',
  labels: 'screen.settlement.field',
  description: 'The supplier’s settlement: lines, approved adjustments, match; confirm or dispute.',
  key: ['settleNo'],
  load: { operation: 'getMySettlement', params: { path: { settleNo: 'query.settleNo' } } },
  confirmLeave: false,
  sections: [
    {
      title: 'screen.settlement.section.settlement',
      columns: 4,
      fields: [
        { field: 'settleNo', readOnly: true },
        { field: 'compName', label: 'screen.supplierView.compName', readOnly: true, portal: 'internal' },
        { field: 'period', widget: 'month', readOnly: true },
        { field: 'status', label: f('settleStatus'), widget: 'select', options: supplierStatus, readOnly: true },
        { field: 'confirmRequestedAt', widget: 'datetime', readOnly: true },
        ...amountFields,
        { field: 'confirmedAt', widget: 'datetime', readOnly: true, visible: '!empty(form.confirmedAt)' },
        {
          field: 'postedAt',
          label: f('paidPostedAt'),
          widget: 'datetime',
          readOnly: true,
          visible: '!empty(form.postedAt)',
        },
        ...PAID_FIELDS,
        { field: 'disputedAt', widget: 'datetime', readOnly: true, visible: '!empty(form.disputedAt)' },
        {
          field: 'disputeReason',
          widget: 'textarea',
          rows: 2,
          readOnly: true,
          span: 4,
          visible: '!empty(form.disputeReason)',
        },
      ],
    },
    paymentSection('getMySettlement'),
  ],
  details: [
    readOnlyGrid(
      'lines',
      'screen.settlement.section.lines',
      'lineNo',
      8,
      pick(lineColumn, [
        'lineNo',
        'lastDeciDate',
        'whReqNo',
        'poNo',
        'poLineNo',
        'itemCode',
        'itemName',
        'spec',
        'unitCode',
        'quantity',
        'currency',
        'PRICE',
        'AMT',
        'krwAmount',
      ]),
    ),
    readOnlyGrid('adjustments', 'screen.settlement.section.approvedAdjustments', 'adjNo', 3, [
      { field: 'adjNo', width: 130 },
      { field: 'amount', label: f('adjAmount'), type: 'money', currency: 'KRW', width: 120 },
      { field: 'reason', label: f('adjReason'), width: 320 },
      { field: 'decidedAt', type: 'datetime', width: 130 },
    ]),
    reductionsDetail(),
    readOnlyGrid(
      'match',
      'screen.settlement.section.match',
      'poLineNo',
      5,
      pick(matchColumn, [
        'status',
        'issues',
        'poNo',
        'poLineNo',
        'itemName',
        'orderedQty',
        'receivedQty',
        'settledQty',
        'orderedAmount',
        'settledAmount',
      ]),
    ),
  ],
  actions: [
    { kind: 'back', requires: 'read' },
    {
      kind: 'open',
      id: 'statement',
      label: 'screen.settlement.action.statement',
      requires: 'read',
      screen: 'settlement.myStatementPrint',
      dialog: true,
      query: { settleNo: 'form.settleNo' },
    },
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
        fields: [
          { field: 'reason', label: f('disputeReason'), widget: 'textarea', rows: 4, required: true, maxLength: 500 },
        ],
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
