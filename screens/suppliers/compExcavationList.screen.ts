import { defineListScreen } from '../../engine/define';

const F = (name: string) => `screen.suppliers.field.${name}`;
const T = (name: string) => `screen.suppliers.${name}`;
const STATES = ['FOUND', 'INVITED', 'DROPPED'].map((value) => ({
  value,
  text: `option.suppliers.prospectStatus.${value}`,
}));

/**
 * /compExcavationList — prospective suppliers found by buyers (협력사 발굴). 등록 records one (its
 * business number checked, and matched against the master); 신청 초대 e-mails it the way to the
 * public application; 제외 drops one not invited, with a reason.
 */
export default defineListScreen({
  id: 'suppliers.compExcavationList',
  route: '/compExcavationList',
  title: 'screen.suppliers.compExcavationList',
  labels: 'screen.suppliers.field',
  source: { operation: 'listSupplierProspects', rowKey: 'prospectNo', defaultSort: 'foundAt:desc', pageSize: 100 },
  filters: [
    { field: 'status', label: F('prospectStatus'), widget: 'multiSelect', options: STATES },
    { field: 'compName', label: F('compNameKr'), maxLength: 100 },
  ],
  columns: [
    { field: 'prospectNo', width: 130 },
    { field: 'compName', label: F('compNameKr'), width: 180 },
    { field: 'taxNo2', width: 120 },
    { field: 'registeredCompNo', width: 100 },
    { field: 'items', width: 220 },
    { field: 'contactName', width: 90 },
    { field: 'email', width: 200 },
    { field: 'phoneNo', width: 120 },
    { field: 'status', label: F('prospectStatus'), type: 'code', options: STATES, width: 90 },
    { field: 'foundByName', width: 90 },
    { field: 'foundAt', type: 'datetime', width: 140 },
    { field: 'invitedAt', type: 'datetime', width: 140 },
    { field: 'dropReason', width: 180 },
  ],
  selection: 'single',
  actions: [
    {
      kind: 'call',
      id: 'create',
      label: T('newProspect'),
      variant: 'primary',
      operation: 'createSupplierProspect',
      prompt: {
        columns: 2,
        fields: [
          { field: 'compName', label: F('compNameKr'), required: true, maxBytes: 100 },
          { field: 'taxNo2', mask: 'taxnum', maxLength: 12 },
          { field: 'contactName', maxLength: 50 },
          { field: 'email', required: true, maxLength: 100 },
          { field: 'phoneNo', mask: 'phone', maxLength: 20 },
          { field: 'items', maxBytes: 500 },
        ],
      },
      params: {
        body: {
          compName: 'input.compName',
          taxNo2: 'input.taxNo2',
          contactName: 'input.contactName',
          email: 'input.email',
          phoneNo: 'input.phoneNo',
          items: 'input.items',
        },
      },
    },
    {
      kind: 'call',
      id: 'invite',
      label: T('invite'),
      operation: 'inviteSupplierProspect',
      selection: 'single',
      enabled: "contains(row.actions, 'invite')",
      confirm: T('inviteConfirm'),
      params: { path: { prospectNo: 'row.prospectNo' }, body: { version: 'row.version' } },
      success: T('invited'),
    },
    {
      kind: 'call',
      id: 'drop',
      label: T('drop'),
      variant: 'danger',
      operation: 'dropSupplierProspect',
      selection: 'single',
      enabled: "contains(row.actions, 'drop')",
      prompt: {
        fields: [
          { field: 'reason', label: F('dropReason'), widget: 'textarea', rows: 3, required: true, maxLength: 500 },
        ],
      },
      params: { path: { prospectNo: 'row.prospectNo' }, body: { version: 'row.version', reason: 'input.reason' } },
    },
    { kind: 'exportExcel', fileName: 'screen.suppliers.compExcavationListFile' },
  ],
});
