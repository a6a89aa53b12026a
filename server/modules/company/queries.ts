import type { Db } from '../../db/connect.js';

/** A company by its business registration number (10 digits) or by its company number. */
export function findCompanyByCode(db: Db, by: { taxNo: string } | { compNo: string }) {
  return db
    .selectFrom('company')
    .select(['compNo', 'compNameKr', 'taxNo2', 'status'])
    .where((eb) => ('taxNo' in by ? eb('taxNo', '=', by.taxNo) : eb('compNo', '=', by.compNo)))
    .executeTakeFirst();
}
