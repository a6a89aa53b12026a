import { defineListScreen } from '../../engine/define';
import { PROPOSAL_COLUMNS, PROPOSAL_FILTERS } from './proposal-parts';

/** /itemManagement/upItemView (supplier portal) — my proposals and their review state. */
export default defineListScreen({
  id: 'items.supplierUpItemView',
  route: '/itemManagement/upItemView',
  portals: ['internal', 'external'],
  title: 'screen.items.supplierUpItemView',
  source: { operation: 'listItemProposals', rowKey: 'proposalNo', defaultSort: 'proposalNo:desc' },
  filters: [
    { field: 'compNo', label: 'screen.supplierView.company', widget: 'company', portal: 'internal' },
    ...PROPOSAL_FILTERS,
  ],
  columns: [
    { field: 'compNameKr', label: 'screen.supplierView.compName', width: 160, portal: 'internal' },
    ...PROPOSAL_COLUMNS,
  ],
  rowOpen: { route: '/itemManagement/upItemDetail', query: { proposalNo: 'row.proposalNo' } },
});
