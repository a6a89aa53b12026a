import { Type } from 'typebox';
import { PagingQuery, SortQuery } from '../../../http/list-query.js';
import {
  ActionList,
  CurrencyCode,
  DateStr,
  HistoryEntry,
  Nullable,
  Price,
  Quantity,
  StatusList,
  Version,
} from '../../../domain/schemas.js';
import { AUCTION_STATUSES, DECREMENT_KINDS } from './workflow.js';

export const AUCTION_SORT = ['auctionNo', 'title', 'status', 'startAt', 'endAt', 'createdAt'] as const;

export const AuctionNoParams = Type.Object({ auctionNo: Type.String({ maxLength: 20 }) });

const Instant = (description: string) =>
  Type.String({ maxLength: 40, description: `${description} (Korean time 2026-12-01 10:00, or ISO 8601 with zone)` });
const Amount = Type.String({ description: 'An exact decimal amount' });
const When = Type.String({ format: 'date-time' });

export const AuctionListQuery = Type.Object(
  {
    auctionNo: Type.Optional(Type.String({ maxLength: 20 })),
    title: Type.Optional(Type.String({ maxLength: 100 })),
    status: StatusList(AUCTION_STATUSES),
    ...PagingQuery,
    sort: SortQuery(AUCTION_SORT),
  },
  { additionalProperties: false },
);

export const AuctionRow = Type.Object({
  auctionNo: Type.String(),
  title: Type.String(),
  prNo: Nullable(Type.String()),
  status: Type.String(),
  currency: Type.String(),
  startPrice: Amount,
  bestAmount: Nullable(Amount),
  startAt: When,
  endAt: When,
  buyerId: Type.String(),
  buyerName: Nullable(Type.String()),
  invitedCount: Type.Integer(),
  bidCount: Type.Integer(),
  version: Type.Integer(),
  createdAt: When,
});

const DraftLine = Type.Object(
  {
    itemCode: Type.Optional(Nullable(Type.String({ maxLength: 20 }))),
    itemName: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    spec: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
    unitCode: Type.Optional(Nullable(Type.String({ maxLength: 10 }))),
    quantity: Quantity,
    refUnitPrice: {
      ...Price,
      description: 'The buyer’s estimate: the awarded lot price is split over the lines in proportion to these',
    },
    deliveryDate: Type.Optional(Nullable(DateStr())),
  },
  { additionalProperties: false },
);

export const AuctionCreateBody = Type.Object(
  {
    prNo: Type.Optional(
      Nullable(
        Type.String({
          maxLength: 20,
          description: 'A received PR whose lines (and estimates) the auction takes; without it, lines are given',
        }),
      ),
    ),
    prVersion: Type.Optional(Version),
    currency: Type.Optional(CurrencyCode),
    lines: Type.Optional(Type.Array(DraftLine, { maxItems: 200, description: 'The buyer’s own lines (no PR)' })),
    title: Type.Optional(Nullable(Type.String({ maxLength: 200, description: 'The PR’s title by default' }))),
    description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
    startPrice: { ...Price, description: 'The lot price every bid must stay under' },
    decrementKind: Type.Union(
      DECREMENT_KINDS.map((k) => Type.Literal(k)),
      { description: 'AMOUNT: the decrement is an amount; PERCENT: a percentage of the supplier’s own last bid' },
    ),
    decrementValue: Type.String({
      pattern: '^\\d{1,14}(\\.\\d{1,4})?$',
      description: 'The minimum decrement (an amount, or a percentage above 0 and under 100)',
    }),
    startAt: Instant('Bidding opens'),
    endAt: Instant('Bidding closes (before any extension)'),
    softCloseMinutes: Type.Integer({
      minimum: 0,
      maximum: 60,
      description: 'A bid in the last N minutes moves the end by N minutes; 0: no soft close',
    }),
    maxExtensions: Type.Integer({ minimum: 0, maximum: 100, description: 'At most this many extensions' }),
    suppliers: Type.Array(Type.String({ minLength: 1, maxLength: 10 }), {
      minItems: 1,
      maxItems: 100,
      description: 'Invited suppliers (trading, not blocked by their evaluation grade)',
    }),
    confirmEvaluationWarning: Type.Optional(
      Type.Boolean({ description: 'The buyer confirms suppliers graded "warn"' }),
    ),
  },
  { additionalProperties: false },
);

/**
 * A draft's new terms, whole (as the create form sends them) at the version read. A draft made from
 * a PR keeps the PR's lines and currency; of its lines only the reference unit prices change.
 */
export const AuctionUpdateBody = Type.Object(
  {
    version: Version,
    currency: AuctionCreateBody.properties.currency,
    lines: Type.Optional(
      Type.Array(DraftLine, {
        maxItems: 200,
        description:
          'The lines anew (own lines), or the PR’s lines with new reference prices (a draft from a PR); absent: unchanged',
      }),
    ),
    title: AuctionCreateBody.properties.title,
    description: AuctionCreateBody.properties.description,
    startPrice: AuctionCreateBody.properties.startPrice,
    decrementKind: AuctionCreateBody.properties.decrementKind,
    decrementValue: AuctionCreateBody.properties.decrementValue,
    startAt: AuctionCreateBody.properties.startAt,
    endAt: AuctionCreateBody.properties.endAt,
    softCloseMinutes: AuctionCreateBody.properties.softCloseMinutes,
    maxExtensions: AuctionCreateBody.properties.maxExtensions,
    suppliers: AuctionCreateBody.properties.suppliers,
    confirmEvaluationWarning: AuctionCreateBody.properties.confirmEvaluationWarning,
  },
  { additionalProperties: false },
);

