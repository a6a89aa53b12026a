import { currentScreenMark } from '../http/studio-marks.js';
import { asOwner } from './company-scope.js';
import type { Db } from './connect.js';

export interface AuditEntry {
  entity: string;
  entityKey: string;
  action: string;
  actor: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** The log's row of an entry, as both drivers store it. */
function auditRow(e: AuditEntry, viaScreen: string | null) {
  return {
    entity: e.entity,
    entityKey: e.entityKey,
    action: e.action,
    actor: e.actor,
    // Serialised here so both drivers store the same JSON (dates as ISO strings).
    beforeData: e.before === undefined ? null : JSON.stringify(e.before),
    afterData: e.after === undefined ? null : JSON.stringify(e.after),
    reason: e.reason ?? null,
    viaScreen,
  };
}

/**
 * One audit row per change, written in the same transaction as the change (pass the trx). A write
 * made from a stored screen records the screen and version (`studio.<name>@v<N>`) beside the actor.
 */
export async function writeAudit(db: Db, e: AuditEntry): Promise<void> {
  // As the owner, in the same transaction: the log has no company column and no policy, so a supplier's
  // change is recorded without its connection reading or writing it (migration 0970 took the supplier role's
  // grant away: docs/security.md).
  await asOwner(db).insertInto('auditLog').values(auditRow(e, currentScreenMark())).execute();
}

const AUDIT_BATCH = 500;

/**
 * The rows of many changes made at once (a file of index values), each as writeAudit writes it, a few hundred a
 * statement: one statement a row kept a 2,000-row import's transaction on PGlite's one connection for seconds.
 */
export async function writeAudits(db: Db, entries: readonly AuditEntry[]): Promise<void> {
  const viaScreen = currentScreenMark();
  for (let i = 0; i < entries.length; i += AUDIT_BATCH)
    await asOwner(db)
      .insertInto('auditLog')
      .values(entries.slice(i, i + AUDIT_BATCH).map((e) => auditRow(e, viaScreen)))
      .execute();
}
