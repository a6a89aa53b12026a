import { Type } from 'typebox';
import { CursorAnswer, CursorQuery, PagingQuery, SortQuery } from '../../../http/list-query.js';
import { ApprovalView, Totals } from '../shared/schemas.js';
import {
  Attachment,
  Currency,
  DateStr,
  Decimal,
  FileId,
  HistoryEntry,
  Nullable,
  StatusList,
  Version,
} from '../../../domain/schemas.js';
import { ApprovalStateFields } from '../approval/schemas.js';
import { PrRfqFields } from '../rfq/schemas.js';
import { PR_STATUSES } from './workflow.js';

export const PR_SORT = [
  'prNo',
  'prDate',
  'title',
  'status',
  'approvalStatus',
  'requesterName',
  'deptnm',
  'desiredDate',
  'totalAmount',
  'buyerName',
  'updatedAt',
] as const;
const APPROVAL_STATUSES = ['NONE', 'PENDING', 'IN_PROGRESS', 'APPROVED', 'REJECTED', 'WITHDRAWN'] as const;

export const ItemCodeParams = Type.Object(
  { itemCode: Type.String({ maxLength: 20, description: 'Item master code' }) },
  { additionalProperties: false },
);

/** An item of the master as a PR line starts from it (the line grid's lookup). */
export const PrItem = Type.Object({
  itemCode: Type.String(),
  itemName: Type.String(),
  spec: Nullable(Type.String()),
  unitCode: Type.String(),
  sgCode: Type.String(),
  sgName: Type.String(),
  refPrice: Type.String({ description: 'Reference unit price in the item’s currency' }),
  currency: Type.String(),
});

export const PrNoParams = Type.Object(
  { prNo: Type.String({ maxLength: 20, description: 'PR2026-000123' }) },
  { additionalProperties: false },
);

const ListFilters = {
  prNo: Type.Optional(Type.String({ maxLength: 20, description: 'PR number contains' })),
  title: Type.Optional(Type.String({ maxLength: 100, description: 'Title contains' })),
  status: StatusList(PR_STATUSES),
  approvalStatus: StatusList(APPROVAL_STATUSES),
  requesterId: Type.Optional(Type.String({ maxLength: 30 })),
  requesterName: Type.Optional(Type.String({ maxLength: 50, description: 'Requester name contains' })),
  section: Type.Optional(Type.String({ maxLength: 20 })),
  deptcd: Type.Optional(Type.String({ maxLength: 20 })),
  buyerId: Type.Optional(Type.String({ maxLength: 30 })),
  currency: Type.Optional(Currency),
  fromDate: Type.Optional(DateStr('PR date from (inclusive)')),
  toDate: Type.Optional(DateStr('PR date to (inclusive)')),
  ...PagingQuery,
  ...CursorQuery,
  sort: SortQuery(PR_SORT),
};

export const PrListQuery = Type.Object(ListFilters, { additionalProperties: false });
export const PrConfirmListQuery = Type.Object(
  {
    ...ListFilters,
    mine: Type.Optional(Type.Enum(['Y', 'N'], { description: 'Y: only PRs assigned to me as buyer' })),
  },
  { additionalProperties: false },
);

const PrRow = Type.Object({
  prNo: Type.String(),
  prDate: Type.String(),
  title: Type.String(),
  status: Type.String({ description: 'PR_STATUS code' }),
  approvalStatus: Type.String({ description: 'APPROVAL_STATUS code' }),
  requesterId: Type.String(),
  requesterName: Type.String(),
  section: Type.String(),
  sectionName: Type.String(),
  deptcd: Type.String(),
  deptnm: Type.String(),
  desiredDate: Type.String(),
  currency: Type.String(),
  totalAmount: Type.String(),
  lineCount: Type.Integer(),
  buyerId: Nullable(Type.String()),
  buyerName: Nullable(Type.String()),
  rfqNo: Nullable(Type.String({ description: 'The open or awarded quotation request' })),
  poNo: Nullable(Type.String({ description: 'The order built from it' })),
  updatedAt: Type.String({ format: 'date-time' }),
  version: Type.Integer(),
});

export const PrList = Type.Object({ rows: Type.Array(PrRow), total: Type.Integer(), totals: Totals, ...CursorAnswer });

