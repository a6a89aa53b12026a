import { Type } from 'typebox';
import { CursorQuery, PagingQuery, SortQuery } from '../../http/list-query.js';
import { Nullable, Str, YN } from '../../http/schema-helpers.js';

const Portal = Type.Union([Type.Literal('I'), Type.Literal('X')], {
  description: 'I internal (GPMS), X external (OGPMS)',
});
const PGM_ID_PATTERN = '^[A-Z][A-Z0-9_]*$';
const PgmId = Type.String({ minLength: 1, maxLength: 40, pattern: PGM_ID_PATTERN });
const GroupId = Type.String({ minLength: 2, maxLength: 2, pattern: '^[0-9A-Z]{2}$' });
const Version = Type.Integer({ minimum: 1 });

// ---- menus ----------------------------------------------------------------------------------

const MENU_ROW_FIELDS = {
  pgmId: Type.String(),
  parentId: Nullable(Type.String()),
  depth: Type.Integer(),
  pgmName: Type.String(),
  pgmNameEn: Type.String(),
  sspUrl: Nullable(Type.String()),
  subUrls: Type.String({ description: 'sspSubUrls, comma separated' }),
  leaf: Type.String(),
  portal: Type.String(),
  sortOrder: Type.Integer(),
  useYn: Type.String(),
  routeKnown: Type.String({ description: 'Y when every URL of the leaf is a route the app knows' }),
  version: Type.Integer(),
};
export const AdminMenuRow = Type.Object(MENU_ROW_FIELDS, { $id: 'AdminMenuRow', title: 'AdminMenuRow' });

/** The saved menu, with what the administrator should know (a URL the app has no route for). */
export const AdminMenuSaved = Type.Object(
  { ...MENU_ROW_FIELDS, warnings: Type.Array(Type.String(), { description: 'e.g. a URL the app does not know' }) },
  { $id: 'AdminMenuSaved', title: 'AdminMenuSaved' },
);

export const MenuListQuery = Type.Object(
  // The whole tree by default (choices of a parent menu list every menu).
  {
    portal: Type.Optional(Portal),
    page: PagingQuery.page,
    size: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 5000, default: 5000, description: 'Rows a page (default: all)' }),
    ),
  },
  { additionalProperties: false },
);

const MenuFields = {
  parentId: Type.Optional(Nullable(Type.String({ maxLength: 40 }))),
  pgmName: Str(100, { minLength: 1 }),
  pgmNameEn: Str(100, { minLength: 1 }),
  sspUrl: Type.Optional(Nullable(Str(200))),
  subUrls: Type.Optional(
    Nullable(Str(1000, { description: 'Sub-URLs (screens opened from the leaf), comma or newline separated' })),
  ),
  leaf: Type.Union([Type.Literal('T'), Type.Literal('F')]),
  sortOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
  useYn: Type.Optional(YN),
};

export const MenuCreateBody = Type.Object(
  { pgmId: PgmId, portal: Portal, ...MenuFields },
  { additionalProperties: false },
);
export const MenuUpdateBody = Type.Object({ ...MenuFields, version: Version }, { additionalProperties: false });
export const MenuParams = Type.Object({ pgmId: PgmId }, { additionalProperties: false });
export const MenuMoveBody = Type.Object(
  { direction: Type.Union([Type.Literal('up'), Type.Literal('down')]), version: Version },
  { additionalProperties: false },
);
export const VersionQuery = Type.Object({ version: Version }, { additionalProperties: false });

// ---- authority groups -----------------------------------------------------------------------

export const AdminGroupRow = Type.Object(
  {
    authGroupId: Type.String(),
    nameKo: Type.String(),
    nameEn: Type.String(),
    portal: Type.String(),
    description: Nullable(Type.String()),
    sortOrder: Type.Integer(),
    useYn: Type.String(),
    userCount: Type.Integer(),
    label: Type.String({ description: 'code and Korean name, for trees and choices' }),
    version: Type.Integer(),
  },
  { $id: 'AdminGroupRow', title: 'AdminGroupRow' },
);

export const GroupListQuery = Type.Object(
  { portal: Type.Optional(Portal), useYn: Type.Optional(YN), ...PagingQuery },
  { additionalProperties: false },
);
const GroupFields = {
  nameKo: Str(50, { minLength: 1 }),
  nameEn: Str(50, { minLength: 1 }),
  description: Type.Optional(Nullable(Str(200))),
  sortOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
  useYn: Type.Optional(YN),
};
export const GroupCreateBody = Type.Object(
  { authGroupId: GroupId, portal: Portal, ...GroupFields },
  { additionalProperties: false },
);
export const GroupUpdateBody = Type.Object({ ...GroupFields, version: Version }, { additionalProperties: false });
export const GroupParams = Type.Object({ authGroupId: GroupId }, { additionalProperties: false });

