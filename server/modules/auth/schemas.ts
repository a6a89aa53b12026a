import { Type } from 'typebox';

const Str = (max: number, extra: Record<string, unknown> = {}) => Type.String({ maxLength: max, ...extra });

export const IdpwLoginForm = Type.Object(
  {
    systemId: Str(20),
    grantType: Type.Literal('idpw'),
    username: Str(50, { minLength: 1 }),
    password: Str(200, { minLength: 1 }),
    otpNum: Type.Optional(Str(10, { description: 'External users: the one-time code from /api/v1/cyberLogin' })),
  },
  { additionalProperties: false },
);

export const TokenLoginForm = Type.Object({ token: Str(4000, { minLength: 1 }) }, { additionalProperties: false });
export const LogoutForm = Type.Object({ AccessToken: Type.Optional(Str(4000)) }, { additionalProperties: false });
export const LogoutAnswer = Type.Object({
  code: Type.Literal('OK'),
  ssoLogoutUri: Type.Optional(
    Str(200, {
      description:
        'Present when the ended session came from single sign-on (OpenID Connect): the browser goes there next so that the provider ends its session too (RP-initiated logout, /auth/oidc/logout)',
    }),
  ),
});

export const ResetCodeQuery = Type.Object(
  {
    systemId: Str(20),
    'loginUser.login': Str(50, { minLength: 1 }),
    channel: Type.Optional(Type.Union([Type.Literal('SMS'), Type.Literal('EMAIL')])),
  },
  { additionalProperties: false },
);
export const ResetPasswordForm = Type.Object(
  {
    systemId: Str(20),
    'loginUser.login': Str(50, { minLength: 1 }),
    token: Str(10, { minLength: 1 }),
    password: Str(200),
    passwordCheck: Str(200),
  },
  { additionalProperties: false },
);

export const Tokens = Type.Object(
  {
    code: Type.Literal('OK'),
    accessToken: Type.String(),
    refreshToken: Type.String(),
    tokenType: Type.Literal('Bearer'),
    expiresIn: Type.Integer({ description: 'Seconds the access token lives' }),
    tokenExpiredTimestamp: Type.Integer({ description: 'When the access token expires (ms since epoch)' }),
    sessionExpiredTimestamp: Type.Integer({ description: 'When the session ends whatever happens (ms since epoch)' }),
  },
  { $id: 'Tokens', title: 'Tokens' },
);

export const VerifyResult = Type.Object(
  {
    code: Type.Literal('OK'),
    accessToken: Type.String(),
    refreshToken: Type.String(),
    tokenExpiredTimestamp: Type.Integer(),
    currentTimestamp: Type.Integer(),
    timeDifference: Type.Integer({
      description: 'Server clock minus client clock (ms), from the client-time header; 0 when not sent',
    }),
  },
  { $id: 'VerifyResult', title: 'VerifyResult' },
);

export const PlatformUser = Type.Object(
  {
    loginId: Type.String(),
    hname: Type.String(),
    portal: Type.String(),
    compNo: Type.Union([Type.String(), Type.Null()]),
    singleid: Type.Union([Type.String(), Type.Null()]),
    authGroupId: Type.String(),
    useFlag: Type.String(),
    status: Type.String(),
    locked: Type.Boolean(),
  },
  { $id: 'PlatformUser', title: 'PlatformUser' },
);

export const SessionExtended = Type.Object(
  {
    code: Type.Literal('OK'),
    sessionExpiresAt: Type.String({
      format: 'date-time',
      description: 'When the session now ends: SESSION_TTL from now, at most sessionLimitAt',
    }),
    sessionLimitAt: Type.String({
      format: 'date-time',
      description: 'The absolute limit (SESSION_MAX_TTL from login) no extension passes',
    }),
    extended: Type.Boolean({
      description: 'False when the session was already at its absolute limit: nothing changed',
    }),
  },
  { $id: 'SessionExtended', title: 'SessionExtended' },
);
