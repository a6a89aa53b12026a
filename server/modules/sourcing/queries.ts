import type { Db } from '../../db/connect.js';

/** The sourcing groups in use of one level under a parent (none: the top level), in their order. */
export function listSourcingGroups(db: Db, level: '001' | '002' | '003' | '004', parent: string | undefined) {
  let q = db
    .selectFrom('sourcingGroup')
    .select(['sgCode', 'sgName'])
    .where('sgLevel', '=', level)
    .where('useYn', '=', 'Y');
  q = parent ? q.where('upCode', '=', parent) : q.where('upCode', 'is', null);
  return q.orderBy('sortOrder').orderBy('sgCode').execute();
}
