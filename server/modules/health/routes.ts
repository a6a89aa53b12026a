import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { pingDatabase } from './queries.js';

const Health = Type.Object({ status: Type.Literal('ok') });
const Ready = Type.Object({
  status: Type.Union([
    Type.Literal('ok'),
    Type.Literal('unavailable'),
    Type.Literal('draining'),
    Type.Literal('warming'),
  ]),
  database: Type.String(),
});

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/healthz',
    { schema: { operationId: 'getHealth', tags: ['system'], hide: true, response: { 200: Health } } },
    async () => ({ status: 'ok' as const }),
  );

  // 503 while the database does not answer (the pool reconnects by itself: 200 again when it is
  // back), while the server drains before stopping (server/lifecycle.ts), and after a start until
  // every route's schema is compiled (http/schema-compile.ts: a balancer sends no request to a
  // server still compiling, nor to one a schema will stop).
  app.get(
    '/readyz',
    { schema: { operationId: 'getReady', tags: ['system'], hide: true, response: { 200: Ready, 503: Ready } } },
    async (request, reply) => {
      if (app.lifecycle.draining)
        return reply.status(503).send({ status: 'draining' as const, database: app.dbh.kind });
      if (app.schemaWarmUp && !app.schemaWarmUp.done)
        return reply.status(503).send({ status: 'warming' as const, database: app.dbh.kind });
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
