import { Type, type Static } from 'typebox';
import { sql } from 'kysely';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { given, likeEscape, pageWindow, parseSort } from '../../http/list-query.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { internalActor, type Actor } from '../../domain/actor.js';
import { checkVersion, failIf, missing, refused, type FieldError } from '../../domain/errors.js';
import { actionsFrom, transition } from '../../domain/machine.js';
import { iso, text } from '../../domain/values.js';
import { todayKst } from '../../domain/dates.js';
import { ResultListQuery, TaskDetail, TaskIdParams, TaskListQuery, TaskRow, TaskSaveBody } from './schemas.js';
import { SCREENS } from './screens.js';
import { TASK_MACHINE } from './workflow.js';

const taskMissing = () => missing('EVA_TASK_NOT_FOUND', '평가작업을 찾을 수 없습니다');

interface TaskFilter {
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

const SORT_COLUMNS = {
  taskId: 't.taskId', dueDate: 'p.dueDate', compNo: 't.compNo', compName: 'c.compNameKr', status: 't.status', periodName: 'p.periodName', evaluatorName: 'e.hname', submittedAt: 't.submittedAt',
} as const;

export async function listTasks(db: Db, f: TaskFilter, sort: { field: keyof typeof SORT_COLUMNS; direction: 'asc' | 'desc' }, window: { limit: number; offset: number }) {
  const base = taskQuery(db, f);
  const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await base
    .select([
      't.taskId', 't.periodId', 'p.periodName', 'p.status as periodStatus', 't.compNo', 'c.compNameKr as compName', 't.evaluatorId', 'e.hname as evaluatorName', 't.status', 'p.dueDate', 't.savedAt', 't.submittedAt', 't.version',
      sql<number>`(select count(*) from eva_criterion_evaluator ce join eva_criterion cr on cr.criterion_id = ce.criterion_id where cr.period_id = t.period_id and ce.evaluator_id = t.evaluator_id)`.as('criteriaCount'),
      sql<number>`(select count(*) from eva_score s where s.task_id = t.task_id)`.as('scoredCount'),
      sql<string | null>`(select round(avg(s.score), 2) from eva_score s where s.task_id = t.task_id)`.as('averageScore'),
    ])
    .orderBy(sql.ref(SORT_COLUMNS[sort.field]), sort.direction)
    .orderBy('t.taskId')
    .limit(window.limit)
    .offset(window.offset)
    .execute();
  const today = todayKst();
  return {
    rows: rows.map((r) => ({
      ...r,
      criteriaCount: Number(r.criteriaCount),
      scoredCount: Number(r.scoredCount),
      averageScore: r.averageScore === null ? null : Number(r.averageScore),
      overdue: r.status !== 'SUBMITTED' && r.dueDate < today,
      savedAt: iso(r.savedAt),
      submittedAt: iso(r.submittedAt),
    })),
    total,
  };
}

/** One task with every criterion of the period: quantitative ones with their figures, qualitative ones with this evaluator's scores. */
export async function taskDetail(db: Db, taskId: number, evaluatorId: string | null) {
  const { rows } = await listTasks(db, { taskId, evaluatorId: evaluatorId ?? undefined }, { field: 'taskId', direction: 'asc' }, { limit: 1, offset: 0 });
  const t = rows[0];
  if (!t) throw taskMissing();
  const [criteria, mine, scores, measures] = await Promise.all([
    db.selectFrom('evaCriterion').selectAll().where('periodId', '=', t.periodId).orderBy('seq').execute(),
    db.selectFrom('evaCriterionEvaluator as ce').innerJoin('evaCriterion as c', 'c.criterionId', 'ce.criterionId').select('ce.criterionId').where('c.periodId', '=', t.periodId).where('ce.evaluatorId', '=', t.evaluatorId).execute(),
    db.selectFrom('evaScore').selectAll().where('taskId', '=', taskId).execute(),
    db.selectFrom('evaMeasure').selectAll().where('periodId', '=', t.periodId).where('compNo', '=', t.compNo).execute(),
  ]);
  const mineIds = new Set(mine.map((m) => m.criterionId));
  const open = t.periodStatus === 'OPEN';
  return {
    ...t,
    scores: criteria
      .filter((c) => c.kind === 'QUANT' || mineIds.has(c.criterionId))
      .map((c) => {
        const m = measures.find((x) => x.criterionId === c.criterionId);
        const s = scores.find((x) => x.criterionId === c.criterionId);
        return {
          criterionId: c.criterionId, seq: c.seq, category: c.category, name: c.name, kind: c.kind, weight: Number(c.weight), measure: c.measure,
          numerator: m?.numerator ?? null, denominator: m?.denominator ?? null, rate: m?.rate ?? null,
          computedScore: m?.score ?? null,
          score: s?.score ?? null, comment: s?.comment ?? null, mine: mineIds.has(c.criterionId),
        };
      }),
    actions: evaluatorId && open ? actionsFrom(TASK_MACHINE, t.status) : [],
  };
}

async function lockOwnTask(trx: Db, taskId: number, actor: Actor) {
  const t = await trx.selectFrom('evaTask').selectAll().where('taskId', '=', taskId).forUpdate().executeTakeFirst();
  // Another evaluator's task does not exist for this caller.
  if (!t || t.evaluatorId !== actor.singleid) throw taskMissing();
  const p = await trx.selectFrom('evaPeriod').select(['status', 'dueDate', 'periodName']).where('periodId', '=', t.periodId).executeTakeFirstOrThrow();
  if (p.status !== 'OPEN') throw refused('EVA_PERIOD_NOT_OPEN', `평가가 진행 중인 기간이 아닙니다: ${p.periodName}`);
  if (todayKst() > p.dueDate) throw refused('EVA_PAST_DUE', `평가 마감일(${p.dueDate})이 지나 저장하거나 제출할 수 없습니다`);
  return t;
}

async function checkScores(db: Db, t: { periodId: number; evaluatorId: string }, scores: Static<typeof TaskSaveBody>['scores'], complete: boolean) {
  const errors: FieldError[] = [];
  const mine = new Set(
    (await db.selectFrom('evaCriterionEvaluator as ce').innerJoin('evaCriterion as c', 'c.criterionId', 'ce.criterionId').select('ce.criterionId').where('c.periodId', '=', t.periodId).where('ce.evaluatorId', '=', t.evaluatorId).execute()).map(
      (m) => m.criterionId,
    ),
  );
  const rows: Array<{ criterionId: number; score: number; comment: string | null }> = [];
  scores.forEach((s, i) => {
    if (!mine.has(s.criterionId)) return; // quantitative rows and others' criteria are shown, not scored
    if (s.score === null || s.score === undefined) return;
    if (!Number.isInteger(s.score) || s.score < 1 || s.score > 5) {
      errors.push({ path: `body/scores/${i}/score`, message: '점수는 1~5 사이의 정수로 입력하세요' });
      return;
    }
    rows.push({ criterionId: s.criterionId, score: s.score, comment: text(s.comment) });
  });
  if (complete) {
    const scored = new Set(rows.map((r) => r.criterionId));
    const missingOnes = [...mine].filter((c) => !scored.has(c));
    if (missingOnes.length) errors.push({ path: 'body/scores', message: `모든 정성 항목에 점수를 입력한 뒤 제출하세요 (${missingOnes.length}개 남음)` });
  }
  failIf(errors);
  return rows;
}

export const workRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['evaluation'];

