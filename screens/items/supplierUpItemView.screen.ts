import { defineListScreen } from '../../engine/define';
import { PROPOSAL_COLUMNS, PROPOSAL_FILTERS } from './proposal-parts';

/** /itemManagement/upItemView (supplier portal) — my proposals and their review state. */
export default defineListScreen({
  id: 'items.supplierUpItemView',
  route: '/itemManagement/upItemView',
  portals: ['external'],
  title: 'screen.items.supplierUpItemView',
  source: { operation: 'listItemProposals', rowKey: 'proposalNo', defaultSort: 'proposalNo:desc' },
  filters: PROPOSAL_FILTERS,
  columns: PROPOSAL_COLUMNS,
  rowOpen: { route: '/itemManagement/upItemDetail', query: { proposalNo: 'row.proposalNo' } },
});
