import { Type } from 'typebox';
import { PagingQuery } from '../../../http/list-query.js';
import { Nullable, Str, YN } from '../../../http/schema-helpers.js';
import { VersionBody } from '../shared.js';

/** The catalogue masters' requests and rows: categories, sourcing groups, attributes and their values, units. */
const Code = (max: number, description: string) =>
  Type.String({ minLength: 1, maxLength: max, pattern: '^[A-Za-z0-9_-]+$', description });
export const Conflict = { 409: Type.Ref('ErrorBody') };

export const CategoryRow = Type.Object({
  catCode: Type.String(),
  parentCode: Nullable(Type.String()),
  depth: Type.Integer(),
  nameKo: Type.String(),
  nameEn: Type.String(),
  sortOrder: Type.Integer(),
  useYn: YN,
  itemCount: Type.Integer(),
  childCount: Type.Integer(),
  label: Type.String(),
  version: Type.Integer(),
});
const CategoryBody = {
  parentCode: Type.Optional(Nullable(Str(20))),
  nameKo: Type.String({ minLength: 1, maxLength: 100 }),
  nameEn: Type.String({ minLength: 1, maxLength: 100 }),
  sortOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
  useYn: Type.Optional(YN),
};
export const CategoryCreate = Type.Object(
  { catCode: Code(20, 'New category code'), ...CategoryBody },
  { additionalProperties: false },
);
export const CategoryUpdate = Type.Object({ ...CategoryBody, ...VersionBody }, { additionalProperties: false });
export const CatParams = Type.Object({ catCode: Type.String({ maxLength: 20 }) });

export const SgRow = Type.Object({
  sgCode: Type.String(),
  sgLevel: Type.String(),
  upCode: Nullable(Type.String()),
  sgName: Type.String(),
  sgNameEn: Type.String(),
  buyerId: Nullable(Type.String()),
  buyerName: Nullable(Type.String()),
  sortOrder: Type.Integer(),
  useYn: YN,
  itemCount: Type.Integer(),
  label: Type.String(),
  version: Type.Integer(),
});
const SgBody = {
  sgName: Type.String({ minLength: 1, maxLength: 100 }),
  sgNameEn: Type.String({ minLength: 1, maxLength: 100 }),
  buyerId: Type.Optional(Nullable(Str(30, { description: 'Buyer responsible (single id); level 004 only' }))),
  sortOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
  useYn: Type.Optional(YN),
};
export const SgCreate = Type.Object(
  {
    sgCode: Code(20, 'New sourcing-group code'),
    upCode: Type.Optional(Nullable(Str(20, { description: 'Parent; none for level 001' }))),
    ...SgBody,
  },
  { additionalProperties: false },
);
export const SgUpdate = Type.Object({ ...SgBody, ...VersionBody }, { additionalProperties: false });
export const SgParams = Type.Object({ sgCode: Type.String({ maxLength: 20 }) });

export const AttrRow = Type.Object({
  attrCode: Type.String(),
  nameKo: Type.String(),
  nameEn: Type.String(),
  sortOrder: Type.Integer(),
  useYn: YN,
  valueCount: Type.Integer(),
  version: Type.Integer(),
});
const AttrBody = {
  nameKo: Type.String({ minLength: 1, maxLength: 100 }),
  nameEn: Type.String({ minLength: 1, maxLength: 100 }),
  sortOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
  useYn: Type.Optional(YN),
};
export const AttrCreate = Type.Object(
  { attrCode: Code(20, 'New attribute code'), ...AttrBody },
  { additionalProperties: false },
);
export const AttrUpdate = Type.Object({ ...AttrBody, ...VersionBody }, { additionalProperties: false });
export const AttrParams = Type.Object({ attrCode: Type.String({ maxLength: 20 }) });
export const ValueRow = Type.Object({
  attrCode: Type.String(),
  attrName: Type.String(),
  valueCode: Type.String(),
  nameKo: Type.String(),
  nameEn: Type.String(),
  sortOrder: Type.Integer(),
  useYn: YN,
  itemCount: Type.Integer(),
  version: Type.Integer(),
});
export const ValueCreate = Type.Object(
  { valueCode: Code(30, 'New value code'), ...AttrBody },
  { additionalProperties: false },
);
export const ValueParams = Type.Object({
  attrCode: Type.String({ maxLength: 20 }),
  valueCode: Type.String({ maxLength: 30 }),
});
export const ValueQuery = Type.Object({
  attrCode: Type.Optional(Type.String({ maxLength: 20 })),
  useYn: Type.Optional(YN),
  q: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the code or name' })),
  ...PagingQuery,
});

const Conversion = Type.Object(
  {
    toUnit: Type.String({ minLength: 1, maxLength: 10 }),
    factor: Type.String({ pattern: '^\\d{1,12}(\\.\\d{1,6})?$', description: '1 of this unit = factor of toUnit' }),
  },
  { additionalProperties: false },
);
export const UnitRow = Type.Object({
  unitCode: Type.String(),
  nameKo: Type.String(),
  nameEn: Type.String(),
  sortOrder: Type.Integer(),
  useYn: YN,
  itemCount: Type.Integer(),
  version: Type.Integer(),
  conversions: Type.Array(Type.Object({ toUnit: Type.String(), factor: Type.String() })),
});
const UnitBody = {
  nameKo: Type.String({ minLength: 1, maxLength: 50 }),
  nameEn: Type.String({ minLength: 1, maxLength: 50 }),
  sortOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
  useYn: Type.Optional(YN),
  conversions: Type.Optional(Type.Array(Conversion, { maxItems: 50 })),
};
export const UnitCreate = Type.Object(
  { unitCode: Code(10, 'New unit code'), ...UnitBody },
  { additionalProperties: false },
);
export const UnitUpdate = Type.Object({ ...UnitBody, ...VersionBody }, { additionalProperties: false });
export const UnitParams = Type.Object({ unitCode: Type.String({ maxLength: 10 }) });
export const Deleted = Type.Object({ deleted: Type.Boolean() });
export const DeleteQuery = Type.Object({ version: Type.Integer({ minimum: 1 }) });
