import { defineListScreen } from '../../engine/define';

const F = (name: string) => `screen.suppliers.field.${name}`;
const T = (name: string) => `screen.suppliers.${name}`;
const ROLES = ['CHAIR', 'VICE', 'MEMBER'].map((value) => ({ value, text: `option.suppliers.councilRole.${value}` }));

/**
 * /CompCouncilList — the supplier council (협력회): members and their terms. 위촉 appoints a trading
 * supplier for a term (one supplier's terms never overlap); 삭제 removes a term. The master's
 * 협력회 flag follows the terms covering today.
 */
export default defineListScreen({
  id: 'suppliers.compCouncilList',
  route: '/CompCouncilList',
  title: 'screen.suppliers.compCouncilList',
  labels: 'screen.suppliers.field',
  source: { operation: 'listCouncilMembers', rowKey: 'councilId', defaultSort: 'termTo:desc', pageSize: 100 },
  filters: [
    { field: 'current', label: F('currentTerm'), widget: 'select', codeGroup: 'YN' },
    { field: 'compNameKr', maxLength: 100 },
  ],
  columns: [
    { field: 'compNo', width: 90, link: { screen: 'suppliers.compManageEdit', query: { compNo: 'row.compNo' } } },
    { field: 'compNameKr', width: 200 },
    { field: 'compStatus', label: F('status'), type: 'code', codeGroup: 'COMP_STATUS', width: 90 },
    { field: 'role', label: F('councilRole'), type: 'code', options: ROLES, width: 90 },
    { field: 'termFrom', type: 'date', width: 100 },
    { field: 'termTo', type: 'date', width: 100 },
    { field: 'current', label: F('currentTerm'), type: 'code', codeGroup: 'YN', width: 80, align: 'center' },
    { field: 'remark', width: 200 },
  ],
  selection: 'single',
  actions: [
    {
      kind: 'call',
      id: 'appoint',
      label: T('appoint'),
      variant: 'primary',
      operation: 'addCouncilMember',
      prompt: {
        columns: 2,
        fields: [
          { field: 'compNo', required: true, maxLength: 10, placeholder: 'C00001' },
          {
            field: 'role',
            label: F('councilRole'),
            widget: 'select',
            options: ROLES,
            required: true,
            default: 'MEMBER',
          },
          { field: 'termFrom', widget: 'date', required: true },
          { field: 'termTo', widget: 'date', required: true },
          { field: 'remark', maxBytes: 500, span: 2 },
        ],
      },
      params: {
        body: {
          compNo: 'input.compNo',
          role: 'input.role',
          termFrom: 'input.termFrom',
          termTo: 'input.termTo',
          remark: 'input.remark',
        },
      },
    },
    {
      kind: 'delete',
      id: 'remove',
      operation: 'removeCouncilMember',
      selection: 'single',
      enabled: 'selection == 1',
      params: { path: { councilId: 'row.councilId' }, query: { version: 'row.version' } },
    },
    { kind: 'exportExcel', fileName: 'screen.suppliers.compCouncilListFile' },
  ],
});
