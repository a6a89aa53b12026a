import type { Static } from 'typebox';
import type { Caller } from '../../../auth/plugin.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import { internalActor, supplierActor } from '../../../domain/actor.js';
import { checkVersion, failIf, missing, refused, wrongState, type FieldError } from '../../../domain/errors.js';
import { checkDate, todayKst } from '../../../domain/dates.js';
import { iso, requireText, text } from '../../../domain/values.js';
import { existingCompanies } from '../setting/queries.js';
import type {
  MySurveyAnswerBody,
  MySurveyListQuery,
  SurveyCreateBody,
  SurveyListQuery,
  SurveyUpdateBody,
} from '../schemas.js';
import {
  answersOf,
  insertAnswers,
  insertSurvey,
  invitation,
  listInvitations,
  listSurveyRows,
  lockResponse,
  lockSurvey,
  questionNumbers,
  questionScores,
  replaceQuestionsAndSuppliers,
  responseScores,
  surveyState,
  updateResponse,
  updateSurvey,
} from './queries.js';

/**
 * Transaction-satisfaction surveys (거래만족도): purchasing writes the questions and names the
 * suppliers asked; suppliers answer each question 1–5 on their portal while the survey is open;
 * staff read who answered and the scores. A survey is DRAFT → OPEN → CLOSED.
 */
const surveyMissing = () => missing('SURVEY_NOT_FOUND', '설문을 찾을 수 없습니다');
const avg = (v: string | number | null) => (v === null ? null : Number(v));

export async function listSurveys(db: Db, f: Static<typeof SurveyListQuery> & { surveyId?: number }) {
  const { total, rows } = await listSurveyRows(db, f);
  return {
    total,
    rows: rows.map((r) => ({
      ...r,
      questionCount: Number(r.questionCount),
      invited: Number(r.invited),
      answered: Number(r.answered),
      averageScore: avg(r.averageScore),
    })),
  };
}

export async function surveyDetail(db: Db, surveyId: number) {
  const { rows } = await listSurveys(db, { surveyId });
  const s = rows[0];
  if (!s) throw surveyMissing();
  const [questions, responses] = await Promise.all([questionScores(db, surveyId), responseScores(db, surveyId)]);
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
  if (!errors.some((e) => /Date$/.test(e.path)) && b.endDate < b.startDate)
    errors.push({ path: 'body/endDate', message: '종료일은 시작일 이후여야 합니다' });
  const questions = b.questions.map((q, i) => {
    requireText(errors, `body/questions/${i}/text`, q.text, '질문');
    return { qNo: i + 1, text: (q.text ?? '').trim() };
  });
  const suppliers = [
    ...new Set(
      b.suppliers
        .split(/[\s,]+/)
        .map((s) => s.trim().toUpperCase())
        .filter(Boolean),
    ),
  ];
  if (suppliers.length === 0) errors.push({ path: 'body/suppliers', message: '설문 대상 협력사를 입력하세요' });
  else {
    const found = await existingCompanies(db, suppliers);
    const unknown = suppliers.filter((c) => !found.has(c));
    if (unknown.length)
      errors.push({ path: 'body/suppliers', message: `등록되지 않은 협력사입니다: ${unknown.join(', ')}` });
  }
  failIf(errors);
  return { header: { title: b.title.trim(), startDate: b.startDate, endDate: b.endDate }, questions, suppliers };
}

/** Writes a survey: its questions and the suppliers asked. */
export async function createSurvey(db: Db, caller: Caller | null, body: Static<typeof SurveyCreateBody>) {
  const actor = await internalActor(db, caller);
  const input = await checkSurvey(db, body);
  const surveyId = await db.transaction().execute(async (trx) => {
    const surveyId = await insertSurvey(trx, { ...input.header, status: 'DRAFT', createdBy: actor.userId });
    await replaceQuestionsAndSuppliers(trx, surveyId, input.questions, input.suppliers);
    await writeAudit(trx, {
      entity: 'sat_survey',
      entityKey: String(surveyId),
      action: 'CREATE',
      actor: actor.userId,
      after: input,
    });
    return surveyId;
  });
  return surveyDetail(db, surveyId);
}

/** Changes a survey not yet opened. */
export async function changeSurvey(
  db: Db,
  caller: Caller | null,
  surveyId: number,
  body: Static<typeof SurveyUpdateBody>,
) {
  const actor = await internalActor(db, caller);
  const input = await checkSurvey(db, body);
  await db.transaction().execute(async (trx) => {
    const s = await lockSurvey(trx, surveyId);
    if (!s) throw surveyMissing();
    checkVersion(body.version, s.version);
    if (s.status !== 'DRAFT') throw wrongState('작성 중인 설문만 수정할 수 있습니다', s.status);
    await updateSurvey(trx, surveyId, { ...input.header, updatedAt: new Date(), version: s.version + 1 });
    await replaceQuestionsAndSuppliers(trx, surveyId, input.questions, input.suppliers);
    await writeAudit(trx, {
      entity: 'sat_survey',
      entityKey: String(surveyId),
      action: 'UPDATE',
      actor: actor.userId,
      before: s,
      after: input,
    });
  });
  return surveyDetail(db, surveyId);
}

