import { contractGateRefusal } from '../po/subcon.js';
import type { Db } from '../../../db/connect.js';
import { writeAudit } from '../../../db/audit.js';
import { refused } from '../../../domain/errors.js';
import { transition } from '../../../domain/machine.js';
import { PR_MACHINE } from '../pr/workflow.js';
import { PO_MACHINE, statusAfterApproval } from '../po/workflow.js';
import { LOI_MACHINE } from '../loi/workflow.js';
import type { DocType } from './workflow.js';
import {
  lockLoiForApproval,
  lockPoForApproval,
  lockPrForApproval,
  updateLoiAfterApproval,
  updatePoAfterApproval,
  updatePrAfterApproval,
} from './queries.js';
import { notifyPoSent } from '../../notifications/supplier.js';
import { recordBudgetMovement } from '../../budget/consumption/index.js';
import type { Outcome, OutcomeHandlers } from './outcome-handlers.js';

export type { Outcome } from './outcome-handlers.js';

const mismatch = () =>
  refused('APPROVAL_DOCUMENT_MISMATCH', '결재 문서의 상태가 결재와 맞지 않습니다. 다시 조회하세요');

/**
 * Moves the document an approval decision concerns, in the approval's transaction: the next
 * step only marks it in progress; the last approval approves it (a PO to a FORWARD_YN=Y
 * supplier is sent at once; an LOI is issued); a rejection rejects a PR and returns a PO or
 * LOI to draft. Another module's document (a budget transfer, an agreement, a change order, a
 * contract) goes to the handler its module registered. Returns the document's new status.
 */
export async function applyOutcome(
  handlers: OutcomeHandlers,
  trx: Db,
  a: { approvalId: number; docType: DocType; docNo: string },
  outcome: Outcome,
  actorUserId: string,
  comment: string | null,
  /** now: the business clock (app.clock) the decision was taken on — approvedAt, forwardedAt, issuedAt are business moments. */
  options: { confirmBudgetWarning?: boolean | null; now: Date },
): Promise<string> {
  const now = options.now;
  const approvalStatus = outcome === 'NEXT' ? 'IN_PROGRESS' : outcome;
  const action = outcome === 'NEXT' ? 'APPROVAL_STEP' : outcome === 'APPROVED' ? 'APPROVED' : 'REJECTED';

  if (a.docType !== 'PR' && a.docType !== 'PO' && a.docType !== 'SIMPLE' && a.docType !== 'LOI')
    return handlers[a.docType](trx, a, outcome, actorUserId, comment, options);

  if (a.docType === 'PR') {
    const pr = await lockPrForApproval(trx, a.docNo);
    if (!pr || pr.approvalId !== a.approvalId || pr.status !== 'IN_APPROVAL') throw mismatch();
    const status =
      outcome === 'NEXT' ? pr.status : transition(PR_MACHINE, outcome === 'APPROVED' ? 'approve' : 'reject', pr.status);
    await updatePrAfterApproval(trx, a.docNo, {
      status,
      approvalStatus,
      ...(outcome === 'APPROVED' ? { approvedAt: now } : {}),
      version: pr.version + 1,
      updatedAt: now,
    });
    await writeAudit(trx, {
      entity: 'pr_header',
      entityKey: a.docNo,
      action,
      actor: actorUserId,
      before: { status: pr.status, approvalStatus: pr.approvalStatus },
      after: { status, approvalStatus },
      reason: comment,
    });
    // The approved PR's lines are pre-committed against their budgets (STOP/WARN may refuse here).
    if (outcome === 'APPROVED')
      await recordBudgetMovement(trx, {
        event: 'APPROVE',
        docType: 'PR',
        docNo: a.docNo,
        actor: actorUserId,
        confirmWarning: options.confirmBudgetWarning,
      });
    return status;
  }

  if (a.docType === 'PO' || a.docType === 'SIMPLE') {
    const po = await lockPoForApproval(trx, a.docNo);
    if (!po || po.approvalId !== a.approvalId || po.status !== 'IN_APPROVAL') throw mismatch();
    let status: string = po.status;
    if (outcome === 'REJECTED') status = transition(PO_MACHINE, 'reject', po.status);
    if (outcome === 'APPROVED')
      status = (transition(PO_MACHINE, 'approve', po.status), statusAfterApproval(po.forwardYn));
    // A 하도급 order without its written contract stays approved: its buyer sends it once the contract exists.
    if (status === 'SENT' && (await contractGateRefusal(trx, { poNo: a.docNo, subconKind: po.subconKind })))
      status = 'APPROVED';
    const sent = status === 'SENT';
    await updatePoAfterApproval(trx, a.docNo, {
      status,
      approvalStatus,
      ...(outcome === 'APPROVED' ? { approvedAmount: po.totalAmount } : {}),
      ...(sent ? { forwardedAt: now, sentBy: actorUserId } : {}),
      version: po.version + 1,
      updatedAt: now,
    });
    await writeAudit(trx, {
      entity: 'po_header',
      entityKey: a.docNo,
      action,
      actor: actorUserId,
      before: { status: po.status, approvalStatus: po.approvalStatus },
      after: { status, approvalStatus },
      reason: comment,
    });
    if (sent) {
      await writeAudit(trx, {
        entity: 'po_header',
        entityKey: a.docNo,
        action: 'SENT',
        actor: actorUserId,
        after: { status, forwardedAt: now.toISOString() },
        reason: '결재 완료 후 자동 전송 (FORWARD_YN=Y)',
      });
      await notifyPoSent(trx, a.docNo);
    }
    return status;
  }

  const loi = await lockLoiForApproval(trx, a.docNo);
  if (!loi || loi.approvalId !== a.approvalId || loi.status !== 'IN_APPROVAL') throw mismatch();
  const status =
    outcome === 'NEXT'
      ? loi.status
      : transition(LOI_MACHINE, outcome === 'APPROVED' ? 'approve' : 'reject', loi.status);
  await updateLoiAfterApproval(trx, a.docNo, {
    status,
    approvalStatus,
    ...(outcome === 'APPROVED' ? { issuedAt: now } : {}),
    version: loi.version + 1,
    updatedAt: now,
  });
  await writeAudit(trx, {
    entity: 'loi',
    entityKey: a.docNo,
    action: outcome === 'APPROVED' ? 'ISSUED' : action,
    actor: actorUserId,
    before: { status: loi.status },
    after: { status, approvalStatus },
    reason: comment,
  });
  return status;
}
