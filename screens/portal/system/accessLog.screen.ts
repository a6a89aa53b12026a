import { defineListScreen } from '../../../engine/define';

const L = (k: string) => `screen.accessLog.field.${k}`;
const ACTIONS = [
  { value: 'VIEW', text: 'screen.accessLog.action.VIEW' },
  { value: 'DOWNLOAD', text: 'screen.accessLog.action.DOWNLOAD' },
  { value: 'PURGE', text: 'screen.accessLog.action.PURGE' },
];
const SUBJECTS = ['EMPLOYEE', 'SUPPLIER_USER', 'SUPPLIER_CONTACT', 'DELIVERER', 'PROSPECT_CONTACT', 'SUPPLIER_APPLICANT', 'LOG'].map((value) => ({ value, text: `screen.accessLog.subject.${value}` }));
const REASONS = ['WORK', 'AUDIT', 'SETTLEMENT', 'OTHER'].map((value) => ({ value, text: `option.downloadReason.${value}` }));

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
    { field: 'period', label: L('occurredAt'), widget: 'dateRange', params: { from: 'from', to: 'to' }, default: { preset: 'lastMonth' }, required: true },
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
    { field: 'operation', width: 170 },
    { field: 'subjectKind', type: 'code', options: SUBJECTS, width: 120 },
    { field: 'subjectKeys', width: 240 },
    { field: 'fields', width: 150 },
    { field: 'rowCount', type: 'number', width: 70 },
    { field: 'reasonCode', type: 'code', options: REASONS, width: 90 },
    { field: 'reasonText', width: 220 },
  ],
  actions: [
    { kind: 'call', id: 'verify', label: 'screen.accessLog.verify', operation: 'verifyPersonalDataAccessLog', selection: 'none', success: 'screen.accessLog.verified' },
  ],
});
