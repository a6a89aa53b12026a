import { sql, type Insertable, type Updateable } from 'kysely';
import type { Static } from 'typebox';
import type { Db } from '../../../db/connect.js';
import type { FileEntryTable, ItemUploadBatchTable } from '../../../db/schema.generated.js';
import { pageWindow, parseSort } from '../../../http/list-query.js';
import type { ListQuery, RowQuery } from './schemas.js';
import { ATTRIBUTE_COLUMNS } from './columns.js';

/** The batch with the name of who uploaded it. */
export const batchWithCreator = (db: Db, batchId: string) =>
  db
    .selectFrom('itemUploadBatch as b')
    .leftJoin('appUser as u', 'u.userId', 'b.createdBy')
    .selectAll('b')
    .select('u.hname as createdByName')
    .where('b.batchId', '=', batchId)
    .executeTakeFirst();

/** The newest batch uploaded to correct this one, if any. */
export const replacingBatch = (db: Db, batchId: string) =>
  db
    .selectFrom('itemUploadBatch')
    .select('batchId')
    .where('replaces', '=', batchId)
    .orderBy('batchId', 'desc')
    .limit(1)
    .executeTakeFirst();

/** The ids of one page of batches, and the count of all. */
export async function listBatchIds(db: Db, q: Static<typeof ListQuery>) {
  let s = db.selectFrom('itemUploadBatch');
  if (q.status) s = s.where('status', '=', q.status as 'CHECKED');
  if (q.fileName?.trim()) s = s.where('fileName', 'ilike', `%${q.fileName.trim()}%`);
  const total = await s.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const sort = parseSort(q.sort, { field: 'batchId', direction: 'desc' });
  const { limit, offset } = pageWindow(q);
  const ids = await s
    .select('batchId')
    .orderBy(sort.field, sort.direction)
    .orderBy('batchId', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { ids: ids.map((r) => r.batchId), total: Number(total.n) };
}

/** One page of a batch's rows, and the count of all. */
export async function listUploadRows(db: Db, batchId: string, q: Static<typeof RowQuery>) {
  let s = db.selectFrom('itemUploadRow').where('batchId', '=', batchId);
  if (q.result) s = s.where('result', '=', q.result as 'ERROR');
  const total = await s.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const sort = parseSort(q.sort, { field: 'rowNo', direction: 'asc' });
  const { limit, offset } = pageWindow(q);
  const rows = await s
    .select(['rowNo', 'result', 'itemCode', 'data', 'errors'])
    .orderBy(sort.field, sort.direction)
    .orderBy('rowNo')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(total.n) };
}

export const errorRows = (db: Db, batchId: string) =>
  db
    .selectFrom('itemUploadRow')
    .select(['rowNo', 'data', 'errors'])
    .where('batchId', '=', batchId)
    .where('result', '=', 'ERROR')
    .orderBy('rowNo')
    .execute();

/** A file group of one file. */
export async function insertFileOfOne(trx: Db, entry: Insertable<FileEntryTable>): Promise<void> {
  await trx.insertInto('fileGroup').values({ fileId: entry.fileId, createdBy: entry.createdBy }).execute();
  await trx.insertInto('fileEntry').values(entry).execute();
}

/** The newest file of a group still there. */
export const newestFile = (db: Db, fileId: string) =>
  db
    .selectFrom('fileEntry')
    .select(['originalName', 'storedName', 'mimeType'])
    .where('fileId', '=', fileId)
    .where('deletedAt', 'is', null)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();

export const lockBatch = (trx: Db, batchId: string) =>
  trx
    .selectFrom('itemUploadBatch')
    .select(['status', 'version', 'countNew', 'countUpdate'])
    .where('batchId', '=', batchId)
    .forUpdate()
    .executeTakeFirst();

export const updateBatch = (db: Db, batchId: string, set: Updateable<ItemUploadBatchTable>) =>
  db.updateTable('itemUploadBatch').set(set).where('batchId', '=', batchId).execute();

export const insertBatch = (trx: Db, row: Insertable<ItemUploadBatchTable>) =>
  trx.insertInto('itemUploadBatch').values(row).execute();

/** An apply that failed leaves the batch CHECKED with the reason (nothing was applied). */
export const markApplyFailed = (db: Db, batchId: string, failMessage: string) =>
  db
    .updateTable('itemUploadBatch')
    .set((eb) => ({
      status: 'CHECKED' as const,
      failCode: 'UPLOAD_APPLY_FAILED',
      failMessage,
      version: eb('version', '+', 1),
    }))
    .where('batchId', '=', batchId)
    .where('status', '=', 'APPLYING')
    .execute();

