import { Type } from 'typebox';
import { Nullable, Version } from '../../../domain/schemas.js';
import { PagingQuery, SortQuery } from '../../../http/list-query.js';
import { ApprovalStateFields } from '../../purchase/approval/index.js';

const TRANSFER_STATUSES = ['IN_APPROVAL', 'APPROVED', 'REJECTED', 'CANCELLED'] as const;
export const TRANSFER_SORT = ['transferNo', 'requestedAt', 'amount', 'status'] as const;

const Year = Type.Integer({ minimum: 2000, maximum: 2100, description: 'Fiscal year (source and target alike)' });
const Month = Type.Integer({ minimum: 1, maximum: 12 });

export const TransferListQuery = Type.Object(
  {
    fiscalYear: Type.Optional(Year),
    transferNo: Type.Optional(Type.String({ maxLength: 20 })),
    status: Type.Optional(Type.Enum([...TRANSFER_STATUSES])),
    deptcd: Type.Optional(Type.String({ maxLength: 20, description: 'Source or target department' })),
    accountCode: Type.Optional(Type.String({ maxLength: 20, description: 'Source or target account' })),
    month: Type.Optional(Type.Integer({ minimum: 1, maximum: 12, description: 'Source or target month' })),
    ...PagingQuery,
    sort: SortQuery(TRANSFER_SORT),
  },
  { additionalProperties: false },
);

export const BudgetTransferRow = Type.Object(
  {
    transferNo: Type.String(),
    fiscalYear: Type.Integer(),
    fromMonth: Type.Integer(),
    fromDeptcd: Type.String(),
    fromDeptnm: Type.String(),
    fromAccount: Type.String(),
    fromAccountName: Type.String(),
    toMonth: Type.Integer(),
    toDeptcd: Type.String(),
    toDeptnm: Type.String(),
    toAccount: Type.String(),
    toAccountName: Type.String(),
    fromText: Type.String({ description: 'The source as a person reads it: 부서 · 계정 · M월' }),
    toText: Type.String({ description: 'The target, likewise' }),
    amount: Type.String({ description: 'Whole won' }),
    reason: Type.String(),
    status: Type.String({ description: 'IN_APPROVAL, APPROVED, REJECTED or CANCELLED' }),
    approvalStatus: Type.String(),
    requesterId: Type.String(),
    requesterName: Type.String(),
    requestedAt: Type.String({ format: 'date-time' }),
    approvedAt: Nullable(Type.String({ format: 'date-time' })),
    cancelReason: Nullable(Type.String()),
    version: Type.Integer(),
    actions: Type.Array(Type.String(), {
      description: 'What the caller may do now: approve, reject (the current approver), cancel (the requester)',
    }),
    pendingApprovalId: ApprovalStateFields.pendingApprovalId,
    pendingApprovalVersion: ApprovalStateFields.pendingApprovalVersion,
    currentApproverName: ApprovalStateFields.currentApproverName,
  },
  { $id: 'BudgetTransferRow' },
);

export const BudgetTransferDetail = Type.Object({
  ...BudgetTransferRow.properties,
  fromAvailable: Nullable(Type.String({ description: 'What the source has available now (null: no such line)' })),
  approvalSteps: ApprovalStateFields.approvalSteps,
});

export const TransferRequestBody = Type.Object(
  {
    fiscalYear: Year,
    fromMonth: Month,
    fromDeptcd: Type.String({ maxLength: 20 }),
    fromAccount: Type.String({ maxLength: 20 }),
    toMonth: Month,
    toDeptcd: Type.String({ maxLength: 20 }),
    toAccount: Type.String({ maxLength: 20 }),
    amount: Type.String({ maxLength: 30, description: 'Whole won > 0 (thousands commas allowed)' }),
    reason: Type.String({ maxLength: 500 }),
  },
  { additionalProperties: false },
);

export const TransferParams = Type.Object({ transferNo: Type.String({ maxLength: 20 }) });
export const TransferCancelBody = Type.Object(
  { version: Version, reason: Type.String({ maxLength: 500 }) },
  { additionalProperties: false },
);
