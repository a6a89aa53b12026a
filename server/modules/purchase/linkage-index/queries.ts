import type { Insertable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { Database } from '../../../db/schema.generated.js';

/**
 * Index values, newest first per index (the list of /linkageIndexManage; one index, or one day of it): a page, and
 * how many there are.
 */
export async function indexValueRows(
  db: Db,
  f: { indexCode: string | null; valueDate?: string },
  w: { limit: number; offset: number },
) {
  const base = db
    .selectFrom('linkageIndexValue as v')
    .$if(f.indexCode !== null, (q) => q.where('v.indexCode', '=', f.indexCode!))
    .$if(f.valueDate !== undefined, (q) => q.where('v.valueDate', '=', f.valueDate!));
  const [rows, count] = await Promise.all([
    base
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
      .orderBy('v.indexCode')
      .orderBy('v.valueDate', 'desc')
      .limit(w.limit)
      .offset(w.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
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
