import type { Static } from 'typebox';
import type { Caller } from '../../../auth/plugin.js';
import { pageWindow, parseSort } from '../../../http/list-query.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { internalActor, type Actor } from '../../../domain/actor.js';
import { checkVersion, failIf, missing, refused, type FieldError } from '../../../domain/errors.js';
import { actionsFrom, transition } from '../../../domain/machine.js';
import { iso, text } from '../../../domain/values.js';
import { todayKst } from '../../../domain/dates.js';
import type { ResultListQuery, TaskListQuery, TaskSaveBody } from '../schemas.js';
import { TASK_MACHINE } from '../workflow.js';
import {
  criteriaOfEvaluator,
  listTaskRows,
  lockTask,
  periodCriteria,
  periodState,
  replaceScores,
  supplierMeasures,
  taskScores,
  updateTask,
  type TaskFilter,
  type TASK_SORT_COLUMNS,
} from './queries.js';

const taskMissing = () => missing('EVA_TASK_NOT_FOUND', '평가작업을 찾을 수 없습니다');

type TaskSort = { field: keyof typeof TASK_SORT_COLUMNS; direction: 'asc' | 'desc' };

async function listTasks(db: Db, f: TaskFilter, sort: TaskSort, window: { limit: number; offset: number }, now: Date) {
  const { rows, total } = await listTaskRows(db, f, sort, window);
  const today = todayKst(now);
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

/** My evaluation tasks (the caller is the evaluator), by due date unless sorted otherwise. */
export async function myTasks(db: Db, caller: Caller | null, q: Static<typeof TaskListQuery>, now: Date) {
  const actor = await internalActor(db, caller);
  return listTasks(
    db,
    { ...q, evaluatorId: actor.singleid },
    parseSort(q.sort, { field: 'dueDate', direction: 'asc' }),
    pageWindow(q),
    now,
  );
}

/** Every evaluator's tasks (read only), newest first unless sorted otherwise. */
export const results = (db: Db, q: Static<typeof ResultListQuery>, now: Date) =>
  listTasks(db, q, parseSort(q.sort, { field: 'taskId', direction: 'desc' }), pageWindow(q), now);

/** One task with every criterion of the period: quantitative ones with their figures, qualitative ones with this evaluator's scores. */
export async function taskDetail(db: Db, taskId: number, evaluatorId: string | null, now: Date) {
  const { rows } = await listTasks(
    db,
    { taskId, evaluatorId: evaluatorId ?? undefined },
    { field: 'taskId', direction: 'asc' },
    { limit: 1, offset: 0 },
    now,
  );
  const t = rows[0];
  if (!t) throw taskMissing();
  const [criteria, mine, scores, measures] = await Promise.all([
    periodCriteria(db, t.periodId),
    criteriaOfEvaluator(db, t.periodId, t.evaluatorId),
    taskScores(db, taskId),
    supplierMeasures(db, t.periodId, t.compNo),
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
          criterionId: c.criterionId,
          seq: c.seq,
          category: c.category,
          name: c.name,
          kind: c.kind,
          weight: Number(c.weight),
          measure: c.measure,
          numerator: m?.numerator ?? null,
          denominator: m?.denominator ?? null,
          rate: m?.rate ?? null,
          computedScore: m?.score ?? null,
          score: s?.score ?? null,
          comment: s?.comment ?? null,
          mine: mineIds.has(c.criterionId),
        };
      }),
    actions: evaluatorId && open ? actionsFrom(TASK_MACHINE, t.status) : [],
  };
}

/** One of my tasks; another evaluator's answers 404. */
export async function myTask(db: Db, caller: Caller | null, taskId: number, now: Date) {
  const actor = await internalActor(db, caller);
  return taskDetail(db, taskId, actor.singleid, now);
}

async function lockOwnTask(trx: Db, taskId: number, actor: Actor, now: Date) {
  const t = await lockTask(trx, taskId);
  // Another evaluator's task does not exist for this caller.
  if (!t || t.evaluatorId !== actor.singleid) throw taskMissing();
  const p = await periodState(trx, t.periodId);
  if (p.status !== 'OPEN') throw refused('EVA_PERIOD_NOT_OPEN', `평가가 진행 중인 기간이 아닙니다: ${p.periodName}`);
  if (todayKst(now) > p.dueDate)
    throw refused('EVA_PAST_DUE', `평가 마감일(${p.dueDate})이 지나 저장하거나 제출할 수 없습니다`);
  return t;
}

async function checkScores(
  db: Db,
  t: { periodId: number; evaluatorId: string },
  scores: Static<typeof TaskSaveBody>['scores'],
  complete: boolean,
) {
  const errors: FieldError[] = [];
  const mine = new Set((await criteriaOfEvaluator(db, t.periodId, t.evaluatorId)).map((m) => m.criterionId));
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
    if (missingOnes.length)
      errors.push({
        path: 'body/scores',
        message: `모든 정성 항목에 점수를 입력한 뒤 제출하세요 (${missingOnes.length}개 남음)`,
      });
  }
  failIf(errors);
  return rows;
}

/** Saves my qualitative scores (1–5) as a draft, or submits them (every one scored, by the due date). */
export async function scoreTask(
  db: Db,
  caller: Caller | null,
  action: 'save' | 'submit',
  taskId: number,
  body: Static<typeof TaskSaveBody>,
  now: Date,
) {
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const t = await lockOwnTask(trx, taskId, actor, now);
    checkVersion(body.version, t.version);
    const status = transition(TASK_MACHINE, action, t.status);
    const rows = await checkScores(trx, t, body.scores, action === 'submit');
    const before = await taskScores(trx, taskId);
    await replaceScores(trx, taskId, rows);
    await updateTask(trx, taskId, {
      status,
      savedAt: now,
      ...(action === 'submit' ? { submittedAt: now } : {}),
      version: t.version + 1,
    });
    await writeAudit(trx, {
      entity: 'eva_task',
      entityKey: String(taskId),
      action: action.toUpperCase(),
      actor: actor.userId,
      before: { status: t.status, scores: before },
      after: { status, scores: rows },
    });
  });
  return taskDetail(db, taskId, actor.singleid, now);
}
