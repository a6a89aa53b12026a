import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type {
  ItemAttributeTable,
  ItemAttributeValueTable,
  ItemCategoryTable,
  SourcingGroupTable,
  UnitConversionTable,
  UnitTable,
} from '../../../db/schema.generated.js';

// ---- categories

/** The category tree with each category's item and child counts, top level first. */
export const listCategories = (db: Db) =>
  db
    .selectFrom('itemCategory as c')
    .select(['c.catCode', 'c.parentCode', 'c.depth', 'c.nameKo', 'c.nameEn', 'c.sortOrder', 'c.useYn', 'c.version'])
    .select((eb) => [
      eb
        .selectFrom('item')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('item.catCode', '=', 'c.catCode')
        .as('itemCount'),
      eb
        .selectFrom('itemCategory as k')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('k.parentCode', '=', 'c.catCode')
        .as('childCount'),
    ])
    .orderBy('c.depth')
    .orderBy('c.sortOrder')
    .orderBy('c.catCode')
    .execute();

/** Every category's place in the tree. */
export const categoryLinks = (db: Db) =>
  db.selectFrom('itemCategory').select(['catCode', 'parentCode', 'depth']).execute();

export const categoryExists = async (db: Db, catCode: string): Promise<boolean> =>
  !!(await db.selectFrom('itemCategory').select('catCode').where('catCode', '=', catCode).executeTakeFirst());

export const categoryUseYn = (db: Db, catCode: string) =>
  db.selectFrom('itemCategory').select('useYn').where('catCode', '=', catCode).executeTakeFirst();

export const lockCategory = (trx: Db, catCode: string) =>
  trx.selectFrom('itemCategory').selectAll().where('catCode', '=', catCode).forUpdate().executeTakeFirst();

export const insertCategory = (trx: Db, row: Insertable<ItemCategoryTable>) =>
  trx.insertInto('itemCategory').values(row).execute();

export const updateCategory = (trx: Db, catCode: string, set: Updateable<ItemCategoryTable>) =>
  trx.updateTable('itemCategory').set(set).where('catCode', '=', catCode).execute();

/** Moves one category `shift` levels (its subtree moves with it, one call per category). */
export const shiftCategoryDepth = (trx: Db, catCode: string, shift: number) =>
  trx
    .updateTable('itemCategory')
    .set((eb) => ({ depth: eb('depth', '+', shift), version: eb('version', '+', 1) }))
    .where('catCode', '=', catCode)
    .execute();

export const deactivateCategory = (trx: Db, catCode: string) =>
  trx
    .updateTable('itemCategory')
    .set((eb) => ({ useYn: 'N' as const, version: eb('version', '+', 1) }))
    .where('catCode', '=', catCode)
    .where('useYn', '=', 'Y')
    .execute();

