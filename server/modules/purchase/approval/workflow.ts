/**
 * Approval (결재), DESIGN §6: a rule picks the approval line by document type and amount (KRW);
 * the line's approvers act in order, each approving or rejecting with a comment; the last
 * approval approves the document, any rejection rejects it. The steps are copied at submission,
 * so editing a rule or line affects only later submissions. Pure data and functions.
 */
import { compareDecimals } from '../../../../lib/money.js';

/**
 * BUDGET: a budget transfer (예산전용, server/modules/budget/transfer; docs/budget.md). AGREEMENT: a
 * framework agreement; PO_CHANGE: a change order of a sent PO that crosses the re-approval rule,
 * numbered `<poNo>-<revision>` (docs/agreements.md). CONTRACT: an electronic contract before it is
 * sent to the supplier (server/modules/contracts; docs/contracts.md).
 */
export const DOC_TYPES = ['PR', 'PO', 'SIMPLE', 'LOI', 'BUDGET', 'AGREEMENT', 'PO_CHANGE', 'CONTRACT'] as const;
export type DocType = (typeof DOC_TYPES)[number];
export const DOC_TYPE_LABELS: Readonly<Record<DocType, string>> = {
  PR: '구매요청',
  PO: '발주',
  SIMPLE: '소액발주',
  LOI: 'LOI',
  BUDGET: '예산전용',
  AGREEMENT: '단가계약',
  PO_CHANGE: '발주변경',
  CONTRACT: '전자계약',
};

export type ApprovalStatus = 'PENDING' | 'IN_PROGRESS' | 'APPROVED' | 'REJECTED' | 'WITHDRAWN';
type StepStatus = 'WAITING' | 'PENDING' | 'APPROVED' | 'REJECTED' | 'SKIPPED';

export interface StepState {
  stepNo: number;
  approverId: string;
  status: StepStatus;
}

export interface RuleBand {
  ruleId: number;
  minAmount: string;
  maxAmount: string | null;
}

/** True when amount falls in [min, max): bands include their lower bound and exclude their upper one. */
export function inBand(band: Pick<RuleBand, 'minAmount' | 'maxAmount'>, amountKrw: string): boolean {
  return (
    compareDecimals(amountKrw, band.minAmount) >= 0 &&
    (band.maxAmount === null || compareDecimals(amountKrw, band.maxAmount) < 0)
  );
}

/** The rule whose band holds the amount (the highest lower bound wins should bands ever touch). */
export function pickRule<R extends RuleBand>(rules: readonly R[], amountKrw: string): R | null {
  const matching = rules.filter((r) => inBand(r, amountKrw));
  matching.sort((a, b) => compareDecimals(b.minAmount, a.minAmount));
  return matching[0] ?? null;
}

/** Two bands overlap when each starts below the other's end. */
export function bandsOverlap(
  a: Pick<RuleBand, 'minAmount' | 'maxAmount'>,
  b: Pick<RuleBand, 'minAmount' | 'maxAmount'>,
): boolean {
  const aBeforeBEnds = b.maxAmount === null || compareDecimals(a.minAmount, b.maxAmount) < 0;
  const bBeforeAEnds = a.maxAmount === null || compareDecimals(b.minAmount, a.maxAmount) < 0;
  return aBeforeBEnds && bBeforeAEnds;
}

/** Steps at submission: the first approver is asked, the others wait. */
export function initialSteps(approvers: readonly string[]): StepState[] {
  if (approvers.length === 0) throw new Error('an approval line needs at least one approver');
  return approvers.map((approverId, i) => ({ stepNo: i + 1, approverId, status: i === 0 ? 'PENDING' : 'WAITING' }));
}

export type Decision = 'APPROVE' | 'REJECT';

export type DecideResult =
  | {
      ok: true;
      steps: StepState[];
      /** The step that was decided. */
      acted: number;
      status: ApprovalStatus;
      currentStep: number | null;
      /** NEXT: the next approver is asked; APPROVED / REJECTED: the approval is over. */
      outcome: 'NEXT' | 'APPROVED' | 'REJECTED';
    }
  | { ok: false; reason: 'FINISHED' | 'NOT_CURRENT_APPROVER' };

const isOpen = (status: ApprovalStatus): boolean => status === 'PENDING' || status === 'IN_PROGRESS';

/** One approver's decision on the current step. Only the approver of the pending step may decide. */
export function decide(
  status: ApprovalStatus,
  steps: readonly StepState[],
  approverId: string,
  decision: Decision,
): DecideResult {
  if (!isOpen(status)) return { ok: false, reason: 'FINISHED' };
  const current = steps.find((s) => s.status === 'PENDING');
  if (!current) return { ok: false, reason: 'FINISHED' };
  if (current.approverId !== approverId) return { ok: false, reason: 'NOT_CURRENT_APPROVER' };
  if (decision === 'REJECT') {
    const next = steps.map((s) =>
      s.stepNo === current.stepNo
        ? { ...s, status: 'REJECTED' as const }
        : s.status === 'WAITING'
          ? { ...s, status: 'SKIPPED' as const }
          : s,
    );
    return { ok: true, steps: next, acted: current.stepNo, status: 'REJECTED', currentStep: null, outcome: 'REJECTED' };
  }
  const following = steps.filter((s) => s.stepNo > current.stepNo).sort((a, b) => a.stepNo - b.stepNo)[0];
  const next = steps.map((s) =>
    s.stepNo === current.stepNo
      ? { ...s, status: 'APPROVED' as const }
      : following && s.stepNo === following.stepNo
        ? { ...s, status: 'PENDING' as const }
        : s,
  );
  if (!following)
    return { ok: true, steps: next, acted: current.stepNo, status: 'APPROVED', currentStep: null, outcome: 'APPROVED' };
  return {
    ok: true,
    steps: next,
    acted: current.stepNo,
    status: 'IN_PROGRESS',
    currentStep: following.stepNo,
    outcome: 'NEXT',
  };
}

/** The requester withdraws (cancels the document): waiting and pending steps are skipped. */
export function withdraw(steps: readonly StepState[]): StepState[] {
  return steps.map((s) =>
    s.status === 'PENDING' || s.status === 'WAITING' ? { ...s, status: 'SKIPPED' as const } : s,
  );
}
