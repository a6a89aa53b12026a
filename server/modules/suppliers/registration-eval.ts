import { sql } from 'kysely';
import { Type, type Static } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { formatBusinessNumber } from '../../../lib/business-number.js';
import { byteLength } from '../../../lib/text.js';
import { access } from '../../http/access.js';
import { commonErrors } from '../../http/error-schema.js';
import { given, likeEscape, pageWindow, parseSort } from '../../http/list-query.js';
import { groupHoldsScreen } from '../../auth/menu-authority.js';
import { writeAudit } from '../../db/audit.js';
import type { Db } from '../../db/connect.js';
import type { Caller } from '../../auth/plugin.js';
import { loadAttachments } from '../../domain/documents.js';
import { checkVersion, failIf, missing, wrongState, type FieldError } from '../../domain/errors.js';
import { iso, text } from '../../domain/values.js';
import { finishIfDecided } from './apply-finalize.js';
import { APPLY_SCREENS, lockSubmitted, rejectApplication } from './apply-review.js';
import { EVALUATION_SORT, EvalNoParams, EvaluationDetail, EvaluationFailBody, EvaluationList, EvaluationListQuery, EvaluationSaveBody } from './apply-schemas.js';

const tags = ['supplier-apply'];
const READ = [APPLY_SCREENS.evalList, APPLY_SCREENS.evalDetail, APPLY_SCREENS.companies];
const WRITE = [APPLY_SCREENS.evalDetail, APPLY_SCREENS.evalList];
const TEXT_BYTES = 1000;
const notFoundEval = () => missing('EVALUATION_NOT_FOUND', '등록평가를 찾을 수 없습니다');

/** The checklist of a registration evaluation: every item must be confirmed to pass. Plain data. */
export const CHECKLIST = Object.freeze({
  chkCert: '사업자등록증 진위 확인',
  chkBank: '통장사본 예금주·계좌 일치',
  chkTax: '국세청 휴폐업 조회 (정상)',
  chkCredit: '신용평가 등급 확인',
  chkQuality: '품질·안전 관리 체계 확인',
} as const);
type ChecklistKey = keyof typeof CHECKLIST;
const CHECK_KEYS = Object.keys(CHECKLIST) as ChecklistKey[];

