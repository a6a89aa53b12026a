import { Type } from 'typebox';
import { PagingQuery, SortQuery } from '../../http/list-query.js';

const YN = Type.Union([Type.Literal('Y'), Type.Literal('N')]);
const Nullable = <T extends ReturnType<typeof Type.String>>(s: T) => Type.Union([s, Type.Null()]);

const GROUP_ID_PATTERN = '^[A-Z][A-Z0-9_]*$';
const CODE_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.-]*$';
const GroupId = Type.String({
  minLength: 1,
  maxLength: 40,
  pattern: GROUP_ID_PATTERN,
  description: 'Upper-case letters, digits and _',
});
const Code = Type.String({ minLength: 1, maxLength: 40, pattern: CODE_PATTERN });

export const CodeGroupRow = Type.Object(
  {
    groupId: Type.String(),
    nameKo: Type.String(),
    nameEn: Type.String(),
    description: Nullable(Type.String()),
    sortOrder: Type.Integer(),
    useYn: Type.String(),
    codeCount: Type.Integer({ description: 'Codes in the group' }),
    version: Type.Integer(),
  },
  { $id: 'CodeGroupRow', title: 'CodeGroupRow' },
);

export const CodeRow = Type.Object(
  {
    groupId: Type.String(),
    code: Type.String(),
    textKo: Type.String(),
    textEn: Type.String(),
    attr1: Nullable(Type.String()),
    attr2: Nullable(Type.String()),
    sortOrder: Type.Integer(),
    useYn: Type.String(),
    version: Type.Integer(),
  },
  { $id: 'CodeRow', title: 'CodeRow' },
);

export const GROUP_SORT_FIELDS = ['groupId', 'nameKo', 'nameEn', 'sortOrder', 'useYn', 'codeCount'] as const;
export const CODE_SORT_FIELDS = ['code', 'textKo', 'textEn', 'sortOrder', 'useYn'] as const;

export const GroupListQuery = Type.Object(
  {
    q: Type.Optional(
      Type.String({ maxLength: 100, description: 'Group id starts with, or Korean/English name contains' }),
    ),
    useYn: Type.Optional(YN),
    ...PagingQuery,
    sort: SortQuery(GROUP_SORT_FIELDS),
  },
  { additionalProperties: false },
);

export const CodeListQuery = Type.Object(
  { useYn: Type.Optional(YN), ...PagingQuery, sort: SortQuery(CODE_SORT_FIELDS) },
  { additionalProperties: false },
);

export const GroupParams = Type.Object({ groupId: GroupId }, { additionalProperties: false });

const GroupFields = {
  nameKo: Type.String({ maxLength: 100 }),
  nameEn: Type.String({ maxLength: 100 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 300 }))),
  sortOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
  useYn: Type.Optional(YN),
};

export const GroupCreateBody = Type.Object({ groupId: GroupId, ...GroupFields }, { additionalProperties: false });
export const GroupUpdateBody = Type.Object(
  { ...GroupFields, version: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export const VersionQuery = Type.Object({ version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });

const CodeInput = Type.Object(
  {
    code: Code,
    textKo: Type.String({ maxLength: 200 }),
    textEn: Type.String({ maxLength: 200 }),
    attr1: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    attr2: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
    sortOrder: Type.Optional(Type.Integer({ minimum: 0, maximum: 99999 })),
    useYn: Type.Optional(YN),
    version: Type.Optional(
      Type.Integer({ minimum: 1, description: 'Absent for a new code; the version read for a changed one' }),
    ),
  },
  { additionalProperties: false },
);

export const SaveCodesBody = Type.Object(
  {
    rows: Type.Array(CodeInput, {
      maxItems: 2000,
      description: 'New codes (no version) and changed codes (with the version read)',
    }),
    deleted: Type.Optional(
      Type.Array(Type.Object({ code: Code, version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false }), {
        maxItems: 2000,
      }),
    ),
  },
  { additionalProperties: false },
);
