import { Type } from 'typebox';
import { Nullable } from '../../../http/schema-helpers.js';

export const MyAccount = Type.Object({
  userId: Type.String(),
  portal: Type.String(),
  hname: Type.String(),
  ename: Nullable(Type.String()),
  email: Nullable(Type.String()),
  cellPhoneNo: Nullable(Type.String()),
  phoneNo: Nullable(Type.String()),
  compNo: Nullable(Type.String()),
  compNameKr: Nullable(Type.String()),
  deptnm: Nullable(Type.String()),
  authGroupName: Type.String(),
  passwordChangedAt: Nullable(Type.String({ format: 'date-time' })),
  passwordExpiresAt: Nullable(Type.String({ format: 'date-time' })),
  reauthUntil: Type.String({
    format: 'date-time',
    description: 'Until when this session may edit the account without the password again',
  }),
  phoneCode: Nullable(Type.String({ description: 'Always empty: the code sent to a new cell phone' })),
  version: Type.Integer(),
});

export const ReauthBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 128 }) },
  { additionalProperties: false },
);

export const MyAccountUpdateBody = Type.Object(
  {
    hname: Type.String({ minLength: 1, maxLength: 50 }),
    ename: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    email: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    cellPhoneNo: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
    phoneNo: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
    phoneCode: Type.Optional(Nullable(Type.String({ maxLength: 10 }))),
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);

export const PhoneCodeBody = Type.Object(
  { cellPhoneNo: Type.String({ minLength: 1, maxLength: 20 }) },
  { additionalProperties: false },
);

export const PasswordBody = Type.Object(
  {
    newPassword: Type.String({ minLength: 1, maxLength: 128 }),
    newPasswordCheck: Type.String({ minLength: 1, maxLength: 128 }),
  },
  { additionalProperties: false },
);
