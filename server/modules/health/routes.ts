import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pingDatabase } from './queries.js';

const Health = Type.Object({ status: Type.Literal('ok') });
const Ready = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable'), Type.Literal('draining')]),
  database: Type.String(),
});

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/healthz',
    { schema: { operationId: 'getHealth', tags: ['system'], hide: true, response: { 200: Health } } },
    async () => ({ status: 'ok' as const }),
  );

  // 503 while the database does not answer (the pool reconnects by itself: 200 again when it is
  // back) and while the server drains before stopping (server/lifecycle.ts).
  app.get(
    '/readyz',
    { schema: { operationId: 'getReady', tags: ['system'], hide: true, response: { 200: Ready, 503: Ready } } },
    async (request, reply) => {
      if (app.lifecycle.draining)
        return reply.status(503).send({ status: 'draining' as const, database: app.dbh.kind });
      try {
        await pingDatabase(app.dbh.db);
        return { status: 'ok' as const, database: app.dbh.kind };
      } catch (err) {
        request.log.warn({ err }, 'readiness check failed');
        return reply.status(503).send({ status: 'unavailable' as const, database: app.dbh.kind });
      }
    },
  );
};
