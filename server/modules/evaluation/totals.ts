import { Type, type Static } from 'typebox';
import { sql } from 'kysely';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { given, likeEscape, pageWindow, parseSort } from '../../http/list-query.js';
import { supplierView } from '../../http/supplier-view.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { internalActor } from '../../domain/actor.js';
import { checkVersion, failIf, missing, refused } from '../../domain/errors.js';
import { transition } from '../../domain/machine.js';
import { iso, text } from '../../domain/values.js';
import { loadGrades } from './compute.js';
import { gradeOf, round2 } from './scoring.js';
import { AdjustBody, CorrectBody, MyTotalDetail, MyTotalListQuery, MyTotalRow, TotalDetail, TotalIdParams, TotalListQuery, TotalRow, VersionOnly } from './schemas.js';
import { SCREENS } from './screens.js';
import { TOTAL_MACHINE } from './workflow.js';

const totalMissing = () => missing('EVA_TOTAL_NOT_FOUND', '평가 결과를 찾을 수 없습니다');

const trendOf = (score: string, prev: string | null) => (prev === null ? null : round2(Number(score) - Number(prev)).toFixed(2));

/** Totals with their rank among the period's current totals (live for drafts; finalized ones keep the rank they were finalized with). */
function totalsQuery(db: Db) {
  const ranked = db
    .selectFrom('evaTotal')
    .selectAll()
    .select(sql<number>`rank() over (partition by period_id order by total_score desc)`.as('liveRank'))
    .where('status', '<>', 'SUPERSEDED');
  return db
    .selectFrom('evaTotal as t')
    .leftJoin(ranked.as('r'), 'r.totalId', 't.totalId')
    .innerJoin('evaPeriod as p', 'p.periodId', 't.periodId')
    .innerJoin('company as c', 'c.compNo', 't.compNo');
}

const SORT = { totalScore: 't.totalScore', rankNo: 'rankNo', compNo: 't.compNo', compName: 'c.compNameKr', grade: 't.grade', status: 't.status', periodName: 'p.periodName' } as const;

