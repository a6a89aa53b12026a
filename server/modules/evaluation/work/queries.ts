import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../../db/connect.js';
import type { EvaScoreTable, EvaTaskTable } from '../../../db/schema.generated.js';
import { given, likeEscape } from '../../../http/list-query.js';

export interface TaskFilter {
  evaluatorId?: string;
  taskId?: number;
  periodId?: number;
  status?: string;
  compNo?: string;
  compName?: string;
  evaluatorName?: string;
}

function taskQuery(db: Db, f: TaskFilter) {
  let q = db
    .selectFrom('evaTask as t')
    .innerJoin('evaPeriod as p', 'p.periodId', 't.periodId')
    .innerJoin('company as c', 'c.compNo', 't.compNo')
    .innerJoin('employee as e', 'e.singleid', 't.evaluatorId');
  if (f.evaluatorId) q = q.where('t.evaluatorId', '=', f.evaluatorId);
  if (f.taskId) q = q.where('t.taskId', '=', f.taskId);
  if (f.periodId) q = q.where('t.periodId', '=', f.periodId);
  if (f.status) q = q.where('t.status', '=', f.status as never);
  if (given(f.compNo)) q = q.where('t.compNo', '=', f.compNo!.trim().toUpperCase());
  if (given(f.compName)) q = q.where('c.compNameKr', 'like', `%${likeEscape(f.compName!.trim())}%`);
  if (given(f.evaluatorName)) q = q.where('e.hname', 'like', `%${likeEscape(f.evaluatorName!.trim())}%`);
  return q;
}

export const TASK_SORT_COLUMNS = {
  taskId: 't.taskId',
  dueDate: 'p.dueDate',
  compNo: 't.compNo',
  compName: 'c.compNameKr',
  status: 't.status',
  periodName: 'p.periodName',
  evaluatorName: 'e.hname',
  submittedAt: 't.submittedAt',
} as const;

/** A page of tasks with their period, supplier, evaluator and scoring progress, and the count of all. */
export async function listTaskRows(
  db: Db,
  f: TaskFilter,
  sort: { field: keyof typeof TASK_SORT_COLUMNS; direction: 'asc' | 'desc' },
  window: { limit: number; offset: number },
) {
  const base = taskQuery(db, f);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .select([
      't.taskId',
      't.periodId',
      'p.periodName',
      'p.status as periodStatus',
      't.compNo',
      'c.compNameKr as compName',
      't.evaluatorId',
      'e.hname as evaluatorName',
      't.status',
      'p.dueDate',
      't.savedAt',
      't.submittedAt',
      't.version',
      sql<number>`(select count(*) from eva_criterion_evaluator ce join eva_criterion cr on cr.criterion_id = ce.criterion_id where cr.period_id = t.period_id and ce.evaluator_id = t.evaluator_id)`.as(
        'criteriaCount',
      ),
      sql<number>`(select count(*) from eva_score s where s.task_id = t.task_id)`.as('scoredCount'),
      sql<string | null>`(select round(avg(s.score), 2) from eva_score s where s.task_id = t.task_id)`.as(
        'averageScore',
      ),
    ])
    .orderBy(sql.ref(TASK_SORT_COLUMNS[sort.field]), sort.direction)
    .orderBy('t.taskId')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  return { rows, total };
}

export const periodCriteria = (db: Db, periodId: number) =>
  db.selectFrom('evaCriterion').selectAll().where('periodId', '=', periodId).orderBy('seq').execute();

/** The criteria of the period the evaluator scores. */
export const criteriaOfEvaluator = (db: Db, periodId: number, evaluatorId: string) =>
  db
    .selectFrom('evaCriterionEvaluator as ce')
    .innerJoin('evaCriterion as c', 'c.criterionId', 'ce.criterionId')
    .select('ce.criterionId')
    .where('c.periodId', '=', periodId)
    .where('ce.evaluatorId', '=', evaluatorId)
    .execute();

export const taskScores = (db: Db, taskId: number) =>
  db.selectFrom('evaScore').selectAll().where('taskId', '=', taskId).execute();

export const supplierMeasures = (db: Db, periodId: number, compNo: string) =>
  db.selectFrom('evaMeasure').selectAll().where('periodId', '=', periodId).where('compNo', '=', compNo).execute();

export const lockTask = (trx: Db, taskId: number) =>
  trx.selectFrom('evaTask').selectAll().where('taskId', '=', taskId).forUpdate().executeTakeFirst();

export const periodState = (trx: Db, periodId: number) =>
  trx
    .selectFrom('evaPeriod')
    .select(['status', 'dueDate', 'periodName'])
    .where('periodId', '=', periodId)
    .executeTakeFirstOrThrow();

/** Replaces a task's scores. */
export async function replaceScores(
  trx: Db,
  taskId: number,
  rows: Array<Omit<Insertable<EvaScoreTable>, 'taskId'>>,
): Promise<void> {
  await trx.deleteFrom('evaScore').where('taskId', '=', taskId).execute();
  if (rows.length)
    await trx
      .insertInto('evaScore')
      .values(rows.map((r) => ({ taskId, ...r })))
      .execute();
}

export const updateTask = (trx: Db, taskId: number, set: Updateable<EvaTaskTable>) =>
  trx.updateTable('evaTask').set(set).where('taskId', '=', taskId).execute();
