import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { AUTH_PATHS } from '../../auth/paths.js';
import { loginFailure } from '../../auth/login-flow.js';
import { changeExpiredPassword } from './service.js';

const Str = (max: number, extra: Record<string, unknown> = {}) => Type.String({ maxLength: max, ...extra });

const ChangeExpiredForm = Type.Object(
  {
    systemId: Str(20),
    username: Str(50, { minLength: 1 }),
    password: Str(200, {
      minLength: 1,
      description: 'The current (expired) password, or the first administrator’s one-time setup code',
    }),
    newPassword: Str(200),
    newPasswordCheck: Str(200),
  },
  { additionalProperties: false },
);

/** The forced password change at login (AUTH103): server/modules/password-change/service.ts. */
export const passwordChangeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    AUTH_PATHS.changeExpiredPassword,
    {
      config: {
        access: access.public(),
        rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: '1 minute' },
        accountLimit: { from: 'body', field: 'username' },
        identityBound: true,
      },
      schema: {
        operationId: 'authChangeExpiredPassword',
        tags: ['auth'],
        summary:
          'Change an expired password (or the first administrator’s setup code) for a new one, after a login answered AUTH103; ends every session of the user',
        consumes: ['application/x-www-form-urlencoded'],
        body: ChangeExpiredForm,
        response: { 200: Type.Ref('Ok'), ...commonErrors, 429: Type.Ref('ErrorBody') },
      },
    },
    async (request, reply) => {
      const form = request.body;
      const portal = form.systemId === 'GPMS' ? 'I' : form.systemId === 'OGPMS' ? 'X' : null;
      if (!portal) return loginFailure(app, request, reply, 'AUTH006');
      const outcome = await changeExpiredPassword(app.dbh.db, {
        userId: form.username.trim(),
        portal,
        current: form.password,
        newPassword: form.newPassword,
        newPasswordCheck: form.newPasswordCheck,
        ip: request.ip,
      });
      if (!outcome.ok) return loginFailure(app, request, reply, outcome.code, outcome.status);
      return { code: 'OK' as const };
    },
  );
};
