import { FileStore } from './storage.js';
import { documentsHolding } from './owners.js';
import { bindGroup, unboundGroupsBefore } from './queries.js';
import { deleteFileGroup } from '../../domain/documents.js';
import type { JobContext, JobDefinition } from '../../jobs/types.js';

/** An upload no document took within this time is removed (the user abandoned the form). */
const ORPHAN_AFTER_HOURS = 24;

/**
 * Orphan uploads expire. A group older than ORPHAN_AFTER_HOURS that no registered
 * document holds is deleted with its entries and stored files; one a document now holds is marked
 * bound instead. The delete is guarded by the database too: a group still referenced by a table the
 * registry does not know (a foreign key) is kept. Idempotent.
 */
export async function expireOrphanFiles(ctx: JobContext): Promise<{ expired: number; bound: number; kept: number }> {
  const cutoff = new Date(ctx.now.getTime() - ORPHAN_AFTER_HOURS * 3600_000);
  const store = FileStore.of(ctx.config);
  const candidates = await unboundGroupsBefore(ctx.db, cutoff);
  let expired = 0;
  let bound = 0;
  let kept = 0;
  for (const fileId of candidates) {
    const holders = await documentsHolding(ctx.db, fileId);
    if (holders.length > 0) {
      await bindGroup(ctx.db, fileId, ctx.now, holders[0]);
      bound++;
      continue;
    }
    try {
      const stored = await ctx.db.transaction().execute((trx) => deleteFileGroup(trx, fileId));
      await Promise.all(stored.map((name) => store.remove(name)));
      expired++;
    } catch (err) {
      // 23503: still referenced by a table outside the registry: not an orphan.
      if ((err as { code?: string }).code !== '23503') throw err;
      ctx.log.warn(
        { fileId },
        'file group referenced by a table missing from the file-owner registry (server/modules/files/owners.ts)',
      );
      kept++;
    }
  }
  return { expired, bound, kept };
}

export const filesJobs: JobDefinition[] = [
  { name: 'files.expireOrphans', everySeconds: 3600, run: (ctx) => expireOrphanFiles(ctx) },
];
