import type { Static } from 'typebox';
import { formatBusinessNumber } from '../../../../lib/business-number.js';
import { formatCorporateNumber } from '../../../../lib/corporate-number.js';
import { maskBankAccount } from '../../../../lib/bank-account.js';
import { byteLength } from '../../../../lib/text.js';
import { groupHoldsScreen } from '../../../auth/menu-authority.js';
import { writeAudit } from '../../../db/audit.js';
import type { Db } from '../../../db/connect.js';
import type { Caller } from '../../../auth/plugin.js';
import { loadAttachments } from '../../../domain/documents.js';
import { checkVersion, failIf, missing, wrongState } from '../../../domain/errors.js';
import { iso, text } from '../../../domain/values.js';
import { finishIfDecided } from '../apply-finalize.js';
import { notifyApplicant, type DecidedApplication } from '../apply-notify.js';
import { APPLY_SCREENS } from '../screens.js';
import { mayViewBank } from '../master/service.js';
import { lockApplication, updateApplication } from '../apply-public/queries.js';
import type { ApplicationDecisionBody, ApplicationListQuery } from '../apply-schemas.js';
import {
  applicationCategoryNames,
  listApplications,
  openEvaluationOf,
  updateEvaluation,
  type ApplicationListRow,
} from './queries.js';

const REASON_BYTES = 1000;
const notFoundApplication = () => missing('APPLICATION_NOT_FOUND', '신청서를 찾을 수 없습니다');

async function present(db: Db, rows: ApplicationListRow[], caller: Caller) {
  const [canDecide, bank] = await Promise.all([
    groupHoldsScreen(db, caller.authGroupId, [APPLY_SCREENS.users, APPLY_SCREENS.companies], 'write'),
    mayViewBank(db, caller),
  ]);
  return rows.map(({ fileId: _f, taxNo, ...r }) => ({
    ...r,
    taxNo2: taxNo ? formatBusinessNumber(taxNo) : null,
    corpNo: r.corpNo ? formatCorporateNumber(r.corpNo) : null,
    bankAccount: bank ? r.bankAccount : maskBankAccount(r.bankAccount),
    score: r.score === null ? null : Number(r.score),
    userDecidedAt: iso(r.userDecidedAt),
    submittedAt: iso(r.submittedAt),
    decidedAt: iso(r.decidedAt),
    expiresAt: iso(r.expiresAt)!,
    actions:
      r.status === 'SUBMITTED' && canDecide
        ? r.userDecision === 'PENDING'
          ? ['approveUser', 'reject']
          : ['reject']
        : [],
  }));
}

export async function searchApplications(db: Db, q: Static<typeof ApplicationListQuery>, caller: Caller) {
  const { rows, total } = await listApplications(db, { q });
  return { rows: await present(db, rows, caller), total };
}

export async function applicationDetail(db: Db, receiptNo: string, caller: Caller) {
  const { rows } = await listApplications(db, { receiptNo });
  if (!rows.length) throw notFoundApplication();
  const [row] = await present(db, rows, caller);
  const [cats, attachments] = await Promise.all([
    applicationCategoryNames(db, receiptNo),
    loadAttachments(db, rows[0].fileId),
  ]);
  return { ...row, catNames: cats.map((c) => c.nameKo), attachments, fileId: rows[0].fileId };
}

/** Locks the application for a decision and checks its version and state. */
export async function lockSubmitted(trx: Db, receiptNo: string, version: number | null) {
  const a = await lockApplication(trx, receiptNo);
  if (!a) throw notFoundApplication();
  if (version !== null) checkVersion(version, a.version);
  if (a.status !== 'SUBMITTED') throw wrongState('심사 중인 신청서가 아닙니다', a.status);
  return a;
}

/** Approves the applying user; the application finishes when every decision it needs is in (apply-finalize.ts). */
export async function approveApplicationUser(
  db: Db,
  receiptNo: string,
  body: Static<typeof ApplicationDecisionBody>,
  caller: Caller,
  now: Date,
) {
  const comment = text(body.comment);
  if (comment && byteLength(comment) > REASON_BYTES)
    failIf([{ path: 'body/comment', message: `의견은 ${REASON_BYTES}바이트를 넘을 수 없습니다` }]);
  await db.transaction().execute(async (trx) => {
    const a = await lockSubmitted(trx, receiptNo, body.version);
    if (a.userDecision !== 'PENDING') throw wrongState('이미 승인한 사용자입니다', a.userDecision);
    await updateApplication(trx, a.receiptNo, {
      userDecision: 'APPROVED',
      userDecidedBy: caller.userId,
      userDecidedAt: now,
      userComment: comment,
      updatedAt: now,
      version: a.version + 1,
    });
    await writeAudit(trx, {
      entity: 'supplier_application',
      entityKey: a.receiptNo,
      action: 'USER_APPROVE',
      actor: caller.userId,
      before: { userDecision: 'PENDING' },
      after: { userDecision: 'APPROVED' },
      reason: comment,
    });
    await finishIfDecided(trx, { ...a, userDecision: 'APPROVED', version: a.version + 1 }, caller.userId, now);
  });
  return applicationDetail(db, receiptNo, caller);
}

export async function rejectSubmitted(
  db: Db,
  receiptNo: string,
  body: Static<typeof ApplicationDecisionBody>,
  caller: Caller,
  now: Date,
) {
  const reason = text(body.comment);
  if (!reason) failIf([{ path: 'body/comment', message: '반려 사유를 입력하세요' }]);
  if (byteLength(reason!) > REASON_BYTES)
    failIf([{ path: 'body/comment', message: `반려 사유는 ${REASON_BYTES}바이트를 넘을 수 없습니다` }]);
  await db.transaction().execute(async (trx) => {
    const a = await lockSubmitted(trx, receiptNo, body.version);
    await rejectApplication(trx, a, caller.userId, reason!, 'REJECT', now);
  });
  return applicationDetail(db, receiptNo, caller);
}

/**
 * Rejection (by staff, or by a failed evaluation): the application closes, the password hash is
 * dropped, an open evaluation is cancelled, and the applicant is told why (the result notice).
 */
export async function rejectApplication(
  trx: Db,
  a: DecidedApplication & { version: number; userDecision: string },
  actor: string,
  reason: string,
  action: string,
  now: Date,
) {
  await updateApplication(trx, a.receiptNo, {
    status: 'REJECTED',
    rejectReason: reason,
    passwordHash: null,
    decidedAt: now,
    updatedAt: now,
    version: a.version + 1,
    ...(a.userDecision === 'PENDING'
      ? { userDecision: 'REJECTED' as const, userDecidedBy: actor, userDecidedAt: now }
      : {}),
  });
  await writeAudit(trx, {
    entity: 'supplier_application',
    entityKey: a.receiptNo,
    action,
    actor,
    after: { status: 'REJECTED' },
    reason,
  });
  const open = await openEvaluationOf(trx, a.receiptNo);
  if (open) {
    await updateEvaluation(trx, open.evalNo, { status: 'CANCELLED', updatedAt: now, version: open.version + 1 });
    await writeAudit(trx, {
      entity: 'registration_evaluation',
      entityKey: open.evalNo,
      action: 'CANCEL',
      actor,
      reason,
    });
  }
  await notifyApplicant(trx, a, false, reason);
}
