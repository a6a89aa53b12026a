import { Type } from 'typebox';
import { PagingQuery, SortQuery } from '../../../http/list-query.js';
import {
  ActionList,
  Attachment,
  CurrencyCode,
  DateStr,
  FileId,
  HistoryEntry,
  Nullable,
  Price,
  Quantity,
  StatusList,
  Version,
} from '../../../domain/schemas.js';
import { AWARD_RULES, TENDER_STATUSES } from './workflow.js';

export const TENDER_SORT = ['tenderNo', 'title', 'status', 'openAt', 'closeAt', 'createdAt'] as const;

export const TenderNoParams = Type.Object({ tenderNo: Type.String({ maxLength: 20 }) });

const AwardRule = Type.Union(
  AWARD_RULES.map((r) => Type.Literal(r)),
  { description: 'LOWEST_TOTAL: one order to the lowest total; LOWEST_PER_LINE: each line to its lowest unit price' },
);
const Instant = (description: string) =>
  Type.String({ maxLength: 40, description: `${description} (Korean time 2026-12-01 10:00, or ISO 8601 with zone)` });

export const TenderListQuery = Type.Object(
  {
    tenderNo: Type.Optional(Type.String({ maxLength: 20 })),
    title: Type.Optional(Type.String({ maxLength: 100 })),
    status: StatusList(TENDER_STATUSES),
    ...PagingQuery,
    sort: SortQuery(TENDER_SORT),
  },
  { additionalProperties: false },
);

export const TenderRow = Type.Object({
  tenderNo: Type.String(),
  title: Type.String(),
  prNo: Nullable(Type.String()),
  status: Type.String(),
  awardRule: Type.String(),
  currency: Type.String(),
  openAt: Type.String({ format: 'date-time' }),
  closeAt: Type.String({ format: 'date-time' }),
  buyerId: Type.String(),
  buyerName: Nullable(Type.String()),
  invitedCount: Type.Integer(),
  submittedCount: Type.Integer(),
  confirmations: Type.Integer({
    description: 'Opening confirmations still live (a closed tender waiting for its second opener)',
  }),
  version: Type.Integer(),
  createdAt: Type.String({ format: 'date-time' }),
});

const DraftLine = Type.Object(
  {
    itemCode: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
    itemName: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    spec: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
    unitCode: Type.Optional(Nullable(Type.String({ maxLength: 10 }))),
    quantity: Quantity,
    deliveryDate: Type.Optional(Nullable(DateStr())),
  },
  { additionalProperties: false },
);

const TenderFields = {
  title: Type.Optional(Nullable(Type.String({ maxLength: 200, description: 'The PR’s title by default' }))),
  description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  awardRule: AwardRule,
  openAt: Instant('Bidding opens'),
  closeAt: Instant('Bidding closes; after the opening time'),
  suppliers: Type.Array(Type.String({ minLength: 1, maxLength: 10 }), {
    minItems: 1,
    maxItems: 100,
    description: 'Invited suppliers (trading, not blocked by their evaluation grade)',
  }),
  fileId: Type.Optional(Nullable(FileId)),
  confirmEvaluationWarning: Type.Optional(Type.Boolean({ description: 'The buyer confirms suppliers graded "warn"' })),
};

export const TenderCreateBody = Type.Object(
  {
    prNo: Type.Optional(
      Nullable(
        Type.String({
          maxLength: 20,
          description: 'A received PR whose lines the tender takes; without it, lines are given',
        }),
      ),
    ),
    prVersion: Type.Optional(Version),
    currency: Type.Optional(CurrencyCode),
    lines: Type.Optional(Type.Array(DraftLine, { maxItems: 200, description: 'The buyer’s own lines (no PR)' })),
    ...TenderFields,
  },
  { additionalProperties: false },
);

export const TenderUpdateBody = Type.Object({ version: Version, ...TenderFields }, { additionalProperties: false });

export const AwardBody = Type.Object(
  {
    version: Version,
    dueDate: DateStr('The orders’ due date, today or later'),
    confirmEvaluationWarning: Type.Optional(Type.Boolean()),
    confirmBudgetWarning: Type.Optional(
      Type.Boolean({
        description:
          'Confirms overdrawing a WARN budget account by the orders (else 409 BUDGET_WARN_CONFIRM); recorded with who confirmed',
      }),
    ),
  },
  { additionalProperties: false },
);

const TenderLine = Type.Object({
  lineNo: Type.Integer(),
  itemCode: Nullable(Type.String()),
  itemName: Type.String(),
  spec: Nullable(Type.String()),
  unitCode: Type.String(),
  quantity: Type.String(),
  deliveryDate: Nullable(Type.String()),
});

