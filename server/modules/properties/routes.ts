import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { AUTH_PATHS, OIDC_PATHS, SYSTEM_ID } from '../../auth/paths.js';
import { DwpAuth } from './schemas.js';

export const propertiesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/properties/dwpAuth',
    {
      config: { access: access.public() },
      schema: {
        operationId: 'getDwpAuth',
        tags: ['auth'],
        summary: 'Where the auth service lives and how it is configured',
        response: { 200: DwpAuth },
      },
    },
    async () => ({
      systemId: SYSTEM_ID.internal,
      type: app.config.loginMode,
      loginUri: AUTH_PATHS.login,
      logoutUri: AUTH_PATHS.logout,
      verifyUri: AUTH_PATHS.verify,
      api: {
        login: { idpw: AUTH_PATHS.loginIdpw, sso: AUTH_PATHS.loginSso, ad: AUTH_PATHS.loginAd },
        resetPw: AUTH_PATHS.resetPassword,
        sendResetCode: AUTH_PATHS.sendResetCode,
        platformUsers: AUTH_PATHS.platformUsers,
      },
      authUri: '/auth',
      portalUri: '/',
      tokenUri: AUTH_PATHS.token,
      tokenLoginUri: AUTH_PATHS.loginToken,
      approvalUri: '/portal/approval/approvalLine',
      portalPages: { internal: '/', external: '/cyber', integration: '/integration' },
      externalHost: app.config.externalHost,
      adfs: app.config.oidc
        ? {
            server: app.config.oidc.issuer,
            realm: app.config.oidc.resource ?? app.config.oidc.clientId,
            enabled: true,
            clientId: app.config.oidc.clientId,
            startUri: OIDC_PATHS.start,
            logoutUri: OIDC_PATHS.logout,
          }
        : { server: null, realm: null, enabled: false, clientId: null, startUri: null, logoutUri: null },
    }),
  );
};
