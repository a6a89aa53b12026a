import { Type } from 'typebox';
import { PagingQuery, SortQuery } from '../../../http/list-query.js';
import { ApprovalStepView, ApprovalView } from '../shared/schemas.js';
import { Decimal, Nullable, Version, YN } from '../../../domain/schemas.js';
import { DOC_TYPES } from './workflow.js';

const DocTypeEnum = Type.Enum([...DOC_TYPES], {
  description: 'PR (구매요청), PO (발주), SIMPLE (소액발주), LOI, BUDGET (예산전용)',
});

export const RULE_SORT = ['docType', 'minAmount', 'maxAmount', 'lineName', 'useYn', 'updatedAt'] as const;
export const LINE_SORT = ['lineId', 'lineName', 'useYn', 'stepCount', 'updatedAt'] as const;

export const RuleRow = Type.Object({
  ruleId: Type.Integer(),
  docType: Type.String(),
  minAmount: Type.String({ description: 'KRW, inclusive' }),
  maxAmount: Nullable(Type.String({ description: 'KRW, exclusive; null = no upper bound' })),
  lineId: Type.Integer(),
  lineName: Type.String(),
  approvers: Type.String({ description: 'Approver names in order, "A → B"' }),
  description: Nullable(Type.String()),
  useYn: Type.String(),
  version: Type.Integer(),
  updatedAt: Type.String({ format: 'date-time' }),
});

export const RuleListQuery = Type.Object(
  {
    docType: Type.Optional(DocTypeEnum),
    useYn: Type.Optional(YN),
    lineId: Type.Optional(Type.Integer({ minimum: 1 })),
    ...PagingQuery,
    sort: SortQuery(RULE_SORT),
  },
  { additionalProperties: false },
);

