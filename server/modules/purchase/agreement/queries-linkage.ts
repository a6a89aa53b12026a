import type { Insertable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import { LINKAGE_ANSWER_COLUMNS } from '../../../db/linkage-answer-columns.js';
import type { Database } from '../../../db/schema.generated.js';

/** An agreement's 납품대금 연동 answer with its index's name and unit (none: not answered yet). */
export function findAgreementLinkage(db: Db, agreementNo: string) {
  return db
    .selectFrom('agreementLinkage as k')
    .leftJoin('linkageIndex as i', 'i.indexCode', 'k.indexCode')
    .select([...LINKAGE_ANSWER_COLUMNS, 'k.updatedAt'])
    .where('k.agreementNo', '=', agreementNo)
    .executeTakeFirst();
}

/** The agreement's answer, replacing the one it had (one per agreement). */
export async function saveAgreementLinkage(trx: Db, row: Insertable<Database['agreementLinkage']>) {
  const { agreementNo: _key, ...values } = row;
  await trx
    .insertInto('agreementLinkage')
    .values(row)
    .onConflict((oc) => oc.column('agreementNo').doUpdateSet(values))
    .execute();
}

/** The draft's supplier changed: the answer follows it (the row's company is what a supplier may read). */
export async function moveAgreementLinkage(trx: Db, agreementNo: string, compNo: string) {
  await trx.updateTable('agreementLinkage').set({ compNo }).where('agreementNo', '=', agreementNo).execute();
}

export function findLinkageIndex(db: Db, indexCode: string) {
  return db
    .selectFrom('linkageIndex')
    .select(['indexCode', 'indexName', 'unit', 'useYn'])
    .where('indexCode', '=', indexCode)
    .executeTakeFirst();
}

/** The indexes a clause may name (in use), by code. */
export function listLinkageIndexes(db: Db, o: { inUseOnly: boolean }) {
  return db
    .selectFrom('linkageIndex')
    .select(['indexCode', 'indexName', 'unit', 'source', 'useYn', 'version'])
    .$if(o.inUseOnly, (q) => q.where('useYn', '=', 'Y'))
    .orderBy('indexCode')
    .execute();
}
