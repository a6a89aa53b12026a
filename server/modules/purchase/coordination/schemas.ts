import { Type } from 'typebox';
import { PagingQuery } from '../../../http/list-query.js';
import { SupplierCompanyQuery } from '../../../http/supplier-view.js';
import { Nullable, Version } from '../../../domain/schemas.js';
import { COORDINATION_STATUSES, COORDINATION_TARGETS } from './workflow.js';

export const CoordinationNoParams = Type.Object(
  { coordinationNo: Type.String({ minLength: 1, maxLength: 20 }) },
  { additionalProperties: false },
);

const filters = {
  status: Type.Optional(Type.Enum([...COORDINATION_STATUSES])),
  targetKind: Type.Optional(
    Type.Enum([...COORDINATION_TARGETS], { description: 'Requests on agreements or on orders' }),
  ),
  agreementNo: Type.Optional(Type.String({ maxLength: 20 })),
  poNo: Type.Optional(Type.String({ maxLength: 20, description: 'Requests on this order' })),
  coordinationNo: Type.Optional(Type.String({ maxLength: 20 })),
  ...PagingQuery,
};

export const CoordinationListQuery = Type.Object(
  { ...filters, compNo: Type.Optional(Type.String({ maxLength: 10 })) },
  { additionalProperties: false },
);

export const MyCoordinationListQuery = Type.Object(
  { ...filters, ...SupplierCompanyQuery },
  { additionalProperties: false },
);

export const CoordinationRow = Type.Object(
  {
    coordinationNo: Type.String(),
    targetKind: Type.Enum([...COORDINATION_TARGETS], {
      description: 'What the request names: an agreement (단가계약) or an order (발주)',
    }),
    agreementNo: Nullable(Type.String({ description: 'AGREEMENT: the agreement' })),
    poNo: Nullable(Type.String({ description: 'ORDER: the order' })),
    targetTitle: Type.String({ description: 'The agreement’s or the order’s title' }),
    contractNo: Nullable(
      Type.String({ description: 'ORDER: the order’s executed e-contract (its written contract), if it has one' }),
    ),
    paperContract: Nullable(
      Type.String({ description: 'ORDER without an executed e-contract: its recorded paper contract’s reference' }),
    ),
    compNo: Type.String(),
    compNameKr: Type.String(),
    buyerName: Nullable(Type.String()),
    subconKind: Type.Enum(['MANUFACTURE', 'REPAIR', 'SERVICE'], {
      description: 'The document’s 하도급 kind when the request was made (an order’s is fixed when it is made)',
    }),
    status: Type.Enum([...COORDINATION_STATUSES]),
    reason: Type.String({ description: 'Why the supplier asks (what changed)' }),
    requestedChange: Type.String({ description: 'The change asked, in words' }),
    requestedPct: Nullable(Type.String({ description: 'The increase asked, % of the price' })),
    requestedAmount: Nullable(Type.String({ description: 'The increase asked, in the document’s currency' })),
    costBasis: Type.String({ description: 'The cost increase it rests on (공급원가 변동의 근거)' }),
    requestedBy: Type.String(),
    requestedOn: Type.String({ description: 'The request’s business day (day 0 of both clocks)' }),
    requestedAt: Type.String({ format: 'date-time' }),
    talksDue: Type.String({ description: 'Talks due by the end of this day: the request day + 10' }),
    agreementDue: Type.String({ description: 'An outcome due by the end of this day: the request day + 30' }),
    talksLateDays: Nullable(Type.Integer({ description: 'Days past talksDue with no talks started' })),
    agreementLateDays: Nullable(Type.Integer({ description: 'Days past agreementDue with no outcome' })),
    talksStartedOn: Nullable(Type.String()),
    outcome: Nullable(Type.String({ description: 'AGREED: what was agreed' })),
    agreedOn: Nullable(Type.String()),
    failReason: Nullable(Type.String({ description: 'FAILED: why talks failed, 분쟁조정 applied for' })),
    failedOn: Nullable(Type.String()),
    withdrawnOn: Nullable(Type.String()),
    version: Type.Integer(),
  },
  { $id: 'PriceCoordinationRow' },
);

export const CoordinationList = Type.Object({
  rows: Type.Array(Type.Ref('PriceCoordinationRow')),
  total: Type.Integer(),
});

/** Plain strings, checked by the service, so each wrong field is answered with its Korean message. */
export const CoordinationRequestBody = Type.Object(
  {
    targetKind: Type.Optional(
      Type.Enum([...COORDINATION_TARGETS], {
        description:
          'Which document the request names; without it, an order when only poNo is given, else an agreement',
      }),
    ),
    agreementNo: Type.Optional(
      Nullable(Type.String({ maxLength: 20, description: 'AGREEMENT: an active 하도급 agreement of my company' })),
    ),
    poNo: Type.Optional(
      Nullable(
        Type.String({
          maxLength: 20,
          description: 'ORDER: a 하도급 order sent to my company, neither cancelled nor closed',
        }),
      ),
    ),
    reason: Type.String({ maxLength: 1000, description: 'Why: what changed since the price was agreed' }),
    requestedChange: Type.String({ maxLength: 1000, description: 'The change asked, in words' }),
    requestedPct: Type.Optional(Nullable(Type.String({ maxLength: 20, description: 'The increase asked, %' }))),
    requestedAmount: Type.Optional(
      Nullable(Type.String({ maxLength: 30, description: 'The increase asked, in the document’s currency' })),
    ),
    costBasis: Type.String({
      maxLength: 2000,
      description: 'The cost increase it rests on: materials, labour, expenses and their figures',
    }),
  },
  { additionalProperties: false },
);

export const StartTalksBody = Type.Object(
  {
    version: Version,
    talksStartedOn: Type.Optional(
      Type.String({ maxLength: 10, description: 'The day talks started (default: the business day)' }),
    ),
  },
  { additionalProperties: false },
);

export const AgreeBody = Type.Object(
  {
    version: Version,
    outcome: Type.String({
      maxLength: 1000,
      description:
        'What was agreed; new prices are written with the agreement’s own price change (changeAgreementPrices)',
    }),
  },
  { additionalProperties: false },
);

export const FailBody = Type.Object(
  {
    version: Version,
    reason: Type.String({ maxLength: 1000, description: 'Why talks failed; 분쟁조정 applied for, by whom' }),
  },
  { additionalProperties: false },
);

/** An order's request as the order's screens list it (coordination/orders.ts). */
export const OrderCoordination = Type.Object({
  coordinationNo: Type.String(),
  status: Type.Enum([...COORDINATION_STATUSES]),
  requestedOn: Type.String(),
  requestedChange: Type.String(),
  talksDue: Type.String({ description: 'Talks due by the end of this day: the request day + 10' }),
  agreementDue: Type.String({ description: 'An outcome due by the end of this day: the request day + 30' }),
  talksStartedOn: Nullable(Type.String()),
  agreedOn: Nullable(Type.String()),
  failedOn: Nullable(Type.String()),
  withdrawnOn: Nullable(Type.String()),
});
