import { sql, type Insertable, type Updateable } from 'kysely';
import type { Static } from 'typebox';
import type { Db } from '../../db/connect.js';
import type {
  AssetCountLineTable,
  AssetCountTable,
  AssetTable,
  AssetTransferTable,
} from '../../db/schema.generated.js';
import { given, likeEscape, pageWindow, parseSort } from '../../http/list-query.js';
import type { AssetListQuery, CandidateQuery, CountLineQuery, CountListQuery } from './schemas.js';

/** The receipt expense type whose lines become assets. */
export const ASSET_EXPENSE = 'ASSET';

// ---- the register

/** Assets with their department, supplier, custodian and category: a page, and the count of all. */
export async function listAssetRows(db: Db, q: Static<typeof AssetListQuery>) {
  const sort = parseSort(q.sort, { field: 'assetNo', direction: 'desc' });
  let base = db
    .selectFrom('asset as a')
    .innerJoin('department as d', 'd.deptcd', 'a.deptcd')
    .innerJoin('company as c', 'c.compNo', 'a.compNo')
    .leftJoin('employee as e', 'e.singleid', 'a.custodianId')
    .leftJoin('itemCategory as ic', 'ic.catCode', 'a.catCode');
  if (given(q.assetNo)) base = base.where('a.assetNo', 'like', `%${likeEscape(given(q.assetNo)!)}%`);
  if (given(q.assetName)) base = base.where('a.assetName', 'like', `%${likeEscape(given(q.assetName)!)}%`);
  if (given(q.location)) base = base.where('a.location', 'like', `%${likeEscape(given(q.location)!)}%`);
  if (given(q.deptcd)) base = base.where('a.deptcd', '=', given(q.deptcd)!);
  if (given(q.custodianId)) base = base.where('a.custodianId', '=', given(q.custodianId)!);
  if (given(q.poNo)) base = base.where('a.poNo', '=', given(q.poNo)!);
  if (q.status?.length) base = base.where('a.status', 'in', q.status);
  const { count } = await base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const sortCol = {
    assetNo: 'a.assetNo',
    assetName: 'a.assetName',
    location: 'a.location',
    deptnm: 'd.deptnm',
    acquiredDate: 'a.acquiredDate',
    acquisitionCost: 'a.acquisitionCost',
    status: 'a.status',
  }[sort.field] as 'a.assetNo';
  const { limit, offset } = pageWindow(q);
  const rows = await base
    .select([
      'a.assetNo',
      'a.assetName',
      'a.itemCode',
      'ic.nameKo as catName',
      'a.location',
      'a.deptcd',
      'd.deptnm',
      'a.custodianId',
      'e.hname as custodianName',
      'a.acquiredDate',
      'a.currency',
      'a.acquisitionCost',
      'a.status',
      'a.disposeReason',
      'a.whReqNo',
      'a.whLineNo',
      'a.poNo',
      'c.compNameKr',
      'a.version',
    ])
    .orderBy(sortCol, sort.direction)
    .orderBy('a.assetNo', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(count) };
}

export const lockAssetRow = (trx: Db, assetNo: string) =>
  trx.selectFrom('asset').selectAll().where('assetNo', '=', assetNo).forUpdate().executeTakeFirst();

export const assetStatus = (trx: Db, assetNo: string) =>
  trx.selectFrom('asset').select(['assetNo', 'status']).where('assetNo', '=', assetNo).executeTakeFirst();

/** The asset's row changed, with updated_at the database's now. */
export const updateAsset = (trx: Db, assetNo: string, set: Updateable<AssetTable>) =>
  trx
    .updateTable('asset')
    .set({ ...set, updatedAt: sql<Date>`now()` })
    .where('assetNo', '=', assetNo)
    .execute();

/** The asset disposed of now, with the reason and who did it. */
export const markDisposed = (trx: Db, assetNo: string, reason: string, by: string, version: number) =>
  trx
    .updateTable('asset')
    .set({
      status: 'DISPOSED',
      disposeReason: reason,
      disposedAt: sql<Date>`now()`,
      disposedBy: by,
      updatedAt: sql<Date>`now()`,
      version,
    })
    .where('assetNo', '=', assetNo)
    .execute();

export const insertAsset = (trx: Db, row: Insertable<AssetTable>) => trx.insertInto('asset').values(row).execute();

export const insertTransfer = (trx: Db, row: Insertable<AssetTransferTable>) =>
  trx.insertInto('assetTransfer').values(row).execute();

