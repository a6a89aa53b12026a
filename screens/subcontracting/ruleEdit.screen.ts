import { defineEditScreen } from '../../engine/define';
import { MATCH_KIND, PO_TYPE, RULE_KIND, s } from './labels';

const kindIs = (k: string) => `form.matchKind == '${k}'`;
const body = (matchValue: string) => ({
  matchKind: 'form.matchKind',
  matchValue,
  subconKind: 'form.subconKind',
  remark: 'form.remark',
  version: 'form.version',
});

/**
 * One 하도급 rule (dialog from the rule list): what it names — an order type from its list, a sourcing group from
 * the groups, a supplier by its number (the name is looked up) — and the kind it makes an order, or 해당 없음.
 * The value is chosen with the widget of its kind, so one save per kind sends the right one as `matchValue`.
 */
export default defineEditScreen({
  id: 'subcontracting.ruleEdit',
  title: s('ruleEdit.title'),
  menu: '/subconRuleManage',
  labels: 'screen.subcon.f',
  description: 'Dialog from the rule list: add, change or remove a subcon_rule row.',
  key: ['ruleId'],
  load: { operation: 'getSubconRule', params: { path: { ruleId: 'query.ruleId' } } },
  sections: [
    {
      columns: 2,
      fields: [
        { field: 'matchKind', widget: 'select', options: MATCH_KIND, required: true, default: 'SG_CODE' },
        { field: 'subconKind', widget: 'select', options: RULE_KIND, required: true, default: 'MANUFACTURE' },
        {
          field: 'poTypeValue',
          widget: 'select',
          options: PO_TYPE,
          required: true,
          visible: kindIs('PO_TYPE'),
          valueFrom: { operation: 'getSubconRule', params: { path: { ruleId: 'query.ruleId' } }, value: 'matchValue' },
        },
        {
          field: 'sgCode',
          widget: 'select',
          required: true,
          visible: kindIs('SG_CODE'),
          optionsFrom: { operation: 'listSourcingGroups', value: 'sgCode', text: 'label' },
          valueFrom: { operation: 'getSubconRule', params: { path: { ruleId: 'query.ruleId' } }, value: 'matchValue' },
        },
        {
          field: 'compNo',
          widget: 'company',
          required: true,
          visible: kindIs('COMP_NO'),
          valueFrom: { operation: 'getSubconRule', params: { path: { ruleId: 'query.ruleId' } }, value: 'matchValue' },
        },
        { field: 'remark', maxLength: 200, span: 2 },
        {
          field: 'contractGate',
          widget: 'select',
          codeGroup: 'YN',
          readOnly: true,
          help: s('h.contractGate'),
          valueFrom: { operation: 'listSubconRules', params: { query: { size: '1' } }, value: 'contractGate' },
        },
      ],
    },
  ],
  actions: [
    {
      kind: 'delete',
      operation: 'deleteSubconRule',
      visible: "mode == 'update'",
      params: { path: { ruleId: 'form.ruleId' }, query: { version: 'form.version' } },
      then: ['close'],
    },
    { kind: 'close', requires: 'read' },
    ...(['PO_TYPE', 'SG_CODE', 'COMP_NO'] as const).map((k) => ({
      kind: 'save' as const,
      id: `save${k}`,
      label: s('a.save'),
      operation: 'createSubconRule' as const,
      updateOperation: 'updateSubconRule' as const,
      variant: 'primary' as const,
      visible: kindIs(k),
      success: s('done.saved'),
      params: {
        path: { ruleId: 'form.ruleId' },
        body: body(k === 'PO_TYPE' ? 'form.poTypeValue' : k === 'SG_CODE' ? 'form.sgCode' : 'form.compNo'),
      },
      then: ['close' as const],
    })),
  ],
});
