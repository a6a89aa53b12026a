import { Type } from 'typebox';
import { Nullable } from '../../domain/schemas.js';

/** A stored screen's name: its route is /s/<name> (internal) or /cyber/s/<name> (external). */
const ScreenName = Type.String({
  pattern: '^[a-z][A-Za-z0-9]{1,37}$',
  description: 'camelCase, 2–38 letters and digits: the route is /s/<name>',
});
const PortalCode = Type.Union([Type.Literal('I'), Type.Literal('X')], {
  description: 'I internal (/s/<name>), X external (/cyber/s/<name>)',
});

/**
 * The definition's text as the analyst typed it. The schema allows 4× the stored limit so that a
 * text over the limit is answered by the service with 413 and the pointer, not a bare 400.
 */
const Source = Type.String({
  maxLength: 262144,
  description: 'The definition as JSON text (stored up to 65,536 bytes of UTF-8)',
});

const Label = Type.Object(
  { ko: Type.String({ maxLength: 200 }), en: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);
/** Field → its Korean and English label; a field left out is labelled by the shared `field.<name>` dictionary. */
const Labels = Type.Record(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,59}$' }), Label, {
  maxProperties: 300,
  description: 'field → { ko, en }',
});

export const StudioProblem = Type.Object(
  {
    pointer: Type.String({
      description: 'JSON pointer into the definition ("" for the whole of it): where the editor goes',
    }),
    message: Type.String({
      description: 'The problem in the reader’s language (Accept-Language), its place named in words',
    }),
    place: Type.Optional(Type.String({ description: 'The place in words ("1번째 열의 field")' })),
    code: Type.Optional(Type.String({ description: 'What kind of problem (lib/screen-check/words.ts)' })),
    params: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'The variables of the problem' })),
    suggestion: Nullable(Type.String({ description: 'The name a "did you mean" offers, if any' })),
    line: Type.Optional(Type.Integer({ description: 'Malformed JSON: the line (1-based)' })),
    column: Type.Optional(Type.Integer({ description: 'Malformed JSON: the column (1-based)' })),
  },
  { $id: 'StudioProblem', title: 'StudioProblem' },
);

export const StudioScreenRow = Type.Object(
  {
    name: Type.String(),
    portal: PortalCode,
    route: Type.String({ description: '/s/<name> or /cyber/s/<name>' }),
    kind: Type.String(),
    title: Type.String(),
    draftVersion: Type.Integer(),
    publishedVersion: Nullable(Type.Integer()),
    pgmId: Nullable(Type.String()),
    problemCount: Type.Integer({ description: 'Problems of the draft when it was saved' }),
    updatedBy: Type.String(),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'StudioScreenRow', title: 'StudioScreenRow' },
);

const MenuGrant = Type.Object(
  {
    authGroupId: Type.String({ minLength: 1, maxLength: 2 }),
    canWrite: Type.Union([Type.Literal('Y'), Type.Literal('N')]),
  },
  { additionalProperties: false },
);

const StudioMenu = Type.Object({
  pgmId: Type.String(),
  parentId: Nullable(Type.String()),
  pgmName: Type.String(),
  pgmNameEn: Type.String(),
  groups: Type.Array(MenuGrant),
});

export const StudioScreen = Type.Object(
  {
    name: Type.String(),
    portal: PortalCode,
    route: Type.String(),
    kind: Type.String(),
    title: Type.String(),
    source: Type.String(),
    labels: Labels,
    problems: Type.Array(Type.Ref('StudioProblem')),
    draftVersion: Type.Integer(),
    publishedVersion: Nullable(Type.Integer()),
    draftIsPublished: Type.Boolean({ description: 'The draft is the published version, text and labels' }),
    menu: Nullable(StudioMenu),
    updatedBy: Type.String(),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'StudioScreen', title: 'StudioScreen' },
);

export const ScreenParams = Type.Object({ name: ScreenName }, { additionalProperties: false });
export const VersionParams = Type.Object(
  { name: ScreenName, versionNo: Type.Integer({ minimum: 1 }) },
  { additionalProperties: false },
);

