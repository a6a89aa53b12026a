import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { deliverDue } from './outbox.js';
import { listNotificationRows } from './queries.js';
import { retryNotification } from './service.js';

/** The administrators who look after the messages the product sends. */
const SCREEN = '/portal/system/messageManage';

const NotificationRow = Type.Object(
  {
    id: Type.Integer(),
    channel: Type.String(),
    recipient: Type.String(),
    template: Type.String(),
    lang: Type.String(),
    subject: Type.String(),
    state: Type.String({ description: 'PENDING, SENT or FAILED' }),
    attempts: Type.Integer(),
    lastError: Type.Union([Type.String(), Type.Null()]),
    refEntity: Type.Union([Type.String(), Type.Null()]),
    refKey: Type.Union([Type.String(), Type.Null()]),
    createdAt: Type.String(),
    sentAt: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'NotificationRow', title: 'NotificationRow' },
);

/**
 * The notification outbox for administrators: what was sent to whom, what failed and why, a
 * failed message queued again, and delivery run on demand (the same code as notify.deliver).
 * Bodies are not listed: one-time codes must not be readable here.
 */
export const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addSchema(NotificationRow);

  app.get(
    '/api/v1/notifications',
    {
      config: { access: access.login([SCREEN], 'read', ['I']) },
      schema: {
        operationId: 'listNotifications',
        tags: ['notifications'],
        summary: 'Messages recorded for sending, newest first (filter by state and recipient)',
        querystring: Type.Object(
          {
            state: Type.Optional(Type.Union([Type.Literal('PENDING'), Type.Literal('SENT'), Type.Literal('FAILED')])),
            recipient: Type.Optional(Type.String({ maxLength: 200 })),
            size: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: Type.Object({ rows: Type.Array(Type.Ref('NotificationRow')) }), ...commonErrors },
      },
    },
    async (request) => ({
      rows: await listNotificationRows(request.db, {
        state: request.query.state,
        recipient: request.query.recipient,
        size: request.query.size ?? 50,
      }),
    }),
  );

  app.post(
    '/api/v1/notifications/deliver',
    {
      config: { access: access.login([SCREEN], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'deliverNotifications',
        tags: ['notifications'],
        summary: 'Deliver the due messages now (what the notify.deliver job does on its schedule)',
        response: {
          200: Type.Object({ sent: Type.Integer(), retried: Type.Integer(), failed: Type.Integer() }),
          ...commonErrors,
        },
      },
    },
    // real time: delivery attempts and backoff run on the real time
    async () => deliverDue({ db: app.dbh.db, log: app.log, config: app.config, now: new Date(), metrics: app.metrics }),
  );

  app.post(
    '/api/v1/notifications/:id/retry',
    {
      config: { access: access.login([SCREEN], 'write', ['I']), identityBound: false },
      schema: {
        operationId: 'retryNotification',
        tags: ['notifications'],
        summary: 'Queue a FAILED message again (attempts start over); a one-time code is not resent',
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        response: {
          200: Type.Object({ id: Type.Integer(), state: Type.String() }),
          409: Type.Ref('ErrorBody'),
          ...commonErrors,
        },
      },
    },
    async (request) => retryNotification(app.dbh.db, request.params.id, request.caller!.userId),
  );
};