const PrLineInput = Type.Object(
  {
    itemCode: Type.Optional(
      Nullable(Type.String({ maxLength: 20, description: 'Item master code; absent or null for a free-text line' })),
    ),
    itemName: Type.Optional(
      Nullable(
        Type.String({ maxLength: 200, description: 'Required for a free-text line; taken from the item otherwise' }),
      ),
    ),
    spec: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
    unitCode: Type.Optional(Nullable(Type.String({ maxLength: 10, description: 'Required for a free-text line' }))),
    sgCode: Type.Optional(
      Nullable(Type.String({ maxLength: 20, description: 'Sourcing group (level 4); the item’s by default' })),
    ),
    quantity: Decimal('Quantity, > 0, up to 3 decimals'),
    estUnitPrice: Decimal('Estimated unit price, ≥ 0, up to 2 decimals'),
    remark: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
    budgetAccount: Type.Optional(
      Nullable(
        Type.String({
          maxLength: 20,
          description:
            'Budget account (common code BUDGET_ACCOUNT); absent or null: the one mapped to the item’s category, if any',
        }),
      ),
    ),
    agreementNo: Type.Optional(
      Nullable(
        Type.String({
          maxLength: 20,
          description:
            'A line "from agreement": an active framework agreement of the PR’s currency; the line takes its line’s item and the price must be the agreed one (nothing is consumed until it is ordered)',
        }),
      ),
    ),
    agreementLineNo: Type.Optional(Nullable(Type.Integer({ minimum: 1, description: 'With agreementNo: its line' }))),
  },
  { additionalProperties: false },
);

const PrFields = {
  title: Type.String({ maxLength: 200 }),
  section: Type.Optional(
    Type.String({ maxLength: 20, description: 'Business section (top_dept); the requester’s by default' }),
  ),
  deptcd: Type.Optional(Type.String({ maxLength: 20, description: 'Department; the requester’s by default' })),
  desiredDate: DateStr('Desired delivery date, today or later'),
  purpose: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  currency: Currency,
  fileId: Type.Optional(Nullable(FileId)),
  lines: Type.Array(PrLineInput, { minItems: 1, maxItems: 200 }),
};
export const PrCreateBody = Type.Object(PrFields, { additionalProperties: false });
export const PrUpdateBody = Type.Object({ ...PrFields, version: Version }, { additionalProperties: false });

export const ReceiveBody = Type.Object(
  {
    version: Version,
    buyerId: Type.String({ maxLength: 30, description: 'The buyer (employee singleid) who sources this PR' }),
    sgCode: Type.Optional(
      Nullable(
        Type.String({
          maxLength: 20,
          description:
            'A level-4 sourcing group purchasing files every line under; absent or null keeps the lines’ own',
        }),
      ),
    ),
  },
  { additionalProperties: false },
);

const PrLine = Type.Object({
  lineNo: Type.Integer(),
  itemCode: Nullable(Type.String()),
  itemName: Type.String(),
  spec: Nullable(Type.String()),
  unitCode: Type.String(),
  sgCode: Nullable(Type.String()),
  sgName: Nullable(Type.String()),
  quantity: Type.String(),
  estUnitPrice: Type.String(),
  estAmount: Type.String(),
  remark: Nullable(Type.String()),
  budgetAccount: Nullable(Type.String({ description: 'Budget account the line is charged to (null: none)' })),
  budgetAccountName: Nullable(Type.String()),
  agreementNo: Nullable(Type.String({ description: 'The framework agreement the line is "from" (null: none)' })),
  agreementLineNo: Nullable(Type.Integer()),
  currency: Type.String({ description: 'The PR’s currency (for the amounts of the line)' }),
});

export const PrDetail = Type.Object({
  prNo: Type.String(),
  prDate: Type.String(),
  title: Type.String(),
  status: Type.String(),
  approvalStatus: Type.String(),
  requesterId: Type.String(),
  requesterName: Type.String(),
  section: Type.String(),
  sectionName: Type.String(),
  deptcd: Type.String(),
  deptnm: Type.String(),
  desiredDate: Type.String(),
  purpose: Nullable(Type.String()),
  currency: Type.String(),
  totalAmount: Type.String(),
  buyerId: Nullable(Type.String()),
  buyerName: Nullable(Type.String()),
  receivedAt: Nullable(Type.String({ format: 'date-time' })),
  rejectReason: Nullable(Type.String()),
  cancelReason: Nullable(Type.String()),
  fileId: Nullable(Type.String()),
  submittedAt: Nullable(Type.String({ format: 'date-time' })),
  approvedAt: Nullable(Type.String({ format: 'date-time' })),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  version: Type.Integer(),
  lines: Type.Array(PrLine),
  attachments: Type.Array(Attachment),
  approvals: Type.Array(ApprovalView),
  history: Type.Array(HistoryEntry),
  rfqs: Type.Array(
    Type.Object({
      rfqNo: Type.String(),
      status: Type.String(),
      deadline: Type.String({ format: 'date-time' }),
      selectedCompNo: Nullable(Type.String()),
    }),
  ),
  orders: Type.Array(
    Type.Object({
      poNo: Type.String(),
      status: Type.String(),
      compNo: Type.String(),
      compNameKr: Type.String(),
      currency: Type.String(),
      totalAmount: Type.String(),
    }),
  ),
  actions: Type.Array(Type.String(), {
    description:
      'What the caller may do with the PR now: update, submit, cancel, receive, return, requestQuote, approve / reject when the caller is the pending approver, and proposeAgreements (getPrAgreementProposals) for purchasing who reads the agreements while a call-off may order the PR',
  }),
  ...ApprovalStateFields,
  ...PrRfqFields,
});
