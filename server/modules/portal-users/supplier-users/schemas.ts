import { Type } from 'typebox';
import { PagingQuery, SortQuery } from '../../../http/list-query.js';
import { Nullable } from '../../../http/schema-helpers.js';

export const SUPPLIER_USER_SORT = [
  'userId',
  'hname',
  'compNo',
  'compNameKr',
  'authGroupId',
  'useFlag',
  'status',
  'lastLoginAt',
  'failedLoginCount',
] as const;
export const SupplierUserRow = Type.Object({
  userId: Type.String(),
  hname: Type.String(),
  compNo: Nullable(Type.String()),
  compNameKr: Nullable(Type.String()),
  authGroupId: Type.String(),
  authGroupName: Type.String(),
  email: Nullable(Type.String()),
  cellPhoneNo: Nullable(Type.String()),
  useFlag: Type.String(),
  status: Type.String(),
  locked: Type.Boolean(),
  lockedAt: Nullable(Type.String({ format: 'date-time' })),
  passwordSet: Type.Boolean({ description: 'False after a reset until the user sets a new password' }),
  failedLoginCount: Type.Integer(),
  lastLoginAt: Nullable(Type.String({ format: 'date-time' })),
  version: Type.Integer(),
});

export const SupplierUserQuery = Type.Object(
  {
    compNo: Type.Optional(
      Type.String({ maxLength: 10, description: 'Staff only; a supplier admin always sees its own company' }),
    ),
    compNameKr: Type.Optional(Type.String({ maxLength: 100 })),
    userId: Type.Optional(Type.String({ maxLength: 50 })),
    hname: Type.Optional(Type.String({ maxLength: 50 })),
    locked: Type.Optional(Type.Union([Type.Literal('Y'), Type.Literal('N')])),
    useFlag: Type.Optional(Type.Union([Type.Literal('Y'), Type.Literal('N')])),
    ...PagingQuery,
    sort: SortQuery(SUPPLIER_USER_SORT),
  },
  { additionalProperties: false },
);

export const SupplierUserParams = Type.Object(
  { userId: Type.String({ minLength: 1, maxLength: 50 }) },
  { additionalProperties: false },
);
export const SupplierUserActionBody = Type.Object(
  { version: Type.Integer({ minimum: 1 }), reason: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: false },
);