const MOVES = {
  open: { from: 'DRAFT', to: 'OPEN', refusal: '작성 중인 설문만 시작할 수 있습니다' },
  close: { from: 'OPEN', to: 'CLOSED', refusal: '진행 중인 설문만 마감할 수 있습니다' },
} as const;

/** Opens the survey to the suppliers asked, or closes it (no more answers). */
export async function moveSurvey(
  db: Db,
  caller: Caller | null,
  action: keyof typeof MOVES,
  surveyId: number,
  version: number,
) {
  const { from, to, refusal } = MOVES[action];
  const actor = await internalActor(db, caller);
  await db.transaction().execute(async (trx) => {
    const s = await lockSurvey(trx, surveyId);
    if (!s) throw surveyMissing();
    checkVersion(version, s.version);
    if (s.status !== from) throw wrongState(refusal, s.status);
    await updateSurvey(trx, surveyId, { status: to, updatedAt: new Date(), version: s.version + 1 });
    await writeAudit(trx, {
      entity: 'sat_survey',
      entityKey: String(surveyId),
      action: action.toUpperCase(),
      actor: actor.userId,
      before: { status: s.status },
      after: { status: to },
    });
  });
  return surveyDetail(db, surveyId);
}

/** Opened surveys a supplier is asked (staff: every supplier's, or one company's). */
export async function mySurveys(view: { db: Db; compNo: string | null }, q: Static<typeof MySurveyListQuery>) {
  const { total, rows } = await listInvitations(view.db, view.compNo, q);
  return { total, rows: rows.map((r) => ({ ...r, submittedAt: iso(r.submittedAt) })) };
}

/** One survey a company is asked, with its answers; staff read it with no actions. */
async function mySurvey(db: Db, compNo: string, surveyId: number, staff = false) {
  const r = await invitation(db, compNo, surveyId);
  if (!r) throw surveyMissing();
  const answers = await answersOf(db, compNo, surveyId);
  const open = !staff && r.surveyStatus === 'OPEN' && r.status === 'REQUESTED';
  return { ...r, submittedAt: iso(r.submittedAt), answers, actions: open ? ['answer'] : [] };
}

/** One survey as the supplier view reads it: the supplier's own, or (staff) the named company's, with no actions. */
export const mySurveyOf = (view: { db: Db; compNo: string | null; staff: boolean }, surveyId: number) =>
  mySurvey(view.db, view.compNo!, surveyId, view.staff);

/** A supplier answers every question 1–5, once, while the survey is open. */
export async function answerSurvey(
  db: Db,
  caller: Caller | null,
  surveyId: number,
  body: Static<typeof MySurveyAnswerBody>,
  now: Date,
) {
  const sup = supplierActor(caller);
  await db.transaction().execute(async (trx) => {
    const r = await lockResponse(trx, surveyId, sup.compNo);
    const s = await surveyState(trx, surveyId);
    if (!r || !s || s.status === 'DRAFT') throw surveyMissing();
    checkVersion(body.version, r.version);
    if (s.status !== 'OPEN') throw wrongState('마감된 설문입니다', s.status);
    if (todayKst(now) > s.endDate) throw refused('SURVEY_PAST_END', `설문 기간(${s.endDate}까지)이 지났습니다`);
    if (r.status === 'SUBMITTED') throw wrongState('이미 응답한 설문입니다', r.status);
    const questions = await questionNumbers(trx, surveyId);
    const errors: FieldError[] = [];
    const given = new Map<number, number>();
    body.answers.forEach((a, i) => {
      if (!questions.includes(a.qNo))
        errors.push({ path: `body/answers/${i}/qNo`, message: `설문에 없는 질문입니다: ${a.qNo}` });
      else if (a.score === null || !Number.isInteger(a.score) || a.score < 1 || a.score > 5)
        errors.push({ path: `body/answers/${i}/score`, message: '점수는 1~5 사이의 정수로 입력하세요' });
      else given.set(a.qNo, a.score);
    });
    if (!errors.length && questions.some((q) => !given.has(q)))
      errors.push({ path: 'body/answers', message: '모든 질문에 답하세요' });
    failIf(errors);
    await insertAnswers(
      trx,
      [...given].map(([qNo, score]) => ({ surveyId, compNo: sup.compNo, qNo, score })),
    );
    await updateResponse(trx, surveyId, sup.compNo, {
      status: 'SUBMITTED',
      comment: text(body.comment),
      submittedAt: now,
      submittedBy: sup.userId,
      version: r.version + 1,
    });
    await writeAudit(trx, {
      entity: 'sat_response',
      entityKey: `${surveyId}/${sup.compNo}`,
      action: 'ANSWER',
      actor: sup.userId,
      after: { answers: Object.fromEntries(given), comment: text(body.comment) },
    });
  });
  return mySurvey(db, sup.compNo, surveyId);
}
