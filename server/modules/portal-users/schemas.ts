import { Type } from 'typebox';
import { Nullable } from '../../http/schema-helpers.js';
import { PagingQuery, SortQuery } from '../../http/list-query.js';

export const SESSION_SORT = [
  'userId',
  'hname',
  'portal',
  'ip',
  'createdDate',
  'expiredDate',
  'lastSeenAt',
  'endedAt',
] as const;
export const USER_SORT = [
  'userId',
  'portal',
  'hname',
  'singleid',
  'compNameKr',
  'sectionName',
  'deptnm',
  'authGroupId',
  'useFlag',
  'status',
  'failedLoginCount',
  'lastLoginAt',
] as const;

export const SessionRow = Type.Object(
  {
    sessionId: Type.String(),
    userId: Type.String(),
    hname: Type.String(),
    portal: Type.String(),
    compNo: Nullable(Type.String()),
    ip: Nullable(Type.String()),
    lastLoginIp: Nullable(Type.String()),
    lastLoginDate: Nullable(Type.String()),
    createdDate: Type.String(),
    expiredDate: Type.String(),
    lastSeenAt: Type.String(),
    endedAt: Nullable(Type.String()),
    endReason: Nullable(Type.String()),
    loginMethod: Nullable(Type.String()),
  },
  { $id: 'SessionRow', title: 'SessionRow' },
);

export const UserRow = Type.Object(
  {
    userId: Type.String(),
    portal: Type.String(),
    hname: Type.String(),
    singleid: Nullable(Type.String()),
    compNo: Nullable(Type.String()),
    compNameKr: Nullable(Type.String()),
    sectionName: Nullable(Type.String()),
    deptnm: Nullable(Type.String()),
    authGroupId: Type.String(),
    authGroupName: Type.String(),
    useFlag: Type.String(),
    status: Type.String(),
    locked: Type.Boolean(),
    failedLoginCount: Type.Integer(),
    lastLoginAt: Nullable(Type.String()),
    version: Type.Integer(),
  },
  { $id: 'UserRow', title: 'UserRow' },
);

export const SessionListQuery = Type.Object(
  {
    userId: Type.Optional(Type.String({ maxLength: 50 })),
    hname: Type.Optional(Type.String({ maxLength: 50 })),
    openOnly: Type.Optional(Type.Union([Type.Literal('Y'), Type.Literal('N')])),
    portal: Type.Optional(Type.Union([Type.Literal('I'), Type.Literal('X')])),
    ...PagingQuery,
    sort: SortQuery(SESSION_SORT),
  },
  { additionalProperties: false },
);

export const UserListQuery = Type.Object(
  {
    userId: Type.Optional(Type.String({ maxLength: 50 })),
    hname: Type.Optional(Type.String({ maxLength: 50 })),
    authGroupId: Type.Optional(Type.String({ maxLength: 2 })),
    portal: Type.Optional(Type.Union([Type.Literal('I'), Type.Literal('X')])),
    useFlag: Type.Optional(Type.Union([Type.Literal('Y'), Type.Literal('N')])),
    locked: Type.Optional(Type.Union([Type.Literal('Y'), Type.Literal('N')])),
    ...PagingQuery,
    sort: SortQuery(USER_SORT),
  },
  { additionalProperties: false },
);

export const SessionIdParams = Type.Object(
  { sessionId: Type.String({ minLength: 1, maxLength: 40 }) },
  { additionalProperties: false },
);
export const UserIdParams = Type.Object(
  { userId: Type.String({ minLength: 1, maxLength: 50 }) },
  { additionalProperties: false },
);
export const AccountActionBody = Type.Optional(
  Type.Object(
    { version: Type.Optional(Type.Integer({ minimum: 1 })), reason: Type.Optional(Type.String({ maxLength: 500 })) },
    { additionalProperties: false },
  ),
);
export const AuthGroupChoices = Type.Array(
  Type.Object({ authGroupId: Type.String(), nameKo: Type.String(), nameEn: Type.String(), portal: Type.String() }),
);
