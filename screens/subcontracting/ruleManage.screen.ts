import { defineListScreen } from '../../engine/define';
import { MATCH_KIND, RULE_KIND, s } from './labels';

/**
 * /subconRuleManage — which orders are 하도급 and of which kind (docs/subcontracting.md): one rule per order type,
 * sourcing group or supplier. A rule decides the kind of orders made from then on; orders already made keep theirs.
 */
export default defineListScreen({
  id: 'subcontracting.ruleManage',
  route: '/subconRuleManage',
  title: s('ruleManage.title'),
  labels: 'screen.subcon.f',
  source: { operation: 'listSubconRules', rowKey: 'ruleId', defaultSort: 'matchKind:asc' },
  filters: [
    { field: 'matchKind', widget: 'select', options: MATCH_KIND },
    { field: 'subconKind', widget: 'select', options: RULE_KIND },
  ],
  columns: [
    { field: 'matchKind', type: 'code', options: MATCH_KIND, width: 100 },
    {
      field: 'matchValue',
      width: 120,
      link: { screen: 'subcontracting.ruleEdit', query: { ruleId: 'row.ruleId' }, dialog: true },
    },
    { field: 'matchName', width: 220 },
    { field: 'subconKind', type: 'code', options: RULE_KIND, width: 100 },
    { field: 'remark', width: 240 },
    { field: 'updatedByName', width: 100 },
    { field: 'updatedAt', type: 'datetime', width: 140 },
  ],
  selection: 'single',
  rowOpen: { screen: 'subcontracting.ruleEdit', query: { ruleId: 'row.ruleId' }, dialog: true },
  actions: [
    {
      kind: 'open',
      id: 'create',
      label: s('a.addRule'),
      screen: 'subcontracting.ruleEdit',
      dialog: true,
      requires: 'write',
      variant: 'primary',
      then: ['reload'],
    },
    {
      kind: 'open',
      id: 'edit',
      label: s('a.editRule'),
      screen: 'subcontracting.ruleEdit',
      dialog: true,
      selection: 'single',
      query: { ruleId: 'row.ruleId' },
      then: ['reload'],
    },
    { kind: 'exportExcel', fileName: s('ruleManage.file') },
  ],
});
