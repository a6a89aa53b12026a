/**
 * Paths of the auth service (the spec's "auth server", part of this server).
 * Published through GET /properties/dwpAuth so the client never hard-codes them.
 */
export const AUTH_PATHS = {
  login: '/auth/login',
  logout: '/auth/api/logout',
  verify: '/auth/api/verify',
  loginIdpw: '/auth/api/login/idpw',
  loginSso: '/auth/api/login/sso',
  loginAd: '/auth/api/login/ad',
  loginToken: '/auth/api/login/token',
  token: '/auth/api/token',
  resetPassword: '/auth/api/password/reset',
  changeExpiredPassword: '/auth/api/password/change',
  sendResetCode: '/auth/api/password/reset-code',
  platformUsers: '/auth/api/users',
  sessionExtend: '/auth/api/session/extend',
} as const;

export const SYSTEM_ID = {
  internal: 'GPMS',
  external: 'OGPMS',
} as const;

/** SSO over OpenID Connect (server/auth/oidc): browser redirects, published in dwpAuth's adfs block. */
export const OIDC_PATHS = {
  start: '/auth/oidc/start',
  callback: '/auth/oidc/callback',
  logout: '/auth/oidc/logout',
} as const;
