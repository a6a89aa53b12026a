import { Type } from 'typebox';
import { Nullable } from '../../../http/schema-helpers.js';

/** TypeBox pieces of the purchasing documents only (the ones every module shares: server/domain/schemas.ts). */
export const ApprovalStepView = Type.Object({
  stepNo: Type.Integer(),
  approverId: Type.String(),
  approverName: Type.String(),
  positionNm: Type.String(),
  deptnm: Type.String(),
  status: Type.String({ description: 'WAITING, PENDING (the current step), APPROVED, REJECTED, SKIPPED' }),
  comment: Nullable(Type.String()),
  actedAt: Nullable(Type.String({ format: 'date-time' })),
  onBehalfOf: Nullable(Type.String({ description: 'Approval delegation: the approver this deputy acts for' })),
  onBehalfOfName: Nullable(Type.String()),
});

export const ApprovalView = Type.Object({
  approvalId: Type.Integer(),
  docType: Type.String(),
  docNo: Type.String(),
  status: Type.String({ description: 'PENDING, IN_PROGRESS, APPROVED, REJECTED, WITHDRAWN' }),
  lineName: Type.String(),
  amountKrw: Type.String(),
  currentStep: Nullable(Type.Integer()),
  submittedBy: Type.String(),
  submittedByName: Type.String(),
  submittedAt: Type.String({ format: 'date-time' }),
  completedAt: Nullable(Type.String({ format: 'date-time' })),
  version: Type.Integer(),
  steps: Type.Array(ApprovalStepView),
});

/** Per-currency sums of a list's whole result (not only the page). */
export const Totals = Type.Array(
  Type.Object({ currency: Type.String(), count: Type.Integer(), totalAmount: Type.String() }),
);
