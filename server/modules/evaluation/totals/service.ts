import type { Static } from 'typebox';
import type { Caller } from '../../../auth/plugin.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { internalActor } from '../../../domain/actor.js';
import { checkVersion, failIf, missing, refused } from '../../../domain/errors.js';
import { transition } from '../../../domain/machine.js';
import { iso, text } from '../../../domain/values.js';
import { loadGrades } from '../compute.js';
import { gradeOf, round2 } from '../scoring.js';
import type { AdjustBody, CorrectBody, MyTotalListQuery, TotalListQuery } from '../schemas.js';
import { TOTAL_MACHINE } from '../workflow.js';
import {
  copyTotalLines,
  finalTrend,
  insertTotal,
  listPublishedTotals,
  listTotalRows,
  lockTotalRow,
  periodNameAndState,
  publishedTotal,
  rankOf,
  totalLines,
  totalRevisions,
  updateTotal,
} from './queries.js';

const totalMissing = () => missing('EVA_TOTAL_NOT_FOUND', '평가 결과를 찾을 수 없습니다');

const trendOf = (score: string, prev: string | null) =>
  prev === null ? null : round2(Number(score) - Number(prev)).toFixed(2);

export async function listTotals(
  db: Db,
  f: Static<typeof TotalListQuery> & { totalId?: number; includeSuperseded?: boolean },
) {
  const { total, rows } = await listTotalRows(db, f);
  return {
    total,
    rows: rows.map((r) => ({
      ...r,
      rankNo: Number(r.rankNo),
      trend: trendOf(r.totalScore, r.prevScore),
      published: (r.publishedAt ? 'Y' : 'N') as 'Y' | 'N',
      finalizedAt: iso(r.finalizedAt),
      publishedAt: iso(r.publishedAt),
    })),
  };
}

/** One total, explained line by line, with its revisions, the supplier's trend and what staff may do with it. */
export async function totalDetail(db: Db, totalId: number) {
  const { rows } = await listTotals(db, { totalId, includeSuperseded: true });
  const t = rows[0];
  if (!t) throw totalMissing();
  const [lines, revisions, trendRows] = await Promise.all([
    totalLines(db, totalId),
    totalRevisions(db, t.periodId, t.compNo),
    finalTrend(db, t.compNo),
  ]);
  const actions: string[] = [];
  if (t.status === 'DRAFT') {
    actions.push('adjust');
    if (t.periodStatus === 'CLOSED') actions.push('finalize');
  }
  if (t.status === 'FINAL') {
    if (!t.publishedAt) actions.push('publish');
    actions.push('correct');
  }
  return {
    ...t,
    lines,
    revisions: revisions.map((r) => ({ ...r, finalizedAt: iso(r.finalizedAt), publishedAt: iso(r.publishedAt) })),
    trendRows,
    actions,
  };
}

async function lockTotal(trx: Db, totalId: number) {
  const t = await lockTotalRow(trx, totalId);
  if (!t) throw totalMissing();
  return t;
}

/** Adds points to a draft total with a reason; the grade follows. */
export async function adjustTotal(db: Db, caller: Caller | null, totalId: number, body: Static<typeof AdjustBody>) {
  const actor = await internalActor(db, caller);
  const reason = text(body.reason);
  if (!reason) failIf([{ path: 'body/reason', message: '조정 사유를 입력하세요' }]);
  await db.transaction().execute(async (trx) => {
    const t = await lockTotal(trx, totalId);
    checkVersion(body.version, t.version);
    transition(TOTAL_MACHINE, 'adjust', t.status);
    const adjustment = round2(body.adjustment);
    const totalScore = Math.min(100, Math.max(0, round2(Number(t.computedScore) + adjustment)));
    const g = gradeOf(totalScore, await loadGrades(trx, t.periodId));
    const after = {
      adjustment: adjustment.toFixed(2),
      adjustReason: reason,
      totalScore: totalScore.toFixed(2),
      grade: g.grade,
      gradeAction: g.action,
    };
    await updateTotal(trx, totalId, { ...after, updatedAt: new Date(), version: t.version + 1 });
    await writeAudit(trx, {
      entity: 'eva_total',
      entityKey: String(totalId),
      action: 'ADJUST',
      actor: actor.userId,
      before: { adjustment: t.adjustment, totalScore: t.totalScore, grade: t.grade },
      after,
      reason,
    });
  });
  return totalDetail(db, totalId);
}

