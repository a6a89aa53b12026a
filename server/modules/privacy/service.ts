import type { Db } from '../../db/connect.js';
import { writeAnchor } from './anchor.js';
import { deleteAccessOlderThan, insertAccess, type AccessEntry } from './queries.js';

/** 개인정보의 안전성 확보조치 기준 제8조: access records are kept at least two years. */
const RETENTION_YEARS = 2;

/**
 * Records one access on the unscoped database, in a statement of its own: the chain's lock is then
 * held for one insert, never for a business transaction, and a supplier's scoped connection is not
 * needed (the row names the supplier's company itself). With `anchorFile` (ACCESS_LOG_ANCHOR; only
 * outside a transaction, when the row is committed) the new head is written there at once; a row
 * written in a transaction is anchored by the `privacy.anchorAccessLog` job. An anchor that cannot be
 * written fails the request: the data is not answered without its record being safe.
 */
export async function recordAccess(db: Db, entry: AccessEntry, anchorFile: string | null = null): Promise<void> {
  const head = await insertAccess(db, entry);
  if (anchorFile && !db.isTransaction) await writeAnchor(anchorFile, head);
}

/**
 * Removes the rows older than the retention period and records the purge as a row of the chain
 * (`through:<last removed seq>`), so a verification knows where the chain now starts. The database
 * refuses any delete that is not marked as a purge or that reaches a row younger than two years.
 */
export async function purgeExpired(db: Db): Promise<{ removed: number; through: number | null }> {
  return db.transaction().execute(async (trx) => {
    const { removed, through } = await deleteAccessOlderThan(trx, RETENTION_YEARS);
    if (removed === 0 || through === null) return { removed: 0, through: null };
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
