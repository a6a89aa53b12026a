import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../../http/access.js';
import { commonErrors } from '../../../http/error-schema.js';
import { MyAccount, MyAccountUpdateBody, PasswordBody, PhoneCodeBody, ReauthBody } from './schemas.js';
import { changeMyPassword, getMyAccount, reauthenticate, sendMyPhoneCode, updateMyAccount } from './service.js';

/** My account on both portals (service.ts): the password again first, then the caller's own account only. */
const tags = ['portal'];

export const myAccountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const limited = { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' } };

  app.post(
    '/api/v1/my-account/reauth',
    {
      config: { access: access.login([], 'read'), ...limited, identityBound: true },
      schema: {
        operationId: 'reauthenticate',
        tags,
        summary:
          'PersonInfoLogin: the password again; a correct one lets this session open and edit my account for 10 minutes (wrong ones count toward the login lock)',
        body: ReauthBody,
        response: {
          200: Type.Object({ code: Type.Literal('OK'), reauthUntil: Type.String({ format: 'date-time' }) }),
          ...commonErrors,
          429: Type.Ref('ErrorBody'),
        },
      },
    },
    async (request) => reauthenticate(app, request.caller!, request.body.password, request.ip),
  );

  app.get(
    '/api/v1/my-account',
    {
      config: { access: access.login([], 'read') },
      schema: {
        operationId: 'getMyAccount',
        tags,
        summary:
          'My account (PersonInfo): name, phones, e-mail, password dates; needs the password re-entered in this session',
        response: { 200: MyAccount, ...commonErrors },
      },
    },
    async (request) => getMyAccount(app.dbh.db, request.caller!),
  );

  app.put(
    '/api/v1/my-account',
    {
      config: { access: access.login([], 'read'), identityBound: true },
      schema: {
        operationId: 'updateMyAccount',
        tags,
        summary: 'Change my name, phones and e-mail; a new cell phone needs the code sent to it (sendMyPhoneCode)',
        body: MyAccountUpdateBody,
        response: { 200: MyAccount, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    async (request) => updateMyAccount(app.dbh.db, request.caller!, request.body),
  );

  app.post(
    '/api/v1/my-account/phone-code',
    {
      config: { access: access.login([], 'read'), ...limited, identityBound: true },
      schema: {
        operationId: 'sendMyPhoneCode',
        tags,
        summary: 'Send a one-time code to a new cell phone number (valid 3 minutes)',
        body: PhoneCodeBody,
        response: {
          200: Type.Object({ code: Type.Literal('OK'), destination: Type.String(), expiresIn: Type.Integer() }),
          ...commonErrors,
          429: Type.Ref('ErrorBody'),
        },
      },
    },
    async (request) => sendMyPhoneCode(app, request.caller!, request.body.cellPhoneNo),
  );

  app.post(
    '/api/v1/my-account/password',
    {
      config: { access: access.login([], 'read'), ...limited, identityBound: true },
      schema: {
        operationId: 'changeMyPassword',
        tags,
        summary:
          'Change my password under the policy (8–64 characters, three kinds, not the id, not the current one); my other sessions end',
        body: PasswordBody,
        response: {
          200: Type.Object({ code: Type.Literal('OK'), passwordExpiresAt: Type.String({ format: 'date-time' }) }),
          ...commonErrors,
          429: Type.Ref('ErrorBody'),
        },
      },
    },
    async (request) =>
      changeMyPassword(app.dbh.db, request.caller!, request.body.newPassword, request.body.newPasswordCheck),
  );
};