/** Finalizes a draft total of a closed period: from then on it never changes (a correction is a new revision). */
export async function finalizeTotal(db: Db, caller: Caller | null, totalId: number, version: number, now: Date) {
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const t = await lockTotal(trx, totalId);
    checkVersion(version, t.version);
    const status = transition(TOTAL_MACHINE, 'finalize', t.status);
    const p = await periodNameAndState(trx, t.periodId);
    if (p.status !== 'CLOSED')
      throw refused('EVA_PERIOD_NOT_CLOSED', `평가기간이 마감된 뒤에 확정할 수 있습니다: ${p.periodName}`);
    const rankNo = await rankOf(trx, t.periodId, t.totalScore);
    // Finalizing and publishing date the result the supplier reads (as a tender's publication): the business clock.
    await updateTotal(trx, totalId, {
      status,
      finalizedAt: now,
      finalizedBy: actor.userId,
      rankNo,
      updatedAt: now,
      version: t.version + 1,
    });
    await writeAudit(trx, {
      entity: 'eva_total',
      entityKey: String(totalId),
      action: 'FINALIZE',
      actor: actor.userId,
      before: { status: t.status },
      after: { status, totalScore: t.totalScore, grade: t.grade },
    });
  });
  return totalDetail(db, totalId);
}

/** Publishes a finalized total to its supplier (once). */
export async function publishTotal(db: Db, caller: Caller | null, totalId: number, version: number, now: Date) {
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const t = await lockTotal(trx, totalId);
    checkVersion(version, t.version);
    transition(TOTAL_MACHINE, 'publish', t.status);
    if (t.publishedAt) throw refused('EVA_ALREADY_PUBLISHED', '이미 공개한 평가 결과입니다');
    await updateTotal(trx, totalId, {
      publishedAt: now,
      publishedBy: actor.userId,
      updatedAt: now,
      version: t.version + 1,
    });
    await writeAudit(trx, {
      entity: 'eva_total',
      entityKey: String(totalId),
      action: 'PUBLISH',
      actor: actor.userId,
      after: { publishedAt: now.toISOString() },
    });
  });
  return totalDetail(db, totalId);
}

/** Corrects a finalized total: it is kept as superseded and a new draft revision (with the reason) takes its place. */
export async function correctTotal(db: Db, caller: Caller | null, totalId: number, body: Static<typeof CorrectBody>) {
  const actor = await internalActor(db, caller);
  const reason = text(body.reason);
  if (!reason) failIf([{ path: 'body/reason', message: '정정 사유를 입력하세요' }]);
  const newId = await db.transaction().execute(async (trx) => {
    const t = await lockTotal(trx, totalId);
    checkVersion(body.version, t.version);
    const status = transition(TOTAL_MACHINE, 'correct', t.status);
    // real time: the superseded row's write stamp, not a date of the result
    const now = new Date();
    await updateTotal(trx, totalId, { status, updatedAt: now, version: t.version + 1 });
    const {
      totalId: _i,
      createdAt: _c,
      updatedAt: _u,
      version: _v,
      finalizedAt: _f,
      finalizedBy: _fb,
      publishedAt: _p,
      publishedBy: _pb,
      rankNo: _r,
      ...rest
    } = t;
    const newId = await insertTotal(trx, {
      ...rest,
      revision: t.revision + 1,
      status: 'DRAFT',
      correctionReason: reason,
    });
    await copyTotalLines(trx, totalId, newId);
    await writeAudit(trx, {
      entity: 'eva_total',
      entityKey: String(totalId),
      action: 'CORRECT',
      actor: actor.userId,
      before: { status: t.status, revision: t.revision },
      after: { status, newTotalId: newId, revision: t.revision + 1 },
      reason,
    });
    return newId;
  });
  return totalDetail(db, newId);
}

/** Published results: one company's (a supplier's own), or every supplier's (staff, null). */
export async function myTotals(view: { db: Db; compNo: string | null }, q: Static<typeof MyTotalListQuery>) {
  const { total, rows } = await listPublishedTotals(view.db, view.compNo, q);
  return {
    total,
    rows: rows.map((r) => ({ ...r, trend: trendOf(r.totalScore, r.prevScore), publishedAt: iso(r.publishedAt)! })),
  };
}

/** One published result, with each criterion's score and comments; any other id answers 404. */
export async function myTotal(view: { db: Db; compNo: string | null }, totalId: number) {
  const t = await publishedTotal(view.db, view.compNo, totalId);
  if (!t) throw totalMissing();
  return {
    ...t,
    trend: trendOf(t.totalScore, t.prevScore),
    publishedAt: iso(t.publishedAt)!,
    lines: await totalLines(view.db, t.totalId),
  };
}
