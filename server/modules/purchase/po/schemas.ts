import { Type } from 'typebox';
import { OrderCoordination } from '../coordination/schemas.js';
import { SupplierCompanyQuery } from '../../../http/supplier-view.js';
import { CursorAnswer, CursorQuery, PagingQuery, SortQuery } from '../../../http/list-query.js';
import { ApprovalView, Totals } from '../shared/schemas.js';
import {
  ActionList,
  Attachment,
  Currency,
  DateStr,
  Decimal,
  FileId,
  HistoryEntry,
  Nullable,
  StatusList,
  Version,
  YN,
} from '../../../domain/schemas.js';
import { ApprovalStateFields } from '../approval/schemas.js';
import { PO_STATUSES } from './workflow.js';

export const PO_SORT = [
  'poNo',
  'poDate',
  'title',
  'status',
  'approvalStatus',
  'compNameKr',
  'buyerName',
  'totalAmount',
  'dueDate',
  'updatedAt',
] as const;
export const SUPPLIER_PO_SORT = ['poNo', 'poDate', 'title', 'status', 'totalAmount', 'dueDate', 'forwardedAt'] as const;
export const PO_CHANGE_SORT = ['changedAt', 'poNo', 'field', 'changedByName', 'compNameKr'] as const;
const APPROVAL_STATUSES = ['NONE', 'PENDING', 'IN_PROGRESS', 'APPROVED', 'REJECTED', 'WITHDRAWN'] as const;

export const PoNoParams = Type.Object(
  { poNo: Type.String({ maxLength: 20, description: 'PO2026-000123' }) },
  { additionalProperties: false },
);

export const PoListFilters = {
  poNo: Type.Optional(Type.String({ maxLength: 20, description: 'PO number contains' })),
  title: Type.Optional(Type.String({ maxLength: 100 })),
  status: StatusList(PO_STATUSES),
  approvalStatus: StatusList(APPROVAL_STATUSES),
  compNo: Type.Optional(Type.String({ maxLength: 10 })),
  compName: Type.Optional(Type.String({ maxLength: 100, description: 'Supplier name contains' })),
  buyerId: Type.Optional(Type.String({ maxLength: 30 })),
  prNo: Type.Optional(Type.String({ maxLength: 20 })),
  section: Type.Optional(Type.String({ maxLength: 20 })),
  deptcd: Type.Optional(Type.String({ maxLength: 20 })),
  currency: Type.Optional(Currency),
  fromDate: Type.Optional(DateStr('PO date from')),
  toDate: Type.Optional(DateStr('PO date to')),
  ...PagingQuery,
  sort: SortQuery(PO_SORT),
};
export const PoListQuery = Type.Object(
  { ...PoListFilters, ...CursorQuery, poType: Type.Optional(Type.Enum(['PO', 'SIMPLE'])) },
  { additionalProperties: false },
);

/** 하도급 kind fixed when the order was made (docs/subcontracting.md); null: not a subcontract. */
const SubconKindField = Nullable(
  Type.Enum(['MANUFACTURE', 'REPAIR', 'SERVICE'], {
    description: '하도급 kind: 제조위탁, 수리위탁, 용역위탁 (null: not 하도급)',
  }),
);

const WrittenContract = Type.Object(
  {
    kind: Type.Enum(['ECONTRACT', 'PAPER']),
    reference: Type.String({ description: 'The e-contract number, or the paper contract’s reference' }),
    contractDate: Type.String(),
  },
  { description: 'The written contract of the order (§3): its executed e-contract or a recorded paper contract' },
);

export const PaperContractBody = Type.Object(
  {
    version: Type.Integer(),
    contractDate: Type.String({ description: 'YYYY-MM-DD, not after today' }),
    reference: Type.String({ maxLength: 200, description: 'Where the signed paper is kept, or its number' }),
    fileId: Type.Optional(Nullable(Type.String({ description: 'A scanned copy (an uploaded file group)' }))),
  },
  { additionalProperties: false },
);

