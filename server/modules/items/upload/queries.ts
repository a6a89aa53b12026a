import type { Insertable, Updateable } from 'kysely';
import type { Static } from 'typebox';
import type { Db } from '../../../db/connect.js';
import type { FileEntryTable, ItemUploadBatchTable } from '../../../db/schema.generated.js';
import { pageWindow, parseSort } from '../../../http/list-query.js';
import type { ListQuery, RowQuery } from './schemas.js';

/** The batch with the name of who uploaded it. */
export const batchWithCreator = (db: Db, batchId: string) =>
  db.selectFrom('itemUploadBatch as b').leftJoin('appUser as u', 'u.userId', 'b.createdBy').selectAll('b').select('u.hname as createdByName').where('b.batchId', '=', batchId).executeTakeFirst();

/** The newest batch uploaded to correct this one, if any. */
export const replacingBatch = (db: Db, batchId: string) => db.selectFrom('itemUploadBatch').select('batchId').where('replaces', '=', batchId).orderBy('batchId', 'desc').limit(1).executeTakeFirst();

/** The ids of one page of batches, and the count of all. */
export async function listBatchIds(db: Db, q: Static<typeof ListQuery>) {
  let s = db.selectFrom('itemUploadBatch');
  if (q.status) s = s.where('status', '=', q.status as 'CHECKED');
  if (q.fileName?.trim()) s = s.where('fileName', 'ilike', `%${q.fileName.trim()}%`);
  const total = await s.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const sort = parseSort(q.sort, { field: 'batchId', direction: 'desc' });
  const { limit, offset } = pageWindow(q);
  const ids = await s.select('batchId').orderBy(sort.field, sort.direction).orderBy('batchId', 'desc').limit(limit).offset(offset).execute();
  return { ids: ids.map((r) => r.batchId), total: Number(total.n) };
}

/** One page of a batch's rows, and the count of all. */
export async function listUploadRows(db: Db, batchId: string, q: Static<typeof RowQuery>) {
  let s = db.selectFrom('itemUploadRow').where('batchId', '=', batchId);
  if (q.result) s = s.where('result', '=', q.result as 'ERROR');
  const total = await s.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const sort = parseSort(q.sort, { field: 'rowNo', direction: 'asc' });
  const { limit, offset } = pageWindow(q);
  const rows = await s.select(['rowNo', 'result', 'itemCode', 'data', 'errors']).orderBy(sort.field, sort.direction).orderBy('rowNo').limit(limit).offset(offset).execute();
  return { rows, total: Number(total.n) };
}

export const errorRows = (db: Db, batchId: string) => db.selectFrom('itemUploadRow').select(['rowNo', 'data', 'errors']).where('batchId', '=', batchId).where('result', '=', 'ERROR').orderBy('rowNo').execute();

/** A file group of one file. */
export async function insertFileOfOne(trx: Db, entry: Insertable<FileEntryTable>): Promise<void> {
  await trx.insertInto('fileGroup').values({ fileId: entry.fileId, createdBy: entry.createdBy }).execute();
  await trx.insertInto('fileEntry').values(entry).execute();
}

/** The newest file of a group still there. */
export const newestFile = (db: Db, fileId: string) =>
  db.selectFrom('fileEntry').select(['originalName', 'storedName', 'mimeType']).where('fileId', '=', fileId).where('deletedAt', 'is', null).orderBy('seq', 'desc').limit(1).executeTakeFirst();

export const lockBatch = (trx: Db, batchId: string) => trx.selectFrom('itemUploadBatch').select(['status', 'version', 'countNew', 'countUpdate']).where('batchId', '=', batchId).forUpdate().executeTakeFirst();

export const updateBatch = (db: Db, batchId: string, set: Updateable<ItemUploadBatchTable>) => db.updateTable('itemUploadBatch').set(set).where('batchId', '=', batchId).execute();

export const insertBatch = (trx: Db, row: Insertable<ItemUploadBatchTable>) => trx.insertInto('itemUploadBatch').values(row).execute();

/** An apply that failed leaves the batch CHECKED with the reason (nothing was applied). */
export const markApplyFailed = (db: Db, batchId: string, failMessage: string) =>
  db.updateTable('itemUploadBatch').set((eb) => ({ status: 'CHECKED' as const, failCode: 'UPLOAD_APPLY_FAILED', failMessage, version: eb('version', '+', 1) }))
    .where('batchId', '=', batchId).where('status', '=', 'APPLYING').execute();

/** Batches still being read since before `stale` fail: upload again. */
export const failStaleReads = (db: Db, stale: Date) =>
  db.updateTable('itemUploadBatch').set((eb) => ({ status: 'FAILED' as const, failCode: 'UPLOAD_INTERRUPTED', failMessage: '서버가 파일을 읽는 중에 중단되었습니다. 다시 올리세요', version: eb('version', '+', 1) }))
    .where('status', 'in', ['RECEIVED', 'PARSING']).where('createdAt', '<', stale.toISOString()).executeTakeFirst();

/** Batches still being applied since before `stale` go back to CHECKED (their transaction rolled back). */
export const resetStaleApplies = (db: Db, stale: Date) =>
  db.updateTable('itemUploadBatch').set((eb) => ({ status: 'CHECKED' as const, failCode: 'UPLOAD_APPLY_INTERRUPTED', failMessage: '반영이 중단되었습니다 (아무것도 바뀌지 않았습니다). 다시 반영하세요', version: eb('version', '+', 1) }))
    .where('status', '=', 'APPLYING').where('createdAt', '<', stale.toISOString()).executeTakeFirst();
