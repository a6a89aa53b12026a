import type { Insertable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { FileEntryTable, LinkageIndexImportTable } from '../../../db/schema.generated.js';

/** The newest file of a group the caller uploaded and no document holds (the import's file, sent to the file API first). */
export const newestOwnUpload = (db: Db, fileId: string, userId: string) =>
  db
    .selectFrom('fileEntry as e')
    .innerJoin('fileGroup as g', 'g.fileId', 'e.fileId')
    .select(['e.originalName', 'e.storedName', 'e.mimeType'])
    .where('e.fileId', '=', fileId)
    .where('e.deletedAt', 'is', null)
    .where('g.createdBy', '=', userId)
    .where('g.docType', 'is', null)
    .orderBy('e.seq', 'desc')
    .limit(1)
    .executeTakeFirst();

/** Which of the codes are indexes (in use or not: a value may be entered for any, as by hand). */
export async function knownIndexCodes(db: Db, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db.selectFrom('linkageIndex').select('indexCode').where('indexCode', 'in', codes).execute();
  return new Set(rows.map((r) => r.indexCode));
}

export const indexesInUse = (db: Db) =>
  db
    .selectFrom('linkageIndex')
    .select(['indexCode', 'indexName', 'unit'])
    .where('useYn', '=', 'Y')
    .orderBy('indexCode')
    .execute();

/** A generated file (the template) kept as a group of one, its maker the caller: the screen's link downloads it. */
export async function insertFileOfOne(trx: Db, entry: Insertable<FileEntryTable>): Promise<void> {
  await trx.insertInto('fileGroup').values({ fileId: entry.fileId, createdBy: entry.createdBy }).execute();
  await trx.insertInto('fileEntry').values(entry).execute();
}

/** The import that wrote a file's values: it holds the file (files/owners.ts LINKAGE_INDEX_IMPORT). */
export async function insertImport(trx: Db, row: Insertable<LinkageIndexImportTable>): Promise<void> {
  await trx.insertInto('linkageIndexImport').values(row).execute();
}
