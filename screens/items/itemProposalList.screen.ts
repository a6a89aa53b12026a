import { defineListScreen } from '../../engine/define';
import { PROPOSAL_COLUMNS, PROPOSAL_FILTERS } from './proposal-parts';

/** /itemProposalList (품목관리 › 협력사 단가제안) — suppliers' proposals to review; a double-click opens one. */
export default defineListScreen({
  id: 'items.itemProposalList',
  route: '/itemProposalList',
  title: 'screen.items.itemProposalList',
  source: { operation: 'listItemProposals', rowKey: 'proposalNo', defaultSort: 'proposalNo:desc' },
  filters: [...PROPOSAL_FILTERS, { field: 'compNo', label: 'screen.items.field.compNo', widget: 'company' }],
  rememberFilters: true,
  columns: [{ field: 'compNameKr', label: 'screen.items.field.compNameKr', width: 150 }, ...PROPOSAL_COLUMNS],
  rowOpen: { route: '/itemProposalDetail', query: { proposalNo: 'row.proposalNo' } },
  actions: ['exportExcel'],
});
