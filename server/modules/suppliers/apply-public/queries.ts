import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { FileEntryTable, FileGroupTable, SupplierApplicationTable } from '../../../db/schema.generated.js';

/** The application rows of the public wizard and of the review that follows it. */
export const findApplication = (db: Db, receiptNo: string) =>
  db.selectFrom('supplierApplication').selectAll().where('receiptNo', '=', receiptNo).executeTakeFirst();

export const lockApplication = (trx: Db, receiptNo: string) =>
  trx.selectFrom('supplierApplication').selectAll().where('receiptNo', '=', receiptNo).forUpdate().executeTakeFirst();

export const insertApplication = (trx: Db, row: Insertable<SupplierApplicationTable>) =>
  trx.insertInto('supplierApplication').values(row).execute();

export const updateApplication = (trx: Db, receiptNo: string, set: Updateable<SupplierApplicationTable>) =>
  trx.updateTable('supplierApplication').set(set).where('receiptNo', '=', receiptNo).execute();

export const applicationCategoryCodes = (db: Db, receiptNo: string) =>
  db
    .selectFrom('supplierApplicationCategory')
    .select('catCode')
    .where('receiptNo', '=', receiptNo)
    .orderBy('catCode')
    .execute();

export async function replaceApplicationCategories(trx: Db, receiptNo: string, catCodes: string[]): Promise<void> {
  await trx.deleteFrom('supplierApplicationCategory').where('receiptNo', '=', receiptNo).execute();
  await trx
    .insertInto('supplierApplicationCategory')
    .values(catCodes.map((catCode) => ({ receiptNo, catCode })))
    .execute();
}

/** The files of a group not deleted, by sequence and name. */
export const liveFileNames = (db: Db, fileId: string) =>
  db
    .selectFrom('fileEntry')
    .select(['seq', 'originalName'])
    .where('fileId', '=', fileId)
    .where('deletedAt', 'is', null)
    .execute();

/** Terms in force on `today` and before, each kind's newest first. */
export const termsEffectiveBy = (db: Db, today: string) =>
  db
    .selectFrom('applyTerms')
    .selectAll()
    .where('effectiveFrom', '<=', today)
    .orderBy('kind')
    .orderBy('effectiveFrom', 'desc')
    .execute();

export const bankOptions = (db: Db) =>
  db
    .selectFrom('code')
    .select(['code as value', 'textKo as text'])
    .where('groupId', '=', 'BANK')
    .where('useYn', '=', 'Y')
    .orderBy('sortOrder')
    .orderBy('code')
    .execute();

export const categoryOptions = (db: Db) =>
  db
    .selectFrom('itemCategory')
    .select(['catCode as value', 'nameKo as text', 'depth'])
    .where('depth', '<=', 2)
    .where('useYn', '=', 'Y')
    .orderBy('catCode')
    .execute();

export const insertFileGroup = (trx: Db, row: Insertable<FileGroupTable>) =>
  trx.insertInto('fileGroup').values(row).execute();

export const markFileEntryDeleted = (trx: Db, fileId: string, seq: number) =>
  trx
    .updateTable('fileEntry')
    // real time: a soft-delete stamp of an upload (technical)
    .set({ deletedAt: new Date() })
    .where('fileId', '=', fileId)
    .where('seq', '=', seq)
    .execute();

export async function lastFileSeq(trx: Db, fileId: string): Promise<number> {
  const last = await trx
    .selectFrom('fileEntry')
    .select((eb) => eb.fn.max('seq').as('maxSeq'))
    .where('fileId', '=', fileId)
    .executeTakeFirst();
  return Number(last?.maxSeq ?? 0);
}

export const insertFileEntry = (trx: Db, row: Insertable<FileEntryTable>) =>
  trx.insertInto('fileEntry').values(row).execute();

export const insertRegistrationEvaluation = (trx: Db, evalNo: string, receiptNo: string) =>
  trx.insertInto('registrationEvaluation').values({ evalNo, receiptNo }).execute();
