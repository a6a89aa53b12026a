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

const ClockState = Type.Object({ now: Type.String({ format: 'date-time' }), offsetSeconds: Type.Number() });
/** A year: far enough for any window a demo or a journey waits for. */
const MAX_ADVANCE_SECONDS = 366 * 24 * 3600;

const OutboxEntry = Type.Object({
  to: Type.String(),
  channel: Type.String(),
  text: Type.String(),
  code: Type.Union([Type.String(), Type.Null()]),
  at: Type.String(),
});

/**
 * Development and demo only (registered only when devOutboxEnabled): the messages the dev sender
 * "sent", so a person or a browser test can read a one-time code; and the business clock
 * (server/clock.ts), which a person or a browser journey moves past a bidding window instead of
 * waiting for it.
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
        querystring: Type.Object(
          {
            to: Type.Optional(Type.String({ maxLength: 100 })),
            limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Array(OutboxEntry), ...commonErrors },
      },
    },
    async (request) => listDevOutbox(app.dbh.db, { to: request.query.to, limit: request.query.limit ?? 50 }),
  );

  const clockState = () => ({ now: app.clock.now().toISOString(), offsetSeconds: app.clock.offsetMs() / 1000 });
  app.get(
    '/api/dev/clock',
    {
      config: { access: access.public() },
      schema: {
        operationId: 'devClock',
        tags: ['dev'],
        summary: 'The business clock (bidding windows, jobs) and how far ahead of the real time it is',
        response: { 200: ClockState, ...commonErrors },
      },
    },
    async () => clockState(),
  );
  app.post(
    '/api/dev/clock',
    {
      // A development control, never a stored screen's to call.
      config: { access: access.public(), identityBound: true },
      schema: {
        operationId: 'advanceDevClock',
        tags: ['dev'],
        summary: 'Moves the business clock forward (never back: the jobs are scheduled in its time)',
        body: Type.Object(
          { advanceSeconds: Type.Integer({ minimum: 1, maximum: MAX_ADVANCE_SECONDS }) },
          { additionalProperties: false },
        ),
        response: { 200: ClockState, ...commonErrors },
      },
    },
    async (request) => {
      app.clock.advance(request.body.advanceSeconds * 1000);
      // What the jump made due (a window's close, a reminder) runs now, not at the next poll.
      app.jobs.wake();
      request.log.warn({ offsetSeconds: app.clock.offsetMs() / 1000 }, 'development clock moved forward');
      return clockState();
    },
  );
};