async function listTotals(db: Db, f: Static<typeof TotalListQuery> & { totalId?: number; includeSuperseded?: boolean }) {
  let q = totalsQuery(db);
  if (!f.includeSuperseded) q = q.where('t.status', '<>', 'SUPERSEDED');
  if (f.totalId) q = q.where('t.totalId', '=', f.totalId);
  if (f.periodId) q = q.where('t.periodId', '=', f.periodId);
  if (f.grade) q = q.where('t.grade', '=', f.grade);
  if (f.status) q = q.where('t.status', '=', f.status);
  if (f.published === 'Y') q = q.where('t.publishedAt', 'is not', null);
  if (f.published === 'N') q = q.where('t.publishedAt', 'is', null);
  if (given(f.compNo)) q = q.where('t.compNo', '=', f.compNo!.trim().toUpperCase());
  if (given(f.compName)) q = q.where('c.compNameKr', 'like', `%${likeEscape(f.compName!.trim())}%`);
  const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const sort = parseSort(f.sort, { field: 'rankNo', direction: 'asc' });
  // A rank means something only within its period: across periods, the newest period comes first.
  const byPeriod = sort.field === 'rankNo' ? q.orderBy('p.startDate', 'desc').orderBy('t.periodId', 'desc') : q;
  const rows = await byPeriod
    .select([
      't.totalId', 't.periodId', 'p.periodName', 'p.status as periodStatus', 't.compNo', 'c.compNameKr as compName', 't.revision', 't.status', 't.computedScore', 't.adjustment', 't.adjustReason', 't.totalScore', 't.grade', 't.gradeAction',
      sql<number>`coalesce(t.rank_no, r.live_rank, 0)`.as('rankNo'), 't.prevScore', 't.correctionReason', 't.finalizedAt', 't.finalizedBy', 't.publishedAt', 't.publishedBy', 't.version',
    ])
    .orderBy(sql.ref(SORT[sort.field]), sort.direction)
    .orderBy('t.compNo')
    .limit(pageWindow(f).limit)
    .offset(pageWindow(f).offset)
    .execute();
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

async function loadLines(db: Db, totalId: number) {
  return db
    .selectFrom('evaTotalLine')
    .select(['criterionId', 'seq', 'category', 'name', 'kind', 'measure', 'weight', 'effectiveWeight', 'numerator', 'denominator', 'rate', 'score', 'weighted', 'answers', 'comments'])
    .where('totalId', '=', totalId)
    .orderBy('seq')
    .execute();
}

async function totalDetail(db: Db, totalId: number) {
  const { rows } = await listTotals(db, { totalId, includeSuperseded: true });
  const t = rows[0];
  if (!t) throw totalMissing();
  const [lines, revisions, trendRows] = await Promise.all([
    loadLines(db, totalId),
    db.selectFrom('evaTotal').select(['totalId', 'revision', 'status', 'totalScore', 'grade', 'correctionReason', 'finalizedAt', 'publishedAt']).where('periodId', '=', t.periodId).where('compNo', '=', t.compNo).orderBy('revision').execute(),
    db
      .selectFrom('evaTotal as x')
      .innerJoin('evaPeriod as p', 'p.periodId', 'x.periodId')
      .select(['p.periodName', 'x.totalScore', 'x.grade'])
      .where('x.compNo', '=', t.compNo)
      .where('x.status', '=', 'FINAL')
      .orderBy('p.endDate')
      .execute(),
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
  return { ...t, lines, revisions: revisions.map((r) => ({ ...r, finalizedAt: iso(r.finalizedAt), publishedAt: iso(r.publishedAt) })), trendRows, actions };
}

async function lockTotal(trx: Db, totalId: number) {
  const t = await trx.selectFrom('evaTotal').selectAll().where('totalId', '=', totalId).forUpdate().executeTakeFirst();
  if (!t) throw totalMissing();
  return t;
}

/** The supplier's own published, finalized results: never another company's, never an unpublished one. */
/** Published results: one company's, or (staff, null) every supplier's. */
function myTotals(db: Db, compNo: string | null) {
  return db
    .selectFrom('evaTotal as t')
    .innerJoin('evaPeriod as p', 'p.periodId', 't.periodId')
    .$if(compNo !== null, (q) => q.where('t.compNo', '=', compNo!))
    .where('t.status', '=', 'FINAL')
    .where('t.publishedAt', 'is not', null);
}

export const totalRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['evaluation'];
  const read = { access: access.login([SCREENS.totalList, SCREENS.totalEdit], 'read', ['I']) };
  const write = { access: access.login([SCREENS.totalEdit], 'write', ['I']) };

  app.get(
    '/api/v1/evaluation/totals',
    { config: read, schema: { operationId: 'listEvaTotals', tags, summary: 'Totals per supplier and period: weighted score, adjustment, grade, rank, trend against the previous period, finalized and published', querystring: TotalListQuery, response: { 200: Type.Object({ rows: Type.Array(TotalRow), total: Type.Integer() }), ...commonErrors } } },
    async (request) => listTotals(request.db, request.query),
  );

  app.get(
    '/api/v1/evaluation/totals/:totalId',
    { config: read, schema: { operationId: 'getEvaTotal', tags, summary: 'One total, explained line by line (figures, band score, weight, weighted), its revisions and trend', params: TotalIdParams, response: { 200: TotalDetail, ...commonErrors } } },
    async (request) => totalDetail(request.db, request.params.totalId),
  );

  app.post(
    '/api/v1/evaluation/totals/:totalId/adjust',
    { config: write, schema: { operationId: 'adjustEvaTotal', tags, summary: 'Add points to a draft total with a reason (the grade follows)', params: TotalIdParams, body: AdjustBody, response: { 200: TotalDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } } },
    async (request) => {
      const { totalId } = request.params;
      const actor = await internalActor(request.db, request.caller);
      const reason = text(request.body.reason);
      if (!reason) failIf([{ path: 'body/reason', message: '조정 사유를 입력하세요' }]);
      await request.db.transaction().execute(async (trx) => {
        const t = await lockTotal(trx, totalId);
        checkVersion(request.body.version, t.version);
        transition(TOTAL_MACHINE, 'adjust', t.status);
        const adjustment = round2(request.body.adjustment);
        const totalScore = Math.min(100, Math.max(0, round2(Number(t.computedScore) + adjustment)));
        const g = gradeOf(totalScore, await loadGrades(trx, t.periodId));
        const after = { adjustment: adjustment.toFixed(2), adjustReason: reason, totalScore: totalScore.toFixed(2), grade: g.grade, gradeAction: g.action };
        await trx.updateTable('evaTotal').set({ ...after, updatedAt: new Date(), version: t.version + 1 }).where('totalId', '=', totalId).execute();
        await writeAudit(trx, { entity: 'eva_total', entityKey: String(totalId), action: 'ADJUST', actor: actor.userId, before: { adjustment: t.adjustment, totalScore: t.totalScore, grade: t.grade }, after, reason });
      });
      return totalDetail(request.db, totalId);
    },
  );

  app.post(
    '/api/v1/evaluation/totals/:totalId/finalize',
    { config: write, schema: { operationId: 'finalizeEvaTotal', tags, summary: 'Finalize a draft total of a closed period: from then on it never changes (a correction is a new revision)', params: TotalIdParams, body: VersionOnly, response: { 200: TotalDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } } },
    async (request) => {
      const { totalId } = request.params;
      const actor = await internalActor(request.db, request.caller);
      await request.db.transaction().execute(async (trx) => {
        const t = await lockTotal(trx, totalId);
        checkVersion(request.body.version, t.version);
        const status = transition(TOTAL_MACHINE, 'finalize', t.status);
        const p = await trx.selectFrom('evaPeriod').select(['status', 'periodName']).where('periodId', '=', t.periodId).executeTakeFirstOrThrow();
        if (p.status !== 'CLOSED') throw refused('EVA_PERIOD_NOT_CLOSED', `평가기간이 마감된 뒤에 확정할 수 있습니다: ${p.periodName}`);
        const rank = await sql<{ n: number }>`select count(*) + 1 as n from eva_total where period_id = ${t.periodId} and status <> 'SUPERSEDED' and total_score > ${t.totalScore}`.execute(trx);
        const now = new Date();
        await trx.updateTable('evaTotal').set({ status, finalizedAt: now, finalizedBy: actor.userId, rankNo: Number(rank.rows[0].n), updatedAt: now, version: t.version + 1 }).where('totalId', '=', totalId).execute();
        await writeAudit(trx, { entity: 'eva_total', entityKey: String(totalId), action: 'FINALIZE', actor: actor.userId, before: { status: t.status }, after: { status, totalScore: t.totalScore, grade: t.grade } });
      });
      return totalDetail(request.db, totalId);
    },
  );

  app.post(
    '/api/v1/evaluation/totals/:totalId/publish',
    { config: write, schema: { operationId: 'publishEvaTotal', tags, summary: 'Publish a finalized total to its supplier (once)', params: TotalIdParams, body: VersionOnly, response: { 200: TotalDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } } },
    async (request) => {
      const { totalId } = request.params;
      const actor = await internalActor(request.db, request.caller);
      await request.db.transaction().execute(async (trx) => {
        const t = await lockTotal(trx, totalId);
        checkVersion(request.body.version, t.version);
        transition(TOTAL_MACHINE, 'publish', t.status);
        if (t.publishedAt) throw refused('EVA_ALREADY_PUBLISHED', '이미 공개한 평가 결과입니다');
        const now = new Date();
        await trx.updateTable('evaTotal').set({ publishedAt: now, publishedBy: actor.userId, updatedAt: now, version: t.version + 1 }).where('totalId', '=', totalId).execute();
        await writeAudit(trx, { entity: 'eva_total', entityKey: String(totalId), action: 'PUBLISH', actor: actor.userId, after: { publishedAt: now.toISOString() } });
      });
      return totalDetail(request.db, totalId);
    },
  );

  app.post(
    '/api/v1/evaluation/totals/:totalId/correct',
    {
      config: write,
      schema: { operationId: 'correctEvaTotal', tags, summary: 'Correct a finalized total: it is kept as superseded and a new draft revision (with the reason) takes its place; publish again after finalizing', params: TotalIdParams, body: CorrectBody, response: { 200: TotalDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } },
    },
    async (request) => {
      const { totalId } = request.params;
      const actor = await internalActor(request.db, request.caller);
      const reason = text(request.body.reason);
      if (!reason) failIf([{ path: 'body/reason', message: '정정 사유를 입력하세요' }]);
      const newId = await request.db.transaction().execute(async (trx) => {
        const t = await lockTotal(trx, totalId);
        checkVersion(request.body.version, t.version);
        const status = transition(TOTAL_MACHINE, 'correct', t.status);
        const now = new Date();
        await trx.updateTable('evaTotal').set({ status, updatedAt: now, version: t.version + 1 }).where('totalId', '=', totalId).execute();
        const { totalId: _i, createdAt: _c, updatedAt: _u, version: _v, finalizedAt: _f, finalizedBy: _fb, publishedAt: _p, publishedBy: _pb, rankNo: _r, ...rest } = t;
        const { totalId: newId } = await trx
          .insertInto('evaTotal')
          .values({ ...rest, revision: t.revision + 1, status: 'DRAFT', correctionReason: reason })
          .returning('totalId')
          .executeTakeFirstOrThrow();
        const lines = await trx.selectFrom('evaTotalLine').selectAll().where('totalId', '=', totalId).execute();
        if (lines.length) await trx.insertInto('evaTotalLine').values(lines.map((l) => ({ ...l, totalId: newId }))).execute();
        await writeAudit(trx, { entity: 'eva_total', entityKey: String(totalId), action: 'CORRECT', actor: actor.userId, before: { status: t.status, revision: t.revision }, after: { status, newTotalId: newId, revision: t.revision + 1 }, reason });
        return newId;
      });
      return totalDetail(request.db, newId);
    },
  );

  // ── The supplier's own results (OGPMS /compInfo/evaTotalList, evaTotalView) ──
  // Staff read them too, from the internal address (their internal menu of these screens): every supplier's, or compNo's.
  const mine = { access: access.login([SCREENS.myTotalList, SCREENS.myTotalView], 'read') };
  app.get(
    '/api/v1/cyber/evaluation/totals',
    { config: mine, schema: { operationId: 'listMyEvaTotals', tags, summary: 'My company’s published evaluation results (nothing unpublished, nothing of other suppliers)', querystring: MyTotalListQuery, response: { 200: Type.Object({ rows: Type.Array(MyTotalRow), total: Type.Integer() }), ...commonErrors } } },
    async (request) => {
      const view = supplierView(request, request.query.compNo);
      const q = myTotals(view.db, view.compNo).innerJoin('company as c', 'c.compNo', 't.compNo');
      const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const sort = parseSort(request.query.sort, { field: 'endDate', direction: 'desc' });
      const col = { endDate: 'p.endDate', totalScore: 't.totalScore', grade: 't.grade' } as const;
      const w = pageWindow(request.query);
      const rows = await q
        .select(['t.totalId', 't.compNo', 'c.compNameKr as compName', 'p.periodName', 'p.startDate', 'p.endDate', 't.revision', 't.totalScore', 't.grade', 't.prevScore', 't.publishedAt'])
        .orderBy(sql.ref(col[sort.field]), sort.direction)
        .orderBy('t.totalId', 'desc')
        .limit(w.limit)
        .offset(w.offset)
        .execute();
      return { total, rows: rows.map((r) => ({ ...r, trend: trendOf(r.totalScore, r.prevScore), publishedAt: iso(r.publishedAt)! })) };
    },
  );

  app.get(
    '/api/v1/cyber/evaluation/totals/:totalId',
    { config: mine, schema: { operationId: 'getMyEvaTotal', tags, summary: 'One published result of my company: total, grade, each criterion’s score and comments, trend; any other id answers 404', params: TotalIdParams, response: { 200: MyTotalDetail, ...commonErrors } } },
    async (request) => {
      const view = supplierView(request);
      const t = await myTotals(view.db, view.compNo)
        .innerJoin('company as c', 'c.compNo', 't.compNo')
        .select(['t.totalId', 'p.periodName', 'p.startDate', 'p.endDate', 't.revision', 't.totalScore', 't.grade', 't.prevScore', 't.publishedAt', 't.compNo', 'c.compNameKr as compName', 't.adjustment', 't.adjustReason', 't.correctionReason'])
        .where('t.totalId', '=', request.params.totalId)
        .executeTakeFirst();
      if (!t) throw totalMissing();
      return { ...t, trend: trendOf(t.totalScore, t.prevScore), publishedAt: iso(t.publishedAt)!, lines: await loadLines(view.db, t.totalId) };
    },
  );
};
