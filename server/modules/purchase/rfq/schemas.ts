import { SupplierCompanyQuery } from '../../../http/supplier-view.js';
import { Type } from 'typebox';
import { PagingQuery, SortQuery } from '../../../http/list-query.js';
import {
  ActionList,
  Attachment,
  DateStr,
  Decimal,
  FileId,
  HistoryEntry,
  Nullable,
  StatusList,
  Version,
  YN,
} from '../../../domain/schemas.js';
import { QUOT_STATUSES, RFQ_STATUSES } from './workflow.js';
import { RfqQuestionRow, SupplierRfqQuestionRow } from '../rfq-questions/schemas.js';

export const RFQ_SORT = [
  'rfqNo',
  'prNo',
  'title',
  'status',
  'deadline',
  'buyerName',
  'invitedCount',
  'submittedCount',
  'createdAt',
] as const;
export const SUPPLIER_RFQ_SORT = ['rfqNo', 'title', 'deadline', 'status', 'invitedAt', 'submittedAt'] as const;

/** Staff reading one supplier's answer to a request name the supplier (suppliers: ignored). */
export const SupplierRfqReadQuery = Type.Object({ ...SupplierCompanyQuery }, { additionalProperties: false });

export const RfqNoParams = Type.Object(
  { rfqNo: Type.String({ maxLength: 20, description: 'RFQ2026-000123' }) },
  { additionalProperties: false },
);

export const RfqListQuery = Type.Object(
  {
    rfqNo: Type.Optional(Type.String({ maxLength: 20 })),
    prNo: Type.Optional(Type.String({ maxLength: 20 })),
    title: Type.Optional(Type.String({ maxLength: 100 })),
    status: StatusList(RFQ_STATUSES),
    buyerId: Type.Optional(Type.String({ maxLength: 30 })),
    compNo: Type.Optional(Type.String({ maxLength: 10, description: 'Requests sent to this supplier' })),
    fromDate: Type.Optional(DateStr('Created from')),
    toDate: Type.Optional(DateStr('Created to')),
    ...PagingQuery,
    sort: SortQuery(RFQ_SORT),
  },
  { additionalProperties: false },
);

export const RfqRow = Type.Object({
  rfqNo: Type.String(),
  prNo: Type.String(),
  title: Type.String(),
  status: Type.String({ description: 'RFQ_STATUS code' }),
  currency: Type.String(),
  deadline: Type.String({ format: 'date-time' }),
  deadlinePassed: Type.Boolean(),
  buyerId: Type.String(),
  buyerName: Type.String(),
  invitedCount: Type.Integer(),
  submittedCount: Type.Integer(),
  selectedCompNo: Nullable(Type.String()),
  selectedCompName: Nullable(Type.String()),
  poNo: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  version: Type.Integer(),
});

export const RfqCreateBody = Type.Object(
  {
    prNo: Type.String({ maxLength: 20 }),
    prVersion: Version,
    title: Type.Optional(Nullable(Type.String({ maxLength: 200, description: 'The PR title by default' }))),
    deadline: Type.String({
      maxLength: 40,
      description: 'YYYY-MM-DD (end of that day, KST) or an ISO date-time with offset; must be in the future',
    }),
    description: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    fileId: Type.Optional(Nullable(FileId)),
    suppliers: Type.Array(Type.String({ maxLength: 10, description: 'COMP_NO' }), { minItems: 1, maxItems: 20 }),
    confirmEvaluationWarning: Type.Optional(
      Type.Boolean({
        description:
          'The buyer confirms suppliers whose evaluation grade asks for confirmation (warn); recorded with who confirmed',
      }),
    ),
  },
  { additionalProperties: false },
);

const RfqLine = Type.Object({
  lineNo: Type.Integer(),
  prLineNo: Type.Integer(),
  itemCode: Nullable(Type.String()),
  itemName: Type.String(),
  spec: Nullable(Type.String()),
  unitCode: Type.String(),
  quantity: Type.String(),
  deliveryDate: Nullable(Type.String()),
});

const InvitedSupplier = Type.Object({
  compNo: Type.String(),
  compNameKr: Type.String(),
  status: Type.String({ description: 'QUOT_STATUS code' }),
  quoteNo: Nullable(Type.String()),
  totalAmount: Nullable(Type.String()),
  leadTimeDays: Nullable(Type.Integer()),
  validUntil: Nullable(Type.String()),
  revision: Type.Integer(),
  checkedAt: Nullable(Type.String({ format: 'date-time' })),
  submittedAt: Nullable(Type.String({ format: 'date-time' })),
});

