import { Type } from 'typebox';
import { PagingQuery, SortQuery } from '../../../http/list-query.js';
import { Nullable } from '../../../domain/schemas.js';

const MATCH_KINDS = ['PO_TYPE', 'SG_CODE', 'COMP_NO'] as const;
const RULE_KINDS = ['MANUFACTURE', 'REPAIR', 'SERVICE', 'NONE'] as const;

const RULE_SORT = ['matchKind', 'matchValue', 'subconKind', 'updatedAt'] as const;

export const RuleListQuery = Type.Object(
  {
    matchKind: Type.Optional(Type.Enum([...MATCH_KINDS])),
    subconKind: Type.Optional(Type.Enum([...RULE_KINDS])),
    ...PagingQuery,
    sort: SortQuery(RULE_SORT),
  },
  { additionalProperties: false },
);

export const RuleParams = Type.Object({ ruleId: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
export const RuleVersionQuery = Type.Object({ version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });

/**
 * A rule as written: the kinds are plain strings here and checked by the service, so that a wrong one is
 * answered with the field's Korean message rather than the schema validator's.
 */
export const RuleBody = Type.Object(
  {
    matchKind: Type.String({ description: 'PO_TYPE (order type), SG_CODE (sourcing group), COMP_NO (supplier)' }),
    matchValue: Type.String({ description: 'The order type (PO, SIMPLE), sourcing group code or company number' }),
    subconKind: Type.String({ description: 'MANUFACTURE, REPAIR, SERVICE, or NONE (exempts)' }),
    remark: Type.Optional(Nullable(Type.String())),
    version: Type.Optional(Type.Integer({ description: 'The version read (changing a rule)' })),
  },
  { additionalProperties: false },
);

export const RuleRow = Type.Object(
  {
    ruleId: Type.Integer(),
    matchKind: Type.Enum([...MATCH_KINDS]),
    matchValue: Type.String(),
    matchName: Nullable(Type.String({ description: 'The sourcing group’s or supplier’s name (null: an order type)' })),
    subconKind: Type.Enum([...RULE_KINDS]),
    remark: Nullable(Type.String()),
    updatedBy: Type.String(),
    updatedByName: Nullable(Type.String()),
    updatedAt: Type.String({ format: 'date-time' }),
    version: Type.Integer(),
  },
  { $id: 'SubconRuleRow' },
);

export const RuleList = Type.Object({
  rows: Type.Array(Type.Ref('SubconRuleRow')),
  total: Type.Integer(),
  contractGate: Type.Enum(['Y', 'N'], {
    description:
      'The written-contract gate before sending: Y on (SYSTEM_CONST / SUBCON_CONTRACT_GATE attr1 not N, or no row)',
  }),
});

export const COMPLIANCE_KINDS = [
  'DEEMED_PASS',
  'PAYMENT_NEAR',
  'PAYMENT_OVERDUE',
  'SENT_BEFORE_CONTRACT',
  'PAID_WITH_CHARGES',
  'REDUCTION_UNWRITTEN',
  'COORDINATION_TALKS_OVERDUE',
  'COORDINATION_OVERDUE',
] as const;

const Won = (description: string) => Nullable(Type.String({ description: `${description}, whole won` }));

export const ComplianceQuery = Type.Object(
  {
    kind: Type.Optional(Type.Enum([...COMPLIANCE_KINDS])),
    ...PagingQuery,
  },
  { additionalProperties: false },
);

export const ComplianceRow = Type.Object(
  {
    rowKey: Type.String(),
    kind: Type.Enum([...COMPLIANCE_KINDS]),
    poNo: Nullable(
      Type.String({
        description: 'The order (null on a settlement’s row); COORDINATION_*: the order the request is about',
      }),
    ),
    subconKind: Type.Enum(['MANUFACTURE', 'REPAIR', 'SERVICE']),
    compNameKr: Type.String(),
    whReqNo: Nullable(Type.String()),
    lineNo: Nullable(Type.Integer()),
    itemName: Nullable(Type.String()),
    receivedOn: Nullable(Type.String()),
    dueDate: Nullable(
      Type.String({
        description:
          '검사 기한, 지급 기한, or a 조정협의 request’s talks or outcome due date (the clock the row is about)',
      }),
    ),
    daysPast: Nullable(Type.Integer({ description: 'Days past the due date (negative: days left)' })),
    forwardedAt: Nullable(Type.String({ format: 'date-time' })),
    settleNo: Nullable(
      Type.String({ description: 'The settlement (a line’s, once settled; a payment’s; a reduction’s)' }),
    ),
    adjNo: Nullable(Type.String({ description: 'REDUCTION_UNWRITTEN: the adjustment that reduces without a 서면' })),
    amount: Won(
      'A line’s amount to pay (null: a foreign-currency line not yet settled); a reduction’s amount (positive)',
    ),
    lateInterest: Won(
      '지연이자 (§13⑧): accruing to the business day on an unpaid line past day 60; recorded with a payment',
    ),
    billFee: Won('어음 할인료 or 어음대체결제 수수료 recorded with a payment (§13⑥⑦)'),
    paidOn: Nullable(Type.String({ description: 'PAID_WITH_CHARGES: the payment day' })),
    chargeVoucherNo: Nullable(Type.String({ description: 'PAID_WITH_CHARGES: the voucher posting the charges' })),
    chargeVoucherStatus: Nullable(Type.String({ description: 'Its posting state: READY, SENT, POSTED, FAILED' })),
    agreementNo: Nullable(
      Type.String({ description: 'COORDINATION_*: the agreement the request is about (null on an order’s request)' }),
    ),
    coordinationNo: Nullable(Type.String({ description: 'COORDINATION_*: the 납품대금 조정협의 request' })),
  },
  { $id: 'SubconComplianceRow' },
);

export const ComplianceList = Type.Object({
  rows: Type.Array(Type.Ref('SubconComplianceRow')),
  total: Type.Integer(),
  counts: Type.Object({
    DEEMED_PASS: Type.Integer(),
    PAYMENT_NEAR: Type.Integer(),
    PAYMENT_OVERDUE: Type.Integer(),
    SENT_BEFORE_CONTRACT: Type.Integer(),
    PAID_WITH_CHARGES: Type.Integer(),
    REDUCTION_UNWRITTEN: Type.Integer(),
    COORDINATION_TALKS_OVERDUE: Type.Integer(),
    COORDINATION_OVERDUE: Type.Integer(),
  }),
  sums: Type.Object(
    {
      interestAccruing: Type.String({
        description: '지연이자 accruing on every unpaid line past day 60, to the business day (rounded once)',
      }),
      interestPaid: Type.String({ description: '지연이자 recorded with payments' }),
      feesPaid: Type.String({ description: '어음 할인료 and 어음대체결제 수수료 recorded with payments' }),
      reductionsUnwritten: Type.String({ description: '감액 without an acknowledged 서면' }),
    },
    { description: 'Money over every finding (not only the page or the kind chosen), whole won' },
  ),
});

export const RATE_KINDS = ['LATE_INTEREST', 'BILL_DISCOUNT', 'BILL_SUBSTITUTE'] as const;

/**
 * A rate as written: plain strings, checked by the service, so that a wrong kind, day or rate is answered with the
 * field's Korean message rather than the schema validator's.
 */
export const RateBody = Type.Object(
  {
    rateKind: Type.String({
      description:
        'LATE_INTEREST (지연이자, §13⑧), BILL_DISCOUNT (어음할인율, §13⑥), BILL_SUBSTITUTE (어음대체결제 수수료율, §13⑦)',
    }),
    effectiveFrom: Type.String({ description: 'The first day it is in force (YYYY-MM-DD)' }),
    ratePct: Type.String({ description: '% a year, up to 3 decimals; 0 < rate ≤ 40' }),
    source: Type.String({ description: 'Where the rate comes from: the FTC 고시, its date' }),
  },
  { additionalProperties: false },
);

export const RateRow = Type.Object(
  {
    rateKey: Type.String({ description: 'kind:effectiveFrom, the row’s key' }),
    rateKind: Type.Enum([...RATE_KINDS]),
    effectiveFrom: Type.String({ description: 'YYYY-MM-DD' }),
    ratePct: Type.String({ description: '% a year' }),
    source: Type.String(),
    inForce: Type.Boolean({ description: 'The kind’s rate in force on the business day' }),
    updatedBy: Type.String(),
    updatedByName: Nullable(Type.String()),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'SubconRateRow' },
);

export const RateList = Type.Object({ rows: Type.Array(Type.Ref('SubconRateRow')), total: Type.Integer() });
