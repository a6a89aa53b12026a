import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { AUTH_PATHS } from '../../auth/paths.js';
import { bearerToken } from '../../auth/plugin.js';
import { answerOrFailure } from '../../auth/login-flow.js';
import { AUTH_CODES } from '../../auth/codes.js';
import {
  IdpwLoginForm,
  LogoutAnswer,
  LogoutForm,
  PlatformUser,
  ResetCodeQuery,
  ResetPasswordForm,
  SessionExtended,
  TokenLoginForm,
  Tokens,
  VerifyResult,
} from './schemas.js';
import {
  extendCallerSession,
  listPlatformUsers,
  loginWithPassword,
  loginWithToken,
  logout,
  resetPassword,
  sendResetCode,
  verifyAndRefresh,
} from './service.js';

/**
 * The auth service (the spec's "auth server"): id/password and token login, verify with
 * rotating refresh tokens, logout, password reset with a one-time code, platform user list.
 */
export const authServiceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(Tokens);
  app.addSchema(VerifyResult);
  app.addSchema(PlatformUser);
  app.addSchema(SessionExtended);
  const limited = { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const failures = { ...commonErrors, 429: Type.Ref('ErrorBody'), 503: Type.Ref('ErrorBody') };

  const answer = answerOrFailure.bind(null, app);

  app.post(
    AUTH_PATHS.loginIdpw,
    {
      config: {
        access: access.public(),
        ...limited,
        accountLimit: { from: 'body', field: 'username' },
        identityBound: true,
      },
      schema: {
        operationId: 'authLoginIdpw',
        tags: ['auth'],
        summary: 'Id/password login (external users also give their one-time code)',
        consumes: ['application/x-www-form-urlencoded'],
        body: IdpwLoginForm,
        response: { 200: Type.Ref('Tokens'), ...failures },
      },
    },
    async (request, reply) => answer(request, reply, await loginWithPassword(app, request, request.body)),
  );

  app.post(
    AUTH_PATHS.loginToken,
    {
      config: { access: access.public(), ...limited, identityBound: true },
      schema: {
        operationId: 'authLoginToken',
        tags: ['auth'],
        summary: 'Token (SSO) login: an assertion of the configured SSO provider',
        consumes: ['application/x-www-form-urlencoded'],
        body: TokenLoginForm,
        response: { 200: Type.Ref('Tokens'), ...failures },
      },
    },
    async (request, reply) => answer(request, reply, await loginWithToken(app, request, request.body)),
  );

  app.get(
    AUTH_PATHS.verify,
    {
      config: { access: access.public(), ...limited },
      schema: {
        operationId: 'authVerify',
        tags: ['auth'],
        summary:
          'Verify and refresh: headers AccessToken (or Authorization), RefreshToken, loginid, isCyberUrl; rotates the refresh token',
        response: { 200: Type.Ref('VerifyResult'), ...failures },
      },
    },
    async (request, reply) =>
      answer(
        request,
        reply,
        await verifyAndRefresh(app, request, {
          token: bearerToken(request),
          refresh: request.headers.refreshtoken,
          loginid: request.headers.loginid,
          isCyberUrl: request.headers.iscyberurl,
          clientTime: Number(request.headers['client-time']),
        }),
      ),
  );

  app.post(
    AUTH_PATHS.logout,
    {
      config: { access: access.public(), identityBound: true },
      schema: {
        operationId: 'authLogout',
        tags: ['auth'],
        summary:
          'Logout (form AccessToken, or the Authorization header): ends the session at once; a session from OpenID Connect SSO also answers where the provider’s logout starts',
        consumes: ['application/x-www-form-urlencoded'],
        body: Type.Optional(LogoutForm),
        response: { 200: LogoutAnswer, ...commonErrors },
      },
    },
    async (request) => logout(app, request.body?.AccessToken || bearerToken(request)),
  );

  app.post(
    AUTH_PATHS.sessionExtend,
    {
      // Any logged-in user, either portal: the caller's own session, named by its access token.
      config: { access: access.login(), identityBound: true },
      schema: {
        operationId: 'extendSession',
        tags: ['auth'],
        summary:
          'Extend the caller’s session by SESSION_TTL from now, never beyond SESSION_MAX_TTL from its login (KWCAG 6.2.1 / WCAG 2.2.1 timing adjustable)',
        response: { 200: Type.Ref('SessionExtended'), ...commonErrors },
      },
    },
    async (request, reply) =>
      // Ended between the access check and the lock (a logout, a force logout): as the check would answer.
      (await extendCallerSession(app, request.caller!)) ??
      reply.status(401).send({ statusCode: 401, code: 'GPMS005', msg: AUTH_CODES.GPMS005 }),
  );

  app.get(
    AUTH_PATHS.sendResetCode,
    {
      config: { access: access.public(), ...limited, accountLimit: { from: 'query', field: 'loginUser.login' } },
      schema: {
        operationId: 'authSendResetCode',
        tags: ['auth'],
        summary: 'Send a password-reset code to the user’s e-mail (or cell phone)',
        querystring: ResetCodeQuery,
        response: { 200: Type.Ref('CodeSent'), ...failures, 404: Type.Ref('ErrorBody') },
      },
    },
    async (request, reply) => answer(request, reply, await sendResetCode(app, request.query)),
  );

  app.post(
    AUTH_PATHS.resetPassword,
    {
      config: {
        access: access.public(),
        ...limited,
        accountLimit: { from: 'body', field: 'loginUser.login' },
        identityBound: true,
      },
      schema: {
        operationId: 'authResetPassword',
        tags: ['auth'],
        summary: 'Set a new password with the reset code; ends every session of the user',
        consumes: ['application/x-www-form-urlencoded'],
        body: ResetPasswordForm,
        response: { 200: Type.Ref('Ok'), ...failures },
      },
    },
    async (request, reply) => answer(request, reply, await resetPassword(app, request.body)),
  );

  app.get(
    AUTH_PATHS.platformUsers,
    {
      config: {
        access: access.login(
          ['/portal/author/authUserManage', '/portal/author/userSessionManage', '/portal/ogpmsManage/compUserManage'],
          'read',
        ),
      },
      schema: {
        operationId: 'authPlatformUsers',
        tags: ['auth'],
        summary: 'Platform user list: accounts whose login id starts with loginId',
        querystring: Type.Object(
          { loginId: Type.String({ minLength: 1, maxLength: 50 }) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Array(Type.Ref('PlatformUser')), ...commonErrors },
      },
    },
    async (request) => listPlatformUsers(request.db, request.query.loginId),
  );
};