/** Batches still being read since before `stale` fail: upload again. */
export const failStaleReads = (db: Db, stale: Date) =>
  db
    .updateTable('itemUploadBatch')
    .set((eb) => ({
      status: 'FAILED' as const,
      failCode: 'UPLOAD_INTERRUPTED',
      failMessage: '서버가 파일을 읽는 중에 중단되었습니다. 다시 올리세요',
      version: eb('version', '+', 1),
    }))
    .where('status', 'in', ['RECEIVED', 'PARSING'])
    .where('createdAt', '<', stale.toISOString())
    .executeTakeFirst();

/** Batches still being applied since before `stale` go back to CHECKED (their transaction rolled back). */
export const resetStaleApplies = (db: Db, stale: Date) =>
  db
    .updateTable('itemUploadBatch')
    .set((eb) => ({
      status: 'CHECKED' as const,
      failCode: 'UPLOAD_APPLY_INTERRUPTED',
      failMessage: '반영이 중단되었습니다 (아무것도 바뀌지 않았습니다). 다시 반영하세요',
      version: eb('version', '+', 1),
    }))
    .where('status', '=', 'APPLYING')
    .where('createdAt', '<', stale.toISOString())
    .executeTakeFirst();

/* ------------------------------ checking and applying an upload (process.ts) ------------------------------ */

export function itemsWithCodes(db: Db, codes: string[]) {
  return db
    .selectFrom('item')
    .select([
      'itemCode',
      'itemName',
      'itemNameEn',
      'spec',
      'catCode',
      'sgCode',
      'unitCode',
      'refPrice',
      'currency',
      'maker',
      'useYn',
    ])
    .where('itemCode', 'in', codes)
    .execute();
}

export function attributesOfItems(db: Db, codes: string[]) {
  return db
    .selectFrom('itemAttr')
    .select(['itemCode', 'attrCode', 'valueCode'])
    .where('itemCode', 'in', codes)
    .execute();
}

export function itemsNamed(db: Db, names: string[]) {
  return db
    .selectFrom('item')
    .select(['itemCode', 'itemName', 'spec', 'catCode', 'maker'])
    .where('itemName', 'in', names)
    .execute();
}

/** The batch failed: the reason recorded, its version moved on. */
export async function failBatch(db: Db, batchId: string, failCode: string, failMessage: string): Promise<void> {
  await db
    .updateTable('itemUploadBatch')
    .set((eb) => ({ status: 'FAILED' as const, failCode, failMessage, version: eb('version', '+', 1) }))
    .where('batchId', '=', batchId)
    .execute();
}

/** A PARSING batch checked to its end: its counts, its version moved on. */
export async function markBatchChecked(
  db: Db,
  batchId: string,
  values: { rowsTotal: number; rowsRead: number; rowsChecked: number; checkedAt: Date },
): Promise<void> {
  await db
    .updateTable('itemUploadBatch')
    .set((eb) => ({ status: 'CHECKED' as const, ...values, version: eb('version', '+', 1) }))
    .where('batchId', '=', batchId)
    .where('status', '=', 'PARSING')
    .execute();
}

/**
 * A chunk's checked rows as one JSON document (row_no, result, item_code, data, errors) that the
 * database unpacks, instead of a multi-row VALUES of 2,000 × 6 parameters.
 */
export async function insertUploadRowsJson(db: Db, batchId: string, doc: string): Promise<void> {
  await sql`insert into item_upload_row (batch_id, row_no, result, item_code, data, errors)
    select ${batchId}, x.row_no, x.result, x.item_code, x.data, x.errors
    from jsonb_to_recordset(${doc}::jsonb) as x(row_no int, result text, item_code text, data jsonb, errors jsonb)`.execute(
    db,
  );
}

/**
 * An upload row's item columns in SQL, as `normaliseItem` gives them in JS: the worker has trimmed
 * every cell and the check has upper-cased the codes, so names and texts only turn '' into null and
 * the price loses its thousands separators (the check proved it a number).
 */
