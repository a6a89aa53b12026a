import { defineListScreen } from '../../engine/define';
import { f, listColumns, STATUS, T } from './contract-parts';

/**
 * /contract/contractList — the electronic contracts (전자계약) by state and supplier; a number opens
 * /contract/contractDetail with its signers, event log and actions.
 */
export default defineListScreen({
  id: 'contract.contractList',
  route: '/contract/contractList',
  portals: ['internal'],
  title: `${T}.list.title`,
  labels: `${T}.field`,
  description: 'Electronic contracts by state and supplier; open one to submit, sign, decline, cancel or download.',
  source: { operation: 'listContracts', rowKey: 'contractNo' },
  filters: [
    { field: 'status', widget: 'select', options: STATUS },
    { field: 'compNo', label: f('supplier'), widget: 'company' },
    { field: 'text', label: f('text'), maxLength: 100 },
  ],
  rememberFilters: true,
  columns: listColumns('contract.contractDetail', 'internal'),
  selection: 'single',
  rowOpen: { screen: 'contract.contractDetail', query: { contractNo: 'row.contractNo' } },
  actions: [
    { kind: 'exportExcel', fileName: `${T}.list.file` },
    {
      kind: 'navigate',
      id: 'create',
      label: `${T}.action.newContract`,
      requires: 'write',
      variant: 'primary',
      route: '/contract/contractCreate',
    },
  ],
});
