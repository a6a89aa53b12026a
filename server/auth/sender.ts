import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { devOutboxEnabled } from '../modules/dev/routes.js';

export type Channel = 'SMS' | 'EMAIL';

interface OutgoingMessage {
  to: string;
  channel: Channel;
  text: string;
  /** The one-time code inside text; kept apart only by the development outbox. */
  code?: string;
}

/** How one-time codes and notices leave the system (SMS or e-mail by optGubun). */
export interface Sender {
  readonly name: string;
  send(db: Db, message: OutgoingMessage): Promise<void>;
}

/**
 * Development and demo: nothing leaves the machine. The message goes to the server log and to
 * the dev_outbox table, read by GET /api/dev/outbox (absent in production).
 */
function createDevOutboxSender(log: FastifyBaseLogger): Sender {
  return {
    name: 'dev-outbox',
    async send(db, m) {
      log.info({ to: m.to, channel: m.channel, code: m.code }, `[dev outbox] ${m.text}`);
      await db
        .insertInto('devOutbox')
        .values({ recipient: m.to, channel: m.channel, text: m.text, code: m.code ?? null })
        .execute();
    },
  };
}

/**
 * Production without a configured gateway must not pretend to send: the login answers an
 * error the operator can see in the log, rather than a code nobody receives.
 */
function createUnconfiguredSender(log: FastifyBaseLogger): Sender {
  return {
    name: 'unconfigured',
    async send(_db, m) {
      log.error({ channel: m.channel }, 'no SMS/e-mail gateway is configured: one-time codes cannot be delivered');
      throw new Error('message gateway not configured');
    },
  };
}

/**
 * Development without the outbox: the message (with its code) goes to the server log only, which
 * only the operator of the machine reads.
 */
function createLogSender(log: FastifyBaseLogger): Sender {
  return {
    name: 'dev-log',
    async send(_db, m) {
      log.warn({ to: m.to, channel: m.channel, code: m.code }, `[dev log sender] ${m.text}`);
    },
  };
}

export function createSender(config: Config, log: FastifyBaseLogger): Sender {
  if (config.nodeEnv === 'production') return createUnconfiguredSender(log);
  return devOutboxEnabled(config) ? createDevOutboxSender(log) : createLogSender(log);
}