const ITEM_COLUMNS_SQL = sql`
  btrim(r.data->>'itemName'), nullif(btrim(r.data->>'itemNameEn'), ''), nullif(btrim(r.data->>'spec'), ''),
  r.data->>'catCode', r.data->>'sgCode', r.data->>'unitCode', replace(r.data->>'refPrice', ',', '')::numeric,
  r.data->>'currency', nullif(btrim(r.data->>'maker'), ''), coalesce(nullif(r.data->>'useYn', ''), 'Y')`;
const ATTRS_SQL = sql.join(ATTRIBUTE_COLUMNS.map((a) => sql`(${a})`));
const ATTR_LIST_SQL = sql.join(ATTRIBUTE_COLUMNS.map((a) => sql`${a}`));

export function lockBatchToApply(trx: Db, batchId: string) {
  return trx
    .selectFrom('itemUploadBatch')
    .selectAll()
    .where('batchId', '=', batchId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export async function analyzeUploadRows(trx: Db): Promise<void> {
  await sql`analyze item_upload_row`.execute(trx);
}

/** Numbers the batch's NEW rows per category after the category's highest code (call under the allocators' lock); answers how many. */
export async function numberNewRows(trx: Db, batchId: string): Promise<number> {
  const numbered = await sql`
    with news as (
      select row_no, data->>'catCode' as cat from item_upload_row where batch_id = ${batchId} and result = 'NEW'
    ), last as (
      select cat_code, max(substring(item_code from '-([0-9]+)$')::int) as n from item where cat_code in (select distinct cat from news) group by cat_code
    ), coded as materialized (
      select n.row_no, (coalesce(l.n, 0) + row_number() over (partition by n.cat order by n.row_no))::text as seq, n.cat
      from news n left join last l on l.cat_code = n.cat
    )
    update item_upload_row u set item_code = c.cat || '-' || lpad(c.seq, greatest(4, length(c.seq)), '0')
    from coded c where u.batch_id = ${batchId} and u.row_no = c.row_no`.execute(trx);
  return Number(numbered.numAffectedRows ?? 0);
}

/** Inserts the batch's NEW rows as items. */
export async function insertNewItems(trx: Db, batchId: string, actor: string, now: Date): Promise<void> {
  await sql`insert into item (item_code, item_name, item_name_en, spec, cat_code, sg_code, unit_code, ref_price, currency, maker, use_yn, updated_by, created_at, updated_at)
    select r.item_code, ${ITEM_COLUMNS_SQL}, ${actor}, ${now}, ${now}
    from item_upload_row r where r.batch_id = ${batchId} and r.result = 'NEW' order by r.row_no`.execute(trx);
}

/** Updates the items of the batch's UPDATE rows; answers how many were. */
export async function updateChangedItems(trx: Db, batchId: string, actor: string, now: Date): Promise<number> {
  const changed =
    await sql`update item i set (item_name, item_name_en, spec, cat_code, sg_code, unit_code, ref_price, currency, maker, use_yn) = (${ITEM_COLUMNS_SQL}),
      updated_by = ${actor}, updated_at = ${now}, version = i.version + 1
    from item_upload_row r where r.batch_id = ${batchId} and r.result = 'UPDATE' and i.item_code = r.item_code`.execute(
      trx,
    );
  return Number(changed.numAffectedRows ?? 0);
}

export async function countRowsToUpdate(trx: Db, batchId: string): Promise<number> {
  const wanted = await trx
    .selectFrom('itemUploadRow')
    .select((e) => e.fn.countAll<string>().as('n'))
    .where('batchId', '=', batchId)
    .where('result', '=', 'UPDATE')
    .executeTakeFirstOrThrow();
  return Number(wanted.n);
}

/** The upload's attribute columns of the batch's UPDATE items are rewritten: the old values go first. */
export async function deleteReplacedAttributes(trx: Db, batchId: string): Promise<void> {
  await sql`delete from item_attr a using item_upload_row r
    where r.batch_id = ${batchId} and r.result = 'UPDATE' and a.item_code = r.item_code and a.attr_code in (${ATTR_LIST_SQL})`.execute(
    trx,
  );
}

export async function insertUploadedAttributes(trx: Db, batchId: string): Promise<void> {
  await sql`insert into item_attr (item_code, attr_code, value_code)
    select r.item_code, x.attr, r.data->>x.attr
    from item_upload_row r cross join (values ${ATTRS_SQL}) as x(attr)
    where r.batch_id = ${batchId} and r.result in ('NEW', 'UPDATE') and coalesce(r.data->>x.attr, '') <> ''`.execute(
    trx,
  );
}
