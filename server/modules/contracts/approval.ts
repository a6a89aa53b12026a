/** A contract's internal approval: submission, rated on what it does to its source, and the outcome. */
import type { Db } from '../../db/connect.js';
import { checkVersion, failIf, refused } from '../../domain/errors.js';
import { transition } from '../../domain/machine.js';
import { compareDecimals } from '../../../lib/money.js';
import { startApproval } from '../purchase/approval/index.js';
import { rateContractAmendment } from '../purchase/po/service.js';
import { rateLoiAmendment } from '../purchase/loi/service.js';
import { notifyContractSent } from '../notifications/supplier.js';
import * as q from './queries.js';
import { CONTRACT_MACHINE } from './workflow.js';
import { appendEvent, notFound, type EventContext } from './common.js';
import { type SourceChange } from './source-change.js';
import { linkageSubmitErrors } from './linkage.js';

/**
 * How an amendment's approval is rated on what it does to its order or LOI: the document's new total
 * (KRW) as the line's amount when above the amendment's own, and the tier the document's own rules
 * ask for the change (PO_CHANGE by the re-approval rule; LOI for a new amount), which the approval
 * then includes. Null for a contract that changes no document.
 */
async function rateSourceChange(trx: Db, c: q.ContractRow, now: Date) {
  if (!c.amendsContractNo || !c.sourceNo || !c.sourceChange) return null;
  const change = c.sourceChange as SourceChange;
  if (c.sourceKind === 'PO')
    return rateContractAmendment(trx, c.sourceNo, { dueDate: change.dueDate, lines: change.lines }, now);
  if (c.sourceKind === 'LOI') return rateLoiAmendment(trx, c.sourceNo, change);
  return null;
}

export async function submitContract(db: Db, ctx: EventContext, singleid: string, contractNo: string, version: number) {
  return db.transaction().execute(async (trx) => {
    const c = await q.lockContract(trx, contractNo);
    if (!c) throw notFound();
    checkVersion(version, c.version);
    const status = transition(CONTRACT_MACHINE, 'submit', c.status);
    // A contract of a 하도급 order states its 납품대금 연동 answer before anyone approves it (상생협력법 §21).
    failIf(await linkageSubmitErrors(trx, c));
    const rated = await rateSourceChange(trx, c, ctx.now);
    const typed = String(c.totalAmount);
    const { approvalId } = await startApproval(
      trx,
      {
        docType: 'CONTRACT',
        docNo: contractNo,
        amountKrw: rated && compareDecimals(rated.amountKrw, typed) > 0 ? rated.amountKrw : typed,
        submitterId: singleid,
        actorUserId: ctx.userId,
        alsoCover: rated?.reapproval ?? null,
      },
      ctx.now,
    );
    await q.updateContract(trx, contractNo, {
      status,
      approvalId,
      approvalStatus: 'PENDING',
      version: c.version + 1,
    });
    await appendEvent(trx, c, ctx, 'SUBMITTED', null, { approvalId });
    return { contractNo, status, version: c.version + 1 };
  });
}

/**
 * The approval module hands a decision on a contract back here, in the approval's transaction:
 * the last approval sends the contract to the supplier (notified), a rejection returns the draft.
 */
export async function applyContractOutcome(
  trx: Db,
  a: { approvalId: number; docNo: string },
  outcome: 'NEXT' | 'APPROVED' | 'REJECTED',
  actor: string,
  comment: string | null,
  /** The business clock the decision was taken on: the evidence events' moments, as every other contract event. */
  now: Date,
): Promise<string> {
  const c = await q.lockContract(trx, a.docNo);
  if (!c || Number(c.approvalId) !== Number(a.approvalId) || c.status !== 'IN_APPROVAL')
    throw refused('APPROVAL_DOCUMENT_MISMATCH', '결재 문서의 상태가 결재와 맞지 않습니다. 다시 조회하세요');
  const ctx: EventContext = { userId: actor, actorCompNo: null, ip: null, userAgent: null, now };
  if (outcome === 'NEXT') {
    await q.updateContract(trx, a.docNo, { approvalStatus: 'IN_PROGRESS', version: c.version + 1 });
    return c.status;
  }
  if (outcome === 'REJECTED') {
    const status = transition(CONTRACT_MACHINE, 'reject', c.status);
    await q.updateContract(trx, a.docNo, { status, approvalStatus: 'REJECTED', version: c.version + 1 });
    await appendEvent(trx, c, ctx, 'REJECTED', null, { comment });
    return status;
  }
  const status = transition(CONTRACT_MACHINE, 'approve', c.status);
  await q.updateContract(trx, a.docNo, { status, approvalStatus: 'APPROVED', version: c.version + 1 });
  await appendEvent(trx, c, ctx, 'APPROVED', null, { approvalId: a.approvalId });
  await appendEvent(trx, c, ctx, 'SENT', c.documentSha);
  await notifyContractSent(trx, {
    contractNo: c.contractNo,
    compNo: c.compNo,
    title: c.title,
    totalAmount: String(c.totalAmount),
    signDeadline: c.signDeadline,
  });
  return status;
}
