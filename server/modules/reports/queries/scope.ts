import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { ReportScope } from '../scope.js';

/** The department's section (its top department), when the department exists. */
export function departmentSection(db: Db, deptcd: string) {
  return db.selectFrom('department').select('topDept').where('deptcd', '=', deptcd).executeTakeFirst();
}

/** The scope as a condition on a PO header aliased `alias` (default `h`; true for the whole company). */
export function scopeSql(scope: ReportScope, alias: 'h' | 'h0' = 'h'): RawBuilder<unknown> {
  const col = (c: string) => sql.raw(`${alias}.${c}`);
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'own':
      return sql`(${col('buyer_id')} = ${scope.singleid} or ${col('requester_id')} = ${scope.singleid})`;
    case 'department':
      return sql`${col('deptcd')} = ${scope.deptcd}`;
    case 'section':
      return sql`${col('section')} = ${scope.section}`;
  }
}
