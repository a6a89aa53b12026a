import { Type, type Static } from 'typebox';
import { sql } from 'kysely';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { given, likeEscape, pageWindow, parseSort } from '../../http/list-query.js';
import { supplierView, supplierViewOfOne } from '../../http/supplier-view.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import { internalActor, supplierActor } from '../../domain/actor.js';
import { checkVersion, failIf, missing, refused, wrongState, type FieldError } from '../../domain/errors.js';
import { checkDate, todayKst } from '../../domain/dates.js';
import { iso, requireText, text } from '../../domain/values.js';
import { MySurveyAnswerBody, MySurveyDetail, MySurveyReadQuery, MySurveyListQuery, MySurveyRow, SurveyCreateBody, SurveyDetail, SurveyIdParams, SurveyListQuery, SurveyRow, SurveyUpdateBody, VersionOnly } from './schemas.js';
import { SCREENS } from './screens.js';

/**
 * Transaction-satisfaction surveys (거래만족도): purchasing writes the questions and names the
 * suppliers asked; suppliers answer each question 1–5 on their portal while the survey is open;
 * staff read who answered and the scores. A survey is DRAFT → OPEN → CLOSED.
 */
const surveyMissing = () => missing('SURVEY_NOT_FOUND', '설문을 찾을 수 없습니다');
const avg = (v: string | number | null) => (v === null ? null : Number(v));

async function listSurveys(db: Db, f: Static<typeof SurveyListQuery> & { surveyId?: number }) {
  let q = db.selectFrom('satSurvey as s');
  if (f.surveyId) q = q.where('s.surveyId', '=', f.surveyId);
  if (f.status) q = q.where('s.status', '=', f.status);
  if (given(f.title)) q = q.where('s.title', 'like', `%${likeEscape(f.title!.trim())}%`);
  const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const sort = parseSort(f.sort, { field: 'surveyId', direction: 'desc' });
  const w = pageWindow(f);
  const rows = await q
    .select([
      's.surveyId', 's.title', 's.startDate', 's.endDate', 's.status', 's.version',
      sql<number>`(select count(*) from sat_question x where x.survey_id = s.survey_id)`.as('questionCount'),
      sql<number>`(select count(*) from sat_response x where x.survey_id = s.survey_id)`.as('invited'),
      sql<number>`(select count(*) from sat_response x where x.survey_id = s.survey_id and x.status = 'SUBMITTED')`.as('answered'),
      sql<string | null>`(select round(avg(a.score), 2) from sat_answer a where a.survey_id = s.survey_id)`.as('averageScore'),
    ])
    .orderBy(sql.ref(`s.${sort.field}`), sort.direction)
    .limit(w.limit)
    .offset(w.offset)
    .execute();
  return { total, rows: rows.map((r) => ({ ...r, questionCount: Number(r.questionCount), invited: Number(r.invited), answered: Number(r.answered), averageScore: avg(r.averageScore) })) };
}

async function surveyDetail(db: Db, surveyId: number) {
  const { rows } = await listSurveys(db, { surveyId });
  const s = rows[0];
  if (!s) throw surveyMissing();
  const [questions, responses] = await Promise.all([
    db
      .selectFrom('satQuestion as q')
      .select(['q.qNo', 'q.text', sql<string | null>`(select round(avg(a.score), 2) from sat_answer a where a.survey_id = q.survey_id and a.q_no = q.q_no)`.as('averageScore'), sql<number>`(select count(*) from sat_answer a where a.survey_id = q.survey_id and a.q_no = q.q_no)`.as('answers')])
      .where('q.surveyId', '=', surveyId)
      .orderBy('q.qNo')
      .execute(),
    db
      .selectFrom('satResponse as r')
      .innerJoin('company as c', 'c.compNo', 'r.compNo')
      .select(['r.compNo', 'c.compNameKr as compName', 'r.status', 'r.comment', 'r.submittedAt', 'r.submittedBy', sql<string | null>`(select round(avg(a.score), 2) from sat_answer a where a.survey_id = r.survey_id and a.comp_no = r.comp_no)`.as('averageScore')])
      .where('r.surveyId', '=', surveyId)
      .orderBy('r.compNo')
      .execute(),
  ]);
  const actions = s.status === 'DRAFT' ? ['update', 'open'] : s.status === 'OPEN' ? ['close'] : [];
  return {
    ...s,
    questions: questions.map((q) => ({ ...q, averageScore: avg(q.averageScore), answers: Number(q.answers) })),
    responses: responses.map((r) => ({ ...r, averageScore: avg(r.averageScore), submittedAt: iso(r.submittedAt) })),
    suppliers: responses.map((r) => r.compNo).join(','),
    actions,
  };
}

