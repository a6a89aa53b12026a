import { sql, type Insertable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { EvaMeasureTable, EvaTotalLineTable, EvaTotalTable } from '../../../db/schema.generated.js';

export function periodGrades(db: Db, periodId: number) {
  return db.selectFrom('evaGrade').select(['grade', 'minScore', 'action']).where('periodId', '=', periodId).execute();
}

export function sourcingGroupTree(db: Db) {
  return db.selectFrom('sourcingGroup').select(['sgCode', 'upCode']).execute();
}

/**
 * Active suppliers with their spend (Σ settled goods amounts of the months [fromMonth, toMonth]),
 * limited to a minimum spend, a list, or orders in the period with lines in the sourcing groups, when given.
 */
export function targetCandidates(
  db: Db,
  w: {
    fromMonth: string;
    toMonth: string;
    startDate: string;
    endDate: string;
    minSpend: string | null;
    list: string[] | null;
    sgCodes: string[] | null;
  },
) {
  const spend = db
    .selectFrom('settlement')
    .select(['compNo', (eb) => eb.fn.sum<string>('goodsAmount').as('spend')])
    .where('period', '>=', w.fromMonth)
    .where('period', '<=', w.toMonth)
    .groupBy('compNo');
  let q = db
    .selectFrom('company as c')
    .leftJoin(spend.as('s'), 's.compNo', 'c.compNo')
    .select(['c.compNo', sql<string>`coalesce(s.spend, 0)`.as('spendKrw')])
    .where('c.status', '=', 'ACTIVE');
  if (w.minSpend !== null) q = q.where(sql`coalesce(s.spend, 0)`, '>=', w.minSpend);
  if (w.list) q = q.where('c.compNo', 'in', w.list);
  const sgCodes = w.sgCodes;
  if (sgCodes) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('poHeader as ph')
          .innerJoin('poLine as pl', 'pl.poNo', 'ph.poNo')
          .select(sql`1`.as('x'))
          .whereRef('ph.compNo', '=', 'c.compNo')
          .where('ph.poDate', '>=', w.startDate)
          .where('ph.poDate', '<=', w.endDate)
          .where('pl.sgCode', 'in', sgCodes),
      ),
    );
  }
  return q.orderBy('c.compNo').execute();
}

export function periodRow(trx: Db, periodId: number) {
  return trx.selectFrom('evaPeriod').selectAll().where('periodId', '=', periodId).executeTakeFirstOrThrow();
}

export function periodCriteria(trx: Db, periodId: number) {
  return trx.selectFrom('evaCriterion').selectAll().where('periodId', '=', periodId).orderBy('seq').execute();
}

export function periodTargets(trx: Db, periodId: number) {
  return trx.selectFrom('evaTarget').select('compNo').where('periodId', '=', periodId).orderBy('compNo').execute();
}

/** The scores of the period's submitted tasks, task by task. */
export function submittedScores(trx: Db, periodId: number) {
  return trx
    .selectFrom('evaScore as s')
    .innerJoin('evaTask as t', 't.taskId', 's.taskId')
    .select(['t.compNo', 's.criterionId', 's.score', 's.comment'])
    .where('t.periodId', '=', periodId)
    .where('t.status', '=', 'SUBMITTED')
    .orderBy('t.taskId')
    .execute();
}

/** The period that ended last before `startDate`. */
export function periodBefore(trx: Db, startDate: string) {
  return trx
    .selectFrom('evaPeriod')
    .select('periodId')
    .where('endDate', '<', startDate)
    .orderBy('endDate', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function finalScores(trx: Db, periodId: number) {
  return trx
    .selectFrom('evaTotal')
    .select(['compNo', 'totalScore'])
    .where('periodId', '=', periodId)
    .where('status', '=', 'FINAL')
    .execute();
}

/** The period's totals that are not superseded. */
export function currentTotals(trx: Db, periodId: number) {
  return trx
    .selectFrom('evaTotal')
    .select(['totalId', 'compNo', 'status', 'adjustment', 'version'])
    .where('periodId', '=', periodId)
    .where('status', '<>', 'SUPERSEDED')
    .execute();
}

/** The period's measures replaced by `rows` (inserted 500 at a time). */
export async function replaceMeasures(trx: Db, periodId: number, rows: Insertable<EvaMeasureTable>[]): Promise<void> {
  await trx.deleteFrom('evaMeasure').where('periodId', '=', periodId).execute();
  for (let i = 0; i < rows.length; i += 500)
    await trx
      .insertInto('evaMeasure')
      .values(rows.slice(i, i + 500))
      .execute();
}

export async function updateTotal(trx: Db, totalId: number, values: Partial<Insertable<EvaTotalTable>>): Promise<void> {
  await trx.updateTable('evaTotal').set(values).where('totalId', '=', totalId).execute();
}

export function insertTotals(trx: Db, rows: Insertable<EvaTotalTable>[]) {
  return trx.insertInto('evaTotal').values(rows).returning(['totalId', 'compNo']).execute();
}

export async function deleteTotalLines(trx: Db, totalIds: number[]): Promise<void> {
  await trx.deleteFrom('evaTotalLine').where('totalId', 'in', totalIds).execute();
}

export async function insertTotalLines(trx: Db, rows: Insertable<EvaTotalLineTable>[]): Promise<void> {
  await trx.insertInto('evaTotalLine').values(rows).execute();
}

export async function markPeriodComputed(trx: Db, periodId: number, now: Date): Promise<void> {
  await trx.updateTable('evaPeriod').set({ computedAt: now }).where('periodId', '=', periodId).execute();
}
