import { defineEditScreen } from '../../engine/define';
import { PROPOSAL_SECTIONS } from './proposal-parts';

const T = (n: string) => `screen.items.${n}`;

/** /itemManagement/upItemDetail (supplier portal) — one of my proposals; withdraw it while it waits. */
export default defineEditScreen({
  id: 'items.supplierUpItemDetail',
  route: '/itemManagement/upItemDetail',
  portals: ['internal', 'external'],
  title: T('supplierUpItemDetail'),
  key: ['proposalNo'],
  load: { operation: 'getItemProposal', params: { path: { proposalNo: 'query.proposalNo' } } },
  readOnly: true,
  sections: PROPOSAL_SECTIONS,
  attachments: { field: 'fileId', label: T('attachments'), readOnly: 'true' },
  actions: [
    { kind: 'navigate', label: T('list'), route: '/itemManagement/upItemView' },
    {
      kind: 'open',
      id: 'edit',
      portal: 'external',
      label: T('editProposal'),
      screen: 'items.supplierUpItemEdit',
      dialog: true,
      query: { proposalNo: 'form.proposalNo' },
      requires: 'write',
      visible: "contains(form.actions, 'update')",
      then: ['reloadRecord'],
    },
    {
      kind: 'workflow',
      id: 'withdraw',
      portal: 'external',
      label: T('withdraw'),
      operation: 'withdrawItemProposal',
      variant: 'danger',
      visible: "contains(form.actions, 'withdraw')",
      confirm: T('confirmWithdraw'),
      params: { path: { proposalNo: 'form.proposalNo' }, body: { version: 'form.version' } },
      then: ['reloadRecord'],
    },
  ],
});
