import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

/** The masters an item is checked against (item-master.ts): categories (with whether an active child exists), sourcing groups, units, attribute values and attributes in use. */
export function masterRows(db: Db) {
  return Promise.all([
    db
      .selectFrom('itemCategory as c')
      .select(['c.catCode', 'c.useYn'])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('itemCategory as k')
              .select('k.catCode')
              .whereRef('k.parentCode', '=', 'c.catCode')
              .where('k.useYn', '=', 'Y'),
          )
          .as('hasChildren'),
      )
      .execute(),
    db.selectFrom('sourcingGroup').select(['sgCode', 'sgLevel', 'useYn']).execute(),
    db.selectFrom('unit').select(['unitCode', 'useYn']).execute(),
    db.selectFrom('itemAttributeValue').select(['attrCode', 'valueCode']).where('useYn', '=', 'Y').execute(),
    db.selectFrom('itemAttribute').select('attrCode').where('useYn', '=', 'Y').execute(),
  ]);
}

/** Serialises item-code allocators until the transaction ends. */
export async function lockItemCodeAllocation(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(60060)`.execute(trx);
}

/** The highest number of each category's item codes (`<cat>-<n>`). */
export function lastItemNumbers(trx: Db, part: string[]) {
  return trx
    .selectFrom('item')
    .select(['catCode', sql<string>`max(substring(item_code from '-([0-9]+)$')::int)`.as('last')])
    .where('catCode', 'in', part)
    .groupBy('catCode')
    .execute();
}
