import type { Db } from '../../db/connect.js';
import { writeAudit } from '../../db/audit.js';
import type { JobContext, JobDefinition } from '../../jobs/types.js';
import { FileStore } from '../files/storage.js';
import { deleteFileGroup } from '../../domain/documents.js';
import { lockExpiredDrafts, markDraftExpired } from './queries.js';
import { SYSTEM_JOB_ACTOR } from '../../../schemas/system-actor.js';

/** The actor recorded on what a job changes (as purchasing's jobs record it). */
const JOB_ACTOR = SYSTEM_JOB_ACTOR;
const EXPIRE_APPLICATIONS_JOB = 'supplierApply.expireDrafts';
/** At most this many drafts a run: the rest are due again on the next run. */
const BATCH = 500;

/**
 * Stores the expiry of every half-finished application past its seven days (the lists already
 * show them as EXPIRED; apply-public/ refuses them with APPLICATION_EXPIRED). One transaction: each
 * draft becomes EXPIRED with an audit row, and what it no longer needs is removed — its attachments
 * (file entries and group; the stored files are deleted after the commit, so a rolled-back run
 * deletes nothing), its pending one-time code and the bank account it gave. The secret's hash stays
 * so the applicant who comes back is told the draft expired rather than that it never existed.
 * The run is audited (`job_run`). Idempotent: an EXPIRED row is not touched again.
 */
async function expireApplicationDrafts(
  db: Db,
  store: FileStore,
  now: Date,
  actor = JOB_ACTOR,
): Promise<{ expired: string[]; filesRemoved: number }> {
  const { expired, storedNames } = await db.transaction().execute(async (trx) => {
    const due = await lockExpiredDrafts(trx, now, BATCH);
    const storedNames: string[] = [];
    for (const a of due) {
      await markDraftExpired(trx, a.receiptNo, a.version, now);
      let files: string[] = [];
      if (a.fileId) {
        files = await deleteFileGroup(trx, a.fileId);
        storedNames.push(...files);
      }
      await writeAudit(trx, {
        entity: 'supplier_application',
        entityKey: a.receiptNo,
        action: 'EXPIRE',
        actor,
        before: { status: a.status, step: a.step, expiresAt: a.expiresAt },
        after: { status: 'EXPIRED', filesRemoved: files.length },
      });
    }
    const expired = due.map((a) => a.receiptNo);
    await writeAudit(trx, {
      entity: 'job_run',
      entityKey: EXPIRE_APPLICATIONS_JOB,
      action: 'RUN',
      actor,
      after: { at: now.toISOString(), expired, filesRemoved: storedNames.length },
    });
    return { expired, storedNames };
  });
  await Promise.all(storedNames.map((name) => store.remove(name)));
  return { expired, filesRemoved: storedNames.length };
}

/** Supplier onboarding's time rule as a background job (server/jobs/registry.ts lists it). */
export const supplierJobs: JobDefinition[] = [
  {
    name: EXPIRE_APPLICATIONS_JOB,
    everySeconds: 3600,
    run: async (ctx: JobContext) => {
      const r = await expireApplicationDrafts(ctx.db, FileStore.of(ctx.config), ctx.now);
      return { expired: r.expired.length, filesRemoved: r.filesRemoved };
    },
  },
];
