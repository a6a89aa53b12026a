import { defineListScreen } from '../../engine/define';
import { CONTRACT_TYPE, SIGN_ORDER, T, USE_YN } from './contract-parts';

/**
 * /contract/templateList — the contract templates (계약서 양식), each at its latest version; a number
 * opens /contract/templateEdit, where a save makes the next version.
 */
export default defineListScreen({
  id: 'contract.templateList',
  route: '/contract/templateList',
  portals: ['internal'],
  title: `${T}.templateList.title`,
  labels: `${T}.field`,
  description: 'Contract templates at their latest version; open one or add one.',
  source: { operation: 'listContractTemplates', rowKey: 'templateNo' },
  columns: [
    {
      field: 'templateNo',
      width: 130,
      link: { screen: 'contract.templateEdit', query: { templateNo: 'row.templateNo' } },
    },
    { field: 'name', width: 240 },
    { field: 'contractType', type: 'code', options: CONTRACT_TYPE, width: 120 },
    { field: 'signOrder', type: 'code', options: SIGN_ORDER, width: 110 },
    { field: 'version', label: `${T}.field.templateVersion`, type: 'number', width: 70 },
    { field: 'useYn', type: 'code', options: USE_YN, width: 70 },
    { field: 'createdAt', type: 'datetime', width: 140 },
  ],
  selection: 'single',
  rowOpen: { screen: 'contract.templateEdit', query: { templateNo: 'row.templateNo' } },
  actions: [
    {
      kind: 'navigate',
      id: 'create',
      label: `${T}.action.newTemplate`,
      requires: 'write',
      variant: 'primary',
      route: '/contract/templateEdit',
    },
  ],
});
