import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { EvaPeriodTable, EvaTargetTable, EvaTaskTable } from '../../../db/schema.generated.js';
import type { Static } from 'typebox';
import type { PeriodCreateBody } from '../schemas.js';
import type { EvaBand, EvaKind, EvaMeasure } from '../types.js';

/** Another period whose dates overlap [start, end], if any. */
export function overlappingPeriod(db: Db, start: string, end: string, selfId: number | null) {
  let q = db
    .selectFrom('evaPeriod')
    .select(['periodName', 'startDate', 'endDate'])
    .where('startDate', '<=', end)
    .where('endDate', '>=', start);
  if (selfId !== null) q = q.where('periodId', '<>', selfId);
  return q.executeTakeFirst();
}

/** Of the company numbers given, those registered. */
export const existingCompanies = async (db: Db, compNos: string[]): Promise<Set<string>> =>
  new Set(
    (await db.selectFrom('company').select('compNo').where('compNo', 'in', compNos).execute()).map((c) => c.compNo),
  );

/** Of the employee ids given, those that exist. */
export const existingEmployees = async (db: Db, singleids: string[]): Promise<Set<string>> =>
  new Set(
    (await db.selectFrom('employee').select('singleid').where('singleid', 'in', singleids).execute()).map(
      (e) => e.singleid,
    ),
  );

export interface CriterionSetup {
  seq: number;
  category: string;
  name: string;
  kind: EvaKind;
  weight: number;
  measure: EvaMeasure | null;
  bands: EvaBand[] | null;
  evaluators: string[];
}

/** Replaces a period's criteria (with their evaluators) and grade bands. */
export async function replaceSetup(
  trx: Db,
  periodId: number,
  criteria: CriterionSetup[],
  grades: Static<typeof PeriodCreateBody>['grades'],
) {
  await trx.deleteFrom('evaGrade').where('periodId', '=', periodId).execute();
  await trx.deleteFrom('evaCriterion').where('periodId', '=', periodId).execute();
  for (const c of criteria) {
    const { criterionId } = await trx
      .insertInto('evaCriterion')
      .values({
        periodId,
        seq: c.seq,
        category: c.category,
        name: c.name,
        kind: c.kind,
        weight: c.weight,
        measure: c.measure,
        bands: c.bands ? JSON.stringify(c.bands) : null,
      })
      .returning('criterionId')
      .executeTakeFirstOrThrow();
    if (c.evaluators.length)
      await trx
        .insertInto('evaCriterionEvaluator')
        .values(c.evaluators.map((evaluatorId) => ({ criterionId, evaluatorId })))
        .execute();
  }
  await trx
    .insertInto('evaGrade')
    .values(grades.map((g) => ({ periodId, grade: g.grade, minScore: g.minScore, action: g.action })))
    .execute();
}

/** A page of periods, newest first, and the count of all that match. */
export async function periodPage(
  db: Db,
  filter: { status?: string; periodId?: number },
  window: { limit: number; offset: number },
) {
  let q = db.selectFrom('evaPeriod').selectAll();
  if (filter.status) q = q.where('status', '=', filter.status as never);
  if (filter.periodId) q = q.where('periodId', '=', filter.periodId);
  const total = Number(
    (
      await q
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const periods = await q.orderBy('startDate', 'desc').limit(window.limit).offset(window.offset).execute();
  return { periods, total };
}

/** What the period list shows of each period: criteria, evaluators, grades, and counts of targets, tasks and totals. */
export async function periodSetups(db: Db, ids: number[]) {
  const [criteria, evaluators, grades, targets, tasks, totals] = await Promise.all([
    db.selectFrom('evaCriterion').selectAll().where('periodId', 'in', ids).orderBy('seq').execute(),
    db
      .selectFrom('evaCriterionEvaluator as ce')
      .innerJoin('evaCriterion as c', 'c.criterionId', 'ce.criterionId')
      .innerJoin('employee as e', 'e.singleid', 'ce.evaluatorId')
      .leftJoin('department as d', 'd.deptcd', 'e.deptcd')
      .select(['ce.criterionId', 'ce.evaluatorId', 'e.hname', 'd.deptnm'])
      .where('c.periodId', 'in', ids)
      .orderBy('ce.evaluatorId')
      .execute(),
    db.selectFrom('evaGrade').selectAll().where('periodId', 'in', ids).orderBy('grade').execute(),
    db
      .selectFrom('evaTarget')
      .select(['periodId', (eb) => eb.fn.countAll<number>().as('n')])
      .where('periodId', 'in', ids)
      .groupBy('periodId')
      .execute(),
    db
      .selectFrom('evaTask')
      .select([
        'periodId',
        (eb) => eb.fn.countAll<number>().as('n'),
        sql<number>`count(*) filter (where status = 'SUBMITTED')`.as('submitted'),
      ])
      .where('periodId', 'in', ids)
      .groupBy('periodId')
      .execute(),
    db
      .selectFrom('evaTotal')
      .select([
        'periodId',
        sql<number>`count(*) filter (where status = 'FINAL')`.as('final'),
        sql<number>`count(*) filter (where published_at is not null and status = 'FINAL')`.as('published'),
      ])
      .where('periodId', 'in', ids)
      .groupBy('periodId')
      .execute(),
  ]);
  return { criteria, evaluators, grades, targets, tasks, totals };
}

export const lockPeriodRow = (trx: Db, periodId: number) =>
  trx.selectFrom('evaPeriod').selectAll().where('periodId', '=', periodId).forUpdate().executeTakeFirst();

export const insertPeriod = async (trx: Db, row: Insertable<EvaPeriodTable>): Promise<number> =>
  (await trx.insertInto('evaPeriod').values(row).returning('periodId').executeTakeFirstOrThrow()).periodId;

export const updatePeriod = (trx: Db, periodId: number, set: Updateable<EvaPeriodTable>) =>
  trx.updateTable('evaPeriod').set(set).where('periodId', '=', periodId).execute();

export const deletePeriodRow = (trx: Db, periodId: number) =>
  trx.deleteFrom('evaPeriod').where('periodId', '=', periodId).execute();

/** Inserts rows 500 at a time. */
async function insertInParts<T>(rows: T[], insert: (part: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

export const insertTargets = (trx: Db, rows: Array<Insertable<EvaTargetTable>>) =>
  insertInParts(rows, (part) => trx.insertInto('evaTarget').values(part).execute());

export const insertTasks = (trx: Db, rows: Array<Insertable<EvaTaskTable>>) =>
  insertInParts(rows, (part) => trx.insertInto('evaTask').values(part).execute());

/** Everyone who evaluates some criterion of the period, once each. */
export const periodEvaluators = (trx: Db, periodId: number) =>
  trx
    .selectFrom('evaCriterionEvaluator as ce')
    .innerJoin('evaCriterion as c', 'c.criterionId', 'ce.criterionId')
    .select('ce.evaluatorId')
    .distinct()
    .where('c.periodId', '=', periodId)
    .execute();

/** Prepared periods whose start date has come and whose due date has not passed. */
export const periodsToOpen = (db: Db, today: string) =>
  db
    .selectFrom('evaPeriod')
    .select('periodId')
    .where('status', '=', 'PLANNED')
    .where('startDate', '<=', today)
    .where('dueDate', '>=', today)
    .orderBy('periodId')
    .execute();

/** Open periods whose due date has passed. */
export const periodsToClose = (db: Db, today: string) =>
  db
    .selectFrom('evaPeriod')
    .select('periodId')
    .where('status', '=', 'OPEN')
    .where('dueDate', '<', today)
    .orderBy('periodId')
    .execute();