async function checkSurvey(db: Db, b: Static<typeof SurveyCreateBody>) {
  const errors: FieldError[] = [];
  requireText(errors, 'body/title', b.title, '설문 제목');
  checkDate(errors, 'body/startDate', b.startDate, '시작일', { required: true });
  checkDate(errors, 'body/endDate', b.endDate, '종료일', { required: true });
  if (!errors.some((e) => /Date$/.test(e.path)) && b.endDate < b.startDate) errors.push({ path: 'body/endDate', message: '종료일은 시작일 이후여야 합니다' });
  const questions = b.questions.map((q, i) => {
    requireText(errors, `body/questions/${i}/text`, q.text, '질문');
    return { qNo: i + 1, text: (q.text ?? '').trim() };
  });
  const suppliers = [...new Set(b.suppliers.split(/[\s,]+/).map((s) => s.trim().toUpperCase()).filter(Boolean))];
  if (suppliers.length === 0) errors.push({ path: 'body/suppliers', message: '설문 대상 협력사를 입력하세요' });
  else {
    const found = new Set((await db.selectFrom('company').select('compNo').where('compNo', 'in', suppliers).execute()).map((c) => c.compNo));
    const unknown = suppliers.filter((c) => !found.has(c));
    if (unknown.length) errors.push({ path: 'body/suppliers', message: `등록되지 않은 협력사입니다: ${unknown.join(', ')}` });
  }
  failIf(errors);
  return { header: { title: b.title.trim(), startDate: b.startDate, endDate: b.endDate }, questions, suppliers };
}

async function writeSurvey(trx: Db, surveyId: number, input: Awaited<ReturnType<typeof checkSurvey>>) {
  await trx.deleteFrom('satResponse').where('surveyId', '=', surveyId).execute();
  await trx.deleteFrom('satQuestion').where('surveyId', '=', surveyId).execute();
  await trx.insertInto('satQuestion').values(input.questions.map((q) => ({ surveyId, ...q }))).execute();
  await trx.insertInto('satResponse').values(input.suppliers.map((compNo) => ({ surveyId, compNo, status: 'REQUESTED' as const }))).execute();
}

async function mySurvey(db: Db, compNo: string, surveyId: number, staff = false) {
  const r = await db
    .selectFrom('satResponse as r')
    .innerJoin('satSurvey as s', 's.surveyId', 'r.surveyId')
    .innerJoin('company as c', 'c.compNo', 'r.compNo')
    .select(['s.surveyId', 'r.compNo', 'c.compNameKr as compName', 's.title', 's.startDate', 's.endDate', 's.status as surveyStatus', 'r.status', 'r.submittedAt', 'r.comment', 'r.version'])
    .where('r.compNo', '=', compNo)
    .where('r.surveyId', '=', surveyId)
    .where('s.status', '<>', 'DRAFT')
    .executeTakeFirst();
  if (!r) throw surveyMissing();
  const answers = await db
    .selectFrom('satQuestion as q')
    .leftJoin('satAnswer as a', (j) => j.onRef('a.surveyId', '=', 'q.surveyId').onRef('a.qNo', '=', 'q.qNo').on('a.compNo', '=', compNo))
    .select(['q.qNo', 'q.text', 'a.score'])
    .where('q.surveyId', '=', surveyId)
    .orderBy('q.qNo')
    .execute();
  const open = !staff && r.surveyStatus === 'OPEN' && r.status === 'REQUESTED';
  return { ...r, submittedAt: iso(r.submittedAt), answers, actions: open ? ['answer'] : [] };
}

