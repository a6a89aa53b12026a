import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { recordMenuVisit } from './service.js';

/** Records which screen a user opened (spec §7 /api/v1/menuLog), for usage statistics and audits. */
export const menuLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/v1/menuLog',
    {
      config: { access: access.login(), identityBound: false },
      schema: {
        operationId: 'logMenuVisit',
        tags: ['login'],
        summary: 'Record a menu visit',
        body: Type.Object(
          {
            path: Type.String({ minLength: 1, maxLength: 300, pattern: '^/' }),
            pgmId: Type.Optional(Type.String({ maxLength: 40 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Ref('Ok'), ...commonErrors },
      },
    },
    async (request) => recordMenuVisit(app.dbh.db, request.caller!, request.body, request.ip),
  );
};
