import type { FastifyBaseLogger } from 'fastify';
import type { Metrics } from '../../metrics/registry.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connect.js';
import { createSender, type Channel, type Sender } from '../../auth/sender.js';
import { isSensitive, render, type Lang, type TemplateId, type TemplateParams } from './templates.js';
import {
  claimNotification,
  dueNotifications,
  employeeAddress,
  insertNotification,
  languagePref,
  updateNotification,
} from './queries.js';
import { createMailTransport, createSmsTransport, type Transport } from './transports.js';

/**
 * The notification outbox (issue 15). A message is recorded — recipient, template, rendered
 * text, state, attempts — in the caller's transaction, so it exists exactly when the action that
 * caused it committed. Delivery is the job notify.deliver's, never the request's.
 */
export interface NewNotification {
  channel: Channel;
  to: string;
  template: TemplateId;
  lang?: Lang;
  params: TemplateParams;
  ref?: { entity: string; key: string };
}

export async function enqueueNotification(db: Db, n: NewNotification): Promise<number> {
  const lang = n.lang ?? 'ko';
  const { subject, body } = render(n.template, lang, n.params);
  return insertNotification(db, {
    channel: n.channel,
    recipient: n.to.slice(0, 200),
    template: n.template,
    lang,
    subject: subject.slice(0, 300),
    body,
    sensitive: isSensitive(n.template) ? 'Y' : 'N',
    refEntity: n.ref?.entity ?? null,
    refKey: n.ref?.key ?? null,
  });
}

/**
 * An e-mail to a staff member named by single id (approvers, requesters) in the language they
 * chose (user preference "language", Korean by default). No e-mail address → nothing is
 * recorded (the action itself never depends on a notice); answers whether one was.
 */
export async function notifyEmployee(
  db: Db,
  singleid: string,
  template: TemplateId,
  params: (lang: Lang) => TemplateParams,
  ref?: NewNotification['ref'],
): Promise<boolean> {
  const person = await employeeAddress(db, singleid);
  const to = person?.userEmail ?? person?.employeeEmail;
  if (!person || !to) return false;
  const lang = person.userId ? await preferredLang(db, person.userId) : 'ko';
  await enqueueNotification(db, { channel: 'EMAIL', to, template, lang, params: params(lang), ref });
  return true;
}

export async function preferredLang(db: Db, userId: string): Promise<Lang> {
  const pref = await languagePref(db, userId);
  const value = typeof pref?.value === 'string' ? pref.value : '';
  return value.toLowerCase().startsWith('en') ? 'en' : 'ko';
}

/** Seconds before attempt n+1 after n failed ones: backoff × 2^(n-1), at most a day. */
export function retryDelaySec(backoffSec: number, failedAttempts: number): number {
  return Math.min(86400, backoffSec * 2 ** Math.max(0, failedAttempts - 1));
}

/** How long a claimed message is left alone by other runs while it is being sent. */
const LEASE_SEC = 120;
const BATCH = 50;

/**
 * The transport for a channel: SMTP and the SMS gateway when configured; otherwise the
 * product's base sender (the development outbox, or in production the sender that refuses),
 * so a message is never marked sent when it went nowhere.
 */
function transportFor(
  channel: Channel,
  config: Config,
  log: FastifyBaseLogger,
  db: Db,
  cache: Map<Channel, Transport>,
): Transport {
  const known = cache.get(channel);
  if (known) return known;
  let transport: Transport;
  if (channel === 'EMAIL' && config.smtp) transport = createMailTransport(config.smtp);
  else if (channel === 'SMS' && config.smsGateway) transport = createSmsTransport(config.smsGateway);
  else {
    const base: Sender = createSender(config, log);
    transport = {
      name: base.name,
      send: (m) => base.send(db, { to: m.to, channel, text: `${m.subject}\n${m.body}` }),
      close: () => undefined,
    };
  }
  cache.set(channel, transport);
  return transport;
}

export interface DeliveryContext {
  db: Db;
  log: FastifyBaseLogger;
  config: Config;
  now: Date;
  /** Only this message (the sender's immediate attempt); otherwise every due one. */
  onlyId?: number;
  /** Counts each attempt by channel and outcome (gpms_notification_deliveries_total). */
  metrics?: Metrics;
}

/**
 * Delivers the due messages: each is claimed (attempts + 1, lease) by a conditional update so
 * two runs never send it twice, then sent; success → SENT; failure → retried after the backoff,
 * FAILED after NOTIFY_MAX_ATTEMPTS. One-time codes are blanked once finished.
 */
export async function deliverDue(ctx: DeliveryContext): Promise<{ sent: number; retried: number; failed: number }> {
  const { db, config, log, now } = ctx;
  const due = await dueNotifications(db, now, ctx.onlyId, BATCH);
  const cache = new Map<Channel, Transport>();
  const counts = { sent: 0, retried: 0, failed: 0 };
  try {
    for (const m of due) {
      const attempts = m.attempts + 1;
      if (!(await claimNotification(db, m.id, m.attempts, new Date(now.getTime() + LEASE_SEC * 1000)))) continue;
      const redact = isSensitive(m.template as never) ? { body: '(삭제됨: 일회용 인증번호)' } : {};
      try {
        await transportFor(m.channel, config, log, db, cache).send({
          to: m.recipient,
          subject: m.subject,
          body: m.body,
        });
        // real time: delivery attempts and backoff run on the real time
        await updateNotification(db, m.id, { state: 'SENT', sentAt: new Date(), lastError: null, ...redact });
        counts.sent++;
        ctx.metrics?.notification(m.channel, 'sent');
      } catch (err) {
        const error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
        const last = attempts >= config.notify.maxAttempts;
        log.warn(
          { notification: m.id, attempts, error },
          last ? 'notification failed after the last attempt' : 'notification attempt failed: retried later',
        );
        await updateNotification(
          db,
          m.id,
          last
            ? { state: 'FAILED', lastError: error, ...redact }
            : {
                lastError: error,
                nextAttemptAt: new Date(now.getTime() + retryDelaySec(config.notify.backoffSec, attempts) * 1000),
              },
        );
        if (last) counts.failed++;
        else counts.retried++;
        ctx.metrics?.notification(m.channel, last ? 'failed' : 'retried');
      }
    }
  } finally {
    for (const t of cache.values()) t.close();
  }
  return counts;
}
