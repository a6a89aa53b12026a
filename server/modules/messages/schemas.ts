import { Type } from 'typebox';
import { PagingQuery, SortQuery } from '../../http/list-query.js';
const Category = Type.Union(
  [Type.Literal('auth'), Type.Literal('http'), Type.Literal('ui'), Type.Literal('validation')],
  {
    description: 'auth, http, ui or validation',
  },
);

export const MessageRow = Type.Object(
  {
    msgKey: Type.String(),
    category: Type.String(),
    textKo: Type.String(),
    textEn: Type.String(),
    updatedAt: Type.String({ format: 'date-time' }),
    version: Type.Integer(),
  },
  { $id: 'MessageRow', title: 'MessageRow' },
);

export const MESSAGE_SORT_FIELDS = ['msgKey', 'category', 'textKo', 'textEn', 'updatedAt'] as const;

export const MessageListQuery = Type.Object(
  {
    msgKey: Type.Optional(Type.String({ maxLength: 100, description: 'Key starts with' })),
    text: Type.Optional(Type.String({ maxLength: 200, description: 'Korean or English text contains' })),
    category: Type.Optional(Category),
    ...PagingQuery,
    sort: SortQuery(MESSAGE_SORT_FIELDS),
  },
  { additionalProperties: false },
);

/** Keys are dotted words: letters, digits, '.', '_' and '-' (AUTH006.retry, ui.search, CMM-0005). */
const MSG_KEY_PATTERN = '^[A-Za-z][A-Za-z0-9_.-]*$';
const MsgKey = Type.String({ minLength: 1, maxLength: 100, pattern: MSG_KEY_PATTERN });

export const MessageKeyParams = Type.Object({ msgKey: MsgKey }, { additionalProperties: false });

const Texts = {
  category: Category,
  textKo: Type.String({ maxLength: 1000 }),
  textEn: Type.String({ maxLength: 1000 }),
};

export const MessageCreateBody = Type.Object({ msgKey: MsgKey, ...Texts }, { additionalProperties: false });
export const MessageUpdateBody = Type.Object(
  { ...Texts, version: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
export const MessageDeleteQuery = Type.Object(
  { version: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);