  app.get(
    '/api/v1/evaluation/tasks',
    { config: { access: access.login([SCREENS.workList, SCREENS.workEdit], 'read', ['I']) }, schema: { operationId: 'listMyEvaTasks', tags, summary: 'My evaluation tasks (the caller is the evaluator), with due dates', querystring: TaskListQuery, response: { 200: Type.Object({ rows: Type.Array(TaskRow), total: Type.Integer() }), ...commonErrors } } },
    async (request) => {
      const actor = await internalActor(request.db, request.caller);
      const q = request.query;
      return listTasks(request.db, { ...q, evaluatorId: actor.singleid }, parseSort(q.sort, { field: 'dueDate', direction: 'asc' }), pageWindow(q));
    },
  );

  app.get(
    '/api/v1/evaluation/tasks/:taskId',
    { config: { access: access.login([SCREENS.workList, SCREENS.workEdit], 'read', ['I']) }, schema: { operationId: 'getMyEvaTask', tags, summary: 'One of my tasks: quantitative criteria filled from data (numerator, denominator), qualitative ones to score; another evaluator’s task answers 404', params: TaskIdParams, response: { 200: TaskDetail, ...commonErrors } } },
    async (request) => {
      const actor = await internalActor(request.db, request.caller);
      return taskDetail(request.db, request.params.taskId, actor.singleid);
    },
  );

