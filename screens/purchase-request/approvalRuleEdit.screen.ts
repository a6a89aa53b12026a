import { defineEditScreen } from '../../engine/define';

const F = (name: string) => `screen.purchaseRequest.field.${name}`;
const T = (name: string) => `screen.purchaseRequest.${name}`;

/** One approval rule in a dialog (from /portal/approval/approvalRule): new, or the rule of query ruleId. */
export default defineEditScreen({
  id: 'purchaseRequest.approvalRuleEdit',
  title: 'screen.purchaseRequest.approvalRuleEdit',
  labels: 'screen.purchaseRequest.field',
  menu: '/portal/approval/approvalRule',
  key: ['ruleId'],
  load: { operation: 'getApprovalRule', params: { path: { ruleId: 'query.ruleId' } } },
  sections: [
    {
      columns: 2,
      fields: [
        { field: 'docType', widget: 'select', codeGroup: 'DOC_TYPE', required: true },
        { field: 'useYn', widget: 'select', codeGroup: 'USE_YN', required: true, emptyOption: 'none', default: 'Y' },
        { field: 'minAmount', widget: 'number', required: true, default: '0', help: T('minAmountHelp') },
        { field: 'maxAmount', widget: 'number', help: T('maxAmountHelp') },
        {
          field: 'lineId',
          label: F('lineName'),
          widget: 'select',
          type: 'integer',
          required: true,
          span: 2,
          optionsFrom: {
            operation: 'listApprovalLines',
            value: 'lineId',
            text: 'lineName',
            params: { query: { useYn: "'Y'", size: '500' } },
          },
          help: T('lineHelp'),
        },
        { field: 'approvers', readOnly: true, span: 2, visible: "mode == 'update'" },
        { field: 'description', widget: 'textarea', rows: 2, maxLength: 300, span: 2 },
      ],
    },
  ],
  actions: [
    { kind: 'delete', operation: 'deleteApprovalRule', visible: "mode == 'update'", confirm: T('confirmDeleteRule') },
    { kind: 'close', requires: 'read' },
    { kind: 'save', operation: 'createApprovalRule', updateOperation: 'updateApprovalRule', variant: 'primary' },
  ],
});
