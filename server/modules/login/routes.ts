import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { bearerToken } from '../../auth/plugin.js';
import { answerOrFailure, langOf } from '../../auth/login-flow.js';
import { devPagesServed, menuTreeFor } from '../../auth/menu-authority.js';
import {
  CodeLists,
  CyberAdLoginAnswer,
  CyberAdLoginForm,
  CyberCheckOtpForm,
  CyberLoginForm,
  CyberUserListForm,
  CyberUserSyncForm,
  ExternalUser,
  GpmsVerifyAnswer,
  LoginCheckAnswer,
  LoginCheckQuery,
  LoginPayload,
  MenuNode,
  SessionUser,
  SsoLoginForm,
} from './schemas.js';
import {
  cyberAdLogin,
  cyberCheckOtp,
  cyberLogin,
  cyberUserList,
  cyberUserSync,
  existCheck,
  loggedInUser,
  loginCheck,
  loginForToken,
  loginSso,
  verifyToken,
} from './service.js';

const COMP_USER_SCREENS = ['/portal/ogpmsManage/compUserManage', '/compUserManageList'];

/** GPMS's own login endpoints (spec §7): what the portals call around the auth service. */
export const loginRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(MenuNode);
  app.addSchema(SessionUser);
  app.addSchema(CodeLists);
  app.addSchema(LoginPayload);
  app.addSchema(LoginCheckAnswer);
  app.addSchema(ExternalUser);
  const limited = { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' } };
  const failures = { ...commonErrors, 429: Type.Ref('ErrorBody') };
  const answer = answerOrFailure.bind(null, app);

  app.get(
    '/api/v1/login',
    {
      config: { access: access.login([], 'read', ['I']) },
      schema: {
        operationId: 'login',
        tags: ['login'],
        summary: 'AD mode: after the auth service login, the user, menus and codes for the bearer token',
        response: { 200: Type.Ref('LoginPayload'), ...failures },
      },
    },
    async (request) => loginForToken(app, request.caller!, bearerToken(request)!, langOf(request)),
  );

  app.post(
    '/api/v1/login',
    {
      config: { access: access.public(), ...limited, identityBound: true },
      schema: {
        operationId: 'loginSso',
        tags: ['login'],
        summary: 'SSO mode: the SSO assertion as form data; answers the user (with tokens), menus and codes',
        consumes: ['application/x-www-form-urlencoded'],
        body: SsoLoginForm,
        response: { 200: Type.Ref('LoginPayload'), ...failures },
      },
    },
    async (request, reply) => answer(request, reply, await loginSso(app, request, request.body, langOf(request))),
  );

  app.post(
    '/api/v1/cyberLogin',
    {
      config: {
        access: access.public(),
        ...limited,
        accountLimit: { from: 'body', field: 'userId' },
        identityBound: true,
      },
      schema: {
        operationId: 'cyberLogin',
        tags: ['login'],
        summary: 'External login, step 1: id and password; sends a one-time code by SMS or e-mail (optGubun)',
        consumes: ['application/x-www-form-urlencoded'],
        body: CyberLoginForm,
        response: { 200: Type.Ref('CodeSent'), ...failures },
      },
    },
    async (request, reply) => answer(request, reply, await cyberLogin(app, request.ip, request.body)),
  );

  app.post(
    '/api/v1/cyberCheckOtp',
    {
      config: {
        access: access.public(),
        ...limited,
        accountLimit: { from: 'body', field: 'userId' },
        identityBound: true,
      },
      schema: {
        operationId: 'cyberCheckOtp',
        tags: ['login'],
        summary:
          'External login, step 2: id, password and the one-time code; answers the user (with noCellPhone/noPhone), menus, codes and tokens',
        consumes: ['application/x-www-form-urlencoded'],
        body: CyberCheckOtpForm,
        response: { 200: Type.Ref('LoginPayload'), ...failures },
      },
    },
    async (request, reply) => answer(request, reply, await cyberCheckOtp(app, request, request.body, langOf(request))),
  );

  app.post(
    '/api/v1/cyberAdLogin',
    {
      config: { access: access.public(), ...limited, identityBound: true },
      schema: {
        operationId: 'cyberAdLogin',
        tags: ['login'],
        summary:
          'External AD entry: the tokens the auth service put in the URL (Authorization header) for userId; errCode AUTH008 asks for a new login',
        consumes: ['application/x-www-form-urlencoded'],
        body: CyberAdLoginForm,
        response: { 200: CyberAdLoginAnswer, ...failures },
      },
    },
    async (request, reply) =>
      answer(request, reply, await cyberAdLogin(app, bearerToken(request), request.body.userId, langOf(request))),
  );

  app.get(
    '/api/v1/loginCheck',
    {
      config: { access: access.public() },
      schema: {
        operationId: 'loginCheck',
        tags: ['login'],
        summary:
          'May the caller open this path? OK, GPMS005 (log in) or GPMS006 (no right); with store=Y also the user, menus and codes',
        querystring: LoginCheckQuery,
        response: { 200: Type.Ref('LoginCheckAnswer'), ...commonErrors },
      },
    },
    async (request) =>
      loginCheck(app, request.caller, { ...request.query, cyber: request.headers.iscyber === 'Y' }, langOf(request)),
  );

  app.post(
    '/api/v1/adLoginInfo',
    {
      config: { access: access.login(), identityBound: false },
      schema: {
        operationId: 'adLoginInfo',
        tags: ['login'],
        summary: 'The logged-in user (userInfo)',
        response: { 200: Type.Object({ userInfo: Type.Ref('SessionUser') }), ...commonErrors },
      },
    },
    async (request) => loggedInUser(app.dbh.db, request.caller!, langOf(request)),
  );

  app.get(
    '/api/v1/getExistCheck',
    {
      config: { access: access.public(), ...limited },
      schema: {
        operationId: 'getExistCheck',
        tags: ['login'],
        summary:
          'Is a login id taken? (supplier user application; rate-limited per address; in production every id answers exist: false — the application step refuses a taken id)',
        querystring: Type.Object(
          { userId: Type.String({ minLength: 1, maxLength: 50 }) },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ userId: Type.String(), exist: Type.Boolean() }), ...failures },
      },
    },
    async (request) => existCheck(app.dbh.db, request.query.userId, app.config.nodeEnv === 'production'),
  );

  app.post(
    '/api/v1/getCyberUserList',
    {
      config: { access: access.login(COMP_USER_SCREENS, 'read'), identityBound: false },
      schema: {
        operationId: 'getCyberUserList',
        tags: ['login'],
        summary: 'Supplier users (a supplier admin sees only its own company)',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: CyberUserListForm,
        response: { 200: Type.Object({ userInfo: Type.Array(Type.Ref('ExternalUser')) }), ...commonErrors },
      },
    },
    async (request) => cyberUserList(request.db, request.body),
  );

  app.post(
    '/api/v1/cyberUserSync',
    {
      config: { access: access.login(COMP_USER_SCREENS, 'write'), identityBound: true },
      schema: {
        operationId: 'cyberUserSync',
        tags: ['login'],
        summary:
          'Align the selected supplier users with their company: users of a suspended or closed company are disabled and logged out',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: CyberUserSyncForm,
        response: {
          200: Type.Object({ code: Type.Literal('OK'), checked: Type.Integer(), disabled: Type.Array(Type.String()) }),
          ...commonErrors,
        },
      },
    },
    async (request) => cyberUserSync(app, request.db, request.body.selUser, langOf(request)),
  );

  app.get(
    '/api/v2/verify',
    {
      config: { access: access.public() },
      schema: {
        operationId: 'verifyV2',
        tags: ['login'],
        summary:
          'Is the access token still good? tokenExpiredTimestamp and timeDifference, or errCode (not redirected by the client)',
        response: { 200: GpmsVerifyAnswer, ...commonErrors },
      },
    },
    async (request) => verifyToken(app, bearerToken(request), Number(request.headers['client-time']), langOf(request)),
  );

  app.get(
    '/api/v1/menus',
    {
      config: { access: access.login() },
      schema: {
        operationId: 'listMenus',
        tags: ['login'],
        summary: 'The menu tree of the caller’s group in the caller’s portal',
        response: { 200: Type.Array(Type.Ref('MenuNode')), ...commonErrors },
      },
    },
    async (request) =>
      menuTreeFor(
        app.dbh.db,
        request.caller!.authGroupId,
        request.caller!.portal,
        langOf(request),
        devPagesServed(app.config),
      ),
  );
};
