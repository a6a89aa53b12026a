import { defineListScreen } from '../../engine/define';
import { f, listColumns, SUPPLIER_STATUS, T } from './contract-parts';

/**
 * /contract/contractList (external) — the contracts the buyer sent to my company; a number opens
 * /contract/contractSign to read, sign with a one-time code, decline or download it.
 */
export default defineListScreen({
  id: 'contract.myContractList',
  route: '/contract/contractList',
  portals: ['external'],
  title: `${T}.myList.title`,
  labels: `${T}.field`,
  description: 'The supplier’s contracts to sign: open one to sign, decline or download it.',
  source: { operation: 'listMyContracts', rowKey: 'contractNo' },
  filters: [
    { field: 'status', widget: 'select', options: SUPPLIER_STATUS },
    { field: 'text', label: f('text'), maxLength: 100 },
  ],
  rememberFilters: true,
  columns: listColumns('contract.contractSign', 'external'),
  selection: 'single',
  rowOpen: { screen: 'contract.contractSign', query: { contractNo: 'row.contractNo' } },
  actions: [{ kind: 'exportExcel', fileName: `${T}.myList.file` }],
});