const RuleFields = {
  docType: DocTypeEnum,
  minAmount: Decimal('Lower bound in KRW (whole won, inclusive)'),
  maxAmount: Type.Optional(
    Nullable(Decimal('Upper bound in KRW (whole won, exclusive); null or absent = no upper bound')),
  ),
  lineId: Type.Integer({ minimum: 1 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
  useYn: Type.Optional(YN),
};
export const RuleCreateBody = Type.Object(RuleFields, { additionalProperties: false });
export const RuleUpdateBody = Type.Object({ ...RuleFields, version: Version }, { additionalProperties: false });
export const RuleParams = Type.Object({ ruleId: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export const LineParams = Type.Object({ lineId: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export const VersionQuery = Type.Object({ version: Version }, { additionalProperties: false });

const LineStep = Type.Object({
  stepNo: Type.Integer(),
  approverId: Type.String(),
  approverName: Type.String(),
  positionNm: Type.String(),
  sectionName: Type.String(),
  deptnm: Type.String(),
});

const LineRuleRef = Type.Object({
  ruleId: Type.Integer(),
  docType: Type.String(),
  minAmount: Type.String(),
  maxAmount: Nullable(Type.String()),
  useYn: Type.String(),
});

export const LineRow = Type.Object({
  lineId: Type.Integer(),
  lineName: Type.String(),
  description: Nullable(Type.String()),
  useYn: Type.String(),
  stepCount: Type.Integer(),
  approvers: Type.String({ description: 'Approver names in order, "A → B"' }),
  ruleCount: Type.Integer({ description: 'Rules that use the line' }),
  version: Type.Integer(),
  updatedAt: Type.String({ format: 'date-time' }),
  steps: Type.Array(LineStep, {
    description: 'The approvers in order (the administration screen edits them beside the list)',
  }),
  rules: Type.Array(LineRuleRef, { description: 'The rules that use the line' }),
});

export const LineListQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 100, description: 'Line name contains' })),
    useYn: Type.Optional(YN),
    ...PagingQuery,
    sort: SortQuery(LINE_SORT),
  },
  { additionalProperties: false },
);

export const LineDetail = Type.Object({
  lineId: Type.Integer(),
  lineName: Type.String(),
  description: Nullable(Type.String()),
  useYn: Type.String(),
  version: Type.Integer(),
  updatedAt: Type.String({ format: 'date-time' }),
  steps: Type.Array(LineStep),
  rules: Type.Array(LineRuleRef),
});

const LineFields = {
  lineName: Type.String({ maxLength: 100 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
  useYn: Type.Optional(YN),
  steps: Type.Array(
    Type.Object(
      { approverId: Type.String({ maxLength: 30, description: 'Employee singleid (person popup)' }) },
      { additionalProperties: false },
    ),
    {
      maxItems: 10,
      description: 'Approvers in order (1–10)',
    },
  ),
};
export const LineCreateBody = Type.Object(LineFields, { additionalProperties: false });
export const LineUpdateBody = Type.Object({ ...LineFields, version: Version }, { additionalProperties: false });

export const ApprovalParams = Type.Object(
  { approvalId: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export const DecisionBody = Type.Object(
  {
    version: Version,
    comment: Type.Optional(Nullable(Type.String({ maxLength: 1000, description: 'Comment; required to reject' }))),
    confirmBudgetWarning: Type.Optional(
      Type.Boolean({
        description:
          'The approver confirms overdrawing a WARN budget account (else 409 BUDGET_WARN_CONFIRM); recorded with who confirmed',
      }),
    ),
  },
  { additionalProperties: false },
);
export const DecisionAnswer = Type.Object({
  approval: ApprovalView,
  documentStatus: Type.String({ description: 'The document’s status after the decision' }),
});

/** Every step of every approval round, flat (the document screens' approval grid). */
const ApprovalStepRow = Type.Object({
  stepKey: Type.String({ description: 'approvalId-stepNo' }),
  round: Type.Integer({ description: 'Approval round, 1 for the first submission' }),
  approvalId: Type.Integer(),
  approvalStatus: Type.String({ description: 'The round: PENDING, IN_PROGRESS, APPROVED, REJECTED, WITHDRAWN' }),
  lineName: Type.String(),
  submittedByName: Type.String(),
  submittedAt: Type.String({ format: 'date-time' }),
  ...ApprovalStepView.properties,
  onBehalfOf: Nullable(Type.String({ description: 'Approval delegation: the approver this deputy acted for' })),
});

/** What a document screen shows of its approvals besides the rounds (see state.ts): the same fields on every document. */
export const ApprovalStateFields = {
  pendingApprovalId: Nullable(
    Type.Integer({ description: 'The open approval round (approveApproval / rejectApproval take it)' }),
  ),
  pendingApprovalVersion: Nullable(Type.Integer({ description: 'Its version (the decision sends it)' })),
  currentApproverName: Nullable(Type.String({ description: 'Whose turn it is' })),
  approvalSteps: Type.Array(ApprovalStepRow),
};

/* Approval delegation (deputies). */
export const DelegationRow = Type.Object({
  delegationId: Type.Integer(),
  approverId: Type.String(),
  approverName: Type.String(),
  deputyId: Type.String(),
  deputyName: Type.String(),
  deputyDeptnm: Type.String(),
  fromDate: Type.String(),
  toDate: Type.String(),
  reason: Nullable(Type.String()),
  status: Type.String({ description: 'ACTIVE or CANCELLED' }),
  createdAt: Type.String({ format: 'date-time' }),
  version: Type.Integer(),
});

export const DelegationList = Type.Object({ rows: Type.Array(DelegationRow), total: Type.Integer() });

export const DelegationCreateBody = Type.Object(
  {
    deputyId: Type.String({ minLength: 1, maxLength: 30, description: 'The deputy (an employee, singleid)' }),
    fromDate: Type.String({ maxLength: 10, description: 'First day (YYYY-MM-DD, not before today)' }),
    toDate: Type.String({ maxLength: 10, description: 'Last day (YYYY-MM-DD)' }),
    reason: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

export const DelegationParams = Type.Object({ delegationId: Type.Integer({ minimum: 1 }) });
export const DelegationCancelBody = Type.Object({ version: Version }, { additionalProperties: false });
