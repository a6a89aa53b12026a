import type { Insertable, Updateable } from 'kysely';
import { kstDayStart } from '../../../domain/dates.js';
import type { Static } from 'typebox';
import type { Db } from '../../../db/connect.js';
import type { ItemPriceHistoryTable, ItemProposalTable, ItemSupplierPriceTable } from '../../../db/schema.generated.js';
import { given, likeEscape, pageWindow, parseSort } from '../../../http/list-query.js';
import type { ListQuery, MyItemQuery } from './schemas.js';

/**
 * A supplier's Db is scoped to its company (request.db, or staff's supplierView of one): the
 * reads of its items and proposals see its own rows only.
 */

// ---- a supplier's items and prices

const myItems = (db: Db) =>
  db
    .selectFrom('itemSupplierPrice as p')
    .innerJoin('item as i', 'i.itemCode', 'p.itemCode')
    .innerJoin('itemCategory as c', 'c.catCode', 'i.catCode')
    .innerJoin('company as co', 'co.compNo', 'p.compNo');
const myItemColumns = [
  'p.compNo',
  'co.compNameKr as compName',
  'i.itemCode',
  'i.itemName',
  'i.spec',
  'i.unitCode',
  'c.nameKo as catName',
  'i.maker',
  'p.unitPrice',
  'p.currency',
  'p.effectiveDate',
] as const;

/** The items the company supplies with its current prices and any proposal waiting for review: a page, and the count of all. */
export async function listMyItems(db: Db, q: Static<typeof MyItemQuery>) {
  let s = myItems(db);
  if (given(q.itemCode)) s = s.where('i.itemCode', 'like', `${likeEscape(q.itemCode!.trim().toUpperCase())}%`);
  if (given(q.itemName)) s = s.where('i.itemName', 'ilike', `%${likeEscape(q.itemName!.trim())}%`);
  if (given(q.spec)) s = s.where('i.spec', 'ilike', `%${likeEscape(q.spec!.trim())}%`);
  const total = await s.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const sort = parseSort<'itemCode' | 'itemName' | 'unitPrice' | 'effectiveDate'>(q.sort, {
    field: 'itemCode',
    direction: 'asc',
  });
  const col =
    sort.field === 'unitPrice' || sort.field === 'effectiveDate'
      ? (`p.${sort.field}` as const)
      : (`i.${sort.field}` as const);
  const { limit, offset } = pageWindow(q);
  const rows = await s
    .select([...myItemColumns])
    .select((eb) =>
      eb
        .selectFrom('itemProposal as x')
        .select('x.proposalNo')
        .whereRef('x.itemCode', '=', 'p.itemCode')
        .whereRef('x.compNo', '=', 'p.compNo')
        .where('x.status', '=', 'SUBMITTED')
        .limit(1)
        .as('pendingProposal'),
    )
    .orderBy(col, sort.direction)
    .orderBy('i.itemCode')
    .orderBy('p.compNo')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(total.n) };
}

export const myItem = (db: Db, itemCode: string) =>
  myItems(db)
    .select([...myItemColumns])
    .where('p.itemCode', '=', itemCode)
    .executeTakeFirst();

export const myPriceHistory = (db: Db, itemCode: string) =>
  db
    .selectFrom('itemPriceHistory')
    .select(['effectiveDate', 'unitPrice', 'currency', 'source', 'proposalNo'])
    .where('itemCode', '=', itemCode)
    .orderBy('effectiveDate')
    .orderBy('id')
    .execute();

/** The supplier's own price of an item with the item's master data, if it supplies it. */
export const suppliedItem = (db: Db, itemCode: string) =>
  db
    .selectFrom('itemSupplierPrice as p')
    .innerJoin('item as i', 'i.itemCode', 'p.itemCode')
    .select([
      'i.itemCode',
      'i.itemName',
      'i.spec',
      'i.catCode',
      'i.unitCode',
      'i.maker',
      'i.useYn',
      'p.unitPrice',
      'p.currency',
    ])
    .where('p.itemCode', '=', itemCode)
    .executeTakeFirst();

// ---- proposals

