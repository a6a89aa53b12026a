import { defineListScreen } from '../../../engine/define';

const F = (name: string) => `screen.ogpmsManage.field.${name}`;
const T = (name: string) => `screen.ogpmsManage.${name}`;
/** Cyber groups (60, 61) are suppliers: the server shows them their own company only, so the company filters are staff's. */
const STAFF = "!startsWith(login.authGroupId, '6')";

/**
 * /portal/ogpmsManage/compUserManage — users per supplier company: lock, unlock and reset the
 * password (the user then sets a new one with a reset code). Internal admins see every company;
 * a supplier admin (group 61, supplier portal) only its own — another company's user id is
 * refused by the server (404, nothing written), whatever the request says.
 */
export default defineListScreen({
  id: 'ogpmsManage.compUserManage',
  route: '/portal/ogpmsManage/compUserManage',
  portals: ['internal', 'external'],
  title: T('compUserManage'),
  source: { operation: 'listSupplierUsers', rowKey: 'userId', defaultSort: 'compNo:asc' },
  filters: [
    { field: 'compNo', label: F('compNo'), widget: 'company', visible: STAFF },
    { field: 'compNameKr', label: F('compNameKr'), maxLength: 100, visible: STAFF },
    { field: 'userId', label: F('userId'), maxLength: 50 },
    { field: 'hname', label: F('hname'), maxLength: 50 },
    { field: 'locked', label: F('locked'), widget: 'select', options: [{ value: 'Y', text: T('lockedY') }, { value: 'N', text: T('lockedN') }] },
    { field: 'useFlag', label: F('useFlag'), widget: 'select', codeGroup: 'USE_YN' },
  ],
  rememberFilters: true,
  columns: [
    { field: 'compNo', label: F('compNo'), width: 90 },
    { field: 'compNameKr', label: F('compNameKr'), width: 160 },
    { field: 'userId', label: F('userId'), width: 120 },
    { field: 'hname', label: F('hname'), width: 90 },
    { field: 'authGroupName', label: F('authGroupName'), width: 110 },
    { field: 'email', label: F('email'), width: 170 },
    { field: 'cellPhoneNo', label: F('cellPhoneNo'), mask: 'phone', width: 120 },
    { field: 'useFlag', label: F('useFlag'), type: 'code', codeGroup: 'USE_YN', width: 70 },
    { field: 'locked', label: F('locked'), type: 'checkbox', width: 60 },
    { field: 'lockedAt', label: F('lockedAt'), type: 'datetime', width: 130 },
    { field: 'passwordSet', label: F('passwordSet'), type: 'checkbox', width: 80 },
    { field: 'failedLoginCount', label: F('failedLoginCount'), type: 'number', width: 80 },
    { field: 'lastLoginAt', label: F('lastLoginAt'), type: 'datetime', width: 130 },
  ],
  selection: 'single',
  actions: [
    {
      kind: 'call',
      id: 'lock',
      label: T('lock'),
      operation: 'lockSupplierUser',
      variant: 'danger',
      enabled: "selection == 1 && all(rows, 'locked', false)",
      prompt: { message: T('confirmLock'), fields: [{ field: 'reason', label: F('reason'), maxLength: 500 }] },
      params: { path: { userId: 'row.userId' }, body: { version: 'row.version', reason: 'input.reason' } },
      success: T('lockedDone'),
    },
    {
      kind: 'call',
      id: 'unlock',
      label: T('unlock'),
      operation: 'unlockSupplierUser',
      enabled: 'selection == 1',
      confirm: T('confirmUnlock'),
      params: { path: { userId: 'row.userId' }, body: { version: 'row.version' } },
      success: T('unlockedDone'),
    },
    {
      kind: 'call',
      id: 'reset',
      label: T('reset'),
      operation: 'resetSupplierUserPassword',
      enabled: 'selection == 1',
      confirm: T('confirmReset'),
      params: { path: { userId: 'row.userId' }, body: { version: 'row.version' } },
      success: T('resetDone'),
    },
    { kind: 'exportExcel', fileName: T('compUserManage') },
  ],
});
