import { defineEditScreen } from '../../engine/define';

const F = (name: string) => `screen.userManagement.field.${name}`;
const T = (name: string) => `screen.userManagement.${name}`;

/**
 * /userManagement/PersonInfo — my account (both portals; at the internal address a staff member's
 * own): name, phones, e-mail and the password. The server answers only after the password was
 * re-entered in this session (PersonInfoLogin); a new cell phone is saved only with the code sent
 * to it (인증번호 받기); a new password follows the login policy and ends my other sessions.
 * Without the recent check the server refuses (403 REAUTH_REQUIRED): the screen goes to the check,
 * which comes back here.
 */
export default defineEditScreen({
  id: 'userManagement.personInfo',
  route: '/userManagement/PersonInfo',
  menu: '/userManagement/PersonInfoLogin',
  portals: ['internal', 'external'],
  title: T('personInfo'),
  singleton: true,
  load: { operation: 'getMyAccount' },
  refused: { REAUTH_REQUIRED: { screen: 'userManagement.personInfoLogin' } },
  sections: [
    {
      title: T('account'),
      columns: 3,
      fields: [
        { field: 'userId', label: F('userId'), readOnly: true },
        { field: 'authGroupName', label: F('authGroupName'), readOnly: true },
        { field: 'compNameKr', label: F('compNameKr'), readOnly: true, visible: '!empty(form.compNameKr)' },
        { field: 'deptnm', label: F('deptnm'), readOnly: true, visible: '!empty(form.deptnm)' },
        { field: 'hname', label: F('hname'), required: true, maxBytes: 50 },
        { field: 'ename', label: F('ename'), maxLength: 100 },
        { field: 'email', label: F('email'), maxLength: 100 },
        { field: 'phoneNo', label: F('phoneNo'), mask: 'phone', maxLength: 20 },
        { field: 'cellPhoneNo', label: F('cellPhoneNo'), mask: 'phone', maxLength: 20, help: T('cellHelp') },
        { field: 'phoneCode', label: F('phoneCode'), maxLength: 6, placeholder: '123456' },
      ],
    },
    {
      title: T('password'),
      columns: 3,
      fields: [
        { field: 'passwordChangedAt', label: F('passwordChangedAt'), widget: 'datetime', readOnly: true },
        { field: 'passwordExpiresAt', label: F('passwordExpiresAt'), widget: 'datetime', readOnly: true },
        { field: 'reauthUntil', label: F('reauthUntil'), widget: 'datetime', readOnly: true },
      ],
    },
  ],
  actions: [
    {
      kind: 'call',
      id: 'sendPhoneCode',
      label: T('sendPhoneCode'),
      operation: 'sendMyPhoneCode',
      enabled: '!empty(form.cellPhoneNo)',
      params: { body: { cellPhoneNo: 'form.cellPhoneNo' } },
      success: T('phoneCodeSent'),
      then: [],
    },
    {
      kind: 'workflow',
      id: 'changePassword',
      label: T('changePassword'),
      operation: 'changeMyPassword',
      enabled: '!screen.dirty',
      prompt: {
        message: T('passwordPolicy'),
        fields: [
          { field: 'newPassword', label: F('newPassword'), widget: 'password', required: true, maxLength: 64 },
          { field: 'newPasswordCheck', label: F('newPasswordCheck'), widget: 'password', required: true, maxLength: 64 },
        ],
      },
      params: { body: { newPassword: 'input.newPassword', newPasswordCheck: 'input.newPasswordCheck' } },
      success: T('passwordChanged'),
      then: ['reloadRecord'],
    },
    { kind: 'save', operation: 'updateMyAccount', updateOperation: 'updateMyAccount', variant: 'primary', success: T('saved'), then: ['reloadRecord'] },
  ],
});