export const StudioListQuery = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 38 })),
    portal: Type.Optional(PortalCode),
    page: Type.Optional(Type.Integer({ minimum: 1 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  },
  { additionalProperties: false },
);

export const CreateBody = Type.Object(
  { name: ScreenName, portal: PortalCode, source: Source, labels: Type.Optional(Labels) },
  { additionalProperties: false },
);
export const DraftBody = Type.Object(
  {
    version: Type.Integer({ minimum: 1, description: 'The draft version read; a stale one answers 409' }),
    source: Source,
    labels: Type.Optional(Labels),
  },
  { additionalProperties: false },
);
export const CheckBody = Type.Object(
  { name: ScreenName, portal: PortalCode, source: Source },
  { additionalProperties: false },
);
export const CheckAnswer = Type.Object({ valid: Type.Boolean(), problems: Type.Array(Type.Ref('StudioProblem')) });

export const PublishBody = Type.Object(
  {
    version: Type.Integer({ minimum: 1, description: 'The draft version read; a stale one answers 409' }),
    parentId: Type.String({
      minLength: 1,
      maxLength: 40,
      description: 'The menu (a folder of the screen’s portal) the new menu row goes under',
    }),
    menuName: Type.String({ minLength: 1, maxLength: 100 }),
    menuNameEn: Type.String({ minLength: 1, maxLength: 100 }),
    groups: Type.Array(MenuGrant, {
      minItems: 1,
      maxItems: 30,
      description: 'The authority groups that may open it (canWrite: also its writing actions)',
    }),
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export const VersionBody = Type.Object(
  {
    version: Type.Integer({ minimum: 1, description: 'The draft version read; a stale one answers 409' }),
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

export const VersionRow = Type.Object(
  {
    versionNo: Type.Integer(),
    note: Nullable(Type.String()),
    restoredFrom: Nullable(Type.Integer()),
    published: Type.Boolean({ description: 'The version now published' }),
    createdBy: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { $id: 'StudioVersionRow', title: 'StudioVersionRow' },
);
export const VersionDetail = Type.Object({
  versionNo: Type.Integer(),
  source: Type.String(),
  labels: Labels,
  note: Nullable(Type.String()),
  createdBy: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});

export const DiffQuery = Type.Object(
  {
    against: Type.Optional(
      Type.String({ pattern: '^(draft|[0-9]{1,9})$', description: '"draft" (default) or a version number' }),
    ),
  },
  { additionalProperties: false },
);
const DiffLine = Type.Object({
  op: Type.Union([Type.Literal('='), Type.Literal('+'), Type.Literal('-')]),
  text: Type.String(),
});
export const DiffAnswer = Type.Object({
  from: Type.String({ description: 'v<N>' }),
  to: Type.String({ description: 'v<N> or draft' }),
  lines: Type.Array(DiffLine, { description: 'The definitions’ lines: = in both, - only in from, + only in to' }),
  labels: Type.Array(Type.Object({ field: Type.String(), from: Nullable(Label), to: Nullable(Label) }), {
    description: 'Labels that differ',
  }),
  changes: Type.Union(
    [
      Type.Array(
        Type.Object({
          op: Type.Union([Type.Literal('add'), Type.Literal('remove'), Type.Literal('change'), Type.Literal('move')]),
          pointer: Type.String({ description: 'Where, in the newer definition (a removal: in the older)' }),
          from: Type.Optional(Type.String({ description: 'A move: where it was' })),
          before: Type.Optional(Type.Unknown()),
          after: Type.Optional(Type.Unknown()),
          value: Type.Optional(Type.Unknown()),
        }),
      ),
      Type.Null(),
    ],
    {
      description:
        'The changes by JSON pointer (formatting alone is none; a moved item is one move); null when a side is not valid JSON',
    },
  ),
});

export const RuntimeParams = Type.Object({ name: ScreenName }, { additionalProperties: false });
export const RuntimeAnswer = Type.Object({
  name: Type.String(),
  route: Type.String(),
  versionNo: Type.Integer(),
  definition: Type.Unknown({ description: 'The published definition' }),
  labels: Labels,
  mark: Type.String({
    description:
      'The X-Studio-Screen header every call of this screen carries: the screen and version, sealed for this session (server/http/studio-marks.ts)',
  }),
});

const Names = Type.Array(Type.String());
export const OperationsAnswer = Type.Object({
  rows: Type.Array(
    Type.Object({
      id: Type.String(),
      method: Type.String(),
      path: Type.String(),
      list: Type.Boolean({ description: 'Answers { rows, total }: a list screen’s source' }),
      pathParams: Names,
      queryParams: Names,
      sortFields: Names,
      rowFields: Type.Union([Names, Type.Null()]),
      answerFields: Type.Union([Names, Type.Null()]),
      bodyFields: Type.Union([Names, Type.Null()]),
      summary: Type.Union([Type.String(), Type.Null()], {
        description:
          'What the operation is, in the reader’s language: the menu of the screen it serves (Korean), else the contract’s summary',
      }),
      title: Type.Union([Label, Type.Null()], {
        description: 'Its name in Korean and English (the contract’s), which the check’s sentences name it by',
      }),
      screens: Type.Array(Type.String(), {
        description: 'The menus of the screens that use it, in the reader’s language',
      }),
      fieldTexts: Type.Record(Type.String(), Type.String(), {
        description: 'Field → its own words in the contract (title, else description): a label chosen by context',
      }),
      screen: Type.Union([Type.String(), Type.Null()], {
        description: 'The built-in screen that reads it (a list’s source, an edit screen’s load)',
      }),
      screenLabels: Type.Record(Type.String(), Label, { description: 'Field → the label that screen gives it' }),
    }),
  ),
  total: Type.Integer(),
});

export const ImportBody = Type.Object(
  {
    content: Source,
    fileName: Type.Optional(
      Type.String({
        maxLength: 200,
        description: 'The file’s name (<name>.screen.json): the screen’s name when the file names none',
      }),
    ),
    labels: Type.Optional(
      Type.Unknown({
        description:
          'The labels file as export writes it ({ ko, en } texts under screen.studio.<name>), or the label table { field: { ko, en } }',
      }),
    ),
    name: Type.Optional(ScreenName),
    portal: Type.Optional(PortalCode),
    version: Type.Optional(
      Type.Integer({
        minimum: 1,
        description:
          'To import as the draft of the screen of that name: its draft version read (a stale one answers 409)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const GenerateBody = Type.Object(
  {
    operation: Type.String({
      pattern: '^[A-Za-z][A-Za-z0-9]{0,99}$',
      description: 'A list operation of the contract (GET, answering { rows, total })',
    }),
    name: Type.Optional(ScreenName),
  },
  { additionalProperties: false },
);
export const GenerateAnswer = Type.Object({
  operation: Type.String(),
  portal: PortalCode,
  source: Type.String({ description: 'The generated definition as JSON text' }),
  fields: Type.Array(Type.String(), { description: 'The fields it labels (filters and columns)' }),
  labels: Type.Record(Type.String(), Type.Object({ ko: Type.String(), en: Type.String() }), {
    description:
      'Korean and English labels for the fields, from the operation’s words and the built-in screen that reads it (a field neither names: none, the dictionary’s word)',
  }),
  problems: Type.Array(Type.Ref('StudioProblem')),
});
export const GeneratableAnswer = Type.Object({
  rows: Type.Array(
    Type.Object({
      id: Type.String(),
      title: Type.String({
        description: 'Its name for people, in the caller’s language (Korean: the contract’s x-title-ko)',
      }),
      path: Type.String(),
      summary: Nullable(Type.String()),
      portal: PortalCode,
    }),
  ),
  total: Type.Integer(),
});

export const DriftAnswer = Type.Object({
  rows: Type.Array(
    Type.Object({
      name: Type.String(),
      portal: PortalCode,
      route: Type.String(),
      versionNo: Type.Integer({ description: 'The published version checked' }),
      problems: Type.Array(Type.Ref('StudioProblem')),
    }),
  ),
  total: Type.Integer({ description: 'Published screens the contract breaks' }),
  published: Type.Integer({ description: 'Published screens checked' }),
});

export const PreviewGroupParams = Type.Object(
  { authGroupId: Type.String({ minLength: 1, maxLength: 2 }) },
  { additionalProperties: false },
);
export const PreviewGroupAnswer = Type.Object({
  authGroupId: Type.String(),
  nameKo: Type.String(),
  nameEn: Type.String(),
  portal: PortalCode,
  menus: Type.Array(
    Type.Object({
      pgmId: Type.String(),
      path: Nullable(Type.String()),
      subPaths: Type.Array(Type.String()),
      canRead: Type.Boolean(),
      canWrite: Type.Boolean(),
    }),
  ),
});
