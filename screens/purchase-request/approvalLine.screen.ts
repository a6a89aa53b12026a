import { defineTreeScreen } from '../../engine/define';

const F = (name: string) => `screen.purchaseRequest.field.${name}`;
const T = (name: string) => `screen.purchaseRequest.${name}`;

/**
 * /portal/approval/approvalLine — approval lines (결재선): the lines on the left (approvers in
 * order beside each name), the chosen line on the right with its approvers — added with the person
 * popup, put in order with 위로/아래로 — and the rules that use it. A change is effective for the
 * next submission; a line a rule or an approval uses cannot be deleted (switch it off instead).
 */
export default defineTreeScreen({
  id: 'purchaseRequest.approvalLine',
  route: '/portal/approval/approvalLine',
  title: 'screen.purchaseRequest.approvalLine',
  tree: { operation: 'listApprovalLines', idField: 'lineId', labelField: 'lineName', detailField: 'approvers', search: true, rootLabel: T('lineList') },
  actions: [{ kind: 'new', label: T('newLine') }],
  detail: {
    sections: [
      {
        title: T('line'),
        columns: 3,
        fields: [
          { field: 'lineName', label: F('lineName'), required: true, maxLength: 100, span: 2 },
          { field: 'useYn', label: F('useYn'), widget: 'select', codeGroup: 'USE_YN', required: true, emptyOption: 'none', default: 'Y' },
          { field: 'description', label: F('description'), widget: 'textarea', rows: 2, maxLength: 300, span: 3 },
        ],
      },
    ],
    details: [
      {
        id: 'steps',
        title: T('steps'),
        rowKey: 'approverId',
        canAdd: false,
        minRows: 1,
        maxRows: 10,
        visibleRows: 6,
        reorder: true,
        send: ['approverId'],
        addFrom: { widget: 'person', label: T('addApprover'), fill: { approverId: 'singleid', approverName: 'hname', positionNm: 'positionNm', sectionName: 'sectionName', deptnm: 'deptnm' } },
        columns: [
          { field: 'approverName', label: F('approverName'), width: 100 },
          { field: 'approverId', label: F('approverId'), width: 100 },
          { field: 'positionNm', label: F('positionNm'), width: 90 },
          { field: 'sectionName', label: F('sectionName'), width: 120 },
          { field: 'deptnm', label: F('deptnm'), width: 160 },
        ],
      },
      {
        id: 'rules',
        title: T('lineRules'),
        rowKey: 'ruleId',
        canAdd: false,
        canDelete: false,
        visibleRows: 4,
        visible: "mode == 'update'",
        columns: [
          { field: 'ruleId', label: F('ruleId'), type: 'number', width: 70 },
          { field: 'docType', label: F('docType'), type: 'code', codeGroup: 'DOC_TYPE', width: 100 },
          { field: 'minAmount', label: F('minAmount'), type: 'money', currency: 'KRW', width: 140 },
          { field: 'maxAmount', label: F('maxAmount'), type: 'money', currency: 'KRW', width: 140 },
          { field: 'useYn', label: F('useYn'), type: 'code', codeGroup: 'USE_YN', width: 80 },
        ],
      },
    ],
    actions: [
      { kind: 'delete', operation: 'deleteApprovalLine', visible: "mode == 'update'", confirm: T('confirmDeleteLine') },
      { kind: 'save', operation: 'createApprovalLine', updateOperation: 'updateApprovalLine', variant: 'primary' },
    ],
  },
});
