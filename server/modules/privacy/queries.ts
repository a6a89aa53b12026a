import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { asOwner } from '../../db/company-scope.js';

export interface AccessEntry {
  actorId: string;
  actorPortal: 'I' | 'X' | 'S';
  actorCompNo: string | null;
  clientIp: string | null;
  action: 'VIEW' | 'DOWNLOAD' | 'PURGE';
  operation: string;
  subjectKind: string;
  subjectKeys: string[];
  fields: string[];
  rowCount?: number;
  reasonCode?: string | null;
  reasonText?: string | null;
}

/** Keys beyond this are summarised: one list view never writes an unbounded row. */
const MAX_KEYS_TEXT = 4000;

function joinKeys(keys: string[]): string {
  const text = keys.join(',');
  if (text.length <= MAX_KEYS_TEXT) return text;
  const cut = text.lastIndexOf(',', MAX_KEYS_TEXT);
  const kept = text.slice(0, cut > 0 ? cut : MAX_KEYS_TEXT);
  return `${kept},…(+${keys.length - kept.split(',').length})`;
}

/** One row of the log; the insert trigger numbers, times and chains it: answers its number and hash. */
export async function insertAccess(db: Db, e: AccessEntry): Promise<{ seq: number; hash: string }> {
  const row = await asOwner(db)
    .insertInto('personalDataAccessLog')
    .values({
      actorId: e.actorId,
      actorPortal: e.actorPortal,
      actorCompNo: e.actorCompNo,
      clientIp: e.clientIp,
      action: e.action,
      operation: e.operation,
      subjectKind: e.subjectKind,
      subjectKeys: joinKeys(e.subjectKeys),
      fields: [...new Set(e.fields)].sort().join(','),
      rowCount: e.rowCount ?? Math.max(1, e.subjectKeys.length),
      reasonCode: e.reasonCode ?? null,
      reasonText: e.reasonText ?? null,
    })
    .returning(['seq', 'hash'])
    .executeTakeFirstOrThrow();
  return { seq: Number(row.seq), hash: row.hash };
}

export interface AccessLogFilter {
  from: string;
  to: string;
  actorId?: string;
  action?: string;
  subjectKind?: string;
  subjectKey?: string;
  page: number;
  size: number;
}

export async function listAccess(db: Db, f: AccessLogFilter) {
  let q = db
    .selectFrom('personalDataAccessLog as l')
    .leftJoin('appUser as u', 'u.userId', 'l.actorId')
    // The days are Korean calendar days, whatever the session's time zone.
    .where('l.occurredAt', '>=', sql<string>`(${f.from}::date)::timestamp at time zone 'Asia/Seoul'`)
    .where('l.occurredAt', '<', sql<string>`(${f.to}::date + 1)::timestamp at time zone 'Asia/Seoul'`);
  if (f.actorId) q = q.where('l.actorId', '=', f.actorId);
  if (f.action) q = q.where('l.action', '=', f.action as 'VIEW');
  if (f.subjectKind) q = q.where('l.subjectKind', '=', f.subjectKind);
  if (f.subjectKey)
    q = q.where(
      sql<boolean>`(',' || l.subject_keys || ',') like ${'%,' + f.subjectKey.replace(/[%_\\]/g, '\\$&') + ',%'}`,
    );
  const [rows, total] = await Promise.all([
    q
      .select([
        'l.seq',
        'l.occurredAt',
        'l.actorId',
        'u.hname as actorName',
        'l.actorPortal',
        'l.actorCompNo',
        'l.clientIp',
        'l.action',
        'l.operation',
        'l.subjectKind',
        'l.subjectKeys',
        'l.fields',
        'l.rowCount',
        'l.reasonCode',
        'l.reasonText',
        'l.hash',
      ])
      .orderBy('l.seq', 'desc')
      .limit(f.size)
      .offset((f.page - 1) * f.size)
      .execute(),
    q.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/**
 * Deletes the rows older than `years` under the purge mark the database's guard asks for (set and
 * cleared inside the caller's transaction); answers how many and the last sequence number removed.
 */
export async function deleteAccessOlderThan(
  trx: Db,
  years: number,
): Promise<{ removed: number; through: number | null }> {
  await sql`select set_config('gpms.access_log_purge', 'on', true)`.execute(trx);
  // One statement answers the count and the last sequence number: a year of views can be millions of rows.
  const { rows } = await sql<{ n: number; through: number | null }>`
    with d as (delete from personal_data_access_log
               where occurred_at < now() - make_interval(years => ${years}) returning seq)
    select count(*) as n, max(seq) as through from d`.execute(trx);
  await sql`select set_config('gpms.access_log_purge', 'off', true)`.execute(trx);
  const removed = Number(rows[0]?.n ?? 0);
  return { removed, through: removed === 0 ? null : Number(rows[0].through) };
}

/** Keeps the largest row count a personal-data list answered a session (migration 0541). */
export async function keepListAnswer(db: Db, sessionId: string, operation: string, rowCount: number): Promise<void> {
  await db
    .insertInto('privacyListAnswer')
    // real time: the access log records when data was really answered
    .values({ sessionId, operation, rowCount, answeredAt: new Date() })
    .onConflict((oc) =>
      oc.columns(['sessionId', 'operation']).doUpdateSet((eb) => ({
        rowCount: sql<number>`greatest(${eb.ref('privacyListAnswer.rowCount')}, ${eb.ref('excluded.rowCount')})`,
        answeredAt: eb.ref('excluded.answeredAt'),
      })),
    )
    .execute();
}

/** The largest row count the list answered the session, or null when it answered it nothing. */
export async function listAnswerOf(db: Db, sessionId: string, operation: string): Promise<number | null> {
  const row = await db
    .selectFrom('privacyListAnswer')
    .select('rowCount')
    .where('sessionId', '=', sessionId)
    .where('operation', '=', operation)
    .executeTakeFirst();
  return row ? Number(row.rowCount) : null;
}

/** The access log's last row (as its owner: the log is read past the company scope). */
export function accessLogHead(db: Db) {
  return asOwner(db)
    .selectFrom('personalDataAccessLog')
    .select(['seq', 'hash'])
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The last purge recorded in the access log (its subject keys say through which row). */
export function lastPurge(db: Db) {
  return db
    .selectFrom('personalDataAccessLog')
    .select('subjectKeys')
    .where('action', '=', 'PURGE')
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Up to `limit` rows of the access log after `seq`, in order. */
export function accessLogAfter(db: Db, seq: number, limit: number) {
  return db
    .selectFrom('personalDataAccessLog')
    .selectAll()
    .where('seq', '>', seq)
    .orderBy('seq')
    .limit(limit)
    .execute();
}
