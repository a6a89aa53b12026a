import { defineListScreen } from '../../engine/define';

const F = (name: string) => `screen.purchaseRequest.field.${name}`;
const T = (name: string) => `screen.purchaseRequest.${name}`;

/**
 * /portal/approval/approvalRule — approval rules (결재규칙): a document type and a KRW amount band
 * [하한, 상한) pick an approval line. Bands of one type may not overlap (the server refuses with
 * the clashing rule named). A change is effective for the next submission; documents already in
 * approval keep their line. A rule an approval used cannot be deleted, only switched off.
 * A list with an edit dialog rather than a tree: rules are rows to filter, sort and export.
 */
export default defineListScreen({
  id: 'purchaseRequest.approvalRule',
  route: '/portal/approval/approvalRule',
  title: 'screen.purchaseRequest.approvalRule',
  labels: 'screen.purchaseRequest.field',
  source: { operation: 'listApprovalRules', rowKey: 'ruleId', defaultSort: 'docType:asc', pageSize: 100 },
  filters: [
    { field: 'docType', widget: 'select', codeGroup: 'DOC_TYPE' },
    { field: 'useYn', widget: 'select', codeGroup: 'USE_YN' },
    {
      field: 'lineId',
      label: F('lineName'),
      widget: 'select',
      optionsFrom: {
        operation: 'listApprovalLines',
        value: 'lineId',
        text: 'lineName',
        params: { query: { size: '500' } },
      },
    },
  ],
  columns: [
    {
      field: 'ruleId',
      width: 70,
      align: 'center',
      sortable: false,
      link: { screen: 'purchaseRequest.approvalRuleEdit', query: { ruleId: 'row.ruleId' }, dialog: true },
    },
    { field: 'docType', type: 'code', codeGroup: 'DOC_TYPE', width: 100 },
    { field: 'minAmount', type: 'money', currency: 'KRW', width: 140 },
    { field: 'maxAmount', type: 'money', currency: 'KRW', width: 140 },
    { field: 'lineName', width: 180 },
    { field: 'approvers', width: 220 },
    { field: 'description', width: 220 },
    { field: 'useYn', type: 'code', codeGroup: 'USE_YN', width: 80 },
    { field: 'updatedAt', type: 'datetime', width: 140 },
  ],
  selection: 'single',
  rowOpen: { screen: 'purchaseRequest.approvalRuleEdit', query: { ruleId: 'row.ruleId' }, dialog: true },
  actions: [
    {
      kind: 'open',
      id: 'create',
      label: T('newRule'),
      screen: 'purchaseRequest.approvalRuleEdit',
      dialog: true,
      requires: 'write',
      variant: 'primary',
    },
    {
      kind: 'open',
      id: 'edit',
      label: T('editRule'),
      screen: 'purchaseRequest.approvalRuleEdit',
      dialog: true,
      selection: 'single',
      query: { ruleId: 'row.ruleId' },
    },
    {
      kind: 'delete',
      operation: 'deleteApprovalRule',
      selection: 'single',
      variant: 'danger',
      params: { path: { ruleId: 'row.ruleId' }, query: { version: 'row.version' } },
      confirm: T('confirmDeleteRule'),
    },
    { kind: 'exportExcel', fileName: 'screen.purchaseRequest.approvalRuleFile' },
  ],
});
