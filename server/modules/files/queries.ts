import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/connect.js';
import type { FileEntryTable } from '../../db/schema.generated.js';
import { asOwner } from '../../db/company-scope.js';
import type { CompanyRule, FileOwnerType } from './owners.js';

/** The files of a group still in it, in order. */
export function groupEntries(db: Db, fileId: string) {
  return db
    .selectFrom('fileEntry')
    .select(['fileId', 'seq', 'originalName', 'sizeBytes', 'mimeType', 'createdAt', 'storedName'])
    .where('fileId', '=', fileId)
    .where('deletedAt', 'is', null)
    .orderBy('seq')
    .execute();
}

export type FileEntryRow = Awaited<ReturnType<typeof groupEntries>>[number];

/** A group with who made it and the document that holds it, for the access check. */
export function findGroup(db: Db, fileId: string) {
  return db
    .selectFrom('fileGroup')
    .select(['fileId', 'createdBy', 'compNo', 'docType', 'docNo'])
    .where('fileId', '=', fileId)
    .executeTakeFirst();
}

export async function insertGroup(
  db: Db,
  g: {
    fileId: string;
    createdBy: string;
    compNo: string | null;
    docType: string | null;
    docNo: string | null;
    boundAt: Date | null;
  },
): Promise<void> {
  await db.insertInto('fileGroup').values(g).execute();
}

/** The highest file number of a group (0 for none). */
export async function lastSeq(db: Db, fileId: string): Promise<number> {
  const last = await db
    .selectFrom('fileEntry')
    .select((eb) => eb.fn.max('seq').as('maxSeq'))
    .where('fileId', '=', fileId)
    .executeTakeFirst();
  return Number(last?.maxSeq ?? 0);
}

export async function insertEntries(db: Db, entries: Array<Insertable<FileEntryTable>>): Promise<void> {
  await db.insertInto('fileEntry').values(entries).execute();
}

/** Marks one file of a group deleted; false when there was none to delete. */
export async function markEntryDeleted(db: Db, fileId: string, seq: number): Promise<boolean> {
  const result = await db
    .updateTable('fileEntry')
    // real time: a soft-delete stamp of an upload (technical)
    .set({ deletedAt: new Date() })
    .where('fileId', '=', fileId)
    .where('seq', '=', seq)
    .where('deletedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Groups no document took before the cutoff, oldest first, 1,000 at a time. */
export async function unboundGroupsBefore(db: Db, cutoff: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('fileGroup')
    .select(['fileId'])
    .where('boundAt', 'is', null)
    .where('createdAt', '<', cutoff.toISOString())
    .orderBy('createdAt')
    .limit(1000)
    .execute();
  return rows.map((r) => r.fileId);
}

/** Records the document that holds a group. */
export async function bindGroup(
  db: Db,
  fileId: string,
  now: Date,
  holder: { docType: string; docNo: string },
): Promise<void> {
  await db
    .updateTable('fileGroup')
    .set({ boundAt: now, docType: holder.docType, docNo: holder.docNo })
    .where('fileId', '=', fileId)
    .execute();
}

/** The files and bytes a user has uploaded that no document has taken yet (groups not bound). */
export async function orphanUsage(db: Db, userId: string): Promise<{ files: number; bytes: number }> {
  const row = await db
    .selectFrom('fileGroup as g')
    .innerJoin('fileEntry as e', 'e.fileId', 'g.fileId')
    .select((eb) => [
      eb.fn.countAll<string>().as('files'),
      eb.fn.coalesce(eb.fn.sum<string>('e.sizeBytes'), eb.val('0')).as('bytes'),
    ])
    .where('g.createdBy', '=', userId)
    .where('g.boundAt', 'is', null)
    .where('e.deletedAt', 'is', null)
    .executeTakeFirst();
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** The user's groups not yet marked bound, newest first (at most 1,000). */
export async function unboundGroupsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('fileGroup')
    .select('fileId')
    .where('createdBy', '=', userId)
    .where('boundAt', 'is', null)
    .orderBy('createdAt', 'desc')
    .limit(1000)
    .execute();
  return rows.map((r) => r.fileId);
}

/** Whether a document has taken the group (it no longer counts against its uploader's quota). */
export async function groupIsBound(db: Db, fileId: string): Promise<boolean> {
  const row = await db.selectFrom('fileGroup').select('boundAt').where('fileId', '=', fileId).executeTakeFirst();
  return row?.boundAt != null;
}

/** One upload of a user at a time in this transaction: two at once cannot both fit in the quota's last room. */
export async function lockUploadQuota(trx: Db, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`upload-quota:${userId}`}))`.execute(trx);
}

/* ----------------- the documents that hold a file group (owners.ts's registry) ----------------- */

/** Every document of the registered types whose file column holds `fileId`: one round trip over every table (each file column has an index, migration 0130). */
export async function documentRowsHolding(db: Db, types: readonly FileOwnerType[], fileId: string) {
  const parts = types.map((t) => {
    const compExpr = t.company.kind === 'column' ? sql`${sql.ref(`d.${t.company.column}`)}::text` : sql`null::text`;
    return sql`select ${t.docType}::text as "docType", ${sql.ref(`d.${t.keyColumn}`)}::text as "docNo", ${compExpr} as "compNo" from ${sql.table(t.table)} d where ${sql.ref(`d.${t.fileColumn}`)} = ${fileId}`;
  });
  return (
    await sql<{ docType: string; docNo: string; compNo: string | null }>`${sql.join(parts, sql` union all `)}`.execute(
      asOwner(db),
    )
  ).rows;
}

/** Whether the document exists with its `column` holding one of `values`. */
export async function documentHas(
  db: Db,
  t: FileOwnerType,
  docNo: string,
  column: string,
  values: readonly string[],
): Promise<boolean> {
  const rows = await sql<{
    n: number;
  }>`select count(*)::integer as n from ${sql.table(t.table)} d where ${sql.ref(`d.${t.keyColumn}`)}::text = ${docNo} and ${sql.ref(`d.${column}`)} in (${sql.join(values)})`.execute(
    asOwner(db),
  );
  return Number(rows.rows[0]?.n ?? 0) > 0;
}

/** The companies a link table names for the document. */
export async function linkTableCompanies(
  db: Db,
  link: Extract<CompanyRule, { kind: 'link' }>,
  docNo: string,
): Promise<string[]> {
  const rows = await sql<{
    compNo: string;
  }>`select distinct ${sql.ref(link.compColumn)} as "compNo" from ${sql.table(link.table)} where ${sql.ref(link.docColumn)} = ${docNo}`.execute(
    asOwner(db),
  );
  return rows.rows.map((r) => r.compNo);
}

/** The document's rows (none: no such document), each with its company column's value (null when it has none). */
export async function documentCompanyRows(db: Db, t: FileOwnerType, docNo: string) {
  const compExpr = t.company.kind === 'column' ? sql.ref(`d.${t.company.column}`) : sql`null`;
  return (
    await sql<{
      compNo: string | null;
    }>`select ${compExpr} as "compNo" from ${sql.table(t.table)} d where ${sql.ref(`d.${t.keyColumn}`)} = ${docNo}`.execute(
      asOwner(db),
    )
  ).rows;
}

export function fileGroupHead(db: Db, fileId: string) {
  return db
    .selectFrom('fileGroup')
    .select(['fileId', 'createdBy', 'docType', 'docNo'])
    .where('fileId', '=', fileId)
    .executeTakeFirst();
}
