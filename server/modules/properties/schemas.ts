import { Type } from 'typebox';

export const DwpAuth = Type.Object(
  {
    systemId: Type.String(),
    type: Type.String({ description: 'Configured login mode: AD, SSO or SSO_AD' }),
    loginUri: Type.String(),
    logoutUri: Type.String(),
    verifyUri: Type.String(),
    api: Type.Object({
      login: Type.Object({ idpw: Type.String(), sso: Type.String(), ad: Type.String() }),
      resetPw: Type.String(),
      sendResetCode: Type.String(),
      platformUsers: Type.String(),
    }),
    authUri: Type.String(),
    portalUri: Type.String(),
    tokenUri: Type.String(),
    tokenLoginUri: Type.String(),
    approvalUri: Type.String(),
    portalPages: Type.Object({ internal: Type.String(), external: Type.String(), integration: Type.String() }),
    externalHost: Type.Union([Type.String(), Type.Null()], {
      description: 'EXTERNAL_HOST: on this host only the external portal is served',
    }),
    adfs: Type.Object(
      {
        server: Type.Union([Type.String(), Type.Null()], {
          description: 'OIDC_ISSUER: the ADFS (or other OpenID) issuer',
        }),
        realm: Type.Union([Type.String(), Type.Null()], {
          description: 'The relying party identifier (OIDC_RESOURCE, else the client id)',
        }),
        enabled: Type.Boolean({ description: 'SSO over OpenID Connect is configured' }),
        clientId: Type.Union([Type.String(), Type.Null()]),
        startUri: Type.Union([Type.String(), Type.Null()], {
          description: 'Where the login page sends the browser to sign in at the provider',
        }),
        logoutUri: Type.Union([Type.String(), Type.Null()], {
          description: 'Ends the session at the provider (end_session) after our logout',
        }),
      },
      { description: 'ADFS / OpenID Connect settings (spec §7 "adfs server settings")' },
    ),
  },
  { $id: 'DwpAuth', title: 'DwpAuth' },
);
