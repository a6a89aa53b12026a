import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { LEASE_MS } from './run.js';

/**
 * An export is RUNNING from its start to its end; while a server works on it that server renews
 * `lease_until`. A RUNNING export whose lease has passed is waiting for a server: its own stopped
 * (released the lease on the way down, or died and let it run out) and another takes it up.
 */

/** Exports at work and waiting across every server (the metrics' export queue). */
export async function exportQueueCounts(db: Db): Promise<{ running: number; queued: number }> {
  const row = await db
    .selectFrom('exportJob')
    .select([sql<string>`count(*) filter (where lease_until > now())`.as('running'), sql<string>`count(*) filter (where lease_until <= now())`.as('queued')])
    .where('status', '=', 'RUNNING')
    .executeTakeFirstOrThrow();
  return { running: Number(row.running), queued: Number(row.queued) };
}

/** A stopping server gives the export back: its lease ends now and its progress starts again. */
export async function releaseExport(db: Db, exportId: string, serverId: string): Promise<void> {
  await db
    .updateTable('exportJob')
    .set({ leaseUntil: sql<Date>`now()`, rowsDone: 0 })
    .where('exportId', '=', exportId)
    .where('status', '=', 'RUNNING')
    .where('serverId', '=', serverId)
    .execute();
}

export interface ClaimedExport {
  exportId: string;
  userId: string;
  sessionId: string;
  request: unknown;
  sheetName: string;
}

/**
 * Takes one waiting export for this server (one conditional UPDATE: two servers never take the
 * same one), oldest first; undefined when none waits. Exports stored without their columns
 * (written before 0320) cannot be started again and are left to exports.sweep.
 */
export async function claimWaitingExport(db: Db, serverId: string, now: Date, maxRestarts: number): Promise<ClaimedExport | undefined> {
  const waiting = db
    .selectFrom('exportJob')
    .select('exportId')
    .where('status', '=', 'RUNNING')
    .where('leaseUntil', '<=', now)
    .where('restarts', '<', maxRestarts)
    .where(sql<boolean>`request ? 'columns'`)
    .orderBy('createdAt')
    .limit(1);
  return db
    .updateTable('exportJob')
    .set((eb) => ({ serverId, leaseUntil: new Date(now.getTime() + LEASE_MS), rowsDone: 0, restarts: eb('restarts', '+', 1) }))
    .where('exportId', '=', (eb) => eb.selectFrom(waiting.as('w')).select('w.exportId'))
    .where('leaseUntil', '<=', now)
    .where('status', '=', 'RUNNING')
    .returning(['exportId', 'userId', 'sessionId', 'request', 'sheetName'])
    .executeTakeFirst();
}

/** Waiting exports no server can start again (restarts used up, or stored without columns): FAILED. */
export async function failAbandonedExports(db: Db, now: Date, maxRestarts: number, error: string): Promise<string[]> {
  const rows = await db
    .updateTable('exportJob')
    .set({ status: 'FAILED', error, finishedAt: now })
    .where('status', '=', 'RUNNING')
    .where('leaseUntil', '<', now)
    .where((eb) => eb.or([eb('restarts', '>=', maxRestarts), sql<boolean>`not (request ? 'columns')`]))
    .returning('exportId')
    .execute();
  return rows.map((r) => r.exportId);
}