export const countItemsOfCategory = async (trx: Db, catCode: string): Promise<number> =>
  Number(
    (
      await trx
        .selectFrom('item')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('catCode', '=', catCode)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const firstChildCategory = (trx: Db, catCode: string) =>
  trx.selectFrom('itemCategory').select('catCode').where('parentCode', '=', catCode).limit(1).executeTakeFirst();

export const firstProposalOfCategory = (trx: Db, catCode: string) =>
  trx.selectFrom('itemProposal').select('proposalNo').where('catCode', '=', catCode).limit(1).executeTakeFirst();

export const deleteCategory = (trx: Db, catCode: string) =>
  trx.deleteFrom('itemCategory').where('catCode', '=', catCode).execute();

// ---- sourcing groups

/** The sourcing groups with the buyer's name and the item count, level by level. */
export const listSourcingGroups = (db: Db) =>
  db
    .selectFrom('sourcingGroup as s')
    .leftJoin('employee as e', 'e.singleid', 's.buyerId')
    .select([
      's.sgCode',
      's.sgLevel',
      's.upCode',
      's.sgName',
      's.sgNameEn',
      's.buyerId',
      'e.hname as buyerName',
      's.sortOrder',
      's.useYn',
      's.version',
    ])
    .select((eb) =>
      eb
        .selectFrom('item')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('item.sgCode', '=', 's.sgCode')
        .as('itemCount'),
    )
    .orderBy('s.sgLevel')
    .orderBy('s.sortOrder')
    .orderBy('s.sgCode')
    .execute();

export const sourcingGroupLevel = (db: Db, sgCode: string) =>
  db.selectFrom('sourcingGroup').select(['sgLevel', 'useYn']).where('sgCode', '=', sgCode).executeTakeFirst();

export const sourcingGroupExists = async (db: Db, sgCode: string): Promise<boolean> =>
  !!(await db.selectFrom('sourcingGroup').select('sgCode').where('sgCode', '=', sgCode).executeTakeFirst());

export const insertSourcingGroup = (trx: Db, row: Insertable<SourcingGroupTable>) =>
  trx.insertInto('sourcingGroup').values(row).execute();

export const lockSourcingGroup = (trx: Db, sgCode: string) =>
  trx.selectFrom('sourcingGroup').selectAll().where('sgCode', '=', sgCode).forUpdate().executeTakeFirst();

export const updateSourcingGroup = (trx: Db, sgCode: string, set: Updateable<SourcingGroupTable>) =>
  trx.updateTable('sourcingGroup').set(set).where('sgCode', '=', sgCode).execute();

export const employeeStatus = (db: Db, singleid: string) =>
  db.selectFrom('employee').select(['singleid', 'status']).where('singleid', '=', singleid).executeTakeFirst();

// ---- attributes and their allowed values

export const listAttributes = (db: Db) =>
  db
    .selectFrom('itemAttribute as a')
    .select(['a.attrCode', 'a.nameKo', 'a.nameEn', 'a.sortOrder', 'a.useYn', 'a.version'])
    .select((eb) =>
      eb
        .selectFrom('itemAttributeValue as v')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('v.attrCode', '=', 'a.attrCode')
        .as('valueCount'),
    )
    .orderBy('a.sortOrder')
    .orderBy('a.attrCode')
    .execute();

export const attributeExists = async (db: Db, attrCode: string): Promise<boolean> =>
  !!(await db.selectFrom('itemAttribute').select('attrCode').where('attrCode', '=', attrCode).executeTakeFirst());

export const insertAttribute = (trx: Db, row: Insertable<ItemAttributeTable>) =>
  trx.insertInto('itemAttribute').values(row).execute();

export const lockAttribute = (trx: Db, attrCode: string) =>
  trx.selectFrom('itemAttribute').selectAll().where('attrCode', '=', attrCode).forUpdate().executeTakeFirst();

export const updateAttribute = (trx: Db, attrCode: string, set: Updateable<ItemAttributeTable>) =>
  trx.updateTable('itemAttribute').set(set).where('attrCode', '=', attrCode).execute();

type ValueFilter = { attrCode?: string; useYn?: 'Y' | 'N'; q?: string; valueCode?: string };

/** Allowed values filtered by attribute, value, use and a part of the code or name. */
function filteredValues(db: Db, q: ValueFilter) {
  let s = db.selectFrom('itemAttributeValue as v').innerJoin('itemAttribute as a', 'a.attrCode', 'v.attrCode');
  if (q.attrCode) s = s.where('v.attrCode', '=', q.attrCode);
  if (q.valueCode) s = s.where('v.valueCode', '=', q.valueCode);
  if (q.useYn) s = s.where('v.useYn', '=', q.useYn);
  const needle = q.q?.trim();
  if (needle)
    s = s.where((eb) =>
      eb.or([
        eb('v.valueCode', 'ilike', `%${needle}%`),
        eb('v.nameKo', 'ilike', `%${needle}%`),
        eb('v.nameEn', 'ilike', `%${needle}%`),
      ]),
    );
  return s;
}

/**
 * One page of the allowed values with their attribute's name and how many items use each, in the attributes' and
 * the values' order (all of them without a window), and how many the filter finds.
 */
export async function listValues(db: Db, q: ValueFilter, window?: { limit: number; offset: number }) {
  const s = filteredValues(db, q);
  const [rows, counted] = await Promise.all([
    s
      .select([
        'v.attrCode',
        'a.nameKo as attrName',
        'v.valueCode',
        'v.nameKo',
        'v.nameEn',
        'v.sortOrder',
        'v.useYn',
        'v.version',
      ])
      .select((eb) =>
        eb
          .selectFrom('itemAttr as ia')
          .select((e) => e.fn.countAll<number>().as('n'))
          .whereRef('ia.attrCode', '=', 'v.attrCode')
          .whereRef('ia.valueCode', '=', 'v.valueCode')
          .as('itemCount'),
      )
      .orderBy('a.sortOrder')
      .orderBy('v.attrCode')
      .orderBy('v.sortOrder')
      .orderBy('v.valueCode')
      .$if(window !== undefined, (x) => x.limit(window!.limit).offset(window!.offset))
      .execute(),
    window ? s.select((e) => e.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow() : undefined,
  ]);
  return { rows, total: counted ? Number(counted.n) : rows.length };
}

export const valueExists = async (db: Db, attrCode: string, valueCode: string): Promise<boolean> =>
  !!(await db
    .selectFrom('itemAttributeValue')
    .select('valueCode')
    .where('attrCode', '=', attrCode)
    .where('valueCode', '=', valueCode)
    .executeTakeFirst());

export const insertValue = (trx: Db, row: Insertable<ItemAttributeValueTable>) =>
  trx.insertInto('itemAttributeValue').values(row).execute();

export const lockValue = (trx: Db, attrCode: string, valueCode: string) =>
  trx
    .selectFrom('itemAttributeValue')
    .selectAll()
    .where('attrCode', '=', attrCode)
    .where('valueCode', '=', valueCode)
    .forUpdate()
    .executeTakeFirst();

export const updateValue = (trx: Db, attrCode: string, valueCode: string, set: Updateable<ItemAttributeValueTable>) =>
  trx
    .updateTable('itemAttributeValue')
    .set(set)
    .where('attrCode', '=', attrCode)
    .where('valueCode', '=', valueCode)
    .execute();

// ---- units and conversions

/** Units (one with `unitCode`) with their item counts, and every conversion. */
export async function listUnits(db: Db, unitCode?: string) {
  let q = db
    .selectFrom('unit as u')
    .select(['u.unitCode', 'u.nameKo', 'u.nameEn', 'u.sortOrder', 'u.useYn', 'u.version'])
    .select((eb) =>
      eb
        .selectFrom('item')
        .select((e) => e.fn.countAll<number>().as('n'))
        .whereRef('item.unitCode', '=', 'u.unitCode')
        .as('itemCount'),
    );
  if (unitCode) q = q.where('u.unitCode', '=', unitCode);
  const rows = await q.orderBy('u.sortOrder').orderBy('u.unitCode').execute();
  const conversions = await db
    .selectFrom('unitConversion')
    .select(['fromUnit', 'toUnit', 'factor'])
    .orderBy('toUnit')
    .execute();
  return { rows, conversions };
}

export const unitCodes = async (db: Db): Promise<Set<string>> =>
  new Set((await db.selectFrom('unit').select('unitCode').execute()).map((u) => u.unitCode));

export const unitExists = async (db: Db, unitCode: string): Promise<boolean> =>
  !!(await db.selectFrom('unit').select('unitCode').where('unitCode', '=', unitCode).executeTakeFirst());

export const insertUnit = (trx: Db, row: Insertable<UnitTable>) => trx.insertInto('unit').values(row).execute();

export const lockUnit = (trx: Db, unitCode: string) =>
  trx.selectFrom('unit').selectAll().where('unitCode', '=', unitCode).forUpdate().executeTakeFirst();

export const updateUnit = (trx: Db, unitCode: string, set: Updateable<UnitTable>) =>
  trx.updateTable('unit').set(set).where('unitCode', '=', unitCode).execute();

export const conversionsFrom = (trx: Db, unitCode: string) =>
  trx.selectFrom('unitConversion').selectAll().where('fromUnit', '=', unitCode).execute();

export async function insertConversions(trx: Db, rows: Array<Insertable<UnitConversionTable>>): Promise<void> {
  if (rows.length) await trx.insertInto('unitConversion').values(rows).execute();
}

export const deleteConversionsFrom = (trx: Db, unitCode: string) =>
  trx.deleteFrom('unitConversion').where('fromUnit', '=', unitCode).execute();
