import { Type } from 'typebox';
import {
  PROPOSAL_REJECT_REASON,
  PROPOSAL_VERSIONS,
  PROPOSAL_VIEW_FIELDS,
  proposalFields,
  proposalLineView,
} from '../../../domain/linkage-proposal-schemas.js';
import { PagingQuery, SortQuery } from '../../../http/list-query.js';
import { Currency, DateStr, Nullable, StatusList, Version } from '../../../domain/schemas.js';
import { LINKAGE_BODY_FIELDS, LINKAGE_VIEW_FIELDS } from '../../../domain/linkage-schemas.js';
import { ApprovalView } from '../shared/schemas.js';
import { ApprovalStateFields } from '../approval/schemas.js';
import { NumberedHistoryEntry } from '../po/schemas.js';
import { AGREEMENT_SOURCES, AGREEMENT_STATUSES, CALL_OFF_POLICIES } from './workflow.js';

export const AGREEMENT_SORT = [
  'agreementNo',
  'compNameKr',
  'title',
  'validFrom',
  'validTo',
  'ceilingAmount',
  'orderedAmount',
  'status',
  'buyerName',
  'updatedAt',
] as const;

export const CONSUMPTION_SORT = [
  'agreementNo',
  'compNameKr',
  'itemName',
  'validTo',
  'agreedQty',
  'orderedQty',
  'orderedAmount',
  'remainingQty',
  'consumedPct',
  'status',
] as const;

export const ConsumptionQuery = Type.Object(
  {
    agreementNo: Type.Optional(Type.String({ maxLength: 20 })),
    compNo: Type.Optional(Type.String({ maxLength: 10 })),
    compName: Type.Optional(Type.String({ maxLength: 100 })),
    status: StatusList(AGREEMENT_STATUSES),
    validOn: Type.Optional(DateStr('Valid on this day')),
    itemCode: Type.Optional(Type.String({ maxLength: 20 })),
    itemName: Type.Optional(Type.String({ maxLength: 200 })),
    ...PagingQuery,
    sort: SortQuery(CONSUMPTION_SORT),
  },
  { additionalProperties: false },
);

const ConsumptionRow = Type.Object({
  lineKey: Type.String({ description: 'agreementNo-lineNo: the row’s key' }),
  agreementNo: Type.String(),
  compNo: Type.String(),
  compNameKr: Type.String(),
  title: Type.String(),
  currency: Type.String(),
  status: Type.String({ description: 'AGREEMENT_STATUS; an active agreement past its validity reads EXPIRED' }),
  validFrom: Type.String(),
  validTo: Type.String(),
  ceilingAmount: Nullable(Type.String()),
  agreementOrderedAmount: Type.String({ description: 'Ordered against the whole agreement' }),
  ceilingPct: Nullable(Type.String({ description: 'Share of the ceiling ordered, %; null without a ceiling' })),
  lineNo: Type.Integer(),
  itemCode: Nullable(Type.String()),
  itemName: Type.String(),
  unitCode: Type.String(),
  unitPrice: Type.String(),
  agreedQty: Nullable(Type.String()),
  agreedAmount: Nullable(Type.String({ description: 'agreedQty × unitPrice; null for a price-only line' })),
  orderedQty: Type.String(),
  orderedAmount: Type.String(),
  remainingQty: Nullable(Type.String()),
  remainingAmount: Nullable(Type.String()),
  consumedPct: Nullable(Type.String({ description: 'orderedQty ÷ agreedQty, %, one decimal' })),
});

export const ConsumptionList = Type.Object({ rows: Type.Array(ConsumptionRow), total: Type.Integer() });

export const ValidAgreementLinesQuery = Type.Object(
  {
    agreementNo: Type.Optional(Type.String({ maxLength: 20 })),
    compName: Type.Optional(Type.String({ maxLength: 100 })),
    itemName: Type.Optional(Type.String({ maxLength: 200 })),
    ...PagingQuery,
  },
  { additionalProperties: false },
);

export const AgreementNoParams = Type.Object(
  { agreementNo: Type.String({ maxLength: 20, description: 'AG2026-000123' }) },
  { additionalProperties: false },
);

