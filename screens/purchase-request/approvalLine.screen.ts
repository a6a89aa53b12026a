import { defineTreeScreen } from '../../engine/define';

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
  labels: 'screen.purchaseRequest.field',
  tree: {
    operation: 'listApprovalLines',
    idField: 'lineId',
    labelField: 'lineName',
    detailField: 'approvers',
    search: true,
    rootLabel: T('lineList'),
  },
  actions: [{ kind: 'new', label: T('newLine') }],
  detail: {
    sections: [
      {
        title: T('line'),
        columns: 3,
        fields: [
          { field: 'lineName', required: true, maxLength: 100, span: 2 },
          { field: 'useYn', widget: 'select', codeGroup: 'USE_YN', required: true, emptyOption: 'none', default: 'Y' },
          { field: 'description', widget: 'textarea', rows: 2, maxLength: 300, span: 3 },
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
        addFrom: {
          widget: 'person',
          label: T('addApprover'),
          fill: {
            approverId: 'singleid',
            approverName: 'hname',
            positionNm: 'positionNm',
            sectionName: 'sectionName',
            deptnm: 'deptnm',
          },
        },
        columns: [
          { field: 'approverName', width: 100 },
          { field: 'approverId', width: 100 },
          { field: 'positionNm', width: 90 },
          { field: 'sectionName', width: 120 },
          { field: 'deptnm', width: 160 },
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
          { field: 'ruleId', type: 'number', width: 70 },
          { field: 'docType', type: 'code', codeGroup: 'DOC_TYPE', width: 100 },
          { field: 'minAmount', type: 'money', currency: 'KRW', width: 140 },
          { field: 'maxAmount', type: 'money', currency: 'KRW', width: 140 },
          { field: 'useYn', type: 'code', codeGroup: 'USE_YN', width: 80 },
        ],
      },
    ],
    actions: [
      { kind: 'delete', operation: 'deleteApprovalLine', visible: "mode == 'update'", confirm: T('confirmDeleteLine') },
      { kind: 'save', operation: 'createApprovalLine', updateOperation: 'updateApprovalLine', variant: 'primary' },
    ],
  },
});
