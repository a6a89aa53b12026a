import { Type, type Static } from 'typebox';
import { Nullable } from '../http/schema-helpers.js';

/** What a login answers (spec §3): the session user, the menu tree and the code lists. */

/** A menu and its children: the schema refers to itself by its $id. */
export const MenuNode = Type.Object(
  {
    pgmId: Type.String(),
    pgmName: Type.String(),
    sspUrl: Nullable(Type.String()),
    sspSubUrls: Type.Array(Type.String()),
    leaf: Type.Union([Type.Literal('T'), Type.Literal('F')]),
    canWrite: Type.Boolean(),
    childs: Type.Array(Type.Ref('MenuNode')),
  },
  { $id: 'MenuNode', title: 'MenuNode' },
);

export const SessionUser = Type.Object(
  {
    userId: Type.String(),
    portal: Type.Union([Type.Literal('I'), Type.Literal('X')]),
    accessToken: Nullable(Type.String()),
    refreshToken: Nullable(Type.String()),
    token: Nullable(Type.String()),
    tokenKey: Type.String(),
    ip: Nullable(Type.String()),
    lastLoginIp: Nullable(Type.String()),
    lastLoginDate: Nullable(Type.String()),
    createdDate: Type.String(),
    expiredDate: Type.String(),
    tokenExpiredTimestamp: Nullable(Type.Integer()),
    currentTimestamp: Type.Integer(),
    hname: Type.String(),
    ename: Nullable(Type.String()),
    cellPhoneNo: Nullable(Type.String()),
    phoneNo: Nullable(Type.String()),
    email: Nullable(Type.String()),
    auth: Nullable(Type.String()),
    authGroupId: Type.String(),
    authGroupName: Type.String(),
    section: Nullable(Type.String()),
    sectionName: Nullable(Type.String()),
    deptcd: Nullable(Type.String()),
    deptnm: Nullable(Type.String()),
    singleid: Nullable(Type.String()),
    compNo: Nullable(Type.String()),
    compNameKr: Nullable(Type.String()),
    noCellPhone: Type.Boolean(),
    noPhone: Type.Boolean(),
  },
  { $id: 'SessionUser', title: 'SessionUser' },
);

export const CodeLists = Type.Record(
  Type.String(),
  Type.Array(Type.Object({ value: Type.String(), text: Type.String() })),
  { $id: 'CodeLists', title: 'CodeLists' },
);

export const LoginPayload = Type.Object(
  {
    code: Type.Literal('OK'),
    user: Type.Ref('SessionUser'),
    menus: Type.Array(Type.Ref('MenuNode')),
    codes: Type.Ref('CodeLists'),
  },
  { $id: 'LoginPayload', title: 'LoginPayload' },
);

export type SessionUserData = Static<typeof SessionUser>;
