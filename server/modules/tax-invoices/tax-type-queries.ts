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
  return trx.selectFrom('item').select(['taxType', 'version']).where('itemCode', '=', itemCode).forUpdate().executeTakeFirst();
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