const Opening = Type.Object({
  confirmedBy: Type.String(),
  confirmerName: Nullable(Type.String()),
  confirmedAt: Type.String({ format: 'date-time' }),
  live: Type.Boolean(),
});

export const TenderDetail = Type.Object({
  tenderNo: Type.String(),
  prNo: Nullable(Type.String()),
  title: Type.String(),
  description: Nullable(Type.String()),
  status: Type.String(),
  awardRule: Type.String(),
  currency: Type.String(),
  openAt: Type.String({ format: 'date-time' }),
  closeAt: Type.String({ format: 'date-time' }),
  buyerId: Type.String(),
  buyerName: Nullable(Type.String()),
  fileId: Nullable(Type.String()),
  cancelReason: Nullable(Type.String()),
  openedAt: Nullable(Type.String({ format: 'date-time' })),
  awardedAt: Nullable(Type.String({ format: 'date-time' })),
  version: Type.Integer(),
  lines: Type.Array(TenderLine),
  suppliers: Type.Array(
    Type.Object({
      compNo: Type.String(),
      compNameKr: Type.String(),
      status: Type.String(),
      submitted: Type.Boolean(),
      submittedAt: Nullable(Type.String({ format: 'date-time' })),
      totalAmount: Nullable(Type.String({ description: 'After the opening only' })),
      rank: Nullable(Type.Integer({ description: 'After the opening only' })),
    }),
  ),
  openings: Type.Array(Opening),
  orders: Type.Array(Type.Object({ compNo: Type.String(), poNo: Type.String() })),
  attachments: Type.Array(Attachment),
  history: Type.Array(HistoryEntry),
  actions: ActionList,
});

export const TenderBids = Type.Object({
  tenderNo: Type.String(),
  currency: Type.String(),
  awardRule: Type.String(),
  bids: Type.Array(
    Type.Object({
      compNo: Type.String(),
      compName: Type.String(),
      rank: Type.Integer(),
      totalAmount: Type.String(),
      submittedAt: Type.String({ format: 'date-time' }),
      lines: Type.Array(
        Type.Object({ lineNo: Type.Integer(), unitPrice: Type.String(), amount: Type.String(), rank: Type.Integer() }),
      ),
    }),
  ),
});

/* ------------------------------ the supplier's side ------------------------------ */

export const SupplierTenderListQuery = Type.Object(
  {
    tenderNo: Type.Optional(Type.String({ maxLength: 20 })),
    title: Type.Optional(Type.String({ maxLength: 100 })),
    ...PagingQuery,
    sort: SortQuery(TENDER_SORT),
  },
  { additionalProperties: false },
);

export const SupplierTenderRow = Type.Object({
  tenderNo: Type.String(),
  title: Type.String(),
  status: Type.String(),
  bidStatus: Type.String(),
  currency: Type.String(),
  openAt: Type.String({ format: 'date-time' }),
  closeAt: Type.String({ format: 'date-time' }),
  submittedAt: Nullable(Type.String({ format: 'date-time' })),
});

export const SupplierTender = Type.Object({
  tenderNo: Type.String(),
  compNo: Type.String(),
  title: Type.String(),
  description: Nullable(Type.String()),
  status: Type.String(),
  bidStatus: Type.String(),
  currency: Type.String(),
  openAt: Type.String({ format: 'date-time' }),
  closeAt: Type.String({ format: 'date-time' }),
  serverTime: Type.String({ format: 'date-time', description: 'The server’s (business) clock at this answer' }),
  secondsToClose: Type.Integer({
    minimum: 0,
    description: 'Seconds from serverTime to the close while bidding is to come or open; 0 after',
  }),
  editable: Type.Boolean({ description: 'The window is open: the supplier may submit or replace its bid' }),
  revision: Type.Integer(),
  submittedAt: Nullable(Type.String({ format: 'date-time' })),
  submittedTotal: Nullable(
    Type.String({ description: 'The total of the company’s own submitted bid (its prices × quantities); to it alone' }),
  ),
  receipt: Nullable(Type.String({ description: 'SHA-256 of the sealed bid: proves what was submitted' })),
  result: Nullable(Type.String({ description: 'WON or LOST once awarded; never another supplier’s price' })),
  version: Type.Integer(),
  lines: Type.Array(
    Type.Object({
      ...TenderLine.properties,
      unitPrice: Nullable(
        Type.String({ description: 'The company’s own submitted price (to it alone; another company’s never)' }),
      ),
      amount: Nullable(Type.String()),
    }),
  ),
  attachments: Type.Array(Attachment),
});

export const BidBody = Type.Object(
  {
    version: Version,
    lines: Type.Array(
      Type.Object({ lineNo: Type.Integer({ minimum: 1 }), unitPrice: Price }, { additionalProperties: false }),
      { minItems: 1, maxItems: 200 },
    ),
  },
  { additionalProperties: false },
);
