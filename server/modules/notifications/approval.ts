import type { Db } from '../../db/connect.js';
import { DOC_TYPE_LABELS, type DocType } from '../purchase/approval/workflow.js';
import { notifyEmployee } from './outbox.js';
import {
  approvalDocTitle,
  approvalForNotice,
  decidingApprovalStep,
  employeeName,
  pendingApprovalStep,
} from './queries.js';
import { RESULT_WORDS, type Lang } from './templates.js';

const DOC_TYPE_EN: Record<DocType, string> = {
  PR: 'Purchase request',
  PO: 'Purchase order',
  SIMPLE: 'Small order',
  LOI: 'LOI',
  BUDGET: 'Budget transfer',
  AGREEMENT: 'Framework agreement',
  PO_CHANGE: 'PO change order',
  CONTRACT: 'Electronic contract',
};

const titleOf = approvalDocTitle;
const nameOf = employeeName;
const won = (amount: string) => Number(amount).toLocaleString('ko-KR');
const label = (docType: DocType, lang: Lang) => (lang === 'en' ? DOC_TYPE_EN[docType] : DOC_TYPE_LABELS[docType]);

/**
 * The approval notices (issue 15), called in the approval's transaction after every change:
 * while the approval is open, the approver whose turn it is gets "approval requested"; once it
 * is approved or rejected, the requester gets the result with the deciding approver's comment.
 * Recorded in the outbox (delivered by notify.deliver), so a mail problem never stops approving.
 */
export async function notifyApproval(db: Db, approvalId: number): Promise<void> {
  const a = await approvalForNotice(db, approvalId);
  if (!a) return;
  const docType = a.docType as DocType;
  const title = await titleOf(db, docType, a.docNo);
  const ref = { entity: 'approval', key: String(approvalId) };
  if (a.status === 'PENDING' || a.status === 'IN_PROGRESS') {
    const step = await pendingApprovalStep(db, approvalId);
    if (!step) return;
    const submitter = await nameOf(db, a.submittedBy);
    await notifyEmployee(
      db,
      step.approverId,
      'approval.request',
      (lang) => ({ docType: label(docType, lang), docNo: a.docNo, title, amount: won(String(a.amountKrw)), submitter }),
      ref,
    );
    return;
  }
  if (a.status !== 'APPROVED' && a.status !== 'REJECTED') return;
  const decided = await decidingApprovalStep(db, approvalId, a.status);
  const approver = decided ? await nameOf(db, decided.approverId) : '';
  const result = a.status;
  await notifyEmployee(
    db,
    a.submittedBy,
    'approval.result',
    (lang) => ({
      docType: label(docType, lang),
      docNo: a.docNo,
      title,
      result: RESULT_WORDS[result][lang],
      approver,
      comment: decided?.comment ?? '-',
    }),
    ref,
  );
}

/**
 * The last approval of a document was refused on a STOP budget (BUDGET_EXCEEDED): the decision rolled back, so
 * nothing else tells the requester. Called after that rollback, in a transaction of its own; `reason` is the
 * refusal's message (which key, what is available, what was asked).
 */
export async function notifyBudgetHeld(db: Db, approvalId: number, approverId: string, reason: string): Promise<void> {
  const a = await approvalForNotice(db, approvalId);
  if (!a) return;
  const docType = a.docType as DocType;
  const title = await titleOf(db, docType, a.docNo);
  const approver = await nameOf(db, approverId);
  await notifyEmployee(
    db,
    a.submittedBy,
    'approval.budgetHeld',
    (lang) => ({ docType: label(docType, lang), docNo: a.docNo, title, approver, reason }),
    { entity: 'approval', key: String(approvalId) },
  );
}
