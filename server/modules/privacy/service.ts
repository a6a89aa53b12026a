import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { insertAccess, type AccessEntry } from './queries.js';

/** 개인정보의 안전성 확보조치 기준 제8조: access records are kept at least two years. */
export const RETENTION_YEARS = 2;

/**
 * Records one access on the unscoped database, in a statement of its own: the chain's lock is then
 * held for one insert, never for a business transaction, and a supplier's scoped connection is not
 * needed (the row names the supplier's company itself).
 */
export async function recordAccess(db: Db, entry: AccessEntry): Promise<void> {
  await insertAccess(db, entry);
}

/**
 * Removes the rows older than the retention period and records the purge as a row of the chain
 * (`through:<last removed seq>`), so a verification knows where the chain now starts. The database
 * refuses any delete that is not marked as a purge or that reaches a row younger than two years.
 */
export async function purgeExpired(db: Db): Promise<{ removed: number; through: number | null }> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('gpms.access_log_purge', 'on', true)`.execute(trx);
    // One statement answers the count and the last sequence number: a year of views can be millions of rows.
    const { rows } = await sql<{ n: number; through: number | null }>`
      with d as (delete from personal_data_access_log
                 where occurred_at < now() - make_interval(years => ${RETENTION_YEARS}) returning seq)
      select count(*) as n, max(seq) as through from d`.execute(trx);
    await sql`select set_config('gpms.access_log_purge', 'off', true)`.execute(trx);
    const removed = Number(rows[0]?.n ?? 0);
    if (removed === 0) return { removed: 0, through: null };
    const through = Number(rows[0].through);
    await insertAccess(trx, {
      actorId: 'system',
      actorPortal: 'S',
      actorCompNo: null,
      clientIp: null,
      action: 'PURGE',
      operation: 'privacy.purgeAccessLog',
      subjectKind: 'LOG',
      subjectKeys: [`through:${through}`],
      fields: [],
      rowCount: removed,
    });
    return { removed, through };
  });
}
