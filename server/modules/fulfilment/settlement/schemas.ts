import { Type } from 'typebox';
import { CursorAnswer, CursorQuery, PagingQuery, SortQuery } from '../../../http/list-query.js';
import {
  CodeList,
  CompNo,
  DateRange,
  DateString,
  Nullable,
  Period,
  PeriodRange,
  SignedWon,
  Version,
} from '../../../domain/schemas.js';
import { YN as YesNo } from '../../../http/schema-helpers.js';
import { ADJUST_STATUSES, SETTLE_STATUSES } from './workflow.js';
import { subconSchemas } from './schemas-subcon.js';

/** Monthly settlements, their lines, adjustments, JPY rates and the three-way match. Amounts in KRW are whole won. */
const SettlementRow = Type.Object(
  {
    settleNo: Type.String(),
    compNo: Type.String(),
    compName: Type.String(),
    taxNo: Type.String({ description: 'Business registration number, formatted (TAX_NO_2)' }),
    period: Type.String({ description: 'YYYYMM' }),
    status: Type.String({ description: 'SETTLE_STATUS code' }),
    lineCount: Type.Integer(),
    krwGoodsAmount: Type.String({ description: 'Σ KRW lines (won)' }),
    jpyGoodsAmount: Type.String({ description: 'Σ JPY lines (yen)' }),
    jpyKrwAmount: Type.String({ description: 'Σ JPY lines converted, line by line (won)' }),
    goodsAmount: Type.String({ description: 'krwGoodsAmount + jpyKrwAmount (won)' }),
    adjustmentAmount: Type.String({ description: 'Σ approved adjustments (won, signed)' }),
    totalAmount: Type.String({ description: 'goodsAmount + adjustmentAmount (won)' }),
    jpyRate: Nullable(Type.String({ description: 'KRW per 100 JPY used' })),
    jpyRateSource: Nullable(Type.String({ description: 'MONTHLY (fx_rate of the period) or SYSTEM_CONST (JPY_RATE)' })),
    pendingAdjustments: Type.Integer({ description: 'Adjustments awaiting approval' }),
    voucherNo: Nullable(Type.String()),
    voucherStatus: Nullable(Type.String()),
    builtAt: Type.String(),
    confirmRequestedAt: Nullable(Type.String()),
    confirmedAt: Nullable(Type.String()),
    confirmedBy: Nullable(Type.String()),
    disputedAt: Nullable(Type.String()),
    disputeReason: Nullable(Type.String()),
    postedAt: Nullable(Type.String()),
    updatedAt: Type.String(),
    version: Type.Integer(),
  },
  { $id: 'SettlementRow', title: 'SettlementRow' },
);

const SettlementLineRow = Type.Object(
  {
    lineNo: Type.Integer(),
    whReqNo: Type.String(),
    whLineNo: Type.Integer(),
    poNo: Type.String(),
    poLineNo: Type.Integer(),
    itemCode: Nullable(Type.String()),
    itemName: Type.String(),
    spec: Nullable(Type.String()),
    unitCode: Type.String(),
    expenses: Type.String(),
    lastDeciDate: Type.String(),
    quantity: Type.String(),
    PRICE: Type.String({ description: 'PO unit price' }),
    currency: Type.String(),
    AMT: Type.String({ description: 'quantity × PRICE in the line currency' }),
    krwAmount: Type.String({ description: 'AMT in whole won (JPY × rate ÷ 100, rounded)' }),
  },
  { $id: 'SettlementLineRow', title: 'SettlementLineRow' },
);

const AdjustmentRow = Type.Object(
  {
    adjNo: Type.String(),
    settleNo: Type.String(),
    compNo: Type.String(),
    compName: Type.String(),
    period: Type.String(),
    settlementStatus: Type.String(),
    amount: Type.String({ description: 'Signed whole won' }),
    reason: Type.String(),
    status: Type.String({ description: 'ADJUST_STATUS code' }),
    requestedBy: Type.String(),
    requestedByName: Nullable(Type.String({ description: 'Name of the requester (staff only)' })),
    requestedAt: Type.String(),
    decidedBy: Nullable(Type.String()),
    decidedByName: Nullable(Type.String({ description: 'Name of who approved, rejected or withdrew it (staff only)' })),
    decidedAt: Nullable(Type.String()),
    decisionComment: Nullable(Type.String()),
    reductionNo: Nullable(Type.String({ description: 'The 감액 서면 a reduction of a 하도급 settlement rests on' })),
    version: Type.Integer(),
  },
  { $id: 'AdjustmentRow', title: 'AdjustmentRow' },
);