export const RfqDetail = Type.Object({
  rfqNo: Type.String(),
  prNo: Type.String(),
  title: Type.String(),
  status: Type.String(),
  currency: Type.String(),
  deadline: Type.String({ format: 'date-time' }),
  deadlinePassed: Type.Boolean(),
  selectionAllowed: Type.Boolean(),
  buyerId: Type.String(),
  buyerName: Type.String(),
  description: Nullable(Type.String()),
  fileId: Nullable(Type.String()),
  selectedCompNo: Nullable(Type.String()),
  awardedAt: Nullable(Type.String({ format: 'date-time' })),
  cancelReason: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  version: Type.Integer(),
  lines: Type.Array(RfqLine),
  suppliers: Type.Array(InvitedSupplier),
  attachments: Type.Array(Attachment),
  history: Type.Array(HistoryEntry),
  poNo: Nullable(Type.String()),
  actions: ActionList,
});

/** An RFQ line as the buyer's comparison and the supplier's quotation both show it, before their prices. */
const LineHead = {
  lineNo: Type.Integer(),
  itemCode: Nullable(Type.String()),
  itemName: Type.String(),
  spec: Nullable(Type.String()),
  unitCode: Type.String(),
  quantity: Type.String(),
  deliveryDate: Nullable(Type.String()),
};

export const Comparison = Type.Object({
  rfqNo: Type.String(),
  status: Type.String(),
  currency: Type.String(),
  deadline: Type.String({ format: 'date-time' }),
  deadlinePassed: Type.Boolean(),
  selectionAllowed: Type.Boolean(),
  version: Type.Integer(),
  lowestTotal: Nullable(Type.String()),
  suppliers: Type.Array(
    Type.Object({
      compNo: Type.String(),
      compNameKr: Type.String(),
      status: Type.String(),
      quoteNo: Nullable(Type.String()),
      totalAmount: Nullable(Type.String()),
      leadTimeDays: Nullable(Type.Integer()),
      validUntil: Nullable(Type.String()),
      revision: Type.Integer(),
      submittedAt: Nullable(Type.String({ format: 'date-time' })),
      remark: Nullable(Type.String()),
      fileId: Nullable(Type.String()),
      lowest: Type.Boolean({ description: 'Lowest submitted total' }),
    }),
  ),
  lines: Type.Array(
    Type.Object({
      ...LineHead,
      lowestUnitPrice: Nullable(Type.String()),
      quotes: Type.Array(
        Type.Object({
          compNo: Type.String(),
          unitPrice: Type.String(),
          amount: Type.String(),
          remark: Nullable(Type.String()),
          lowest: Type.Boolean(),
        }),
      ),
    }),
  ),
});

export const SelectBody = Type.Object(
  { version: Version, compNo: Type.String({ maxLength: 10, description: 'The supplier whose quotation is selected' }) },
  { additionalProperties: false },
);

/* The supplier's side (external portal). */
export const SupplierRfqListQuery = Type.Object(
  {
    rfqNo: Type.Optional(Type.String({ maxLength: 20 })),
    title: Type.Optional(Type.String({ maxLength: 100 })),
    status: StatusList(QUOT_STATUSES),
    open: Type.Optional(YN),
    fromDate: Type.Optional(DateStr('Requested from')),
    toDate: Type.Optional(DateStr('Requested to')),
    ...SupplierCompanyQuery,
    ...PagingQuery,
    sort: SortQuery(SUPPLIER_RFQ_SORT),
  },
  { additionalProperties: false },
);

export const SupplierRfqRow = Type.Object({
  rfqNo: Type.String(),
  compNo: Type.String({ description: 'The supplier (staff read across suppliers)' }),
  compName: Type.String(),
  title: Type.String(),
  rfqStatus: Type.String({ description: 'RFQ_STATUS code' }),
  status: Type.String({ description: 'My quotation’s QUOT_STATUS code' }),
  currency: Type.String(),
  deadline: Type.String({ format: 'date-time' }),
  deadlinePassed: Type.Boolean(),
  buyerName: Type.String(),
  lineCount: Type.Integer(),
  invitedAt: Type.String({ format: 'date-time' }),
  checkedAt: Nullable(Type.String({ format: 'date-time' })),
  submittedAt: Nullable(Type.String({ format: 'date-time' })),
  quoteNo: Nullable(Type.String()),
  totalAmount: Nullable(Type.String({ description: 'My quotation’s total' })),
  version: Type.Integer(),
});

export const SupplierRfqDetail = Type.Object({
  rfqNo: Type.String(),
  compNo: Type.String(),
  compName: Type.String(),
  title: Type.String(),
  rfqStatus: Type.String(),
  status: Type.String(),
  currency: Type.String(),
  deadline: Type.String({ format: 'date-time' }),
  deadlinePassed: Type.Boolean(),
  editable: Type.Boolean({ description: 'The quotation can be submitted or revised now' }),
  description: Nullable(Type.String()),
  buyerName: Type.String(),
  buyerEmail: Nullable(Type.String()),
  buyerTelNo: Nullable(Type.String()),
  invitedAt: Type.String({ format: 'date-time' }),
  checkedAt: Nullable(Type.String({ format: 'date-time' })),
  lines: Type.Array(RfqLine),
  attachments: Type.Array(Attachment),
  quoteNo: Nullable(Type.String()),
  version: Type.Integer(),
  questions: Type.Array(SupplierRfqQuestionRow, {
    description: 'My questions and the answers shared with every invited supplier',
  }),
});

