import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { menuPathOf, menusForPath } from '../../auth/menu-authority.js';

/** Records which screen a user opened (spec §7 /api/v1/menuLog), for usage statistics and audits. */
export const menuLogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/v1/menuLog',
    {
      config: { access: access.login() },
      schema: {
        operationId: 'logMenuVisit',
        tags: ['login'],
        summary: 'Record a menu visit',
        body: Type.Object({ path: Type.String({ minLength: 1, maxLength: 300, pattern: '^/' }), pgmId: Type.Optional(Type.String({ maxLength: 40 })) }, { additionalProperties: false }),
        response: { 200: Type.Ref('Ok'), ...commonErrors },
      },
    },
    async (request) => {
      const caller = request.caller!;
      const target = menuPathOf(request.body.path);
      const pgmId = request.body.pgmId ?? (await menusForPath(app.dbh.db, caller.portal, target.path))[0] ?? null;
      await app.dbh.db.insertInto('menuLog').values({ userId: caller.userId, pgmId, path: request.body.path, portal: caller.portal, ip: request.ip }).execute();
      return { code: 'OK' as const };
    },
  );
};
