import type { Db } from '../../db/connect.js';

/** The messages recorded for sending, newest first; bodies are not read (one-time codes must not show). */
export async function listNotificationRows(db: Db, filter: { state?: 'PENDING' | 'SENT' | 'FAILED'; recipient?: string; size: number }) {
  let query = db
    .selectFrom('notification')
    .select(['id', 'channel', 'recipient', 'template', 'lang', 'subject', 'state', 'attempts', 'lastError', 'refEntity', 'refKey', 'createdAt', 'sentAt']);
  if (filter.state) query = query.where('state', '=', filter.state);
  if (filter.recipient) query = query.where('recipient', '=', filter.recipient);
  const rows = await query.orderBy('id', 'desc').limit(filter.size).execute();
  return rows.map((r) => ({ ...r, id: Number(r.id), createdAt: r.createdAt, sentAt: r.sentAt ? r.sentAt : null }));
}

/** One message's state, locked until the transaction ends. */
export function lockNotification(trx: Db, id: number) {
  return trx.selectFrom('notification').select(['state', 'sensitive', 'attempts']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Queued again: attempts start over, due now. */
export function requeueNotification(trx: Db, id: number) {
  return trx.updateTable('notification').set({ state: 'PENDING', attempts: 0, nextAttemptAt: new Date(), lastError: null }).where('id', '=', id).execute();
}