const MatchRow = Type.Object(
  {
    poNo: Type.String(),
    poLineNo: Type.Integer(),
    compNo: Type.String(),
    itemName: Type.String(),
    currency: Type.String(),
    PRICE: Type.String({ description: 'PO unit price' }),
    orderedQty: Type.String(),
    orderedAmount: Type.String(),
    deliveredQty: Type.String(),
    receivedQty: Type.String(),
    decidedQty: Type.String(),
    settledQty: Type.String(),
    receivedAmount: Type.String({ description: 'Σ active receipt line amounts' }),
    settledAmount: Type.String({ description: 'Σ settlement line amounts (line currency)' }),
    status: Type.String({ description: 'MATCH or MISMATCH' }),
    issues: Type.Array(Type.String(), {
      description:
        'OVER_DELIVERED, OVER_RECEIVED, OVER_SETTLED, DELIVERED_COUNTER, RECEIVED_COUNTER, PRICE_MISMATCH, AMOUNT_MISMATCH; open work: NOT_YET_RECEIVED, NOT_YET_DECIDED, NOT_YET_SETTLED',
    }),
  },
  { $id: 'MatchRow', title: 'MatchRow' },
);

/**
 * One settlement. The header is `settlement`, and — so that a screen definition's form reads it
 * without unwrapping (edit screens load one flat record) — its fields also stand at the top level
 * beside `lines`, `adjustments` and `match`.
 */
const SettlementDetail = Type.Object(
  {
    ...SettlementRow.properties,
    settlement: Type.Ref('SettlementRow'),
    lines: Type.Array(Type.Ref('SettlementLineRow')),
    adjustments: Type.Array(Type.Ref('AdjustmentRow')),
    paidOn: Type.Union([DateString, Type.Null()], {
      description: 'The day its payment was recorded, with or without 하도급 lines; null: unpaid',
    }),
    paymentMethod: Nullable(Type.String({ description: 'CASH | BILL (어음) | BILL_SUBSTITUTE (어음대체결제수단)' })),
    billMaturity: Type.Union([DateString, Type.Null()], { description: 'The 어음’s maturity; null: cash or unpaid' }),
    subcon: Type.Union([Type.Ref('SubconPayment'), Type.Null()], {
      description: '하도급 lines only: 지급 기한, payment, 지연이자 and 어음 fees (docs/subcontracting.md)',
    }),
    reductions: Type.Array(Type.Ref('ReductionRow'), { description: '감액 서면 put to the supplier' }),
    match: Type.Array(Type.Ref('MatchRow')),
    matchStatus: Type.String({ description: 'MISMATCH when any line does not reconcile' }),
  },
  { $id: 'SettlementDetail', title: 'SettlementDetail' },
);

export const SETTLE_SORT = [
  'settleNo',
  'period',
  'compNo',
  'compName',
  'status',
  'lineCount',
  'goodsAmount',
  'adjustmentAmount',
  'totalAmount',
  'updatedAt',
] as const;

const settlementFilters = {
  settleNo: Type.Optional(Type.String({ maxLength: 20 })),
  periods: Type.Optional(PeriodRange('Period range [from, to] as YYYYMM (repeat the parameter)')),
  status: Type.Optional(CodeList(SETTLE_STATUSES, 'SETTLE_STATUS codes')),
};

export const SettlementListQuery = Type.Object(
  {
    ...settlementFilters,
    compNo: Type.Optional(CompNo),
    compName: Type.Optional(Type.String({ maxLength: 100 })),
    ...PagingQuery,
    ...CursorQuery,
    sort: SortQuery(SETTLE_SORT),
  },
  { additionalProperties: false },
);
export const MySettlementListQuery = Type.Object(
  {
    ...settlementFilters,
    compNo: Type.Optional(
      Type.String({
        maxLength: 10,
        description: 'Staff only: one supplier; empty: every supplier. Ignored for supplier users',
      }),
    ),
    ...PagingQuery,
    ...CursorQuery,
    sort: SortQuery(SETTLE_SORT),
  },
  { additionalProperties: false },
);

const SettlementTotalsSchema = Type.Object(
  { goodsAmount: Type.String(), adjustmentAmount: Type.String(), totalAmount: Type.String() },
  { description: 'KRW sums over the whole filter' },
);
export const SettlementList = Type.Object({
  rows: Type.Array(Type.Ref('SettlementRow')),
  total: Type.Integer(),
  totals: SettlementTotalsSchema,
  ...CursorAnswer,
});

export const SettleNoParams = Type.Object(
  { settleNo: Type.String({ minLength: 1, maxLength: 20 }) },
  { additionalProperties: false },
);
export const AdjNoParams = Type.Object(
  { adjNo: Type.String({ minLength: 1, maxLength: 20 }) },
  { additionalProperties: false },
);

