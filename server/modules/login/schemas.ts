import { Type } from 'typebox';
import { Nullable, Str, YN } from '../../http/schema-helpers.js';
export { CodeLists, LoginPayload, MenuNode, SessionUser } from '../../auth/schemas.js';

export const SsoLoginForm = Type.Object({ ssoToken: Str(4000, { minLength: 1 }) }, { additionalProperties: false });
export const CyberLoginForm = Type.Object(
  {
    userId: Str(50, { minLength: 1 }),
    userPw: Str(200, { minLength: 1 }),
    optGubun: Type.Union([Type.Literal('SMS'), Type.Literal('EMAIL')], { description: 'Where the one-time code goes' }),
  },
  { additionalProperties: false },
);
export const CyberCheckOtpForm = Type.Object(
  {
    userId: Str(50, { minLength: 1 }),
    userPw: Str(200, { minLength: 1 }),
    otpNum: Type.String({ pattern: '^\\s*\\d{6}\\s*$', description: 'The six-digit code' }),
  },
  { additionalProperties: false },
);
export const CyberAdLoginForm = Type.Object({ userId: Str(50, { minLength: 1 }) }, { additionalProperties: false });
export const CyberAdLoginAnswer = Type.Union([
  Type.Ref('LoginPayload'),
  Type.Object({ errCode: Type.String(), msg: Type.String() }),
]);

export const LoginCheckQuery = Type.Object(
  { path: Str(500, { minLength: 1, pattern: '^/' }), store: Type.Optional(YN) },
  { additionalProperties: false },
);
export const LoginCheckAnswer = Type.Object(
  {
    code: Type.Union([Type.Literal('OK'), Type.Literal('GPMS005'), Type.Literal('GPMS006')]),
    path: Type.String(),
    user: Type.Optional(Type.Ref('SessionUser')),
    menus: Type.Optional(Type.Array(Type.Ref('MenuNode'))),
    codes: Type.Optional(Type.Ref('CodeLists')),
  },
  { $id: 'LoginCheckAnswer', title: 'LoginCheckAnswer' },
);

export const ExternalUser = Type.Object(
  {
    userId: Type.String(),
    hname: Type.String(),
    ename: Nullable(Type.String()),
    compNo: Type.String(),
    compNameKr: Type.String(),
    email: Nullable(Type.String()),
    cellPhoneNo: Nullable(Type.String()),
    phoneNo: Nullable(Type.String()),
    authGroupId: Type.String(),
    useFlag: Type.String(),
    status: Type.String(),
    locked: Type.Boolean(),
    lastLoginAt: Nullable(Type.String()),
  },
  { $id: 'ExternalUser', title: 'ExternalUser' },
);
export const CyberUserListForm = Type.Object(
  {
    compNo: Type.Optional(Str(10)),
    userName: Type.Optional(Str(50)),
    dsadId: Type.Optional(Str(50, { description: 'Login id (or its beginning)' })),
  },
  { additionalProperties: false },
);
export const CyberUserSyncForm = Type.Object(
  { selUser: Str(5000, { minLength: 1, description: 'Login ids, comma separated' }) },
  { additionalProperties: false },
);

export const GpmsVerifyAnswer = Type.Union([
  Type.Object({
    code: Type.Literal('OK'),
    tokenExpiredTimestamp: Type.Integer(),
    currentTimestamp: Type.Integer(),
    timeDifference: Type.Integer(),
  }),
  Type.Object({ errCode: Type.String(), msg: Type.String() }),
]);
