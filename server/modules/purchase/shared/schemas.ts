import { Type, type TSchema } from 'typebox';

/** TypeBox pieces every purchasing module shares. Money and quantities travel as exact decimal strings. */
export const Nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);

export const Decimal = (description = 'Exact decimal as a string, e.g. "1234.50" (never a float)') => Type.String({ maxLength: 30, description });
/** YYYY-MM-DD, or empty (no filter); an impossible day (2025-02-30) is refused by the database as a 400. */
export const DateStr = (description = 'YYYY-MM-DD') => Type.String({ maxLength: 10, pattern: '^(\\d{4}-\\d{2}-\\d{2})?$', description });
export const Currency = Type.Enum(['KRW', 'JPY'], { description: 'KRW or JPY' });
export const FileId = Type.String({ pattern: '^[0-9a-f-]{36}$', description: 'Attachment group from POST /api/v1/cmmn/file/upload' });
export const Version = Type.Integer({ minimum: 1, description: 'The version read; a stale one answers 409 VERSION_CONFLICT' });
export const Reason = (what = 'Reason') => Type.String({ maxLength: 500, description: what });

export const DOC_NO_PATTERN = '^[A-Z]{2,3}[0-9]{4}-[0-9]{6}$';
export const DocNo = (prefix: string) => Type.String({ pattern: `^${prefix}[0-9]{4}-[0-9]{6}$`, maxLength: 20 });

export const VersionBody = Type.Object({ version: Version }, { additionalProperties: false });
export const ReasonBody = Type.Object({ version: Version, reason: Type.String({ maxLength: 500, description: 'Why (required)' }) }, { additionalProperties: false });

export const Attachment = Type.Object({
  fileId: Type.String(),
  seq: Type.Integer(),
  originalName: Type.String(),
  sizeBytes: Type.Integer(),
  mimeType: Type.String(),
});

export const HistoryEntry = Type.Object({
  at: Type.String({ format: 'date-time' }),
  action: Type.String(),
  actor: Nullable(Type.String()),
  actorName: Nullable(Type.String()),
  reason: Nullable(Type.String()),
});

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
export const Totals = Type.Array(Type.Object({ currency: Type.String(), count: Type.Integer(), totalAmount: Type.String() }));

export const ActionList = Type.Array(Type.String(), { description: 'What the caller may do with the document now (buttons to show)' });

export const StatusList = (values: readonly string[]) => Type.Optional(Type.Array(Type.Enum([...values]), { maxItems: values.length, description: `Any of: ${values.join(', ')}` }));

export const YN = Type.Enum(['Y', 'N']);