export const SupplierQuotation = Type.Object({
  rfqNo: Type.String(),
  compNo: Type.String(),
  compName: Type.String(),
  title: Type.String(),
  rfqStatus: Type.String(),
  status: Type.String(),
  quoteNo: Nullable(Type.String()),
  currency: Type.String(),
  deadline: Type.String({ format: 'date-time' }),
  deadlinePassed: Type.Boolean(),
  editable: Type.Boolean(),
  totalAmount: Nullable(Type.String()),
  leadTimeDays: Nullable(Type.Integer()),
  validUntil: Nullable(Type.String()),
  remark: Nullable(Type.String()),
  fileId: Nullable(Type.String()),
  revision: Type.Integer(),
  submittedAt: Nullable(Type.String({ format: 'date-time' })),
  version: Type.Integer(),
  lines: Type.Array(
    Type.Object({
      ...LineHead,
      unitPrice: Nullable(Type.String()),
      amount: Nullable(Type.String()),
      remark: Nullable(Type.String()),
    }),
  ),
  attachments: Type.Array(Attachment),
  rfqAttachments: Type.Array(Attachment),
});

export const QuotationBody = Type.Object(
  {
    version: Version,
    leadTimeDays: Type.Integer({ minimum: 0, maximum: 3650, description: 'Days from order to delivery' }),
    validUntil: DateStr('Quotation valid until (today or later)'),
    remark: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    fileId: Type.Optional(Nullable(FileId)),
    lines: Type.Array(
      Type.Object(
        {
          lineNo: Type.Integer({ minimum: 1 }),
          unitPrice: Decimal('Unit price, ≥ 0, up to 2 decimals'),
          remark: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 200, description: 'One price for every line of the request' },
    ),
  },
  { additionalProperties: false },
);

/** Invited supplier of a PR's current quotation request, as a row of the PR screen's grid. */
const PrQuotationRow = Type.Object({
  compNo: Type.String(),
  compNameKr: Type.String(),
  currency: Type.String({ description: 'The request’s currency' }),
  status: Type.String({ description: 'QUOT_STATUS code' }),
  quoteNo: Nullable(Type.String()),
  totalAmount: Nullable(Type.String()),
  leadTimeDays: Nullable(Type.Integer()),
  validUntil: Nullable(Type.String()),
  revision: Type.Integer(),
  checkedAt: Nullable(Type.String({ format: 'date-time' })),
  submittedAt: Nullable(Type.String({ format: 'date-time' })),
});

/**
 * A PR's current quotation request (the latest one not cancelled) as flat fields of the PR's
 * detail: purchasing's receipt screen shows it and acts on it (select, cancel) without a second read.
 */
export const PrRfqFields = {
  rfqNo: Nullable(Type.String({ description: 'The current (latest not cancelled) quotation request' })),
  rfqStatus: Nullable(Type.String({ description: 'RFQ_STATUS code' })),
  rfqVersion: Nullable(Type.Integer()),
  rfqDeadline: Nullable(Type.String({ format: 'date-time' })),
  rfqDeadlinePassed: Type.Boolean(),
  rfqSelectionAllowed: Type.Boolean({ description: 'The deadline has passed or every invited supplier has submitted' }),
  rfqSelectedCompNo: Nullable(Type.String()),
  rfqActions: ActionList,
  quotations: Type.Array(PrQuotationRow),
  rfqQuestions: Type.Array(RfqQuestionRow, { description: 'Supplier questions on the request (rfq-questions)' }),
};

export const SupplierSearchQuery = Type.Object(
  {
    q: Type.Optional(
      Type.String({
        maxLength: 100,
        description: 'A part of the company name, the company number or the business number',
      }),
    ),
    ...PagingQuery,
  },
  { additionalProperties: false },
);

export const SupplierCandidate = Type.Object({
  compNo: Type.String(),
  compNameKr: Type.String(),
  taxNo2: Type.String({ description: 'Business number 123-45-67890' }),
  ceoName: Type.String(),
  forwardYn: Type.String(),
  grade: Type.Union([Type.String(), Type.Null()], {
    description: 'Grade A–D of the newest finalized evaluation (null: never evaluated)',
  }),
  gradeAction: Type.Union(
    [Type.Union([Type.Literal('NONE'), Type.Literal('WARN'), Type.Literal('BLOCK')]), Type.Null()],
    {
      description:
        'What the grade does to sourcing: WARN asks the buyer to confirm (confirmEvaluationWarning), BLOCK refuses',
    },
  ),
  gradePeriod: Type.Union([Type.String(), Type.Null()], { description: 'The evaluation period of that grade' }),
});