export const surveyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['evaluation'];
  const read = { access: access.login([SCREENS.surveyList, SCREENS.surveyDetail], 'read', ['I']) };
  const write = { access: access.login([SCREENS.surveyDetail], 'write', ['I']) };

  app.get(
    '/api/v1/evaluation/surveys',
    { config: read, schema: { operationId: 'listSatSurveys', tags, summary: 'Transaction-satisfaction surveys with how many suppliers answered and the average score', querystring: SurveyListQuery, response: { 200: Type.Object({ rows: Type.Array(SurveyRow), total: Type.Integer() }), ...commonErrors } } },
    async (request) => listSurveys(request.db, request.query),
  );
  app.get(
    '/api/v1/evaluation/surveys/:surveyId',
    { config: read, schema: { operationId: 'getSatSurvey', tags, summary: 'One survey: questions with their average, who answered and their scores', params: SurveyIdParams, response: { 200: SurveyDetail, ...commonErrors } } },
    async (request) => surveyDetail(request.db, request.params.surveyId),
  );
  app.post(
    '/api/v1/evaluation/surveys',
    { config: write, schema: { operationId: 'createSatSurvey', tags, summary: 'Write a survey: questions and the suppliers asked', body: SurveyCreateBody, response: { 200: SurveyDetail, ...commonErrors } } },
    async (request) => {
      const actor = await internalActor(request.db, request.caller);
      const input = await checkSurvey(request.db, request.body);
      const surveyId = await request.db.transaction().execute(async (trx) => {
        const { surveyId } = await trx.insertInto('satSurvey').values({ ...input.header, status: 'DRAFT', createdBy: actor.userId }).returning('surveyId').executeTakeFirstOrThrow();
        await writeSurvey(trx, surveyId, input);
        await writeAudit(trx, { entity: 'sat_survey', entityKey: String(surveyId), action: 'CREATE', actor: actor.userId, after: input });
        return surveyId;
      });
      return surveyDetail(request.db, surveyId);
    },
  );
  app.put(
    '/api/v1/evaluation/surveys/:surveyId',
    { config: write, schema: { operationId: 'updateSatSurvey', tags, summary: 'Change a survey not yet opened (stale version: 409)', params: SurveyIdParams, body: SurveyUpdateBody, response: { 200: SurveyDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } } },
    async (request) => {
      const { surveyId } = request.params;
      const actor = await internalActor(request.db, request.caller);
      const input = await checkSurvey(request.db, request.body);
      await request.db.transaction().execute(async (trx) => {
        const s = await trx.selectFrom('satSurvey').selectAll().where('surveyId', '=', surveyId).forUpdate().executeTakeFirst();
        if (!s) throw surveyMissing();
        checkVersion(request.body.version, s.version);
        if (s.status !== 'DRAFT') throw wrongState('작성 중인 설문만 수정할 수 있습니다', s.status);
        await trx.updateTable('satSurvey').set({ ...input.header, updatedAt: new Date(), version: s.version + 1 }).where('surveyId', '=', surveyId).execute();
        await writeSurvey(trx, surveyId, input);
        await writeAudit(trx, { entity: 'sat_survey', entityKey: String(surveyId), action: 'UPDATE', actor: actor.userId, before: s, after: input });
      });
      return surveyDetail(request.db, surveyId);
    },
  );
  for (const [action, from, to, op] of [
    ['open', 'DRAFT', 'OPEN', 'openSatSurvey'],
    ['close', 'OPEN', 'CLOSED', 'closeSatSurvey'],
  ] as const) {
    app.post(
      `/api/v1/evaluation/surveys/:surveyId/${action}`,
      { config: write, schema: { operationId: op, tags, summary: action === 'open' ? 'Open the survey to the suppliers asked' : 'Close the survey (no more answers)', params: SurveyIdParams, body: VersionOnly, response: { 200: SurveyDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } } },
      async (request) => {
        const { surveyId } = request.params;
        const actor = await internalActor(request.db, request.caller);
        await request.db.transaction().execute(async (trx) => {
          const s = await trx.selectFrom('satSurvey').selectAll().where('surveyId', '=', surveyId).forUpdate().executeTakeFirst();
          if (!s) throw surveyMissing();
          checkVersion(request.body.version, s.version);
          if (s.status !== from) throw wrongState(action === 'open' ? '작성 중인 설문만 시작할 수 있습니다' : '진행 중인 설문만 마감할 수 있습니다', s.status);
          await trx.updateTable('satSurvey').set({ status: to, updatedAt: new Date(), version: s.version + 1 }).where('surveyId', '=', surveyId).execute();
          await writeAudit(trx, { entity: 'sat_survey', entityKey: String(surveyId), action: action.toUpperCase(), actor: actor.userId, before: { status: s.status }, after: { status: to } });
        });
        return surveyDetail(request.db, surveyId);
      },
    );
  }

  // ── The supplier answers (OGPMS 회사정보 › 거래만족도 설문) ──
  // Staff read them too, from the internal address (their internal menu of these screens); answering stays the supplier's.
  const mineRead = { access: access.login([SCREENS.mySurveyList, SCREENS.mySurveyEdit], 'read') };
  app.get(
    '/api/v1/cyber/surveys',
    { config: mineRead, schema: { operationId: 'listMySurveys', tags, summary: 'Surveys my company is asked to answer (opened ones)', querystring: MySurveyListQuery, response: { 200: Type.Object({ rows: Type.Array(MySurveyRow), total: Type.Integer() }), ...commonErrors } } },
    async (request) => {
      const view = supplierView(request, request.query.compNo);
      const q = view.db
        .selectFrom('satResponse as r')
        .innerJoin('satSurvey as v', 'v.surveyId', 'r.surveyId')
        .innerJoin('company as c', 'c.compNo', 'r.compNo')
        .$if(view.compNo !== null, (w) => w.where('r.compNo', '=', view.compNo!))
        .where('v.status', '<>', 'DRAFT');
      const total = Number((await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      const sort = parseSort(request.query.sort, { field: 'surveyId', direction: 'desc' });
      const w = pageWindow(request.query);
      const rows = await q
        .select(['v.surveyId', 'r.compNo', 'c.compNameKr as compName', 'v.title', 'v.startDate', 'v.endDate', 'v.status as surveyStatus', 'r.status', 'r.submittedAt', 'r.version'])
        .orderBy(sql.ref(`v.${sort.field}`), sort.direction)
        .orderBy('r.compNo')
        .limit(w.limit)
        .offset(w.offset)
        .execute();
      return { total, rows: rows.map((r) => ({ ...r, submittedAt: iso(r.submittedAt) })) };
    },
  );
  app.get(
    '/api/v1/cyber/surveys/:surveyId',
    { config: mineRead, schema: { operationId: 'getMySurvey', tags, summary: 'One survey my company is asked to answer, with my answers; another company’s answers are never shown. Staff read compNo’s (required), with no actions', params: SurveyIdParams, querystring: MySurveyReadQuery, response: { 200: MySurveyDetail, ...commonErrors } } },
    async (request) => {
      const view = supplierViewOfOne(request, request.query.compNo);
      return mySurvey(view.db, view.compNo!, request.params.surveyId, view.staff);
    },
  );
  app.post(
    '/api/v1/cyber/surveys/:surveyId/answer',
    {
      config: { access: access.login([SCREENS.mySurveyEdit], 'write', ['X']) },
      schema: { operationId: 'answerMySurvey', tags, summary: 'Answer every question 1–5 (once, while the survey is open)', params: SurveyIdParams, body: MySurveyAnswerBody, response: { 200: MySurveyDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } },
    },
    async (request) => {
      const sup = supplierActor(request.caller);
      const { surveyId } = request.params;
      await request.db.transaction().execute(async (trx) => {
        const r = await trx.selectFrom('satResponse').selectAll().where('surveyId', '=', surveyId).where('compNo', '=', sup.compNo).forUpdate().executeTakeFirst();
        const s = await trx.selectFrom('satSurvey').select(['status', 'endDate']).where('surveyId', '=', surveyId).executeTakeFirst();
        if (!r || !s || s.status === 'DRAFT') throw surveyMissing();
        checkVersion(request.body.version, r.version);
        if (s.status !== 'OPEN') throw wrongState('마감된 설문입니다', s.status);
        if (todayKst() > s.endDate) throw refused('SURVEY_PAST_END', `설문 기간(${s.endDate}까지)이 지났습니다`);
        if (r.status === 'SUBMITTED') throw wrongState('이미 응답한 설문입니다', r.status);
        const questions = (await trx.selectFrom('satQuestion').select('qNo').where('surveyId', '=', surveyId).execute()).map((q) => q.qNo);
        const errors: FieldError[] = [];
        const given = new Map<number, number>();
        request.body.answers.forEach((a, i) => {
          if (!questions.includes(a.qNo)) errors.push({ path: `body/answers/${i}/qNo`, message: `설문에 없는 질문입니다: ${a.qNo}` });
          else if (a.score === null || !Number.isInteger(a.score) || a.score < 1 || a.score > 5) errors.push({ path: `body/answers/${i}/score`, message: '점수는 1~5 사이의 정수로 입력하세요' });
          else given.set(a.qNo, a.score);
        });
        if (!errors.length && questions.some((q) => !given.has(q))) errors.push({ path: 'body/answers', message: '모든 질문에 답하세요' });
        failIf(errors);
        await trx.insertInto('satAnswer').values([...given].map(([qNo, score]) => ({ surveyId, compNo: sup.compNo, qNo, score }))).execute();
        const now = new Date();
        await trx.updateTable('satResponse').set({ status: 'SUBMITTED', comment: text(request.body.comment), submittedAt: now, submittedBy: sup.userId, version: r.version + 1 }).where('surveyId', '=', surveyId).where('compNo', '=', sup.compNo).execute();
        await writeAudit(trx, { entity: 'sat_response', entityKey: `${surveyId}/${sup.compNo}`, action: 'ANSWER', actor: sup.userId, after: { answers: Object.fromEntries(given), comment: text(request.body.comment) } });
      });
      return mySurvey(request.db, sup.compNo, surveyId);
    },
  );
};
