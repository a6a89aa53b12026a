import { sql, type Updateable } from 'kysely';
import type { ExportJobTable } from '../../db/schema.generated.js';
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
    .select([
      sql<string>`count(*) filter (where lease_until > now())`.as('running'),
      sql<string>`count(*) filter (where lease_until <= now())`.as('queued'),
    ])
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
export async function claimWaitingExport(
  db: Db,
  serverId: string,
  now: Date,
  maxRestarts: number,
): Promise<ClaimedExport | undefined> {
  const waiting = db
    .selectFrom('exportJob')
    .select('exportId')
    .where('status', '=', 'RUNNING')
    .where('leaseUntil', '<=', now.toISOString())
    .where('restarts', '<', maxRestarts)
    .where(sql<boolean>`request ? 'columns'`)
    .orderBy('createdAt')
    .limit(1);
  return db
    .updateTable('exportJob')
    .set((eb) => ({
      serverId,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      rowsDone: 0,
      restarts: eb('restarts', '+', 1),
    }))
    .where('exportId', '=', (eb) => eb.selectFrom(waiting.as('w')).select('w.exportId'))
    .where('leaseUntil', '<=', now.toISOString())
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
    .where('leaseUntil', '<', now.toISOString())
    .where((eb) => eb.or([eb('restarts', '>=', maxRestarts), sql<boolean>`not (request ? 'columns')`]))
    .returning('exportId')
    .execute();
  return rows.map((r) => r.exportId);
}

const EXPORT_COLUMNS = [
  'exportId',
  'status',
  'rowsTotal',
  'rowsDone',
  'sheetName',
  'bytes',
  'error',
  'createdAt',
  'finishedAt',
] as const;

export type ExportRow = {
  exportId: string;
  status: 'RUNNING' | 'DONE' | 'FAILED' | 'CANCELLED';
  rowsTotal: number;
  rowsDone: number;
  sheetName: string;
  bytes: string | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
};

/** Exports a user has running (any server). */
export async function runningExportsOf(db: Db, userId: string): Promise<number> {
  const { n } = await db
    .selectFrom('exportJob')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('userId', '=', userId)
    .where('status', '=', 'RUNNING')
    .executeTakeFirstOrThrow();
  return Number(n);
}

export interface NewExport {
  exportId: string;
  userId: string;
  sessionId: string;
  operationId: string;
  /** Everything needed to write it again on another server (exports.resume). */
  request: unknown;
  sheetName: string;
  rowsTotal: number;
  serverId: string;
  leaseUntil: Date;
}

export async function insertExport(db: Db, e: NewExport): Promise<ExportRow> {
  const row = await db
    .insertInto('exportJob')
    .values({ ...e, request: JSON.stringify(e.request), status: 'RUNNING' })
    .returning(EXPORT_COLUMNS)
    .executeTakeFirstOrThrow();
  return row as ExportRow;
}

/** One export of its owner; undefined for anyone else's. */
export async function ownExport(db: Db, exportId: string, userId: string): Promise<ExportRow | undefined> {
  const row = await db
    .selectFrom('exportJob')
    .select(EXPORT_COLUMNS)
    .where('exportId', '=', exportId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return row as ExportRow | undefined;
}

/** Asks the server that runs the export to stop it (seen after its current page). */
export async function requestCancel(db: Db, exportId: string): Promise<void> {
  await db
    .updateTable('exportJob')
    .set({ cancelRequested: true })
    .where('exportId', '=', exportId)
    .where('status', '=', 'RUNNING')
    .execute();
}

/** Who the owner of a taken-up export is now (group and company may have changed). */
export function exportOwner(db: Db, userId: string) {
  return db
    .selectFrom('appUser')
    .select(['portal', 'authGroupId', 'compNo'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** Finished exports older than the given hours go; their ids, for their files. */
export async function deleteOldExports(db: Db, now: Date, hours: number): Promise<string[]> {
  const rows = await db
    .deleteFrom('exportJob')
    .where('createdAt', '<', sql<string>`${now}::timestamptz - make_interval(hours => ${hours})`)
    .where('status', '!=', 'RUNNING')
    .returning('exportId')
    .execute();
  return rows.map((r) => r.exportId);
}

/** The rows written so far and a longer lease; answers whether the export was asked to stop (no row: gone). */
export function recordExportProgress(
  db: Db,
  exportId: string,
  values: { rowsDone: number; rowsTotal: number; leaseUntil: Date },
) {
  return db
    .updateTable('exportJob')
    .set(values)
    .where('exportId', '=', exportId)
    .returning(['cancelRequested'])
    .executeTakeFirst();
}

export async function updateExport(db: Db, exportId: string, values: Updateable<ExportJobTable>): Promise<void> {
  await db.updateTable('exportJob').set(values).where('exportId', '=', exportId).execute();
}
