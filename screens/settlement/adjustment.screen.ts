import { defineEditScreen } from '../../engine/define';

const f = (name: string) => `screen.settlement.field.${name}`;
const update = "mode == 'update'";
const open = "mode == 'update' && form.status == 'REQUESTED' && form.settlementStatus in ['DRAFT', 'DISPUTED']";

/**
 * /adjustment — one settlement adjustment (정산조정): a signed amount in whole won with its reason,
 * proposed on a draft or disputed settlement and counted in the total once someone other than
 * the requester approves it. Without a number the screen proposes a new one for the settlement
 * number entered; with one (`?adjNo=`) it shows it, and while it awaits approval it can be
 * approved, rejected (a comment is required) or withdrawn by its requester.
 */
export default defineEditScreen({
  id: 'settlement.adjustment',
  route: '/adjustment',
  title: 'screen.settlement.adjustment.title',
  labels: 'screen.settlement.field',
  description: 'Propose a settlement adjustment (+/− won, reason); approve, reject or withdraw one.',
  key: ['adjNo'],
  load: { operation: 'getAdjustment', params: { path: { adjNo: 'query.adjNo' } } },
  confirmLeave: true,
  sections: [
    {
      title: 'screen.settlement.section.adjustment',
      columns: 3,
      fields: [
        { field: 'adjNo', readOnly: true, visible: update },
        {
          field: 'status',
          label: f('adjStatus'),
          widget: 'select',
          codeGroup: 'ADJUST_STATUS',
          readOnly: true,
          visible: update,
        },
        {
          field: 'settleNo',
          required: true,
          createOnly: true,
          maxLength: 20,
          help: 'screen.settlement.adjustment.settleNoHelp',
        },
        { field: 'compName', readOnly: true, visible: update },
        { field: 'period', widget: 'month', readOnly: true, visible: update },
        {
          field: 'settlementStatus',
          label: f('settleStatus'),
          widget: 'select',
          codeGroup: 'SETTLE_STATUS',
          readOnly: true,
          visible: update,
        },
        {
          field: 'amount',
          label: f('adjAmount'),
          widget: 'number',
          type: 'string',
          required: true,
          createOnly: true,
          help: 'screen.settlement.adjust.amountHelp',
        },
        {
          field: 'reason',
          label: f('adjReason'),
          widget: 'textarea',
          rows: 3,
          required: true,
          createOnly: true,
          maxLength: 500,
          span: 2,
        },
        { field: 'requestedByName', label: f('requestedBy'), readOnly: true, visible: update },
        { field: 'requestedAt', widget: 'datetime', readOnly: true, visible: update },
        { field: 'decidedByName', label: f('decidedBy'), readOnly: true, visible: '!empty(form.decidedBy)' },
        { field: 'decidedAt', widget: 'datetime', readOnly: true, visible: '!empty(form.decidedAt)' },
        {
          field: 'decisionComment',
          widget: 'textarea',
          rows: 2,
          readOnly: true,
          span: 2,
          visible: '!empty(form.decisionComment)',
        },
      ],
    },
  ],
  actions: [
    { kind: 'back', requires: 'read' },
    {
      kind: 'navigate',
      id: 'settlement',
      label: 'screen.settlement.action.openSettlement',
      requires: 'read',
      screen: 'settlement.monthlyCalcADetail',
      query: { settleNo: 'form.settleNo' },
      visible: update,
    },
    { kind: 'new', id: 'another', label: 'screen.settlement.action.newAdjustment', visible: update },
    {
      kind: 'workflow',
      id: 'withdraw',
      label: 'screen.settlement.action.withdrawAdjustment',
      variant: 'danger',
      operation: 'cancelAdjustment',
      visible: open,
      prompt: {
        message: 'screen.settlement.confirm.withdrawAdjustment',
        fields: [{ field: 'comment', label: f('decisionComment'), widget: 'textarea', rows: 2, maxLength: 500 }],
      },
      params: { path: { adjNo: 'form.adjNo' }, body: { version: 'form.version', comment: 'input.comment' } },
      then: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'reject',
      label: 'screen.settlement.action.rejectAdjustment',
      variant: 'danger',
      operation: 'rejectAdjustment',
      visible: open,
      prompt: {
        message: 'screen.settlement.confirm.rejectAdjustment',
        fields: [
          {
            field: 'comment',
            label: 'screen.settlement.field.rejectComment',
            widget: 'textarea',
            rows: 3,
            required: true,
            maxLength: 500,
          },
        ],
      },
      params: { path: { adjNo: 'form.adjNo' }, body: { version: 'form.version', comment: 'input.comment' } },
      then: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'approve',
      label: 'screen.settlement.action.approveAdjustment',
      variant: 'primary',
      operation: 'approveAdjustment',
      visible: open,
      prompt: {
        message: 'screen.settlement.confirm.approveAdjustment',
        fields: [{ field: 'comment', label: f('decisionComment'), widget: 'textarea', rows: 2, maxLength: 500 }],
      },
      params: { path: { adjNo: 'form.adjNo' }, body: { version: 'form.version', comment: 'input.comment' } },
      then: ['reloadRecord'],
    },
    {
      kind: 'save',
      id: 'request',
      label: 'screen.settlement.action.requestAdjustment',
      variant: 'primary',
      operation: 'createAdjustment',
      visible: "mode == 'create'",
      confirm: 'screen.settlement.confirm.requestAdjustment',
      success: 'screen.settlement.adjust.done',
    },
  ],
});