// ---- menu authority -------------------------------------------------------------------------

export const MenuAuthRow = Type.Object(
  {
    pgmId: Type.String(),
    parentId: Nullable(Type.String()),
    depth: Type.Integer(),
    menuPath: Type.String({ description: 'area › group › leaf' }),
    sspUrl: Nullable(Type.String()),
    leaf: Type.String(),
    useYn: Type.String(),
    canRead: Type.String(),
    canWrite: Type.String(),
  },
  { $id: 'MenuAuthRow', title: 'MenuAuthRow' },
);
export const MenuAuthListQuery = Type.Object({ ...PagingQuery }, { additionalProperties: false });
export const MenuAuthSaveBody = Type.Object(
  {
    version: Type.Integer({ minimum: 1, description: 'The group’s version as read' }),
    rows: Type.Array(Type.Object({ pgmId: PgmId, canRead: YN, canWrite: YN }, { additionalProperties: true }), {
      maxItems: 2000,
      description: 'Leaves of the group’s portal; a leaf not sent keeps its grant',
    }),
  },
  { additionalProperties: false },
);
export const MenuAuthCopyBody = Type.Object(
  { fromGroupId: GroupId, version: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export const MenuAuthSaved = Type.Object(
  { authGroupId: Type.String(), granted: Type.Integer(), version: Type.Integer() },
  { $id: 'MenuAuthSaved', title: 'MenuAuthSaved' },
);

// ---- audit ----------------------------------------------------------------------------------

const ADMIN_AUDIT_ENTITIES = ['menu', 'authGroup', 'menuAuth', 'boardPost'] as const;
export const AdminAuditRow = Type.Object(
  {
    id: Type.Integer(),
    entity: Type.String(),
    entityKey: Type.String(),
    action: Type.String(),
    actor: Nullable(Type.String()),
    at: Type.String({ format: 'date-time' }),
    beforeData: Nullable(Type.String()),
    afterData: Nullable(Type.String()),
  },
  { $id: 'AdminAuditRow', title: 'AdminAuditRow' },
);
export const AUDIT_SORT = ['at', 'entity', 'entityKey', 'actor', 'action'] as const;
export const AdminAuditQuery = Type.Object(
  {
    entity: Type.Optional(Type.Union(ADMIN_AUDIT_ENTITIES.map((e) => Type.Literal(e)))),
    entityKey: Type.Optional(Str(100)),
    actor: Type.Optional(Str(50)),
    atFrom: Type.Optional(Type.String({ format: 'date' })),
    atTo: Type.Optional(Type.String({ format: 'date' })),
    ...PagingQuery,
    ...CursorQuery,
    sort: SortQuery(AUDIT_SORT),
  },
  { additionalProperties: false },
);

// ---- boards ---------------------------------------------------------------------------------

export const PostRow = Type.Object(
  {
    postId: Type.Integer(),
    board: Type.String(),
    category: Nullable(Type.String()),
    title: Type.String(),
    body: Type.String({ description: 'Plain text, shown as text' }),
    pinned: Type.String(),
    showFrom: Nullable(Type.String({ format: 'date' })),
    showTo: Nullable(Type.String({ format: 'date' })),
    fileId: Nullable(Type.String()),
    createdBy: Type.String(),
    writerName: Nullable(Type.String()),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
    version: Type.Integer(),
  },
  { $id: 'PostRow', title: 'PostRow' },
);
export const POST_SORT = ['createdAt', 'title', 'category', 'showFrom', 'updatedAt'] as const;
export const PostListQuery = Type.Object(
  {
    title: Type.Optional(Str(200, { description: 'Title or body contains' })),
    category: Type.Optional(Str(40)),
    ...PagingQuery,
    sort: SortQuery(POST_SORT),
  },
  { additionalProperties: false },
);
export const PostParams = Type.Object({ postId: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });
const DateStr = Type.String({ format: 'date' });
const PostFields = {
  category: Type.Optional(Nullable(Str(40))),
  title: Str(200, { minLength: 1 }),
  body: Str(20000),
  pinned: Type.Optional(YN),
  showFrom: Type.Optional(Nullable(Type.Union([DateStr, Type.Literal('')]))),
  showTo: Type.Optional(Nullable(Type.Union([DateStr, Type.Literal('')]))),
  fileId: Type.Optional(Nullable(Str(36))),
};
export const PostCreateBody = Type.Object(PostFields, { additionalProperties: false });
export const PostUpdateBody = Type.Object({ ...PostFields, version: Version }, { additionalProperties: false });