async function listEvaluations(db: Db, where: { evalNo?: string; q?: Static<typeof EvaluationListQuery> }) {
  let base = db.selectFrom('registrationEvaluation as e').innerJoin('supplierApplication as a', 'a.receiptNo', 'e.receiptNo').leftJoin('appUser as u', 'u.userId', 'e.evaluator');
  if (where.evalNo) base = base.where('e.evalNo', '=', where.evalNo);
  const q = where.q;
  if (q) {
    const no = given(q.evalNo);
    if (no) base = base.where((eb) => eb.or([eb('e.evalNo', 'ilike', `%${likeEscape(no)}%`), eb('e.receiptNo', 'ilike', `%${likeEscape(no)}%`)]));
    const name = given(q.compNameKr);
    if (name) base = base.where('a.compNameKr', 'ilike', `%${likeEscape(name)}%`);
    if (q.status?.length) base = base.where('e.status', 'in', q.status as Array<'OPEN' | 'PASSED' | 'FAILED' | 'CANCELLED'>);
  }
  const sort = parseSort(q?.sort, { field: 'evalNo', direction: 'desc' });
  const field = sort.field as (typeof EVALUATION_SORT)[number];
  const { limit, offset } = q ? pageWindow(q) : { limit: 1, offset: 0 };
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .select([
        'e.evalNo', 'e.receiptNo', 'a.compNameKr', 'a.taxNo', 'a.ceoName', 'a.bizType', 'a.bizItem', 'a.address', 'a.status as applicationStatus', 'a.userDecision', 'a.fileId', 'a.compNo',
        'e.status', 'e.chkCert', 'e.chkBank', 'e.chkTax', 'e.chkCredit', 'e.chkQuality', 'e.score', 'e.passMark', 'e.remark', 'e.failReason', 'e.evaluator', 'u.hname as evaluatorName',
        'e.evaluatedAt', 'e.createdAt', 'e.version',
      ])
      .orderBy(field === 'compNameKr' ? sql.ref('a.compNameKr') : sql.ref(`e.${field}`), sort.direction)
      .orderBy('e.evalNo', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { rows, total: Number(count.n) };
}

async function present(db: Db, rows: Awaited<ReturnType<typeof listEvaluations>>['rows'], caller: Caller) {
  const canWrite = await groupHoldsScreen(db, caller.authGroupId, WRITE, 'write');
  return rows.map(({ fileId: _f, taxNo, bizType: _t, bizItem: _i, address: _a, ...r }) => ({
    ...r,
    taxNo2: taxNo ? formatBusinessNumber(taxNo) : null,
    score: r.score === null ? null : Number(r.score),
    passMark: Number(r.passMark),
    evaluatedAt: iso(r.evaluatedAt),
    createdAt: iso(r.createdAt)!,
    actions: r.status === 'OPEN' && r.applicationStatus === 'SUBMITTED' && canWrite ? ['save', 'pass', 'fail'] : [],
  }));
}

async function detail(db: Db, evalNo: string, caller: Caller) {
  const { rows } = await listEvaluations(db, { evalNo });
  if (!rows.length) throw notFoundEval();
  const [row] = await present(db, rows, caller);
  return { ...row, attachments: await loadAttachments(db, rows[0].fileId), bizType: rows[0].bizType, bizItem: rows[0].bizItem, address: rows[0].address };
}

function checkSaveBody(b: Static<typeof EvaluationSaveBody>): { remark: string | null } {
  const remark = text(b.remark);
  if (remark && byteLength(remark) > TEXT_BYTES) failIf([{ path: 'body/remark', message: `평가 의견은 ${TEXT_BYTES}바이트를 넘을 수 없습니다` }]);
  return { remark };
}

/** Locks an open evaluation and its submitted application, version checked. */
async function lockOpen(trx: Db, evalNo: string, version: number) {
  const e = await trx.selectFrom('registrationEvaluation').selectAll().where('evalNo', '=', evalNo).forUpdate().executeTakeFirst();
  if (!e) throw notFoundEval();
  checkVersion(version, e.version);
  if (e.status !== 'OPEN') throw wrongState('이미 끝난 등록평가입니다', e.status);
  const a = await lockSubmitted(trx, e.receiptNo, null);
  return { e, a };
}

/**
 * Registration evaluation (/business/evaManage/compRegMngList, compRegMngDetail): a checklist and a
 * score against the pass mark. Pass needs every item confirmed and the score at or above the mark;
 * fail needs a reason and rejects the application. Passing finishes the application when its user
 * is already approved (the company, its first user and its ERP vendor application are created).
 */
export const registrationEvaluationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/v1/registration-evaluations',
    {
      config: { access: access.login(READ, 'read', ['I']) },
      schema: { operationId: 'listRegistrationEvaluations', tags, summary: 'Registration evaluations of new-company applications (compRegMngList)', querystring: EvaluationListQuery, response: { 200: EvaluationList, ...commonErrors } },
    },
    async (request) => {
      const { rows, total } = await listEvaluations(request.db, { q: request.query });
      return { rows: await present(request.db, rows, request.caller!), total };
    },
  );

  app.get(
    '/api/v1/registration-evaluations/:evalNo',
    {
      config: { access: access.login(READ, 'read', ['I']) },
      schema: { operationId: 'getRegistrationEvaluation', tags, summary: 'One registration evaluation with the application’s attachments (compRegMngDetail)', params: EvalNoParams, response: { 200: EvaluationDetail, ...commonErrors } },
    },
    async (request) => detail(request.db, request.params.evalNo, request.caller!),
  );

  const write = (kind: 'save' | 'pass') => async (request: { params: { evalNo: string }; body: Static<typeof EvaluationSaveBody>; db: Db; caller: Caller | null }) => {
    const caller = request.caller!;
    const b = request.body;
    const { remark } = checkSaveBody(b);
    await request.db.transaction().execute(async (trx) => {
      const { e, a } = await lockOpen(trx, request.params.evalNo, b.version);
      const values = {
        chkCert: b.chkCert ?? e.chkCert, chkBank: b.chkBank ?? e.chkBank, chkTax: b.chkTax ?? e.chkTax, chkCredit: b.chkCredit ?? e.chkCredit, chkQuality: b.chkQuality ?? e.chkQuality,
        score: b.score === undefined ? e.score : b.score, remark: b.remark === undefined ? e.remark : remark,
      };
      if (kind === 'pass') {
        const errors: FieldError[] = CHECK_KEYS.filter((k) => values[k] !== 'Y').map((k) => ({ path: `body/${k}`, message: `확인하지 않은 항목이 있습니다: ${CHECKLIST[k]}` }));
        if (values.score === null) errors.push({ path: 'body/score', message: '평가 점수를 입력하세요' });
        else if (values.score < e.passMark) errors.push({ path: 'body/score', message: `점수 ${values.score}점은 합격 기준 ${e.passMark}점에 미달합니다` });
        failIf(errors);
      }
      const now = new Date();
      const status = kind === 'pass' ? ('PASSED' as const) : ('OPEN' as const);
      await trx
        .updateTable('registrationEvaluation')
        .set({ ...values, status, evaluator: caller.userId, ...(kind === 'pass' ? { evaluatedAt: now } : {}), updatedAt: now, version: e.version + 1 })
        .where('evalNo', '=', e.evalNo)
        .execute();
      await writeAudit(trx, { entity: 'registration_evaluation', entityKey: e.evalNo, action: kind === 'pass' ? 'PASS' : 'SAVE', actor: caller.userId, before: { status: e.status, score: e.score }, after: { ...values, status } });
      if (kind === 'pass') await finishIfDecided(trx, a, caller.userId);
    });
    return detail(request.db, request.params.evalNo, caller);
  };

  app.put(
    '/api/v1/registration-evaluations/:evalNo',
    {
      config: { access: access.login(WRITE, 'write', ['I']) },
      schema: { operationId: 'saveRegistrationEvaluation', tags, summary: 'Save the checklist, score and remark of an open evaluation', params: EvalNoParams, body: EvaluationSaveBody, response: { 200: EvaluationDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } },
    },
    write('save'),
  );

  app.post(
    '/api/v1/registration-evaluations/:evalNo/pass',
    {
      config: { access: access.login(WRITE, 'write', ['I']) },
      schema: {
        operationId: 'passRegistrationEvaluation',
        tags,
        summary: 'Pass: every checklist item confirmed and the score at or above the pass mark (values sent are saved first); with the user approved, the supplier, its first user and its ERP vendor application are created',
        params: EvalNoParams,
        body: EvaluationSaveBody,
        response: { 200: EvaluationDetail, 409: Type.Ref('ErrorBody'), ...commonErrors },
      },
    },
    write('pass'),
  );

  app.post(
    '/api/v1/registration-evaluations/:evalNo/fail',
    {
      config: { access: access.login(WRITE, 'write', ['I']) },
      schema: { operationId: 'failRegistrationEvaluation', tags, summary: 'Fail with a reason: the application is rejected with it; nothing is created', params: EvalNoParams, body: EvaluationFailBody, response: { 200: EvaluationDetail, 409: Type.Ref('ErrorBody'), ...commonErrors } },
    },
    async (request) => {
      const caller = request.caller!;
      const reason = text(request.body.reason);
      if (!reason) failIf([{ path: 'body/reason', message: '불합격 사유를 입력하세요' }]);
      if (byteLength(reason!) > TEXT_BYTES) failIf([{ path: 'body/reason', message: `불합격 사유는 ${TEXT_BYTES}바이트를 넘을 수 없습니다` }]);
      await request.db.transaction().execute(async (trx) => {
        const { e, a } = await lockOpen(trx, request.params.evalNo, request.body.version);
        const now = new Date();
        await trx.updateTable('registrationEvaluation').set({ status: 'FAILED', failReason: reason, evaluator: caller.userId, evaluatedAt: now, updatedAt: now, version: e.version + 1 }).where('evalNo', '=', e.evalNo).execute();
        await writeAudit(trx, { entity: 'registration_evaluation', entityKey: e.evalNo, action: 'FAIL', actor: caller.userId, after: { status: 'FAILED' }, reason });
        await rejectApplication(trx, a, caller.userId, `등록평가 불합격: ${reason}`, 'EVALUATION_FAILED');
      });
      return detail(request.db, request.params.evalNo, caller);
    },
  );
};