/** Proposals with their company: a filtered page, and the count of all. */
export async function listProposals(db: Db, q: Static<typeof ListQuery>) {
  let s = db.selectFrom('itemProposal as p').innerJoin('company as c', 'c.compNo', 'p.compNo');
  if (q.status) s = s.where('p.status', '=', q.status);
  if (q.kind) s = s.where('p.kind', '=', q.kind);
  if (given(q.compNo)) s = s.where('p.compNo', '=', q.compNo!.trim().toUpperCase());
  if (given(q.itemCode)) s = s.where('p.itemCode', 'like', `${likeEscape(q.itemCode!.trim().toUpperCase())}%`);
  if (given(q.itemName)) s = s.where('p.itemName', 'ilike', `%${likeEscape(q.itemName!.trim())}%`);
  if (q.createdFrom) s = s.where('p.createdAt', '>=', kstDayStart(q.createdFrom!));
  if (q.createdTo) s = s.where('p.createdAt', '<', kstDayStart(q.createdTo!, 1));
  const total = await s.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const sort = parseSort(q.sort, { field: 'proposalNo', direction: 'desc' });
  const { limit, offset } = pageWindow(q);
  const rows = await s
    .select([
      'p.proposalNo',
      'p.compNo',
      'c.compNameKr',
      'p.kind',
      'p.itemCode',
      'p.itemName',
      'p.spec',
      'p.unitCode',
      'p.currentPrice',
      'p.proposedPrice',
      'p.currency',
      'p.validFrom',
      'p.status',
      'p.effectiveDate',
      'p.createdAt',
      'p.reviewedAt',
      'p.version',
    ])
    .orderBy(`p.${sort.field}`, sort.direction)
    .orderBy('p.proposalNo', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { rows, total: Number(total.n) };
}

/** One proposal with its company's and category's names. */
export const proposalWithNames = (db: Db, proposalNo: string) =>
  db
    .selectFrom('itemProposal as p')
    .innerJoin('company as c', 'c.compNo', 'p.compNo')
    .leftJoin('itemCategory as k', 'k.catCode', 'p.catCode')
    .selectAll('p')
    .select(['c.compNameKr', 'k.nameKo as catName'])
    .where('p.proposalNo', '=', proposalNo)
    .executeTakeFirst();

/** A price proposal for the item still waiting for review, if any. */
export const pendingPriceProposal = (trx: Db, itemCode: string) =>
  trx
    .selectFrom('itemProposal')
    .select('proposalNo')
    .where('itemCode', '=', itemCode)
    .where('status', '=', 'SUBMITTED')
    .executeTakeFirst();

export const insertProposal = (trx: Db, row: Insertable<ItemProposalTable>) =>
  trx.insertInto('itemProposal').values(row).execute();

export const lockProposal = (trx: Db, proposalNo: string) =>
  trx.selectFrom('itemProposal').selectAll().where('proposalNo', '=', proposalNo).forUpdate().executeTakeFirst();

export const updateProposal = (trx: Db, proposalNo: string, set: Updateable<ItemProposalTable>) =>
  trx.updateTable('itemProposal').set(set).where('proposalNo', '=', proposalNo).execute();

// ---- prices and their history

export const insertPriceHistory = (trx: Db, row: Insertable<ItemPriceHistoryTable>) =>
  trx.insertInto('itemPriceHistory').values(row).execute();

/** The supplier's newest price point that has taken effect by `today`. */
export const duePricePoint = (trx: Db, itemCode: string, compNo: string, today: string) =>
  trx
    .selectFrom('itemPriceHistory')
    .select(['unitPrice', 'currency', 'effectiveDate'])
    .where('itemCode', '=', itemCode)
    .where('compNo', '=', compNo)
    .where('effectiveDate', '<=', today)
    .orderBy('effectiveDate', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export const supplierPrice = (trx: Db, itemCode: string, compNo: string) =>
  trx
    .selectFrom('itemSupplierPrice')
    .select(['unitPrice', 'effectiveDate', 'version'])
    .where('itemCode', '=', itemCode)
    .where('compNo', '=', compNo)
    .executeTakeFirst();

export const updateSupplierPrice = (
  trx: Db,
  itemCode: string,
  compNo: string,
  set: Updateable<ItemSupplierPriceTable>,
) =>
  trx.updateTable('itemSupplierPrice').set(set).where('itemCode', '=', itemCode).where('compNo', '=', compNo).execute();

export const insertSupplierPrice = (trx: Db, row: Insertable<ItemSupplierPriceTable>) =>
  trx.insertInto('itemSupplierPrice').values(row).execute();

/** Item and supplier pairs with a price point due by `today` newer than their current price. */
export const pairsWithDuePrices = (db: Db, today: string) =>
  db
    .selectFrom('itemPriceHistory as h')
    .innerJoin('itemSupplierPrice as p', (j) =>
      j.onRef('p.itemCode', '=', 'h.itemCode').onRef('p.compNo', '=', 'h.compNo'),
    )
    .select(['h.itemCode', 'h.compNo'])
    .distinct()
    .where('h.effectiveDate', '<=', today)
    .whereRef('h.effectiveDate', '>', 'p.effectiveDate')
    .execute();
