/** The contracts of the tax types on items and suppliers and of the public-holiday calendar. */
import { Type } from 'typebox';
import { PagingQuery } from '../../../http/list-query.js';
import { Nullable, Version } from '../../../domain/schemas.js';

const TaxTypeEnum = Type.Enum(['TAXABLE', 'ZERO_RATED', 'EXEMPT'], {
  description: 'TAXABLE 과세 (0101), ZERO_RATED 영세율 (0102), EXEMPT 면세 (a 계산서, 0301)',
});

export const ItemCodeParams = Type.Object({ itemCode: Type.String({ minLength: 1, maxLength: 20 }) });
export const CompNoParams = Type.Object({ compNo: Type.String({ minLength: 1, maxLength: 10 }) });
export const YearParams = Type.Object({ year: Type.Integer({ minimum: 2000, maximum: 2100 }) });

export const ItemTaxTypeQuery = Type.Object(
  {
    ...PagingQuery,
    item: Type.Optional(Type.String({ maxLength: 200, description: 'Item name or code (part)' })),
    taxType: Type.Optional(
      Type.Enum(['TAXABLE', 'ZERO_RATED', 'EXEMPT', 'DEFAULT'], { description: 'DEFAULT: items without their own' }),
    ),
  },
  { additionalProperties: false },
);
const ItemTaxTypeRow = Type.Object(
  {
    itemCode: Type.String(),
    itemName: Type.String(),
    spec: Nullable(Type.String()),
    taxType: Nullable(Type.String({ description: 'Null: the supplier’s default applies' })),
    version: Type.Integer(),
  },
  { $id: 'ItemTaxTypeRow', title: 'ItemTaxTypeRow' },
);
export const ItemTaxTypeList = Type.Object({ rows: Type.Array(Type.Ref('ItemTaxTypeRow')), total: Type.Integer() });
export const ItemTaxTypeBody = Type.Object(
  {
    taxType: Nullable(
      Type.Enum(['TAXABLE', 'ZERO_RATED', 'EXEMPT', 'DEFAULT', ''], {
        description: 'The item’s own type; DEFAULT, empty or null: the supplier’s default applies',
      }),
    ),
    version: Version,
  },
  { additionalProperties: false },
);

export const SupplierTaxTypeQuery = Type.Object(
  {
    ...PagingQuery,
    company: Type.Optional(
      Type.String({ maxLength: 100, description: 'Company name, number or 사업자등록번호 (part)' }),
    ),
    taxType: Type.Optional(TaxTypeEnum),
  },
  { additionalProperties: false },
);
const SupplierTaxTypeRow = Type.Object(
  {
    compNo: Type.String(),
    compNameKr: Type.String(),
    taxNo: Type.String(),
    taxType: Type.String(),
    zeroRatedDocKind: Nullable(Type.String({ description: 'LOCAL_LC 내국신용장, PURCHASE_CONFIRMATION 구매확인서' })),
    zeroRatedDocNo: Nullable(Type.String()),
    version: Type.Integer(),
  },
  { $id: 'SupplierTaxTypeRow', title: 'SupplierTaxTypeRow' },
);
export const SupplierTaxTypeList = Type.Object({
  rows: Type.Array(Type.Ref('SupplierTaxTypeRow')),
  total: Type.Integer(),
});
export const SupplierTaxTypeBody = Type.Object(
  {
    taxType: TaxTypeEnum,
    zeroRatedDocKind: Type.Optional(Nullable(Type.String({ maxLength: 24 }))),
    zeroRatedDocNo: Type.Optional(Nullable(Type.String({ maxLength: 35 }))),
    version: Version,
  },
  { additionalProperties: false },
);

const HolidayDay = Type.Object(
  {
    date: Type.String({ maxLength: 10, description: 'YYYY-MM-DD' }),
    name: Type.String({ maxLength: 100 }),
    kind: Type.String({
      maxLength: 12,
      description: 'HOLIDAY, SUBSTITUTE (대체), TEMPORARY (임시), ELECTION (선거일)',
    }),
  },
  { additionalProperties: false },
);
const HolidayYear = Type.Object(
  { year: Type.Integer(), version: Type.Integer(), days: Type.Array(HolidayDay) },
  { $id: 'HolidayYear', title: 'HolidayYear' },
);
export const HolidayYearList = Type.Object({
  rows: Type.Array(
    Type.Object({
      year: Type.Integer(),
      dayCount: Type.Integer(),
      updatedBy: Type.String(),
      updatedAt: Type.String(),
      version: Type.Integer(),
      days: Type.Array(HolidayDay),
    }),
  ),
  total: Type.Integer(),
});
export const HolidayYearBody = Type.Object(
  {
    days: Type.Array(HolidayDay, { maxItems: 60 }),
    version: Type.Optional(Nullable(Version)),
  },
  { additionalProperties: false },
);

export const SettingsSchemas = [ItemTaxTypeRow, SupplierTaxTypeRow, HolidayYear];