export const BuildBody = Type.Object(
  {
    period: Period,
    compNo: Type.Optional(
      Type.Union([CompNo, Type.Literal('')], { description: 'One supplier; blank or left out: every supplier' }),
    ),
  },
  {
    additionalProperties: false,
    description: 'Builds (or refreshes draft and disputed) settlements of the month; one supplier with compNo',
  },
);
export const BuildResult = Type.Object({
  period: Type.String(),
  created: Type.Array(Type.String()),
  rebuilt: Type.Array(Type.String()),
  skipped: Type.Array(Type.Object({ compNo: Type.String(), settleNo: Type.String(), status: Type.String() })),
});

export const AdjustmentCreateBody = Type.Object(
  {
    amount: SignedWon,
    reason: Type.String({ maxLength: 500, description: 'Required, not blank' }),
    reductionNo: Type.Optional(
      Nullable(
        Type.String({
          maxLength: 20,
          description:
            'A 감액 of a 하도급 settlement names its 감액 서면, acknowledged by the supplier (하도급법 제11조)',
        }),
      ),
    ),
  },
  { additionalProperties: false },
);
export const AdjustmentDecideBody = Type.Object(
  { version: Version, comment: Type.Optional(Type.String({ maxLength: 500, description: 'Required to reject' })) },
  { additionalProperties: false },
);

export const ADJUST_SORT = [
  'adjNo',
  'settleNo',
  'period',
  'compName',
  'amount',
  'status',
  'requestedAt',
  'decidedAt',
] as const;
export const AdjustmentListQuery = Type.Object(
  {
    adjNo: Type.Optional(Type.String({ maxLength: 20 })),
    settleNo: Type.Optional(Type.String({ maxLength: 20 })),
    compNo: Type.Optional(CompNo),
    compName: Type.Optional(Type.String({ maxLength: 100 })),
    periods: Type.Optional(PeriodRange()),
    status: Type.Optional(CodeList(ADJUST_STATUSES, 'ADJUST_STATUS codes')),
    requestedDates: Type.Optional(DateRange('Requested on')),
    ...PagingQuery,
    sort: SortQuery(ADJUST_SORT),
  },
  { additionalProperties: false },
);
export const AdjustmentList = Type.Object({
  rows: Type.Array(Type.Ref('AdjustmentRow')),
  total: Type.Integer(),
  totals: Type.Object({ amount: Type.String({ description: 'Σ amount over the whole filter' }) }),
});

const HistoryRow = Type.Object(
  {
    at: Type.String(),
    entity: Type.String(),
    entityKey: Type.String(),
    action: Type.String(),
    actor: Nullable(Type.String()),
    reason: Nullable(Type.String()),
    before: Type.Unknown(),
    after: Type.Unknown(),
  },
  { $id: 'SettlementHistoryRow', title: 'SettlementHistoryRow' },
);

const FxRateRow = Type.Object(
  {
    currency: Type.String(),
    period: Type.String(),
    rate: Type.String({ description: 'KRW per 100 units' }),
    perUnits: Type.Integer(),
    updatedBy: Nullable(Type.String()),
    updatedAt: Type.String(),
    version: Type.Integer(),
  },
  { $id: 'FxRateRow', title: 'FxRateRow' },
);
export const FxRateQuery = Type.Object(
  {
    periods: Type.Optional(PeriodRange()),
    ...PagingQuery,
  },
  { additionalProperties: false },
);
export const FxRateParams = Type.Object(
  { currency: Type.Literal('JPY'), period: Period },
  { additionalProperties: false },
);
export const FxRatePutBody = Type.Object(
  {
    rate: Type.String({ pattern: '^\\d{1,8}(\\.\\d{1,4})?$', description: 'KRW per 100 yen, up to 4 decimals' }),
    version: Type.Optional(Version),
  },
  { additionalProperties: false, description: 'version is required to change an existing rate (stale: 409)' },
);
export const MatchListQuery = Type.Object(
  {
    period: Type.Optional(Period),
    compNo: Type.Optional(CompNo),
    poNo: Type.Optional(Type.String({ maxLength: 20 })),
    onlyMismatch: Type.Optional(YesNo),
    ...PagingQuery,
  },
  {
    additionalProperties: false,
    description: 'The order lines of the month’s settlements (period, optionally one supplier), or of one order (poNo)',
  },
);

export const SettlementSchemas = [
  SettlementRow,
  SettlementLineRow,
  AdjustmentRow,
  MatchRow,
  ...subconSchemas,
  SettlementDetail,
  HistoryRow,
  FxRateRow,
];
