import type { Db } from '../../../db/connect.js';

/** The supplier a simple order names, with its trading status. */
export function findSupplier(db: Db, compNo: string) {
  return db.selectFrom('company').select(['compNo', 'status']).where('compNo', '=', compNo).executeTakeFirst();
}
