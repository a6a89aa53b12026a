import type { Insertable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';

/** Index values, newest first per index (the list of /linkageIndexManage), at most `limit`. */
export function indexValueRows(db: Db, indexCode: string | null, limit: number) {
  return db
    .selectFrom('linkageIndexValue as v')
    .innerJoin('linkageIndex as i', 'i.indexCode', 'v.indexCode')
    .leftJoin('appUser as e', 'e.userId', 'v.updatedBy')
    .select([
      'v.indexCode',
      'i.indexName',
      'i.unit',
      'v.valueDate',
      'v.value',
      'e.hname as updatedByName',
      'v.updatedAt',
    ])
    .$if(indexCode !== null, (q) => q.where('v.indexCode', '=', indexCode!))
    .orderBy('v.indexCode')
    .orderBy('v.valueDate', 'desc')
    .limit(limit)
    .execute();
}

export const findIndex = (db: Db, indexCode: string) =>
  db
    .selectFrom('linkageIndex')
    .select(['indexCode', 'indexName', 'unit', 'source', 'useYn', 'version'])
    .where('indexCode', '=', indexCode)
    .executeTakeFirst();

export async function insertIndex(trx: Db, row: Insertable<Database['linkageIndex']>) {
  await trx.insertInto('linkageIndex').values(row).execute();
}

/** A day's value; entered again, it replaces the one the day had. Answers the value it replaced, if any. */
export async function saveIndexValue(trx: Db, row: Insertable<Database['linkageIndexValue']>) {
  const before = await trx
    .selectFrom('linkageIndexValue')
    .select('value')
    .where('indexCode', '=', row.indexCode)
    .where('valueDate', '=', row.valueDate)
    .forUpdate()
    .executeTakeFirst();
  await trx
    .insertInto('linkageIndexValue')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['indexCode', 'valueDate']).doUpdateSet({
        value: row.value,
        updatedBy: row.updatedBy,
        updatedAt: row.updatedAt,
      }),
    )
    .execute();
  return before?.value ?? null;
}