/** A 하도급 order's payment terms (§13): the agreed term (a draft only) and the 발주자 지급일; null clears, absent keeps. */
export const SubconTermsBody = Type.Object(
  {
    version: Type.Integer(),
    paymentTermDays: Type.Optional(
      Nullable(Type.Integer({ minimum: 1, maximum: 365, description: 'The agreed payment term in days from 수령' })),
    ),
    ownerPaidDate: Type.Optional(
      Nullable(Type.String({ description: 'YYYY-MM-DD: the day the buyer’s own client paid (not after today)' })),
    ),
  },
  { additionalProperties: false },
);

export const PoVersionQuery = Type.Object({ version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });

const PoRow = Type.Object({
  poNo: Type.String(),
  poType: Type.String(),
  poDate: Type.String(),
  title: Type.String(),
  status: Type.String({ description: 'PO_STATUS code' }),
  approvalStatus: Type.String({ description: 'APPROVAL_STATUS code' }),
  compNo: Type.String(),
  compNameKr: Type.String(),
  forwardYn: Type.String(),
  buyerId: Type.String(),
  buyerName: Type.String(),
  requesterName: Nullable(Type.String()),
  deptnm: Type.String(),
  prNo: Nullable(Type.String()),
  rfqNo: Nullable(Type.String()),
  loiNo: Nullable(Type.String()),
  currency: Type.String(),
  totalAmount: Type.String(),
  subconKind: SubconKindField,
  dueDate: Nullable(Type.String()),
  forwardedAt: Nullable(Type.String({ format: 'date-time' })),
  acknowledgedAt: Nullable(Type.String({ format: 'date-time' })),
  lineCount: Type.Integer(),
  updatedAt: Type.String({ format: 'date-time' }),
  version: Type.Integer(),
});
export const PoList = Type.Object({ rows: Type.Array(PoRow), total: Type.Integer(), totals: Totals, ...CursorAnswer });

const PoLine = Type.Object({
  lineNo: Type.Integer(),
  itemCode: Nullable(Type.String()),
  itemName: Type.String(),
  spec: Nullable(Type.String()),
  unitCode: Type.String(),
  sgCode: Nullable(Type.String()),
  quantity: Type.String(),
  unitPrice: Type.String(),
  amount: Type.String(),
  deliveryDate: Nullable(Type.String()),
  deliveredQty: Type.String(),
  receivedQty: Type.String(),
  agreementNo: Type.Optional(
    Nullable(Type.String({ description: 'A call-off: the framework agreement it orders against' })),
  ),
  agreementLineNo: Type.Optional(Nullable(Type.Integer())),
});

/** One revision of a changed order: its terms (read-only), the difference from the one before, approval and acknowledgement. */
const PoRevisionView = Type.Object({
  revision: Type.Integer(),
  status: Type.String({ description: 'CURRENT, SUPERSEDED, PROPOSED (waiting for approval), REJECTED, WITHDRAWN' }),
  reason: Nullable(Type.String()),
  totalAmount: Type.String(),
  needsApproval: Type.Boolean(),
  approvalStatus: Type.String(),
  changeSeq: Nullable(Type.Integer({ description: 'Its rows in poChangeInfo (po_change.change_seq)' })),
  diff: Type.Array(
    Type.Object({
      field: Type.String({
        description: 'dueDate, quantity, unitPrice, deliveryDate, line (added or removed), totalAmount',
      }),
      lineNo: Nullable(Type.Integer()),
      before: Nullable(Type.String()),
      after: Nullable(Type.String()),
    }),
  ),
  agreementException: Type.Optional(
    Nullable(
      Type.String({
        description:
          'Staff only: what the change went beyond an APPROVE framework agreement (a reason to approve it again)',
      }),
    ),
  ),
  snapshot: Type.Object({
    dueDate: Nullable(Type.String()),
    totalAmount: Type.String(),
    lines: Type.Array(
      Type.Object({
        lineNo: Type.Integer(),
        itemCode: Nullable(Type.String()),
        itemName: Type.String(),
        unitCode: Type.String(),
        quantity: Type.String(),
        unitPrice: Type.String(),
        amount: Type.String(),
        deliveryDate: Nullable(Type.String()),
      }),
    ),
  }),
  createdBy: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  acknowledgedAt: Nullable(Type.String({ format: 'date-time' })),
  acknowledgedBy: Nullable(Type.String()),
});

