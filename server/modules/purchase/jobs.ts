import type { Db } from '../../db/connect.js';
import { writeAudit } from '../../db/audit.js';
import type { JobDefinition } from '../../jobs/types.js';
import { LOI_MACHINE } from './loi/workflow.js';
import { transition } from '../../domain/machine.js';
import { todayKst } from '../../domain/dates.js';

/** The actor recorded on what a job changes (audit rows name it). */
export const JOB_ACTOR = 'system:job';

/**
 * Stores the expiry of every issued LOI past its validity (lists already show them as expired):
 * one transaction, an audit row per LOI and one for the run. The admin operation expireLois runs
 * the same code on demand.
 */
export async function expireOverdueLois(db: Db, now: Date, actor = JOB_ACTOR): Promise<string[]> {
  const today = todayKst(now);
  return db.transaction().execute(async (trx) => {
    const due = await trx.selectFrom('loi').select(['loiNo', 'status', 'version']).where('status', '=', 'ISSUED').where('validUntil', '<', today).orderBy('loiNo').forUpdate().execute();
    for (const l of due) {
      const status = transition(LOI_MACHINE, 'expire', l.status);
      await trx.updateTable('loi').set({ status, expiredAt: now, version: l.version + 1, updatedAt: now }).where('loiNo', '=', l.loiNo).execute();
      await writeAudit(trx, { entity: 'loi', entityKey: l.loiNo, action: 'EXPIRE', actor, before: { status: l.status }, after: { status } });
    }
    await writeAudit(trx, { entity: 'job_run', entityKey: 'loi.expireOverdue', action: 'RUN', actor, after: { at: now.toISOString(), today, expired: due.map((l) => l.loiNo) } });
    return due.map((l) => l.loiNo);
  });
}

/**
 * Closes open quotation requests whose deadline has passed to quotations: a supplier that had
 * not submitted can no longer (its quotation is marked not selected), and the request records
 * when it closed. The buyer compares and selects as before. Idempotent: a closed request is not
 * touched again.
 */
export async function closeRfqsPastDeadline(db: Db, now: Date, actor = JOB_ACTOR): Promise<{ closed: string[]; lapsedQuotations: number }> {
  return db.transaction().execute(async (trx) => {
    const due = await trx.selectFrom('rfqHeader').select(['rfqNo', 'version']).where('status', '=', 'OPEN').where('closedAt', 'is', null).where('deadline', '<', now).orderBy('rfqNo').forUpdate().execute();
    let lapsedQuotations = 0;
    for (const r of due) {
      const lapsed = await trx
        .updateTable('quotation')
        .set({ status: 'NOT_SELECTED', decidedAt: now })
        .where('rfqNo', '=', r.rfqNo)
        .where('status', 'in', ['REQUESTED', 'CHECKED'])
        .returning(['compNo'])
        .execute();
      lapsedQuotations += lapsed.length;
      await trx.updateTable('rfqHeader').set({ closedAt: now, version: r.version + 1, updatedAt: now }).where('rfqNo', '=', r.rfqNo).execute();
      await writeAudit(trx, { entity: 'rfq_header', entityKey: r.rfqNo, action: 'DEADLINE_CLOSED', actor, after: { closedAt: now.toISOString(), notSubmitted: lapsed.map((q) => q.compNo) } });
    }
    await writeAudit(trx, { entity: 'job_run', entityKey: 'rfq.closePastDeadline', action: 'RUN', actor, after: { at: now.toISOString(), closed: due.map((r) => r.rfqNo), lapsedQuotations } });
    return { closed: due.map((r) => r.rfqNo), lapsedQuotations };
  });
}

/** Purchasing's time rules as background jobs (server/jobs/registry.ts lists them). */
export const purchaseJobs: JobDefinition[] = [
  {
    name: 'loi.expireOverdue',
    everySeconds: 3600,
    run: async (ctx) => ({ expired: (await expireOverdueLois(ctx.db, ctx.now)).length }),
  },
  {
    name: 'rfq.closePastDeadline',
    everySeconds: 600,
    run: async (ctx) => {
      const r = await closeRfqsPastDeadline(ctx.db, ctx.now);
      return { closed: r.closed.length, lapsedQuotations: r.lapsedQuotations };
    },
  },
];
