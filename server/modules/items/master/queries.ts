import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { ItemAttrTable, ItemTable } from '../../../db/schema.generated.js';
import { likeEscape, sortId, type SortSpec } from '../../../http/list-query.js';
import { keyset, type PageWindow } from '../../../db/lists/keyset.js';
import type { SORT_FIELDS } from './schemas.js';

export interface ItemFilter {
  /** Start of the code, upper case. */
  codePrefix?: string;
  name?: string;
  spec?: string;
  /** A category: its items and those of its subcategories. */
  catCode?: string;
  sgCode?: string;
  useYn?: 'Y' | 'N';
}

/** One page of items with their category, sourcing group and supplier count, and the count of all. */
export async function listItems(db: Db, f: ItemFilter, sort: SortSpec<(typeof SORT_FIELDS)[number]>, w: PageWindow) {
  let s = db
    .selectFrom('item as i')
    .innerJoin('itemCategory as c', 'c.catCode', 'i.catCode')
    .innerJoin('sourcingGroup as g', 'g.sgCode', 'i.sgCode');
  if (f.codePrefix) s = s.where('i.itemCode', 'like', `${likeEscape(f.codePrefix)}%`);
  const name = f.name;
  if (name)
    s = s.where((eb) =>
      eb.or([eb('i.itemName', 'ilike', `%${likeEscape(name)}%`), eb('i.itemNameEn', 'ilike', `%${likeEscape(name)}%`)]),
    );
  if (f.spec) s = s.where('i.spec', 'ilike', `%${likeEscape(f.spec)}%`);
  const cat = f.catCode;
  if (cat)
    s = s.where((eb) =>
      eb.or([
        eb('i.catCode', '=', cat),
        eb('c.parentCode', '=', cat),
        eb('c.parentCode', 'in', eb.selectFrom('itemCategory').select('catCode').where('parentCode', '=', cat)),
      ]),
    );
  if (f.sgCode) s = s.where('i.sgCode', '=', f.sgCode);
  if (f.useYn) s = s.where('i.useYn', '=', f.useYn);
  const total = await s.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  // The item code is the key; the specification may be empty (NULL).
  const ks = keyset(
    sortId(sort),
    [
      { ref: `i.${sort.field}`, direction: sort.direction, nullable: sort.field === 'spec' },
      { ref: 'i.itemCode', direction: 'asc' },
    ],
    w,
  );
  const rows = await s
    .select([
      'i.itemCode',
      'i.itemName',
      'i.itemNameEn',
      'i.spec',
      'i.catCode',
      'c.nameKo as catName',
      'i.sgCode',
      'g.sgName',
      'i.unitCode',
      'i.refPrice',
      'i.currency',
      'i.maker',
      'i.useYn',
      'i.version',
    ])
    .select((eb) =>
      eb
        .selectFrom('itemSupplierPrice as p')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('p.itemCode', '=', 'i.itemCode')
        .as('supplierCount'),
    )
    .$call((q) => ks.select(q))
    .$call((q) => ks.page(q))
    .execute();
  const page = ks.answer(rows);
  return { rows: page.rows, total: Number(total.n), nextCursor: page.nextCursor, prevCursor: page.prevCursor };
}

/** The item with its category and sourcing group names and the group's buyer. */
export const itemWithNames = (db: Db, itemCode: string) =>
  db
    .selectFrom('item as i')
    .innerJoin('sourcingGroup as g', 'g.sgCode', 'i.sgCode')
    .leftJoin('employee as e', 'e.singleid', 'g.buyerId')
    .selectAll('i')
    .select(['g.sgName', 'e.hname as buyerName'])
    .select((eb) =>
      eb.selectFrom('itemCategory as c').select('c.nameKo').whereRef('c.catCode', '=', 'i.catCode').as('catName'),
    )
    .where('i.itemCode', '=', itemCode)
    .executeTakeFirst();

export const itemAttributes = (db: Db, itemCode: string) =>
  db
    .selectFrom('itemAttr as ia')
    .innerJoin('itemAttribute as a', 'a.attrCode', 'ia.attrCode')
    .innerJoin('itemAttributeValue as v', (j) =>
      j.onRef('v.attrCode', '=', 'ia.attrCode').onRef('v.valueCode', '=', 'ia.valueCode'),
    )
    .select(['ia.attrCode', 'a.nameKo as attrName', 'ia.valueCode', 'v.nameKo as valueName'])
    .where('ia.itemCode', '=', itemCode)
    .orderBy('a.sortOrder')
    .execute();

/** The item's suppliers with their current prices and proposals waiting for review, cheapest first. */
export const itemSuppliers = (db: Db, itemCode: string) =>
  db
    .selectFrom('itemSupplierPrice as p')
    .innerJoin('company as c', 'c.compNo', 'p.compNo')
    .select(['p.compNo', 'c.compNameKr', 'p.unitPrice', 'p.currency', 'p.effectiveDate', 'p.updatedAt'])
    .select((eb) =>
      eb
        .selectFrom('itemProposal as x')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('x.itemCode', '=', 'p.itemCode')
        .whereRef('x.compNo', '=', 'p.compNo')
        .where('x.status', '=', 'SUBMITTED')
        .as('pendingProposals'),
    )
    .where('p.itemCode', '=', itemCode)
    .orderBy('p.unitPrice')
    .execute();