export const PoChangeRow = Type.Object({
  changeId: Type.Integer(),
  poNo: Type.String(),
  changeSeq: Type.Integer(),
  field: Type.String({ description: 'dueDate, quantity, unitPrice, deliveryDate, status' }),
  fieldName: Type.String(),
  lineNo: Nullable(Type.Integer()),
  itemName: Nullable(Type.String()),
  beforeValue: Nullable(Type.String()),
  afterValue: Nullable(Type.String()),
  beforeText: Nullable(Type.String({ description: 'beforeValue as people read it (a status by its Korean name)' })),
  afterText: Nullable(Type.String({ description: 'afterValue as people read it' })),
  reason: Type.String(),
  changedBy: Type.String(),
  changedByName: Nullable(Type.String()),
  changedAt: Type.String({ format: 'date-time' }),
  compNo: Type.String(),
  compNameKr: Type.String(),
  title: Type.String(),
  status: Type.String(),
});

export const NumberedHistoryEntry = Type.Object({ no: Type.Integer(), ...HistoryEntry.properties });

export const PoDetail = Type.Object({
  poNo: Type.String(),
  poType: Type.String(),
  poDate: Type.String(),
  title: Type.String(),
  status: Type.String(),
  approvalStatus: Type.String(),
  compNo: Type.String(),
  compNameKr: Type.String(),
  forwardYn: Type.String({ description: 'FORWARD_YN of the supplier: Y — sent automatically on approval' }),
  section: Type.String(),
  sectionName: Type.String(),
  deptcd: Type.String(),
  deptnm: Type.String(),
  buyerId: Type.String(),
  buyerName: Type.String(),
  requesterId: Nullable(Type.String()),
  requesterName: Nullable(Type.String()),
  prNo: Nullable(Type.String()),
  rfqNo: Nullable(Type.String()),
  quoteNo: Nullable(Type.String()),
  loiNo: Nullable(Type.String()),
  currency: Type.String(),
  totalAmount: Type.String(),
  approvedAmount: Nullable(
    Type.String({ description: 'The amount the approval covered; a change above it (by the rule) is approved again' }),
  ),
  agreementException: Nullable(
    Type.String({
      description: 'A call-off beyond its agreement (APPROVE policy): what it went beyond, for the approvers',
    }),
  ),
  agreementNo: Nullable(
    Type.String({
      description:
        'A call-off: the framework agreement its lines order against (the first line’s when they name several)',
    }),
  ),
  revision: Type.Integer({ description: 'The revision in force (1 until the first change after sending)' }),
  revisions: Type.Array(PoRevisionView),
  subconKind: SubconKindField,
  paymentTermDays: Nullable(
    Type.Integer({
      description: 'The payment term agreed with the supplier, in days from receipt (§13: at most 60 count)',
    }),
  ),
  ownerPaidDate: Nullable(
    Type.String({
      description: 'The day the company was paid by its own 발주자 for this work (§13: payment within 15 days)',
    }),
  ),
  endedOn: Nullable(
    Type.String({ description: 'The day the transaction ended (cancelled): retention counts from it' }),
  ),
  writtenContract: Nullable(WrittenContract),
  coordinations: Type.Array(OrderCoordination, {
    description: 'The supplier’s 납품대금 조정협의 requests on this order, newest first',
  }),
  dueDate: Nullable(Type.String()),
  forwardedAt: Nullable(Type.String({ format: 'date-time' })),
  acknowledgedAt: Nullable(Type.String({ format: 'date-time' })),
  cancelReason: Nullable(Type.String()),
  remark: Nullable(Type.String()),
  fileId: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  version: Type.Integer(),
  lines: Type.Array(PoLine),
  attachments: Type.Array(Attachment),
  approvals: Type.Array(ApprovalView),
  history: Type.Array(NumberedHistoryEntry),
  changes: Type.Array(PoChangeRow),
  ...ApprovalStateFields,
  actions: Type.Array(Type.String(), {
    description:
      'What the caller may do with the order now (buttons to show); approve and reject when it is the caller’s turn to decide',
  }),
});

/** changePo's answer: the order as it now is and which of the two happened to the change. */
export const PoChangeAnswer = Type.Object({
  ...PoDetail.properties,
  changeOutcome: Type.Union([Type.Literal('APPLIED'), Type.Literal('PROPOSED')], {
    description:
      'APPLIED: the change is in force as revision changeRevision and the supplier was sent a change notice; PROPOSED: it crossed the re-approval rule and waits for the PO_CHANGE approval (the order keeps its terms)',
  }),
  changeRevision: Type.Integer({ description: 'The revision the change made (in force or proposed)' }),
});