export const AuctionAwardBody = Type.Object(
  {
    version: Version,
    dueDate: DateStr('The order’s due date, today or later'),
    confirmEvaluationWarning: Type.Optional(Type.Boolean()),
    confirmBudgetWarning: Type.Optional(
      Type.Boolean({
        description:
          'Confirms overdrawing a WARN budget account by the order (else 409 BUDGET_WARN_CONFIRM); recorded with who confirmed',
      }),
    ),
  },
  { additionalProperties: false },
);

const AuctionLine = Type.Object({
  lineNo: Type.Integer(),
  itemCode: Nullable(Type.String()),
  itemName: Type.String(),
  spec: Nullable(Type.String()),
  unitCode: Type.String(),
  quantity: Type.String(),
  deliveryDate: Nullable(Type.String()),
});

const Terms = {
  auctionNo: Type.String(),
  title: Type.String(),
  description: Nullable(Type.String()),
  status: Type.String(),
  currency: Type.String(),
  startPrice: Amount,
  decrementKind: Type.String(),
  decrementValue: Type.String(),
  startAt: When,
  plannedEndAt: When,
  endAt: When,
  softCloseMinutes: Type.Integer(),
  maxExtensions: Type.Integer(),
  extensions: Type.Integer(),
  serverTime: { ...When, description: 'The server’s clock when this was answered (the countdown runs from it)' },
  lastEventId: Type.Integer({ description: 'The newest event of the live feed this answer includes' }),
};

export const AuctionDetail = Type.Object({
  ...Terms,
  prNo: Nullable(Type.String()),
  buyerId: Type.String(),
  buyerName: Nullable(Type.String()),
  cancelReason: Nullable(Type.String()),
  winnerCompNo: Nullable(Type.String()),
  winningAmount: Nullable(Amount),
  poNo: Nullable(Type.String()),
  version: Type.Integer(),
  lines: Type.Array(Type.Object({ ...AuctionLine.properties, refUnitPrice: Amount })),
  suppliers: Type.Array(Type.Object({ compNo: Type.String(), compNameKr: Type.String() }), {
    description: 'The invited suppliers (the edit form’s grid)',
  }),
  ranking: Type.Array(
    Type.Object({
      compNo: Type.String(),
      compName: Type.String(),
      rank: Nullable(Type.Integer()),
      bestAmount: Nullable(Amount),
      bestAt: Nullable(When),
      bidCount: Type.Integer(),
      result: Nullable(Type.String()),
    }),
  ),
  bids: Type.Array(
    Type.Object({
      seq: Type.Integer(),
      compNo: Type.String(),
      amount: Amount,
      bidAt: When,
      bidBy: Type.String(),
      endAtAfter: When,
    }),
  ),
  history: Type.Array(HistoryEntry),
  actions: ActionList,
});

/* ------------------------------ the supplier's side ------------------------------ */

export const SupplierAuctionListQuery = Type.Object(
  {
    auctionNo: Type.Optional(Type.String({ maxLength: 20 })),
    title: Type.Optional(Type.String({ maxLength: 100 })),
    ...PagingQuery,
    sort: SortQuery(AUCTION_SORT),
  },
  { additionalProperties: false },
);

export const SupplierAuctionRow = Type.Object({
  auctionNo: Type.String(),
  title: Type.String(),
  status: Type.String(),
  currency: Type.String(),
  startPrice: Amount,
  startAt: When,
  endAt: When,
  myBest: Nullable(Amount),
  myBidCount: Type.Integer(),
  result: Nullable(Type.String()),
});

/** What a supplier sees of an auction: the terms, its own best, rank and bids — never another company's name or price. */
export const SupplierAuction = Type.Object({
  ...Terms,
  compNo: Type.String(),
  invitedCount: Type.Integer(),
  bidderCount: Type.Integer({
    description: 'How many invited companies have bid (a count only, as the feed gives it)',
  }),
  myBest: Nullable(Amount),
  myRank: Nullable(Type.Integer({ description: '1 = lowest price now; null before the company bids' })),
  myBidCount: Type.Integer(),
  nextLimit: Type.String({ description: 'The highest amount the company may bid next' }),
  nextLimitInclusive: Type.Boolean({
    description: 'false: the bid must be below nextLimit (the start price); true: at or below',
  }),
  canBid: Type.Boolean(),
  result: Nullable(Type.String({ description: 'WON or LOST once awarded' })),
  myBids: Type.Array(Type.Object({ amount: Amount, bidAt: When })),
  lines: Type.Array(AuctionLine),
});

export const AuctionBidBody = Type.Object(
  { amount: { ...Price, description: 'The lot price offered' } },
  { additionalProperties: false },
);

export const AuctionBidAck = Type.Object({
  auctionNo: Type.String(),
  seq: Type.Integer({ description: 'The bid’s place in the server-time order of the auction' }),
  amount: Amount,
  bidAt: When,
  endAt: When,
  extended: Type.Boolean(),
  myRank: Type.Integer(),
  nextLimit: Type.String(),
});

export const EventsQuery = Type.Object(
  {
    lastEventId: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Catch up after this event (as the Last-Event-ID header does)' }),
    ),
  },
  { additionalProperties: false },
);