/** Open purchase-request lines naming the item (the newest 100). */
export const openPrLines = (db: Db, itemCode: string) =>
  db
    .selectFrom('prLine as l')
    .innerJoin('prHeader as h', 'h.prNo', 'l.prNo')
    .select([
      'h.prNo as docNo',
      'l.lineNo',
      'h.title',
      'h.status',
      'h.prDate as docDate',
      'l.quantity',
      'l.estUnitPrice as unitPrice',
    ])
    .where('l.itemCode', '=', itemCode)
    .where('h.status', 'not in', ['ORDERED', 'REJECTED', 'CANCELLED'])
    .orderBy('h.prDate', 'desc')
    .limit(100)
    .execute();

/** Open order lines naming the item (the newest 100). */
export const openPoLines = (db: Db, itemCode: string) =>
  db
    .selectFrom('poLine as l')
    .innerJoin('poHeader as h', 'h.poNo', 'l.poNo')
    .select([
      'h.poNo as docNo',
      'l.lineNo',
      'h.title',
      'h.status',
      'h.poDate as docDate',
      'l.quantity',
      'l.unitPrice',
      'h.compNo',
    ])
    .where('l.itemCode', '=', itemCode)
    .where('h.status', 'not in', ['CLOSED', 'CANCELLED', 'DELIVERED'])
    .orderBy('h.poDate', 'desc')
    .limit(100)
    .execute();

export const priceHistory = (db: Db, itemCode: string) =>
  db
    .selectFrom('itemPriceHistory as h')
    .innerJoin('company as c', 'c.compNo', 'h.compNo')
    .select([
      'h.effectiveDate',
      'h.compNo',
      'c.compNameKr',
      'h.unitPrice',
      'h.currency',
      'h.source',
      'h.proposalNo',
      'h.changedAt',
    ])
    .where('h.itemCode', '=', itemCode)
    .orderBy('h.effectiveDate', 'desc')
    .orderBy('h.id', 'desc')
    .execute();

/**
 * The price-history chart's points: on every date some supplier's price changed, the lowest,
 * average and highest of the prices then in force (each supplier's latest point on or before the
 * date), per currency. The database does the aggregation; the chart only draws the rows.
 */
export async function priceTrend(db: Db, itemCode: string) {
  const { rows } = await sql<{
    effectiveDate: string;
    currency: 'KRW' | 'JPY';
    supplierCount: string;
    lowPrice: string;
    avgPrice: string;
    highPrice: string;
  }>`
    with days as (select distinct effective_date from item_price_history where item_code = ${itemCode}),
    in_force as (
      select d.effective_date as day, p.currency, p.unit_price
      from days d cross join lateral (
        select distinct on (h.comp_no) h.comp_no, h.unit_price, h.currency
        from item_price_history h where h.item_code = ${itemCode} and h.effective_date <= d.effective_date
        order by h.comp_no, h.effective_date desc, h.id desc
      ) p
    )
    select to_char(day, 'YYYY-MM-DD') as "effectiveDate", currency, count(*)::text as "supplierCount",
      min(unit_price)::text as "lowPrice", round(avg(unit_price), 2)::text as "avgPrice", max(unit_price)::text as "highPrice"
    from in_force group by day, currency order by day, currency`.execute(db);
  return rows;
}

export const insertItem = (trx: Db, row: Insertable<ItemTable>) => trx.insertInto('item').values(row).execute();

export const lockItem = (trx: Db, itemCode: string) =>
  trx.selectFrom('item').selectAll().where('itemCode', '=', itemCode).forUpdate().executeTakeFirst();

export const updateItem = (trx: Db, itemCode: string, set: Updateable<ItemTable>) =>
  trx.updateTable('item').set(set).where('itemCode', '=', itemCode).execute();

export const itemAttrRows = (trx: Db, itemCode: string) =>
  trx.selectFrom('itemAttr').selectAll().where('itemCode', '=', itemCode).execute();

export async function insertItemAttrs(trx: Db, rows: Array<Insertable<ItemAttrTable>>): Promise<void> {
  if (rows.length) await trx.insertInto('itemAttr').values(rows).execute();
}

export const deleteItemAttrs = (trx: Db, itemCode: string) =>
  trx.deleteFrom('itemAttr').where('itemCode', '=', itemCode).execute();

/** An order not yet sent that names the item, if any. */
export const unsentOrderOfItem = (trx: Db, itemCode: string) =>
  trx
    .selectFrom('poLine as l')
    .innerJoin('poHeader as h', 'h.poNo', 'l.poNo')
    .select('h.poNo')
    .where('l.itemCode', '=', itemCode)
    .where('h.status', 'in', ['DRAFT', 'IN_APPROVAL', 'APPROVED'])
    .limit(1)
    .executeTakeFirst();