export const departmentExists = async (db: Db, deptcd: string): Promise<boolean> =>
  !!(await db.selectFrom('department').select('deptcd').where('deptcd', '=', deptcd).executeTakeFirst());

export const employeeExists = async (db: Db, singleid: string): Promise<boolean> =>
  !!(await db.selectFrom('employee').select('singleid').where('singleid', '=', singleid).executeTakeFirst());

// ---- registration from receipt lines

/** Finally decided receipt lines of asset-type expenses, registered or not: a page, and the count of all. */
export async function listCandidateRows(db: Db, q: Static<typeof CandidateQuery>) {
  const sort = parseSort(q.sort, { field: 'lastDeciDate', direction: 'desc' });
  let base = db
    .selectFrom('whReceiptLine as l')
    .innerJoin('whReceipt as r', 'r.whReqNo', 'l.whReqNo')
    .innerJoin('company as c', 'c.compNo', 'r.compNo')
    .innerJoin('department as d', 'd.deptcd', 'r.deptcd')
    .leftJoin('assetRegistration as g', (j) =>
      j.onRef('g.whReqNo', '=', 'l.whReqNo').onRef('g.whLineNo', '=', 'l.lineNo'),
    )
    .where('r.expenses', '=', ASSET_EXPENSE)
    .where('r.status', '=', 'DECIDED')
    .where('g.whReqNo', q.registered === 'Y' ? 'is not' : 'is', null);
  if (given(q.whReqNo)) base = base.where('l.whReqNo', 'like', `%${likeEscape(given(q.whReqNo)!)}%`);
  if (given(q.poNo)) base = base.where('l.poNo', '=', given(q.poNo)!);
  if (given(q.itemName)) base = base.where('l.itemName', 'like', `%${likeEscape(given(q.itemName)!)}%`);
  const { count } = await base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const col = { whReqNo: 'l.whReqNo', lastDeciDate: 'r.lastDeciDate', itemName: 'l.itemName', amount: 'l.amount' }[
    sort.field
  ] as 'l.whReqNo';
  const { limit, offset } = pageWindow(q);
  const rows = await base
    .select([
      'l.whReqNo',
      'l.lineNo',
      'l.poNo',
      'c.compNameKr',
      'r.deptcd',
      'd.deptnm',
      'l.itemCode',
      'l.itemName',
      'l.quantity',
      'l.unitPrice',
      'l.amount',
      'r.currency',
      'r.lastDeciDate',
      'g.assetCount',
    ])
    .orderBy(col, sort.direction)
    .orderBy('l.whReqNo', 'desc')
    .orderBy('l.lineNo')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(count) };
}

/** A receipt line with its receipt and item category, the line locked. */
export const lockReceiptLine = (trx: Db, whReqNo: string, lineNo: number) =>
  trx
    .selectFrom('whReceiptLine as l')
    .innerJoin('whReceipt as r', 'r.whReqNo', 'l.whReqNo')
    .leftJoin('item as it', 'it.itemCode', 'l.itemCode')
    .select([
      'l.whReqNo',
      'l.lineNo',
      'l.poNo',
      'l.itemCode',
      'l.itemName',
      'l.quantity',
      'l.unitPrice',
      'r.compNo',
      'r.deptcd',
      'r.currency',
      'r.expenses',
      'r.status',
      'r.lastDeciDate',
      'it.catCode',
    ])
    .where('l.whReqNo', '=', whReqNo)
    .where('l.lineNo', '=', lineNo)
    .forUpdate('l')
    .executeTakeFirst();

export const registrationOf = (trx: Db, whReqNo: string, lineNo: number) =>
  trx
    .selectFrom('assetRegistration')
    .select('registeredAt')
    .where('whReqNo', '=', whReqNo)
    .where('whLineNo', '=', lineNo)
    .executeTakeFirst();

export const insertRegistration = (
  trx: Db,
  whReqNo: string,
  whLineNo: number,
  assetCount: number,
  registeredBy: string,
) => trx.insertInto('assetRegistration').values({ whReqNo, whLineNo, assetCount, registeredBy }).execute();

// ---- inventory counts

