import { defineEditScreen } from '../../engine/define';

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
  labels: 'screen.userManagement.field',
  singleton: true,
  load: { operation: 'getMyAccount' },
  refused: { REAUTH_REQUIRED: { screen: 'userManagement.personInfoLogin' } },
  sections: [
    {
      title: T('account'),
      columns: 3,
      fields: [
        { field: 'userId', readOnly: true },
        { field: 'authGroupName', readOnly: true },
        { field: 'compNameKr', readOnly: true, visible: '!empty(form.compNameKr)' },
        { field: 'deptnm', readOnly: true, visible: '!empty(form.deptnm)' },
        { field: 'hname', required: true, maxBytes: 50 },
        { field: 'ename', maxLength: 100 },
        { field: 'email', maxLength: 100 },
        { field: 'phoneNo', mask: 'phone', maxLength: 20 },
        { field: 'cellPhoneNo', mask: 'phone', maxLength: 20, help: T('cellHelp') },
        { field: 'phoneCode', maxLength: 6, placeholder: '123456' },
      ],
    },
    {
      title: T('password'),
      columns: 3,
      fields: [
        { field: 'passwordChangedAt', widget: 'datetime', readOnly: true },
        { field: 'passwordExpiresAt', widget: 'datetime', readOnly: true },
        { field: 'reauthUntil', widget: 'datetime', readOnly: true },
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
          { field: 'newPassword', widget: 'password', required: true, maxLength: 64 },
          { field: 'newPasswordCheck', widget: 'password', required: true, maxLength: 64 },
        ],
      },
      params: { body: { newPassword: 'input.newPassword', newPasswordCheck: 'input.newPasswordCheck' } },
      success: T('passwordChanged'),
      then: ['reloadRecord'],
    },
    {
      kind: 'save',
      operation: 'updateMyAccount',
      updateOperation: 'updateMyAccount',
      variant: 'primary',
      success: T('saved'),
      then: ['reloadRecord'],
    },
  ],
});