export const PoCreateBody = Type.Object(
  {
    rfqNo: Type.String({
      maxLength: 20,
      description: 'An awarded quotation request: the PO takes its selected quotation',
    }),
    rfqVersion: Version,
    title: Type.Optional(Nullable(Type.String({ maxLength: 200, description: 'The request’s title by default' }))),
    dueDate: DateStr('Due date, today or later'),
    remark: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    fileId: Type.Optional(Nullable(FileId)),
    loiNo: Type.Optional(
      Nullable(Type.String({ maxLength: 20, description: 'An accepted LOI of the same supplier this order follows' })),
    ),
    lines: Type.Optional(
      Type.Array(
        Type.Object({ lineNo: Type.Integer({ minimum: 1 }), deliveryDate: DateStr() }, { additionalProperties: false }),
        { maxItems: 200, description: 'Delivery date per line (the due date by default)' },
      ),
    ),
    confirmEvaluationWarning: Type.Optional(
      Type.Boolean({
        description:
          'The buyer confirms suppliers whose evaluation grade asks for confirmation (warn); recorded with who confirmed',
      }),
    ),
    confirmBudgetWarning: Type.Optional(
      Type.Boolean({
        description:
          'Confirms overdrawing a WARN budget account (else 409 BUDGET_WARN_CONFIRM); recorded with who confirmed',
      }),
    ),
  },
  { additionalProperties: false },
);

export const PoUpdateBody = Type.Object(
  {
    version: Version,
    title: Type.String({ maxLength: 200 }),
    dueDate: DateStr(),
    remark: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    fileId: Type.Optional(Nullable(FileId)),
    lines: Type.Optional(
      Type.Array(
        Type.Object({ lineNo: Type.Integer({ minimum: 1 }), deliveryDate: DateStr() }, { additionalProperties: false }),
        { maxItems: 200 },
      ),
    ),
  },
  { additionalProperties: false },
);

export const PoChangeBody = Type.Object(
  {
    version: Version,
    reason: Type.String({ maxLength: 500, description: 'Why (required); shown in poChangeInfo' }),
    confirmBudgetWarning: Type.Optional(
      Type.Boolean({
        description:
          'Confirms overdrawing a WARN budget account (else 409 BUDGET_WARN_CONFIRM); recorded with who confirmed',
      }),
    ),
    dueDate: Type.Optional(DateStr('New due date')),
    lines: Type.Optional(
      Type.Array(
        Type.Object(
          {
            lineNo: Type.Integer({ minimum: 1 }),
            quantity: Type.Optional(Decimal('New quantity (not below what was delivered)')),
            unitPrice: Type.Optional(Decimal('New unit price')),
            deliveryDate: Type.Optional(DateStr('New delivery date')),
          },
          { additionalProperties: false },
        ),
        { maxItems: 200 },
      ),
    ),
    addLines: Type.Optional(
      Type.Array(
        Type.Object(
          {
            itemCode: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
            itemName: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
            spec: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
            unitCode: Type.Optional(Nullable(Type.String({ maxLength: 10 }))),
            quantity: Decimal('Quantity'),
            unitPrice: Decimal('Unit price'),
            deliveryDate: DateStr('Delivery date'),
          },
          { additionalProperties: false },
        ),
        { maxItems: 50 },
      ),
    ),
    removeLines: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1 }), {
        maxItems: 200,
        description: 'Lines to remove (nothing delivered or received on them)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const PoChangeListQuery = Type.Object(
  {
    poNo: Type.Optional(Type.String({ maxLength: 20 })),
    compNo: Type.Optional(Type.String({ maxLength: 10 })),
    changedBy: Type.Optional(Type.String({ maxLength: 50 })),
    field: Type.Optional(Type.String({ maxLength: 40 })),
    fromDate: Type.Optional(DateStr('Changed from')),
    toDate: Type.Optional(DateStr('Changed to')),
    ...PagingQuery,
    ...CursorQuery,
    sort: SortQuery(PO_CHANGE_SORT),
  },
  { additionalProperties: false },
);

