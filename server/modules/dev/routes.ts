import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { isLoopbackHost, type Config } from '../../config.js';
import { listDevOutbox } from './queries.js';

/**
 * The outbox shows every one-time and reset code to anyone: only when asked for (DEV_OUTBOX=on),
 * never in production and never on a server reachable beyond loopback (loadConfig refuses both;
 * this repeats the rule where the route is registered).
 */
export function devOutboxEnabled(config: Config): boolean {
  return config.devOutbox && config.nodeEnv !== 'production' && isLoopbackHost(config.host);
}

const OutboxEntry = Type.Object({ to: Type.String(), channel: Type.String(), text: Type.String(), code: Type.Union([Type.String(), Type.Null()]), at: Type.String() });

/**
 * Development and demo only (registered only when devOutboxEnabled): the messages the dev sender
 * "sent", so a person or a browser test can read a one-time code.
 */
export const devRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/dev/outbox',
    {
      config: { access: access.public() },
      schema: {
        operationId: 'devOutbox',
        tags: ['dev'],
        summary: 'Messages sent in development (newest first); filter by recipient',
        querystring: Type.Object({ to: Type.Optional(Type.String({ maxLength: 100 })), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) }, { additionalProperties: false }),
        response: { 200: Type.Array(OutboxEntry), ...commonErrors },
      },
    },
    async (request) => listDevOutbox(app.dbh.db, { to: request.query.to, limit: request.query.limit ?? 50 }),
  );
};
