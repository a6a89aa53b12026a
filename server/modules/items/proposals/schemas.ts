import { Type } from 'typebox';
import { SupplierCompanyQuery } from '../../../http/supplier-view.js';
import { PagingQuery, SortQuery } from '../../../http/list-query.js';
import { Nullable, Str } from '../../../http/schema-helpers.js';
import { VersionBody } from '../shared.js';

/** Suppliers' proposals and their own items and prices: requests and answers. */
const Currency = Type.Union([Type.Literal('KRW'), Type.Literal('JPY')]);
const Status = Type.Union([
  Type.Literal('SUBMITTED'),
  Type.Literal('APPROVED'),
  Type.Literal('REJECTED'),
  Type.Literal('WITHDRAWN'),
]);
const Kind = Type.Union([Type.Literal('NEW'), Type.Literal('PRICE')]);
const Money = Type.String({ pattern: '^\\d{1,16}(\\.\\d{1,2})?$' });
const DateStr = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const ProposalRow = Type.Object({
  proposalNo: Type.String(),
  compNo: Type.String(),
  compNameKr: Type.String(),
  kind: Kind,
  itemCode: Nullable(Type.String()),
  itemName: Type.String(),
  spec: Nullable(Type.String()),
  unitCode: Nullable(Type.String()),
  currentPrice: Nullable(Type.String()),
  proposedPrice: Type.String(),
  currency: Currency,
  changeRate: Nullable(Type.String()),
  validFrom: Type.String(),
  status: Status,
  effectiveDate: Nullable(Type.String()),
  createdAt: Type.String(),
  reviewedAt: Nullable(Type.String()),
  version: Type.Integer(),
});
export const ProposalDetail = Type.Object({
  proposalNo: Type.String(),
  compNo: Type.String(),
  compNameKr: Type.String(),
  kind: Kind,
  itemCode: Nullable(Type.String()),
  itemName: Type.String(),
  spec: Nullable(Type.String()),
  catCode: Nullable(Type.String()),
  catName: Nullable(Type.String()),
  unitCode: Nullable(Type.String()),
  maker: Nullable(Type.String()),
  currentPrice: Nullable(Type.String()),
  proposedPrice: Type.String(),
  currency: Currency,
  changeRate: Nullable(Type.String()),
  validFrom: Type.String(),
  reason: Type.String(),
  fileId: Nullable(Type.String()),
  status: Status,
  effectiveDate: Nullable(Type.String()),
  rejectReason: Nullable(Type.String()),
  reviewedBy: Nullable(Type.String()),
  reviewedAt: Nullable(Type.String()),
  createdBy: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  version: Type.Integer(),
  actions: Type.Array(Type.String(), { description: 'What the caller may do now: update, withdraw, approve, reject' }),
});
const SORT = ['proposalNo', 'createdAt', 'validFrom', 'status', 'itemCode'] as const;
export const ListQuery = Type.Object(
  {
    status: Type.Optional(Status),
    kind: Type.Optional(Kind),
    compNo: Type.Optional(Type.String({ maxLength: 10 })),
    itemCode: Type.Optional(Type.String({ maxLength: 20 })),
    itemName: Type.Optional(Type.String({ maxLength: 200 })),
    createdFrom: Type.Optional(DateStr),
    createdTo: Type.Optional(DateStr),
    ...PagingQuery,
    sort: SortQuery(SORT),
  },
  { additionalProperties: false },
);
const ProposalFields = {
  kind: Kind,
  itemCode: Type.Optional(Nullable(Str(20, { description: 'PRICE: an item the supplier supplies' }))),
  itemName: Type.Optional(Nullable(Str(200, { description: 'NEW: the item name' }))),
  spec: Type.Optional(Nullable(Str(300))),
  catCode: Type.Optional(Nullable(Str(20, { description: 'NEW: a leaf category' }))),
  unitCode: Type.Optional(Nullable(Str(10))),
  maker: Type.Optional(Nullable(Str(100))),
  proposedPrice: Money,
  currency: Type.Optional(Currency),
  validFrom: DateStr,
  reason: Type.String({ minLength: 1, maxLength: 1000 }),
  fileId: Type.Optional(Nullable(Type.String({ maxLength: 36 }))),
};
export const CreateBody = Type.Object(ProposalFields, { additionalProperties: false });
export const UpdateBody = Type.Object({ ...ProposalFields, ...VersionBody }, { additionalProperties: false });
export const Params = Type.Object({ proposalNo: Type.String({ maxLength: 20 }) });
export const ApproveBody = Type.Object(
  {
    ...VersionBody,
    effectiveDate: DateStr,
    sgCode: Type.Optional(Nullable(Str(20, { description: 'NEW: the level-4 sourcing group of the new item' }))),
    comment: Type.Optional(Nullable(Str(1000))),
  },
  { additionalProperties: false },
);
export const RejectBody = Type.Object(
  { ...VersionBody, reason: Type.String({ minLength: 1, maxLength: 1000 }) },
  { additionalProperties: false },
);
export const WithdrawBody = Type.Object(VersionBody, { additionalProperties: false });

export const MyItemRow = Type.Object({
  compNo: Type.String({ description: 'The supplier (staff read across suppliers)' }),
  compName: Type.String(),
  itemCode: Type.String(),
  itemName: Type.String(),
  spec: Nullable(Type.String()),
  unitCode: Type.String(),
  catName: Type.String(),
  maker: Nullable(Type.String()),
  unitPrice: Type.String(),
  currency: Currency,
  effectiveDate: Type.String(),
  pendingProposal: Nullable(Type.String()),
});
export const MyItemQuery = Type.Object(
  {
    itemCode: Type.Optional(Type.String({ maxLength: 20 })),
    itemName: Type.Optional(Type.String({ maxLength: 200 })),
    spec: Type.Optional(Type.String({ maxLength: 300 })),
    ...SupplierCompanyQuery,
    ...PagingQuery,
    sort: SortQuery(['itemCode', 'itemName', 'unitPrice', 'effectiveDate']),
  },
  { additionalProperties: false },
);
export const MyItemReadQuery = Type.Object({ ...SupplierCompanyQuery }, { additionalProperties: false });
export const MyItemDetail = Type.Object({
  compNo: Type.String(),
  compName: Type.String(),
  itemCode: Type.String(),
  itemName: Type.String(),
  spec: Nullable(Type.String()),
  unitCode: Type.String(),
  catName: Type.String(),
  maker: Nullable(Type.String()),
  unitPrice: Type.String(),
  currency: Currency,
  effectiveDate: Type.String(),
  history: Type.Array(
    Type.Object({
      effectiveDate: Type.String(),
      unitPrice: Type.String(),
      currency: Currency,
      source: Type.String(),
      proposalNo: Nullable(Type.String()),
    }),
  ),
});
export const ItemCodeParams = Type.Object({ itemCode: Type.String({ maxLength: 20 }) });
