import type { FastifyInstance } from 'fastify';
import type { Sender } from '../../auth/sender.js';
import type { JobRunner } from '../../jobs/types.js';
import { OTP_VALIDITY_SEC } from '../../auth/otp.js';
import { deliverDue, enqueueNotification } from './outbox.js';

export const DELIVER_JOB = 'notify.deliver';

/**
 * With a real mail server or SMS gateway configured, one-time codes go through the outbox
 * like every other message: recorded (the code blanked once delivered), then delivered by
 * notify.deliver. Without one, the product's own sender stays (the development outbox), as
 * before. The login answers as soon as the message is recorded; a delivery problem is the
 * outbox's to retry and record, never the login's 500.
 */
export function withNotificationOutbox(app: FastifyInstance, base: Sender): Sender {
  const config = app.config;
  if (!config.smtp && !config.smsGateway) return base;
  return {
    name: 'outbox',
    async send(db, m) {
      const transportMissing = (m.channel === 'EMAIL' && !config.smtp) || (m.channel === 'SMS' && !config.smsGateway);
      // A channel with no transport keeps the base sender's behaviour (dev outbox, or refusal in production).
      if (transportMissing || !m.code) return base.send(db, m);
      const id = await enqueueNotification(db, {
        channel: m.channel,
        to: m.to,
        template: 'otp',
        params: { code: m.code, minutes: OTP_VALIDITY_SEC / 60 },
      });
      pokeDelivery(app, id);
    },
  };
}

/**
 * Ask for delivery soon: the job runner when there is one (app.jobs), else one background
 * attempt at this message after the answer (the job picks up whatever that leaves).
 */
function pokeDelivery(app: FastifyInstance, id?: number): void {
  const runner = (app as unknown as { jobs?: JobRunner }).jobs;
  if (runner) {
    runner.poke(DELIVER_JOB);
    return;
  }
  setImmediate(() => {
    deliverDue({
      db: app.dbh.db,
      log: app.log,
      config: app.config,
      // real time: delivery attempts and backoff run on the real time
      now: new Date(),
      onlyId: id,
      metrics: app.metrics,
    }).catch((err: unknown) => app.log.error({ err }, 'notification delivery failed'));
  });
}
