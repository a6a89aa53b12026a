import { defineListScreen } from '../../engine/define';

const P = 'screen.approvalDelegation';
const STATUS = ['ACTIVE', 'CANCELLED'].map((value) => ({ value, text: `${P}.status.${value}` }));

/**
 * /portal/approval/approvalDelegation — my approval delegations (결재 위임): I name a deputy for a
 * period; approvals that reach me then go to the deputy, and the approval history shows on whose
 * behalf (docs/purchasing.md "Approval delegation"). Listed newest period first; 위임 등록 asks for
 * the deputy (person popup), the period and a reason; 위임 취소 ends the chosen active one. The
 * server refuses oneself, a deputy without authority over the documents and an overlapping
 * period with its Korean message; the screen only asks.
 */
export default defineListScreen({
  id: 'approvalDelegation.list',
  route: '/portal/approval/approvalDelegation',
  title: `${P}.title`,
  labels: 'screen.approvalDelegation.field',
  description: 'My approval delegations: register a deputy for a period, cancel one.',
  source: { operation: 'listMyDelegations', rowKey: 'delegationId', pageSize: 100 },
  columns: [
    { field: 'status', type: 'code', options: STATUS, width: 80, align: 'center' },
    { field: 'deputyName', width: 100 },
    { field: 'deputyDeptnm', width: 160 },
    { field: 'fromDate', type: 'date', width: 110 },
    { field: 'toDate', type: 'date', width: 110 },
    { field: 'reason', width: 260 },
    { field: 'createdAt', type: 'datetime', width: 140 },
  ],
  selection: 'single',
  actions: [
    {
      kind: 'call',
      id: 'create',
      label: `${P}.create`,
      variant: 'primary',
      operation: 'createDelegation',
      prompt: {
        message: `${P}.createMessage`,
        columns: 2,
        fields: [
          { field: 'deputy', widget: 'person', required: true, span: 2 },
          { field: 'fromDate', widget: 'date', required: true, default: { today: 0 } },
          { field: 'toDate', widget: 'date', required: true },
          { field: 'reason', widget: 'textarea', rows: 2, maxLength: 500, span: 2 },
        ],
      },
      params: {
        body: {
          deputyId: 'input.deputy.singleid',
          fromDate: 'input.fromDate',
          toDate: 'input.toDate',
          reason: 'input.reason',
        },
      },
      success: `${P}.created`,
    },
    {
      kind: 'call',
      id: 'cancel',
      label: `${P}.cancel`,
      variant: 'danger',
      operation: 'cancelDelegation',
      selection: 'single',
      enabled: "selection == 1 && all(rows, 'status', 'ACTIVE')",
      confirm: `${P}.confirmCancel`,
      params: { path: { delegationId: 'row.delegationId' }, body: { version: 'row.version' } },
      success: `${P}.cancelled`,
    },
  ],
});
