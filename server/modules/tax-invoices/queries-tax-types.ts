/** SQL of the tax types on items and suppliers (tax-types.ts). */
import type { Db } from '../../db/connect.js';
import type { TaxType } from './amounts.js';

export function itemTaxTypeRow(db: Db, itemCode: string) {
  return db
    .selectFrom('item')
    .select(['itemCode', 'itemName', 'spec', 'taxType', 'version'])
    .where('itemCode', '=', itemCode)
    .executeTakeFirst();
}

export function lockItemTaxType(trx: Db, itemCode: string) {
  return trx
    .selectFrom('item')
    .select(['taxType', 'version'])
    .where('itemCode', '=', itemCode)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateItemTaxType(trx: Db, itemCode: string, taxType: TaxType | null) {
  await trx
    .updateTable('item')
    .set((eb) => ({ taxType, version: eb('version', '+', 1), updatedAt: new Date() }))
    .where('itemCode', '=', itemCode)
    .execute();
}

export function companyTaxTypeRow(db: Db, compNo: string) {
  return db
    .selectFrom('company')
    .select(['compNo', 'compNameKr', 'taxNo', 'taxType', 'zeroRatedDocKind', 'zeroRatedDocNo', 'version'])
    .where('compNo', '=', compNo)
    .executeTakeFirst();
}

export function lockCompanyTaxType(trx: Db, compNo: string) {
  return trx
    .selectFrom('company')
    .select(['taxType', 'zeroRatedDocKind', 'zeroRatedDocNo', 'version'])
    .where('compNo', '=', compNo)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateCompanyTaxType(
  trx: Db,
  compNo: string,
  v: { taxType: TaxType; zeroRatedDocKind: 'LOCAL_LC' | 'PURCHASE_CONFIRMATION' | null; zeroRatedDocNo: string | null },
) {
  await trx
    .updateTable('company')
    .set((eb) => ({ ...v, version: eb('version', '+', 1), updatedAt: new Date() }))
    .where('compNo', '=', compNo)
    .execute();
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Items with their tax type (null: the supplier's default applies), by name or code and type. */
export async function listItemTaxTypeRows(
  db: Db,
  q: { item?: string; taxType?: string },
  w: { limit: number; offset: number },
) {
  let base = db.selectFrom('item').where('useYn', '=', 'Y');
  if (q.item)
    base = base.where((eb) => eb.or([eb('itemName', 'ilike', like(q.item!)), eb('itemCode', 'ilike', like(q.item!))]));
  if (q.taxType === 'DEFAULT') base = base.where('taxType', 'is', null);
  else if (q.taxType) base = base.where('taxType', '=', q.taxType as TaxType);
  const [rows, total] = await Promise.all([
    base
      .select(['itemCode', 'itemName', 'spec', 'taxType', 'version'])
      .orderBy('itemCode')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

/** Suppliers with their default tax type and 영세율 evidence. */
export async function listCompanyTaxTypeRows(
  db: Db,
  q: { company?: string; taxType?: string },
  w: { limit: number; offset: number },
) {
  let base = db.selectFrom('company');
  if (q.company)
    base = base.where((eb) =>
      eb.or([
        eb('compNameKr', 'ilike', like(q.company!)),
        eb('compNo', 'ilike', like(q.company!)),
        eb('taxNo', 'ilike', like(q.company!)),
      ]),
    );
  if (q.taxType) base = base.where('taxType', '=', q.taxType as TaxType);
  const [rows, total] = await Promise.all([
    base
      .select(['compNo', 'compNameKr', 'taxNo', 'taxType', 'zeroRatedDocKind', 'zeroRatedDocNo', 'version'])
      .orderBy('compNo')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