export const LinkageProposalParams = Type.Object(
  {
    agreementNo: Type.String({ maxLength: 20, description: 'AG2026-000123' }),
    proposalNo: Type.String({ maxLength: 20, description: 'LP2026-000007' }),
  },
  { additionalProperties: false },
);

export const AgreementDetailQuery = Type.Object(
  {
    prNo: Type.Optional(
      Type.String({
        maxLength: 20,
        description:
          'A PR to order under the agreement (the call-off dialog started from it): callOffLines has a row per PR line naming an agreement line, with what is left to order of it',
      }),
    ),
    prLineNo: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          'With prNo and agreementLineNo: a PR line naming no agreement, proposed for that agreement line (getPrAgreementProposals) — callOffLines has a row for it when it is of the line’s item and has something left to order',
      }),
    ),
    agreementLineNo: Type.Optional(
      Type.Integer({ minimum: 1, description: 'With prNo and prLineNo: the agreement line proposed for that PR line' }),
    ),
  },
  { additionalProperties: false },
);

const ProposalRow = Type.Object({
  rowNo: Type.Integer({ description: 'The row’s place (1, 2, …): a PR line may have several proposals' }),
  prLineNo: Type.Integer({ description: 'The PR line, naming no agreement' }),
  itemCode: Nullable(Type.String()),
  itemName: Type.String(),
  unitCode: Type.String(),
  prQuantity: Type.String(),
  prOrderedQty: Type.String({ description: 'What the PR’s orders not cancelled already ordered of the PR line' }),
  prRemainingQty: Type.String({ description: 'What is left to order of the PR line (more than zero)' }),
  estUnitPrice: Type.String({ description: 'The PR line’s estimated unit price' }),
  agreementNo: Type.String(),
  agreementLineNo: Type.Integer(),
  title: Type.String(),
  compNo: Type.String(),
  compNameKr: Type.String(),
  currency: Currency,
  validTo: Type.String({ format: 'date' }),
  callOffPolicy: Type.String(),
  unitPrice: Type.String({ description: 'The agreed unit price' }),
  agreedQty: Nullable(Type.String()),
  orderedQty: Type.String(),
  remainingQty: Nullable(Type.String({ description: 'What is left of the agreement line (null: a price-only line)' })),
});

export const AgreementProposals = Type.Object({
  prNo: Type.String(),
  status: Type.String({ description: 'The PR’s state: only RECEIVED, QUOT_REQUESTED and ORDERED PRs have proposals' }),
  currency: Currency,
  rows: Type.Array(ProposalRow, {
    description:
      'Per PR line naming no agreement with something left to order: the lines of the same master item in active agreements of the PR’s currency valid today, cheapest first',
  }),
});

export const AgreementVersionQuery = Type.Object({ version: Version }, { additionalProperties: false });

const Filters = {
  agreementNo: Type.Optional(Type.String({ maxLength: 20 })),
  title: Type.Optional(Type.String({ maxLength: 100 })),
  status: StatusList(AGREEMENT_STATUSES),
  itemCode: Type.Optional(Type.String({ maxLength: 20, description: 'Agreements with a line of this item' })),
  validOn: Type.Optional(DateStr('Valid on this day')),
  ...PagingQuery,
  sort: SortQuery(AGREEMENT_SORT),
};

export const AgreementListQuery = Type.Object(
  {
    ...Filters,
    compNo: Type.Optional(Type.String({ maxLength: 10 })),
    compName: Type.Optional(Type.String({ maxLength: 100 })),
    buyerId: Type.Optional(Type.String({ maxLength: 30 })),
  },
  { additionalProperties: false },
);

export const SupplierAgreementListQuery = Type.Object(
  { ...Filters, compNo: Type.Optional(Type.String({ maxLength: 10, description: 'Staff only: one supplier' })) },
  { additionalProperties: false },
);

const AgreementRow = Type.Object({
  agreementNo: Type.String(),
  compNo: Type.String(),
  compNameKr: Type.String(),
  title: Type.String(),
  currency: Type.String(),
  validFrom: Type.String(),
  validTo: Type.String(),
  ceilingAmount: Nullable(Type.String()),
  orderedAmount: Type.String(),
  callOffPolicy: Type.String(),
  status: Type.String({ description: 'AGREEMENT_STATUS code; an active agreement past its validity reads EXPIRED' }),
  approvalStatus: Type.String(),
  buyerId: Type.String(),
  buyerName: Type.String(),
  sourceType: Nullable(Type.String()),
  sourceNo: Nullable(Type.String()),
  lineCount: Type.Integer(),
  updatedAt: Type.String({ format: 'date-time' }),
  version: Type.Integer(),
});

