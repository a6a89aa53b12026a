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

/** How many values one statement writes (5 parameters a row). */
const VALUE_BATCH = 500;

/**
 * The values the days of `indexCodes` × `valueDates` have, locked (a few more than the pairs asked for: every
 * pair of those codes and days): what the days written next replace.
 */
export async function lockIndexValues(trx: Db, indexCodes: readonly string[], valueDates: readonly string[]) {
  if (indexCodes.length === 0 || valueDates.length === 0) return [];
  return trx
    .selectFrom('linkageIndexValue')
    .select(['indexCode', 'valueDate', 'value'])
    .where('indexCode', 'in', [...indexCodes])
    .where('valueDate', 'in', [...valueDates])
    .forUpdate()
    .execute();
}

/** Days' values; a day entered again has its value replaced. */
export async function upsertIndexValues(trx: Db, rows: ReadonlyArray<Insertable<Database['linkageIndexValue']>>) {
  for (let i = 0; i < rows.length; i += VALUE_BATCH)
    await trx
      .insertInto('linkageIndexValue')
      .values(rows.slice(i, i + VALUE_BATCH))
      .onConflict((oc) =>
        oc.columns(['indexCode', 'valueDate']).doUpdateSet((eb) => ({
          value: eb.ref('excluded.value'),
          updatedBy: eb.ref('excluded.updatedBy'),
          updatedAt: eb.ref('excluded.updatedAt'),
        })),
      )
      .execute();
}
