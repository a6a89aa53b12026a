import type { TestApp } from '../../helpers/app.js';

/**
 * An item supplier1 (C00001) has a price for and no waiting proposal on, the `offset`-th in code order: a supplier
 * may not propose twice for one item, so each test that proposes takes one of its own.
 */
export async function ownItemWithoutWaitingProposal(t: TestApp, offset = 0): Promise<string> {
  const row = await t.db.db
    .selectFrom('itemSupplierPrice')
    .select('itemCode')
    .where('compNo', '=', 'C00001')
    .where(
      'itemCode',
      'not in',
      t.db.db
        .selectFrom('itemProposal')
        .select('itemCode')
        .where('status', '=', 'SUBMITTED')
        .where('itemCode', 'is not', null),
    )
    .orderBy('itemCode')
    .offset(offset)
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.itemCode;
}