export const AgreementList = Type.Object({ rows: Type.Array(AgreementRow), total: Type.Integer() });

const LineInput = Type.Object(
  {
    itemCode: Type.Optional(
      Nullable(Type.String({ maxLength: 20, description: 'A master item (name, spec, unit from it)' })),
    ),
    itemName: Type.Optional(
      Nullable(Type.String({ maxLength: 200, description: 'A free-text item, without itemCode' })),
    ),
    spec: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
    unitCode: Type.Optional(Nullable(Type.String({ maxLength: 10 }))),
    unitPrice: Type.String({ maxLength: 30, description: 'Agreed unit price' }),
    agreedQty: Type.Optional(
      Nullable(Type.String({ maxLength: 30, description: 'Agreed quantity; none: price only' })),
    ),
  },
  { additionalProperties: false },
);

const Fields = {
  compNo: Type.String({ maxLength: 10, description: 'Supplier (COMP_NO)' }),
  title: Type.String({ maxLength: 200 }),
  currency: Currency,
  validFrom: DateStr('First valid day'),
  validTo: DateStr('Last valid day, today or later'),
  ceilingAmount: Type.Optional(
    Nullable(Type.String({ maxLength: 30, description: 'Most the call-offs may order in all' })),
  ),
  callOffPolicy: Type.Optional(
    Type.Enum([...CALL_OFF_POLICIES], {
      description:
        'REFUSE (default): a call-off beyond the agreement answers 409; APPROVE: it is made, marked for its approval',
    }),
  ),
  contractNo: Type.Optional(Nullable(Type.String({ maxLength: 30, description: 'Its e-contract, where one exists' }))),
  remark: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  lines: Type.Array(LineInput, { maxItems: 500 }),
};
export const AgreementBody = Type.Object(Fields, { additionalProperties: false });
export const AgreementUpdateBody = Type.Object({ ...Fields, version: Version }, { additionalProperties: false });

export const AwardAgreementBody = Type.Object(
  {
    sourceType: Type.Enum([...AGREEMENT_SOURCES]),
    sourceNo: Type.String({ maxLength: 20, description: 'The awarded RFQ, tender or auction' }),
    compNo: Type.Optional(
      Nullable(Type.String({ maxLength: 10, description: 'A tender with several winners: which' })),
    ),
    title: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    validFrom: DateStr('First valid day'),
    validTo: DateStr('Last valid day, today or later'),
    ceilingAmount: Fields.ceilingAmount,
    callOffPolicy: Fields.callOffPolicy,
    contractNo: Fields.contractNo,
    remark: Fields.remark,
    keepQuantities: Type.Optional(
      Type.Boolean({ description: 'The awarded quantities become the agreed quantities (default); false: price only' }),
    ),
  },
  { additionalProperties: false },
);