export const ForwardYnBody = Type.Object(
  { params: Type.Array(Type.String({ maxLength: 10, description: 'COMP_NO' }), { minItems: 1, maxItems: 500 }) },
  { additionalProperties: false },
);
/** The same question as a read (the screens ask it as a form opens, which only a GET may do). */
export const ForwardYnQuery = Type.Object(
  { compNo: Type.Array(Type.String({ maxLength: 10, description: 'COMP_NO' }), { minItems: 1, maxItems: 100 }) },
  { additionalProperties: false },
);
export const ForwardYnAnswer = Type.Object({
  success: Type.Boolean(),
  resultData: Type.Array(
    Type.Object({
      COMP_NO: Type.String(),
      COMP_NAME_KR: Type.String(),
      TAX_NO_2: Type.String(),
      FORWARD_YN: Type.String({
        description: 'Y: the order goes to the supplier automatically on approval; N: deliver it separately',
      }),
    }),
  ),
});

/* The supplier's side. */
export const SupplierPoListQuery = Type.Object(
  {
    poNo: Type.Optional(Type.String({ maxLength: 20 })),
    title: Type.Optional(Type.String({ maxLength: 100 })),
    status: StatusList(PO_STATUSES),
    open: Type.Optional(YN),
    subcon: Type.Optional(
      Type.Enum(['Y', 'N'], {
        description: 'Y: 하도급 orders only (the ones a 납품대금 조정협의 may name); N: the others',
      }),
    ),
    fromDate: Type.Optional(DateStr('PO date from')),
    toDate: Type.Optional(DateStr('PO date to')),
    ...SupplierCompanyQuery,
    ...PagingQuery,
    ...CursorQuery,
    sort: SortQuery(SUPPLIER_PO_SORT),
  },
  { additionalProperties: false },
);

export const SupplierPoRow = Type.Object({
  poNo: Type.String(),
  compNo: Type.String({ description: 'The supplier (staff read across suppliers)' }),
  compName: Type.String(),
  poType: Type.String(),
  poDate: Type.String(),
  title: Type.String(),
  status: Type.String(),
  currency: Type.String(),
  totalAmount: Type.String(),
  dueDate: Nullable(Type.String()),
  forwardedAt: Nullable(Type.String({ format: 'date-time' })),
  acknowledgedAt: Nullable(Type.String({ format: 'date-time' })),
  buyerName: Type.String(),
  lineCount: Type.Integer(),
  version: Type.Integer(),
});

export const SupplierPoDetail = Type.Object({
  poNo: Type.String(),
  poType: Type.String(),
  poDate: Type.String(),
  title: Type.String(),
  status: Type.String(),
  compNo: Type.String(),
  compNameKr: Type.String(),
  currency: Type.String(),
  totalAmount: Type.String(),
  dueDate: Nullable(Type.String()),
  forwardedAt: Nullable(Type.String({ format: 'date-time' })),
  acknowledgedAt: Nullable(Type.String({ format: 'date-time' })),
  cancelReason: Nullable(Type.String()),
  remark: Nullable(Type.String()),
  quoteNo: Nullable(Type.String()),
  loiNo: Nullable(Type.String()),
  buyerName: Type.String(),
  buyerEmail: Nullable(Type.String()),
  buyerTelNo: Nullable(Type.String()),
  deptnm: Type.String(),
  version: Type.Integer(),
  revision: Type.Integer(),
  revisionAcknowledged: Type.Boolean({ description: 'The revision in force was acknowledged (a new one asks again)' }),
  revisions: Type.Array(PoRevisionView, { description: 'Revisions put in force (not proposals in approval)' }),
  lines: Type.Array(PoLine),
  attachments: Type.Array(Attachment),
  changes: Type.Array(PoChangeRow),
  // Fixed when the order was made, as staff's detail answers it: the view offers 조정협의 요청 on a 하도급 order.
  subconKind: SubconKindField,
  coordinations: Type.Array(OrderCoordination, {
    description: 'My 납품대금 조정협의 requests on this order, newest first',
  }),
  actions: ActionList,
});

/** The printed order (발주서) as a PDF file. */
export const PoPdfAnswer = {
  description: 'The purchase order as a PDF (A4, Korean text embedded)',
  content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
} as const;
