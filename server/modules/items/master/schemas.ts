import { Type } from 'typebox';
import { CursorQuery, PagingQuery, SortQuery } from '../../../http/list-query.js';
import { Nullable, Str, YN } from '../../../http/schema-helpers.js';
import { VersionBody } from '../shared.js';

/**
 * The item master's requests and answers: the search the item popup and the item screens use,
 * one item with its attributes, suppliers, current prices and where it is used, its price history.
 */
const Currency = Type.Union([Type.Literal('KRW'), Type.Literal('JPY')]);
const Money = Type.String({ pattern: '^\\d{1,16}(\\.\\d{1,2})?$', description: 'Exact decimal, ≥ 0' });

export const ItemRowSchema = Type.Object(
  {
    itemCode: Type.String(),
    itemName: Type.String(),
    itemNameEn: Nullable(Type.String()),
    spec: Nullable(Type.String()),
    catCode: Type.String(),
    catName: Type.String(),
    sgCode: Type.String(),
    sgName: Type.String(),
    unitCode: Type.String(),
    refPrice: Type.String(),
    currency: Currency,
    maker: Nullable(Type.String()),
    useYn: YN,
    supplierCount: Type.Integer(),
    version: Type.Integer(),
  },
  { $id: 'ItemRow', title: 'ItemRow' },
);

const ItemAttribute = Type.Object({
  attrCode: Type.String(),
  attrName: Type.String(),
  valueCode: Type.String(),
  valueName: Type.String(),
});
const ItemSupplier = Type.Object({
  compNo: Type.String(),
  compNameKr: Type.String(),
  unitPrice: Type.String(),
  currency: Currency,
  effectiveDate: Type.String(),
  updatedAt: Type.String(),
  pendingProposals: Type.Integer(),
});
const WhereUsed = Type.Object({
  docType: Type.Union([Type.Literal('PR'), Type.Literal('PO')]),
  docNo: Type.String(),
  lineNo: Type.Integer(),
  title: Type.String(),
  status: Type.String(),
  docDate: Type.String(),
  quantity: Type.String(),
  unitPrice: Type.String(),
  compNo: Nullable(Type.String()),
});
export const ItemDetail = Type.Object({
  itemCode: Type.String(),
  itemName: Type.String(),
  itemNameEn: Nullable(Type.String()),
  spec: Nullable(Type.String()),
  catCode: Type.String(),
  catName: Type.String(),
  sgCode: Type.String(),
  sgName: Type.String(),
  buyerName: Nullable(Type.String()),
  unitCode: Type.String(),
  refPrice: Type.String(),
  currency: Currency,
  maker: Nullable(Type.String()),
  useYn: YN,
  fileId: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  updatedBy: Nullable(Type.String()),
  version: Type.Integer(),
  attributes: Type.Array(ItemAttribute),
  suppliers: Type.Array(ItemSupplier),
  whereUsed: Type.Array(WhereUsed),
});
export const TrendPoint = Type.Object({
  effectiveDate: Type.String({ description: "A date on which some supplier's price changed" }),
  currency: Currency,
  supplierCount: Type.Integer({ description: 'Suppliers with a price in this currency in force on that date' }),
  lowPrice: Type.String(),
  avgPrice: Type.String(),
  highPrice: Type.String(),
});
export const PricePoint = Type.Object({
  effectiveDate: Type.String(),
  compNo: Type.String(),
  compNameKr: Type.String(),
  unitPrice: Type.String(),
  currency: Currency,
  source: Type.String(),
  proposalNo: Nullable(Type.String()),
  changedAt: Type.String(),
});

export const SORT_FIELDS = ['itemCode', 'itemName', 'spec', 'catCode', 'refPrice', 'updatedAt'] as const;
export const ItemListQuery = Type.Object(
  {
    itemCode: Type.Optional(Type.String({ maxLength: 20, description: 'Start of the item code' })),
    itemName: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the name (Korean or English)' })),
    spec: Type.Optional(Type.String({ maxLength: 300, description: 'Part of the specification' })),
    catCode: Type.Optional(
      Type.String({ maxLength: 20, description: 'A category: its items and those of its subcategories' }),
    ),
    sgCode: Type.Optional(Type.String({ maxLength: 20 })),
    useYn: Type.Optional(YN),
    ...PagingQuery,
    ...CursorQuery,
    sort: SortQuery(SORT_FIELDS),
  },
  { additionalProperties: false },
);

const AttrInput = Type.Object(
  { attrCode: Type.String({ minLength: 1, maxLength: 20 }), valueCode: Type.String({ minLength: 1, maxLength: 30 }) },
  { additionalProperties: true },
);
const ItemFields = {
  itemName: Type.String({ minLength: 1, maxLength: 200 }),
  itemNameEn: Type.Optional(Nullable(Str(200))),
  spec: Type.Optional(Nullable(Str(300))),
  catCode: Type.String({ minLength: 1, maxLength: 20 }),
  sgCode: Type.String({ minLength: 1, maxLength: 20 }),
  unitCode: Type.String({ minLength: 1, maxLength: 10 }),
  refPrice: Money,
  currency: Currency,
  maker: Type.Optional(Nullable(Str(100))),
  useYn: Type.Optional(YN),
  fileId: Type.Optional(
    Nullable(Type.String({ maxLength: 36, description: 'Photo / spec-sheet file group (upload first)' })),
  ),
  attributes: Type.Optional(Type.Array(AttrInput, { maxItems: 30 })),
};
export const ItemCreate = Type.Object(ItemFields, { additionalProperties: false });
export const ItemUpdate = Type.Object({ ...ItemFields, ...VersionBody }, { additionalProperties: false });
export const ItemParams = Type.Object({ itemCode: Type.String({ minLength: 1, maxLength: 20 }) });