export const CallOffBody = Type.Object(
  {
    title: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    dueDate: DateStr('Due date, today or later'),
    remark: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    prNo: Type.Optional(
      Nullable(Type.String({ maxLength: 20, description: 'The received PR ordered (its budget commits here)' })),
    ),
    lines: Type.Array(
      Type.Object(
        {
          agreementLineNo: Type.Optional(
            Type.Integer({
              minimum: 1,
              description:
                'The agreement line ordered; omitted with a prLineNo "from agreement": the one the PR line names',
            }),
          ),
          quantity: Type.String({ maxLength: 30 }),
          unitPrice: Type.Optional(
            Nullable(
              Type.String({ maxLength: 30, description: 'Omitted: the agreed price (another is an exception)' }),
            ),
          ),
          deliveryDate: Type.Optional(DateStr('Line due date')),
          prLineNo: Type.Optional(Type.Integer({ minimum: 1, description: 'With prNo: the PR line this orders' })),
        },
        { additionalProperties: false },
      ),
      { maxItems: 500 },
    ),
    confirmBudgetWarning: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

const AgreementLineView = Type.Object({
  lineNo: Type.Integer(),
  itemCode: Nullable(Type.String()),
  itemName: Type.String(),
  spec: Nullable(Type.String()),
  unitCode: Type.String(),
  sgCode: Nullable(Type.String()),
  unitPrice: Type.String(),
  agreedQty: Nullable(Type.String()),
  orderedQty: Type.String(),
  orderedAmount: Type.String(),
  remainingQty: Nullable(Type.String({ description: 'agreedQty − orderedQty; null when no quantity was agreed' })),
  prices: Type.Array(
    Type.Object({
      effectiveFrom: Type.String({ description: 'The first day the price applies (an order’s date decides)' }),
      unitPrice: Type.String(),
      source: Type.String({ description: 'ORIGINAL (the agreed one), AMENDMENT (changeAgreementPrices), LINKAGE' }),
      reference: Nullable(Type.String({ description: 'The change’s reason or what it came from' })),
      createdBy: Type.String(),
      createdAt: Type.String({ format: 'date-time' }),
    }),
    { description: 'The line’s dated prices, oldest first; empty until the agreement is active' },
  ),
});

const CallOffView = Type.Object({
  poNo: Type.String(),
  poType: Type.String(),
  poDate: Type.String(),
  status: Type.String(),
  lineNo: Type.Integer(),
  agreementLineNo: Nullable(Type.Integer()),
  itemName: Type.String(),
  quantity: Type.String(),
  unitPrice: Type.String(),
  amount: Type.String(),
  deliveredQty: Type.String(),
  receivedQty: Type.String(),
});

/** A 납품대금 연동 proposal (the job's) with the formula's numbers as they were read. */
const LinkageProposalView = Type.Object({
  proposalNo: Type.String(),
  agreementNo: Type.String(),
  ...PROPOSAL_VIEW_FIELDS,
});

const LinkageProposalLineView = proposalLineView('The line’s price in effect on the point');

/** An agreement's 연동 proposals, answered with the agreement (both sides). */
const LinkageProposalFields = proposalFields(LinkageProposalView.properties, LinkageProposalLineView.properties);

export const LinkageProposalDetail = Type.Object({
  ...LinkageProposalView.properties,
  lines: Type.Array(LinkageProposalLineView),
});

/** A line's dated price in the agreement's one list of them (price-history.ts). */
const PriceHistoryRow = Type.Object({
  priceKey: Type.String({ description: 'lineNo:n, the row’s key' }),
  lineNo: Type.Integer(),
  itemName: Type.String(),
  effectiveFrom: Type.String({ description: 'The first day the price applies' }),
  unitPrice: Type.String(),
  source: Type.String({ description: 'ORIGINAL, AMENDMENT or LINKAGE' }),
  reference: Nullable(Type.String({ description: 'The change’s reason or what it came from' })),
  createdAt: Type.String({ format: 'date-time' }),
  state: Type.String({
    description: 'CURRENT (the line’s price on the business day), PAST (replaced), FUTURE (from a later day)',
  }),
});

const Common = {
  agreementNo: Type.String(),
  compNo: Type.String(),
  compNameKr: Type.String(),
  title: Type.String(),
  currency: Type.String(),
  validFrom: Type.String(),
  validTo: Type.String(),
  status: Type.String(),
  ceilingAmount: Nullable(Type.String()),
  orderedAmount: Type.String(),
  remainingAmount: Nullable(Type.String({ description: 'ceiling − ordered; null without a ceiling' })),
  contractNo: Nullable(Type.String()),
  buyerName: Type.String(),
  version: Type.Integer(),
  lines: Type.Array(AgreementLineView),
  priceHistory: Type.Array(PriceHistoryRow, {
    description: 'Every line’s dated prices, by line and oldest first (empty until the agreement is active)',
  }),
  // The 납품대금 연동 answer (상생협력법 §21), flat: all null while none was given.
  ...LINKAGE_VIEW_FIELDS,
  ...LinkageProposalFields,
};

export const AgreementDetail = Type.Object({
  ...Common,
  subconKind: Nullable(
    Type.String({
      description:
        'The 하도급 kind its call-offs would have by today’s rules (MANUFACTURE, REPAIR, SERVICE); null: not 하도급. A 하도급 agreement needs a 연동 answer before submitting',
    }),
  ),
  callOffLines: Type.Array(
    Type.Object({
      rowNo: Type.Integer({ description: 'The row’s place (1, 2, …): an agreement line may be two rows' }),
      agreementLineNo: Type.Integer(),
      itemCode: Nullable(Type.String()),
      itemName: Type.String(),
      spec: Nullable(Type.String()),
      unitCode: Type.String(),
      unitPrice: Type.String(),
      agreedQty: Nullable(Type.String()),
      orderedQty: Type.String(),
      remainingQty: Nullable(Type.String()),
      prLineNo: Nullable(Type.Integer({ description: 'With prNo: the PR line that names this agreement line' })),
      prQuantity: Nullable(Type.String({ description: 'With prNo: that PR line’s quantity' })),
      prOrderedQty: Nullable(
        Type.String({ description: 'With prNo: what the PR’s orders not cancelled already ordered of that PR line' }),
      ),
      prRemainingQty: Nullable(
        Type.String({ description: 'With prNo: what is left to order of that PR line (the dialog’s quantity)' }),
      ),
    }),
    {
      description:
        'The call-off dialog’s rows: each agreement line, or with prNo one row per PR line naming it with something left to order',
    },
  ),
  callOffPolicy: Type.String(),
  approvalStatus: Type.String(),
  buyerId: Type.String(),
  section: Type.String(),
  deptcd: Type.String(),
  sourceType: Nullable(Type.String()),
  sourceNo: Nullable(Type.String()),
  remark: Nullable(Type.String()),
  approvedAt: Nullable(Type.String({ format: 'date-time' })),
  expiredAt: Nullable(Type.String({ format: 'date-time' })),
  terminatedAt: Nullable(Type.String({ format: 'date-time' })),
  terminateReason: Nullable(Type.String()),
  createdBy: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
  callOffs: Type.Array(
    Type.Object({
      ...CallOffView.properties,
      agreementException: Nullable(Type.String({ description: 'What the order went beyond (APPROVE policy)' })),
    }),
  ),
  approvals: Type.Array(ApprovalView),
  history: Type.Array(NumberedHistoryEntry),
  ...ApprovalStateFields,
  actions: Type.Array(Type.String(), {
    description:
      'update, submit, terminate, callOff; decideLinkage (accept or reject the open 연동 proposal); approve and reject on one’s turn',
  }),
});

export const SupplierAgreementDetail = Type.Object({
  ...Common,
  buyerEmail: Nullable(Type.String()),
  buyerTelNo: Nullable(Type.String()),
  callOffs: Type.Array(CallOffView),
});

/** setAgreementLinkage: a 연동 clause (LINKED) or a 미연동 agreement (NOT_LINKED); the other kind's fields are ignored. */
export const LinkageBody = Type.Object({ version: Version, ...LINKAGE_BODY_FIELDS }, { additionalProperties: false });

export const LinkageIndexList = Type.Object({
  rows: Type.Array(
    Type.Object({
      indexCode: Type.String(),
      indexName: Type.String(),
      unit: Type.String(),
      source: Type.String(),
      useYn: Type.String(),
      version: Type.Integer(),
    }),
  ),
});

/** changeAgreementPrices: new prices of an active agreement's lines from a day within its validity. */
export const PriceChangeBody = Type.Object(
  {
    version: Version,
    effectiveFrom: DateStr('The first day the new prices apply (orders dated before keep theirs)'),
    reason: Type.String({ maxLength: 200 }),
    lines: Type.Array(
      Type.Object(
        {
          lineNo: Type.Integer({ minimum: 1 }),
          unitPrice: Type.String({ maxLength: 30, description: 'The new price, above 0' }),
        },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 500 },
    ),
  },
  { additionalProperties: false },
);

const ProposalVersions = PROPOSAL_VERSIONS;

/** acceptLinkageProposal: the agreement's version and the proposal's, as read. */
export const ProposalAcceptBody = Type.Object(ProposalVersions, { additionalProperties: false });

/** rejectLinkageProposal: the versions and why. */
export const ProposalRejectBody = Type.Object(
  { ...ProposalVersions, reason: PROPOSAL_REJECT_REASON },
  { additionalProperties: false },
);