/** Counts with their figures: expected, found, missing, moved, not counted; a page, and the count of all. */
export async function listCountRows(db: Db, q: Static<typeof CountListQuery>) {
  const sort = parseSort(q.sort, { field: 'countNo', direction: 'desc' });
  let base = db.selectFrom('assetCount as k');
  if (given(q.location)) base = base.where('k.location', 'like', `%${likeEscape(given(q.location)!)}%`);
  if (q.status?.length) base = base.where('k.status', 'in', q.status);
  const { count } = await base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const { limit, offset } = pageWindow(q);
  const rows = await base
    .select([
      'k.countNo',
      'k.title',
      'k.location',
      'k.plannedDate',
      'k.status',
      'k.closedAt',
      'k.version',
      sql<string>`(select count(*) from asset a where a.location = k.location and a.status = 'IN_USE')`.as(
        'expectedCount',
      ),
      sql<string>`(select count(*) from asset_count_line x where x.count_no = k.count_no and x.result = 'FOUND')`.as(
        'foundCount',
      ),
      sql<string>`(select count(*) from asset_count_line x where x.count_no = k.count_no and x.result = 'MISSING')`.as(
        'missingCount',
      ),
      sql<string>`(select count(*) from asset_count_line x where x.count_no = k.count_no and x.result = 'MOVED')`.as(
        'movedCount',
      ),
      sql<string>`(select count(*) from asset a where a.location = k.location and a.status = 'IN_USE' and not exists (select 1 from asset_count_line x where x.count_no = k.count_no and x.asset_no = a.asset_no))`.as(
        'uncountedCount',
      ),
    ])
    .orderBy(`k.${sort.field}` as 'k.countNo', sort.direction)
    .orderBy('k.countNo', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(count) };
}

/** The open count of a location, locked, if any. */
export const openCountAt = (trx: Db, location: string) =>
  trx
    .selectFrom('assetCount')
    .select('countNo')
    .where('location', '=', location)
    .where('status', '=', 'OPEN')
    .forUpdate()
    .executeTakeFirst();

export const insertCount = (trx: Db, row: Insertable<AssetCountTable>) =>
  trx.insertInto('assetCount').values(row).execute();

export const findCount = (db: Db, countNo: string) =>
  db.selectFrom('assetCount').select(['countNo', 'location']).where('countNo', '=', countNo).executeTakeFirst();

export const lockCountRow = (trx: Db, countNo: string) =>
  trx.selectFrom('assetCount').selectAll().where('countNo', '=', countNo).forUpdate().executeTakeFirst();

/** The count's row changed, with updated_at the database's now. */
export const updateCount = (trx: Db, countNo: string, set: Updateable<AssetCountTable>) =>
  trx
    .updateTable('assetCount')
    .set({ ...set, updatedAt: sql<Date>`now()` })
    .where('countNo', '=', countNo)
    .execute();

/** The count closed now by `by`. */
export const markCountClosed = (trx: Db, countNo: string, by: string, version: number) =>
  trx
    .updateTable('assetCount')
    .set({ status: 'CLOSED', closedAt: sql<Date>`now()`, closedBy: by, updatedAt: sql<Date>`now()`, version })
    .where('countNo', '=', countNo)
    .execute();

/** A count's assets: those in use at its location and those recorded in it, with their result; a page, and the count of all. */
export async function listCountLineRows(
  db: Db,
  k: { countNo: string; location: string },
  q: Static<typeof CountLineQuery>,
) {
  const sort = parseSort<'assetNo' | 'result'>(q.sort, { field: 'assetNo', direction: 'asc' });
  const { limit, offset } = pageWindow(q);
  const base = db
    .selectFrom('asset as a')
    .innerJoin('department as d', 'd.deptcd', 'a.deptcd')
    .leftJoin('employee as e', 'e.singleid', 'a.custodianId')
    .leftJoin('assetCountLine as x', (j) => j.onRef('x.assetNo', '=', 'a.assetNo').on('x.countNo', '=', k.countNo))
    .where((eb) =>
      eb.or([
        eb.and([eb('a.location', '=', k.location), eb('a.status', '=', 'IN_USE')]),
        eb('x.countNo', 'is not', null),
      ]),
    );
  const { count } = await base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const rows = await base
    .select([
      'a.assetNo',
      'a.assetName',
      'a.location',
      'd.deptnm',
      'e.hname as custodianName',
      'x.result',
      'x.foundLocation',
      'x.remark',
    ])
    .orderBy(sort.field === 'result' ? 'x.result' : 'a.assetNo', sort.direction)
    .orderBy('a.assetNo')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(count) };
}

export const countLineOf = (trx: Db, countNo: string, assetNo: string) =>
  trx
    .selectFrom('assetCountLine')
    .select('result')
    .where('countNo', '=', countNo)
    .where('assetNo', '=', assetNo)
    .executeTakeFirst();

export const insertCountLine = (trx: Db, row: Insertable<AssetCountLineTable>) =>
  trx.insertInto('assetCountLine').values(row).execute();
