import { Type } from 'typebox';
import { DateString, Nullable, Version } from '../../../domain/schemas.js';
import { PagingQuery } from '../../../http/list-query.js';

/** The Subcontracting Act on a settlement (docs/subcontracting.md): its payment side and its 감액 서면. */
const SubconPayment = Type.Object(
  {
    subconKind: Type.String({ description: 'MANUFACTURE | REPAIR | SERVICE (the first 하도급 line’s order)' }),
    paymentDue: Type.String({ description: '지급 기한: the earliest of its 하도급 lines’ (YYYY-MM-DD)' }),
    statutoryDue: Type.String({ description: 'Day 60 of the earliest receipt: 지연이자 and 어음 fees run after it' }),
    paid: Type.Boolean({ description: 'false: the interest and fee are what paying today would owe' }),
    paidOn: Nullable(DateString),
    paymentMethod: Nullable(Type.String({ description: 'CASH | BILL (어음) | BILL_SUBSTITUTE (어음대체결제수단)' })),
    billMaturity: Nullable(DateString),
    daysLate: Type.Integer({ description: 'Most days a line was (or is) paid after its day 60' }),
    lateInterest: Type.String({ description: '지연이자, whole won (원 미만 절사), §13⑧' }),
    lateInterestRate: Nullable(Type.String({ description: 'FTC rate in % a year on the payment day' })),
    feeDays: Type.Integer({ description: 'Most days a bill matures after day 60 (or after a late payment)' }),
    billFee: Type.String({ description: '어음 할인료 or 어음대체결제 수수료, whole won, §13⑥⑦' }),
    billFeeRate: Nullable(Type.String({ description: 'Its FTC rate in % a year' })),
    chargeVoucherNo: Nullable(
      Type.String({ description: 'The ERP voucher (VC…) posting the 지연이자 and fee; null: none owed, or unpaid' }),
    ),
    chargeVoucherStatus: Nullable(Type.String({ description: 'Its posting state: READY, SENT, POSTED, FAILED' })),
  },
  { $id: 'SubconPayment', title: 'SubconPayment' },
);

const ReductionRow = Type.Object(
  {
    reductionNo: Type.String(),
    settleNo: Type.String(),
    compNo: Type.String(),
    amount: Type.String({ description: 'The reduction, whole won, positive' }),
    reason: Type.String(),
    status: Type.String({ description: 'REQUESTED (awaiting the supplier) | ACKNOWLEDGED' }),
    createdBy: Type.String(),
    createdAt: Type.String(),
    acknowledgedBy: Nullable(Type.String()),
    acknowledgedAt: Nullable(Type.String()),
    adjNo: Nullable(Type.String({ description: 'The adjustment that booked it' })),
    version: Type.Integer(),
  },
  { $id: 'ReductionRow', title: 'ReductionRow' },
);

export const PaymentBody = Type.Object(
  {
    version: Version,
    paidOn: DateString,
    method: Type.Union([Type.Literal('CASH'), Type.Literal('BILL'), Type.Literal('BILL_SUBSTITUTE')]),
    billMaturity: Type.Optional(
      Nullable(Type.String({ pattern: '^(\\d{4}-\\d{2}-\\d{2})?$', description: 'YYYY-MM-DD; blank: none (cash)' })),
    ),
  },
  { additionalProperties: false },
);

export const ReductionCreateBody = Type.Object(
  {
    amount: Type.String({ pattern: '^[0-9]{1,15}$', description: 'Whole won, positive: the reduction' }),
    reason: Type.String({ maxLength: 1000, description: 'Required, not blank' }),
  },
  { additionalProperties: false },
);

export const ReductionNoParams = Type.Object({ reductionNo: Type.String({ maxLength: 20 }) });

/** The supplier's list (/myReductionList): a list screen asks page by page, as of every list. */
export const MyReductionQuery = Type.Object(
  {
    status: Type.Optional(Type.Union([Type.Literal('REQUESTED'), Type.Literal('ACKNOWLEDGED')])),
    ...PagingQuery,
  },
  { additionalProperties: false },
);

export const SettlementReductionQuery = Type.Object(
  {
    status: Type.Optional(Type.Union([Type.Literal('REQUESTED'), Type.Literal('ACKNOWLEDGED')])),
    usable: Type.Optional(
      Type.Literal('Y', { description: 'Y: only those an adjustment may name (acknowledged, not yet booked)' }),
    ),
  },
  { additionalProperties: false },
);

export const ReductionList = Type.Object({ rows: Type.Array(Type.Ref('ReductionRow')), total: Type.Integer() });

export const subconSchemas = [SubconPayment, ReductionRow];
