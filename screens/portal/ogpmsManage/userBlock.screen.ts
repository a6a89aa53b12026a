import { defineListScreen } from '../../../engine/define';

const T = (name: string) => `screen.ogpmsManage.${name}`;
const PORTALS = [
  { value: 'I', text: 'option.portal.I' },
  { value: 'X', text: 'option.portal.X' },
];
/** Cyber groups (60, 61) are suppliers: the server limits them to their own company's users. */
const STAFF = "!startsWith(login.authGroupId, '6')";

/**
 * /portal/ogpmsManage/userBlock — block and unblock users. Staff see the accounts of both portals;
 * a supplier admin (group 61, on the supplier portal) sees and blocks only its own company's users:
 * the server's company scope answers another company's user as not found, whatever id is sent.
 */
export default defineListScreen({
  id: 'ogpmsManage.userBlock',
  route: '/portal/ogpmsManage/userBlock',
  portals: ['internal', 'external'],
  title: T('userBlock'),
  labels: 'screen.ogpmsManage.field',
  source: { operation: 'listUsers', rowKey: 'userId', defaultSort: 'userId:asc' },
  filters: [
    { field: 'userId', maxLength: 50 },
    { field: 'hname', maxLength: 50 },
    { field: 'portal', widget: 'select', options: PORTALS, visible: STAFF },
    { field: 'useFlag', widget: 'select', codeGroup: 'USE_YN' },
  ],
  rememberFilters: true,
  columns: [
    { field: 'userId', width: 120 },
    { field: 'hname', width: 90 },
    { field: 'portal', type: 'code', options: PORTALS, width: 100 },
    { field: 'compNameKr', width: 160 },
    { field: 'authGroupName', width: 120 },
    { field: 'useFlag', type: 'code', codeGroup: 'USE_YN', width: 80 },
    { field: 'status', type: 'code', codeGroup: 'USER_STATUS', width: 80 },
    { field: 'locked', type: 'checkbox', width: 60 },
    { field: 'lastLoginAt', type: 'datetime', width: 140 },
  ],
  selection: 'multi',
  actions: [
    {
      kind: 'call',
      id: 'block',
      label: T('block'),
      operation: 'blockUser',
      selection: 'multi',
      variant: 'danger',
      enabled: "selection > 0 && all(rows, 'useFlag', 'Y')",
      confirm: T('confirmBlock'),
      params: { path: { userId: 'row.userId' }, body: { version: 'row.version' } },
      success: T('blocked'),
    },
    {
      kind: 'call',
      id: 'unblock',
      label: T('unblock'),
      operation: 'unblockUser',
      selection: 'multi',
      enabled: "selection > 0 && all(rows, 'useFlag', 'N')",
      confirm: T('confirmUnblock'),
      params: { path: { userId: 'row.userId' }, body: { version: 'row.version' } },
      success: T('unblocked'),
    },
    { kind: 'exportExcel', fileName: T('userBlock') },
  ],
});
