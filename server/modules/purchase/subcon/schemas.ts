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

export const COMPLIANCE_KINDS = ['DEEMED_PASS', 'PAYMENT_NEAR', 'PAYMENT_OVERDUE', 'SENT_BEFORE_CONTRACT'] as const;

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
    poNo: Type.String(),
    subconKind: Type.Enum(['MANUFACTURE', 'REPAIR', 'SERVICE']),
    compNameKr: Type.String(),
    whReqNo: Nullable(Type.String()),
    lineNo: Nullable(Type.Integer()),
    itemName: Nullable(Type.String()),
    receivedOn: Nullable(Type.String()),
    dueDate: Nullable(Type.String({ description: '검사 기한 or 지급 기한 (the clock the row is about)' })),
    daysPast: Nullable(Type.Integer({ description: 'Days past the due date (negative: days left)' })),
    forwardedAt: Nullable(Type.String({ format: 'date-time' })),
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
  }),
});
