import { defineEditScreen } from '../../engine/define';
import { PROPOSAL_SECTIONS } from './proposal-parts';

const T = (n: string) => `screen.items.${n}`;

/** /itemProposalDetail — staff review: approve with an effective date (and, for a new item, its sourcing group), or reject with a reason. */
export default defineEditScreen({
  id: 'items.itemProposalDetail',
  route: '/itemProposalDetail',
  title: T('itemProposalDetail'),
  key: ['proposalNo'],
  load: { operation: 'getItemProposal', params: { path: { proposalNo: 'query.proposalNo' } } },
  readOnly: true,
  sections: PROPOSAL_SECTIONS,
  attachments: { field: 'fileId', label: T('attachments'), readOnly: 'true' },
  actions: [
    { kind: 'navigate', label: T('list'), route: '/itemProposalList' },
    {
      kind: 'workflow',
      id: 'approve',
      label: T('approve'),
      operation: 'approveItemProposal',
      variant: 'primary',
      visible: "contains(form.actions, 'approve')",
      prompt: {
        fields: [
          { field: 'effectiveDate', label: 'screen.items.field.effectiveDate', widget: 'date', required: true },
          {
            field: 'sgCode',
            label: 'screen.items.field.sgCode',
            widget: 'select',
            optionsFrom: { operation: 'listSourcingGroups', value: 'sgCode', text: 'label' },
            visible: "form.kind == 'NEW'",
          },
        ],
      },
      params: {
        path: { proposalNo: 'form.proposalNo' },
        body: { version: 'form.version', effectiveDate: 'input.effectiveDate', sgCode: 'input.sgCode' },
      },
      then: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'reject',
      label: T('reject'),
      operation: 'rejectItemProposal',
      variant: 'danger',
      visible: "contains(form.actions, 'reject')",
      prompt: {
        fields: [
          {
            field: 'reason',
            label: 'screen.items.field.rejectReason',
            widget: 'textarea',
            rows: 3,
            required: true,
            maxLength: 1000,
          },
        ],
      },
      params: { path: { proposalNo: 'form.proposalNo' }, body: { version: 'form.version', reason: 'input.reason' } },
      then: ['reloadRecord'],
    },
  ],
});
