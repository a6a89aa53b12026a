import type { ApprovalView } from './queries.js';

/**
 * What a document screen needs about its approvals besides the rounds themselves: the open
 * round (its id and version, which the approver's decision sends), whether the caller is the
 * approver whose turn it is (the screen's 승인 / 반려 buttons), and every step of every round as
 * one flat list (the screen's approval grid). One shape for every document: requests, orders,
 * simple orders and LOIs (ApprovalStateFields in ./schemas.ts).
 */
export function approvalState(approvals: readonly ApprovalView[], singleid: string) {
  const open = [...approvals].reverse().find((a) => a.status === 'PENDING' || a.status === 'IN_PROGRESS') ?? null;
  const step = open?.steps.find((s) => s.status === 'PENDING') ?? null;
  return {
    pendingApprovalId: open?.approvalId ?? null,
    pendingApprovalVersion: open?.version ?? null,
    currentApproverName: step?.approverName ?? null,
    isCurrentApprover: step !== null && step.approverId === singleid,
    approvalSteps: approvals.flatMap((a, i) =>
      a.steps.map((s) => ({
        stepKey: `${a.approvalId}-${s.stepNo}`,
        round: i + 1,
        approvalId: a.approvalId,
        approvalStatus: a.status,
        lineName: a.lineName,
        submittedByName: a.submittedByName,
        submittedAt: a.submittedAt,
        ...s,
      })),
    ),
  };
}

/** History rows numbered (a stable key for the screen's grid). */
export function numbered<T extends object>(rows: readonly T[]): Array<T & { no: number }> {
  return rows.map((r, i) => ({ no: i + 1, ...r }));
}
