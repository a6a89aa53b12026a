import type { Db } from '../../db/connect.js';

/** What the development sender wrote, newest first, to one recipient or all. */
export async function listDevOutbox(db: Db, filter: { to?: string; limit: number }) {
  let q = db
    .selectFrom('devOutbox')
    .select(['recipient', 'channel', 'text', 'code', 'at'])
    .orderBy('id', 'desc')
    .limit(filter.limit);
  if (filter.to) q = q.where('recipient', '=', filter.to);
  const rows = await q.execute();
  return rows.map((r) => ({ to: r.recipient, channel: r.channel, text: r.text, code: r.code, at: r.at }));
}
