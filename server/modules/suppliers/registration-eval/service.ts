import type { Static } from 'typebox';
import { formatBusinessNumber } from '../../../../lib/business-number.js';
import { byteLength } from '../../../../lib/text.js';
import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import type { Caller } from '../../../auth/plugin.js';
import { loadAttachments } from '../../../domain/documents.js';
import { checkVersion, failIf, missing, wrongState, type FieldError } from '../../../domain/errors.js';
import { iso, text } from '../../../domain/values.js';
import { finishIfDecided } from '../apply-finalize.js';
import { APPLY_SCREENS } from '../screens.js';
import { lockSubmitted, rejectApplication } from '../apply-review/service.js';
import { updateEvaluation } from '../apply-review/queries.js';
import type { EvaluationFailBody, EvaluationListQuery, EvaluationSaveBody } from '../apply-schemas.js';
import { listEvaluations, lockEvaluation, type EvaluationListRow } from './queries.js';

/** Who may save, pass and fail an evaluation. */
export const EVALUATION_WRITE_SCREENS = [APPLY_SCREENS.evalDetail, APPLY_SCREENS.evalList];
const TEXT_BYTES = 1000;
const notFoundEval = () => missing('EVALUATION_NOT_FOUND', '등록평가를 찾을 수 없습니다');

/** The checklist of a registration evaluation: every item must be confirmed to pass. Plain data. */
const CHECKLIST = Object.freeze({
  chkCert: '사업자등록증 진위 확인',
  chkBank: '통장사본 예금주·계좌 일치',
  chkTax: '국세청 휴폐업 조회 (정상)',
  chkCredit: '신용평가 등급 확인',
  chkQuality: '품질·안전 관리 체계 확인',
} as const);
type ChecklistKey = keyof typeof CHECKLIST;
const CHECK_KEYS = Object.keys(CHECKLIST) as ChecklistKey[];

async function present(db: Db, rows: EvaluationListRow[], caller: Caller) {
  const canWrite = await groupHoldsScreen(db, caller.authGroupId, EVALUATION_WRITE_SCREENS, 'write');
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

export async function searchEvaluations(db: Db, q: Static<typeof EvaluationListQuery>, caller: Caller) {
  const { rows, total } = await listEvaluations(db, { q });
  return { rows: await present(db, rows, caller), total };
}

export async function evaluationDetail(db: Db, evalNo: string, caller: Caller) {
  const { rows } = await listEvaluations(db, { evalNo });
  if (!rows.length) throw notFoundEval();
  const [row] = await present(db, rows, caller);
  return {
    ...row,
    attachments: await loadAttachments(db, rows[0].fileId),
    bizType: rows[0].bizType,
    bizItem: rows[0].bizItem,
    address: rows[0].address,
  };
}

function checkSaveBody(b: Static<typeof EvaluationSaveBody>): { remark: string | null } {
  const remark = text(b.remark);
  if (remark && byteLength(remark) > TEXT_BYTES)
    failIf([{ path: 'body/remark', message: `평가 의견은 ${TEXT_BYTES}바이트를 넘을 수 없습니다` }]);
  return { remark };
}

/** Locks an open evaluation and its submitted application, version checked. */
async function lockOpen(trx: Db, evalNo: string, version: number) {
  const e = await lockEvaluation(trx, evalNo);
  if (!e) throw notFoundEval();
  checkVersion(version, e.version);
  if (e.status !== 'OPEN') throw wrongState('이미 끝난 등록평가입니다', e.status);
  const a = await lockSubmitted(trx, e.receiptNo, null);
  return { e, a };
}

/**
 * Saves the checklist, score and remark; `pass` also needs every item confirmed and the score at
 * or above the mark, and finishes the application when its user is already approved.
 */
export async function saveEvaluation(
  db: Db,
  kind: 'save' | 'pass',
  evalNo: string,
  b: Static<typeof EvaluationSaveBody>,
  caller: Caller,
  now: Date,
) {
  const { remark } = checkSaveBody(b);
  await db.transaction().execute(async (trx) => {
    const { e, a } = await lockOpen(trx, evalNo, b.version);
    const values = {
      chkCert: b.chkCert ?? e.chkCert,
      chkBank: b.chkBank ?? e.chkBank,
      chkTax: b.chkTax ?? e.chkTax,
      chkCredit: b.chkCredit ?? e.chkCredit,
      chkQuality: b.chkQuality ?? e.chkQuality,
      score: b.score === undefined ? e.score : b.score,
      remark: b.remark === undefined ? e.remark : remark,
    };
    if (kind === 'pass') {
      const errors: FieldError[] = CHECK_KEYS.filter((k) => values[k] !== 'Y').map((k) => ({
        path: `body/${k}`,
        message: `확인하지 않은 항목이 있습니다: ${CHECKLIST[k]}`,
      }));
      if (values.score === null) errors.push({ path: 'body/score', message: '평가 점수를 입력하세요' });
      else if (values.score < e.passMark)
        errors.push({ path: 'body/score', message: `점수 ${values.score}점은 합격 기준 ${e.passMark}점에 미달합니다` });
      failIf(errors);
    }
    const status = kind === 'pass' ? ('PASSED' as const) : ('OPEN' as const);
    await updateEvaluation(trx, e.evalNo, {
      ...values,
      status,
      evaluator: caller.userId,
      ...(kind === 'pass' ? { evaluatedAt: now } : {}),
      updatedAt: now,
      version: e.version + 1,
    });
    await writeAudit(trx, {
      entity: 'registration_evaluation',
      entityKey: e.evalNo,
      action: kind === 'pass' ? 'PASS' : 'SAVE',
      actor: caller.userId,
      before: { status: e.status, score: e.score },
      after: { ...values, status },
    });
    if (kind === 'pass') await finishIfDecided(trx, a, caller.userId, now);
  });
  return evaluationDetail(db, evalNo, caller);
}

/** Fails with a reason: the application is rejected with it; nothing is created. */
export async function failEvaluation(
  db: Db,
  evalNo: string,
  body: Static<typeof EvaluationFailBody>,
  caller: Caller,
  now: Date,
) {
  const reason = text(body.reason);
  if (!reason) failIf([{ path: 'body/reason', message: '불합격 사유를 입력하세요' }]);
  if (byteLength(reason!) > TEXT_BYTES)
    failIf([{ path: 'body/reason', message: `불합격 사유는 ${TEXT_BYTES}바이트를 넘을 수 없습니다` }]);
  await db.transaction().execute(async (trx) => {
    const { e, a } = await lockOpen(trx, evalNo, body.version);
    await updateEvaluation(trx, e.evalNo, {
      status: 'FAILED',
      failReason: reason,
      evaluator: caller.userId,
      evaluatedAt: now,
      updatedAt: now,
      version: e.version + 1,
    });
    await writeAudit(trx, {
      entity: 'registration_evaluation',
      entityKey: e.evalNo,
      action: 'FAIL',
      actor: caller.userId,
      after: { status: 'FAILED' },
      reason,
    });
    await rejectApplication(trx, a, caller.userId, `등록평가 불합격: ${reason}`, 'EVALUATION_FAILED', now);
  });
  return evaluationDetail(db, evalNo, caller);
}
