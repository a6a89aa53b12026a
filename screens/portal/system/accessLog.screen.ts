import { defineListScreen } from '../../../engine/define';

const L = (k: string) => `screen.accessLog.field.${k}`;
const ACTIONS = [
  { value: 'VIEW', text: 'screen.accessLog.action.VIEW' },
  { value: 'DOWNLOAD', text: 'screen.accessLog.action.DOWNLOAD' },
  { value: 'PURGE', text: 'screen.accessLog.action.PURGE' },
];
const SUBJECTS = [
  'EMPLOYEE',
  'SUPPLIER_USER',
  'SUPPLIER_CONTACT',
  'DELIVERER',
  'PROSPECT_CONTACT',
  'SUPPLIER_APPLICANT',
  'LOG',
].map((value) => ({ value, text: `screen.accessLog.subject.${value}` }));
const REASONS = ['WORK', 'AUDIT', 'SETTLEMENT', 'OTHER'].map((value) => ({
  value,
  text: `option.downloadReason.${value}`,
}));
/**
 * An auditor reads the screen a record came from and the fields by their labels, not operation ids and
 * field names. Every operation and field of the server's personal-data registry has its name here
 * (tests/unit/access-log-names.test.ts fails for one that has not).
 */
export const ACCESS_LOG_OPERATIONS = [
  'listPeople',
  'getCyberUserList',
  'listSupplierUsers',
  'listSupplierUsersOf',
  'listDeliveries',
  'listNoneOrderDeliveries',
  'listMyDeliveries',
  'listMyNoneOrderDeliveries',
  'listSupplierProspects',
  'listSupplierApplications',
  'getSupplier',
  'getMyCompany',
  'getDelivery',
  'getMyDelivery',
  'getSupplierApplication',
  // The retention job's own record of what it removed.
  'privacy.purgeAccessLog',
];
export const ACCESS_LOG_FIELDS = [
  'email',
  'cellPhoneNo',
  'phoneNo',
  'telNo',
  'delivererPhone',
  'delivererName',
  'vehicleNo',
];
const OPERATIONS = ACCESS_LOG_OPERATIONS.map((value) => ({ value, text: `screen.accessLog.operationName.${value}` }));
const FIELDS = ACCESS_LOG_FIELDS.map((value) => ({ value, text: `screen.accessLog.personalField.${value}` }));

/**
 * /portal/system/accessLog — who viewed or downloaded whose personal data (개인정보 접근기록, kept two
 * years, append-only and hash-chained: docs/privacy.md). "검증" recomputes the chain on the server.
 */
export default defineListScreen({
  id: 'portal.accessLog',
  route: '/portal/system/accessLog',
  title: 'screen.accessLog.title',
  labels: 'screen.accessLog.field',
  source: { operation: 'listPersonalDataAccess', rowKey: 'seq' },
  filters: [
    {
      field: 'period',
      label: L('occurredAt'),
      widget: 'dateRange',
      params: { from: 'from', to: 'to' },
      default: { preset: 'lastMonth' },
      required: true,
    },
    { field: 'actorId' },
    { field: 'action', widget: 'select', options: ACTIONS },
    { field: 'subjectKind', widget: 'select', options: SUBJECTS },
    { field: 'subjectKey' },
  ],
  rememberFilters: true,
  columns: [
    { field: 'seq', type: 'number', width: 80 },
    { field: 'occurredAt', type: 'datetime', format: 'yyyy-MM-dd HH:mm:ss', width: 150 },
    { field: 'actorId', width: 100 },
    { field: 'actorName', width: 90 },
    { field: 'clientIp', width: 120 },
    { field: 'action', type: 'code', options: ACTIONS, width: 80 },
    { field: 'operation', type: 'code', options: OPERATIONS, width: 170 },
    { field: 'subjectKind', type: 'code', options: SUBJECTS, width: 120 },
    { field: 'subjectKeys', width: 240 },
    { field: 'fieldList', label: L('fields'), type: 'code', options: FIELDS, width: 150 },
    { field: 'rowCount', type: 'number', width: 70 },
    { field: 'reasonCode', type: 'code', options: REASONS, width: 90 },
    { field: 'reasonText', width: 220 },
  ],
  actions: [
    {
      kind: 'call',
      id: 'verify',
      label: 'screen.accessLog.verify',
      operation: 'verifyPersonalDataAccessLog',
      selection: 'none',
      success: 'screen.accessLog.verified',
    },
  ],
});