  for (const action of ['save', 'submit'] as const) {
    app.post(
      `/api/v1/evaluation/tasks/:taskId/${action}`,
      {
        config: { access: access.login([SCREENS.workEdit], 'write', ['I']) },
        schema: {
          operationId: action === 'save' ? 'saveEvaTask' : 'submitEvaTask',
          tags,
          summary: action === 'save' ? 'Save my qualitative scores (1–5) and comments as a draft' : 'Submit my scores (every qualitative criterion scored, by the due date); then they count in the total',
          params: TaskIdParams,
          body: TaskSaveBody,
          response: { 200: TaskDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
        },
      },
      async (request) => {
        const { taskId } = request.params;
        const actor = await internalActor(request.db, request.caller);
        await request.db.transaction().execute(async (trx) => {
          const t = await lockOwnTask(trx, taskId, actor);
          checkVersion(request.body.version, t.version);
          const status = transition(TASK_MACHINE, action, t.status);
          const rows = await checkScores(trx, t, request.body.scores, action === 'submit');
          const before = await trx.selectFrom('evaScore').selectAll().where('taskId', '=', taskId).execute();
          await trx.deleteFrom('evaScore').where('taskId', '=', taskId).execute();
          if (rows.length) await trx.insertInto('evaScore').values(rows.map((r) => ({ taskId, ...r }))).execute();
          const now = new Date();
          await trx.updateTable('evaTask').set({ status, savedAt: now, ...(action === 'submit' ? { submittedAt: now } : {}), version: t.version + 1 }).where('taskId', '=', taskId).execute();
          await writeAudit(trx, { entity: 'eva_task', entityKey: String(taskId), action: action.toUpperCase(), actor: actor.userId, before: { status: t.status, scores: before }, after: { status, scores: rows } });
        });
        return taskDetail(request.db, taskId, actor.singleid);
      },
    );
  }

  // Results by evaluator and criterion (read only): every task of every evaluator.
  app.get(
    '/api/v1/evaluation/results',
    { config: { access: access.login([SCREENS.resultList, SCREENS.resultView], 'read', ['I']) }, schema: { operationId: 'listEvaResults', tags, summary: 'Evaluation work of every evaluator: supplier, evaluator, status, average score', querystring: ResultListQuery, response: { 200: Type.Object({ rows: Type.Array(TaskRow), total: Type.Integer() }), ...commonErrors } } },
    async (request) => {
      const q = request.query;
      return listTasks(request.db, q, parseSort(q.sort, { field: 'taskId', direction: 'desc' }), pageWindow(q));
    },
  );

  app.get(
    '/api/v1/evaluation/results/:taskId',
    { config: { access: access.login([SCREENS.resultList, SCREENS.resultView], 'read', ['I']) }, schema: { operationId: 'getEvaResult', tags, summary: 'One evaluator’s scores for one supplier, with the quantitative figures (read only)', params: TaskIdParams, response: { 200: TaskDetail, ...commonErrors } } },
    async (request) => taskDetail(request.db, request.params.taskId, null),
  );
};
