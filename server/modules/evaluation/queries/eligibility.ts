import type { Insertable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { EvaWarnConfirmTable } from '../../../db/schema.generated.js';

/** The suppliers' finalized totals with their period and name, each supplier's newest (latest end date) first. */
export function finalTotalsNewestFirst(db: Db, compNos: readonly string[]) {
  return db
    .selectFrom('evaTotal as t')
    .innerJoin('evaPeriod as p', 'p.periodId', 't.periodId')
    .innerJoin('company as c', 'c.compNo', 't.compNo')
    .select([
      't.compNo',
      'c.compNameKr',
      't.periodId',
      'p.periodName',
      't.totalId',
      't.grade',
      't.gradeAction as action',
      't.totalScore',
      'p.endDate',
    ])
    .where('t.compNo', 'in', [...compNos])
    .where('t.status', '=', 'FINAL')
    .orderBy('t.compNo')
    .orderBy('p.endDate', 'desc')
    .execute();
}

/** Records the buyer's confirmation of suppliers graded "warn". */
export async function insertWarnConfirms(trx: Db, rows: Insertable<EvaWarnConfirmTable>[]): Promise<void> {
  await trx.insertInto('evaWarnConfirm').values(rows).execute();
}
