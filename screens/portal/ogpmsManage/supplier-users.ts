/**
 * What the two supplier-user screens share (/portal/ogpmsManage/compUserManage for supplier and
 * internal admins, /compUserManageList under supplier management): the user filters after the
 * company ones, the columns, and lock, unlock and reset.
 */
import type { TypedColumn, TypedFilter } from '../../../engine/define';
import type { ActionDef } from '../../../engine/definition/types';

const F = (name: string) => `screen.ogpmsManage.field.${name}`;
export const T = (name: string) => `screen.ogpmsManage.${name}`;

export const userFilters: Array<TypedFilter<'listSupplierUsers'>> = [
  { field: 'userId', label: F('userId'), maxLength: 50 },
  { field: 'hname', label: F('hname'), maxLength: 50 },
  {
    field: 'locked',
    label: F('locked'),
    widget: 'select',
    options: [
      { value: 'Y', text: T('lockedY') },
      { value: 'N', text: T('lockedN') },
    ],
  },
  { field: 'useFlag', label: F('useFlag'), widget: 'select', codeGroup: 'USE_YN' },
];

export const userColumns: Array<TypedColumn<'listSupplierUsers'>> = [
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
];

export const userActions: ActionDef[] = [
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
];
