/**
 * The small pieces every part of a definition uses: texts, expressions, names, call inputs,
 * choices and defaults.
 */
import { Type } from 'typebox';
import { Const, Enum, MapOf, Named, OneOf, Scalar } from './helpers';
import { PORTAL_NAMES } from './names';

/** An i18n key (`screen.messageManage`, `ui.search`) or, when no such key exists, the text itself. */
export const Text = Named(
  'text',
  Type.String({
    minLength: 1,
    description: 'An i18n key (screen.x, ui.search) or, when no such key exists, the text itself',
  }),
);

/**
 * An expression over the screen's data, e.g. `row.endedAt == null && screen.canWrite`.
 * Roots: login, form, row, rows, selection, mode, query, node, screen, detail. No eval: a small
 * parser (engine/expr) reads it, and `npm run screens:check` rejects what it cannot read.
 */
export const Expr = Named(
  'expr',
  Type.String({ minLength: 1, description: 'An expression (engine/expr): row.endedAt == null && screen.canWrite' }),
);

/** An expression or a fixed true/false. */
export const Rule = Named(
  'rule',
  OneOf([Expr, Type.Boolean()], { description: 'An expression or a fixed true/false' }),
);

export const Identifier = Named(
  'identifier',
  Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*$', description: 'A field or parameter name' }),
);

export const OperationId = Named(
  'operationId',
  Type.String({ pattern: '^[A-Za-z][A-Za-z0-9]*$', description: 'An operationId of the OpenAPI document' }),
);

export const Route = Named(
  'route',
  Type.String({ pattern: '^/[A-Za-z0-9/_-]*$', description: 'A spec route, e.g. /portal/system/messageManage' }),
);

export const ScreenId = Named(
  'screenId',
  Type.String({
    pattern: '^[a-z][A-Za-z0-9]*(\\.[A-Za-z][A-Za-z0-9]*)+$',
    description: 'group.name, e.g. portal.messageManage',
  }),
);

/**
 * The portal a part of a definition is shown on: 'internal' (GPMS, staff) or 'external' (OGPMS,
 * suppliers). A part without one is on both. One definition serves a screen mounted on both
 * portals (`portals: ['internal', 'external']`): e.g. a company filter only staff see, actions
 * only suppliers take (engine/runtime/for-portal.ts drops the other portal's parts).
 */
export const Portal = Named(
  'portal',
  Enum(PORTAL_NAMES, {
    description:
      "Shown only on this portal: 'internal' (GPMS, staff) or 'external' (OGPMS under /cyber, suppliers). Absent: on both. See docs/screen-definitions.md 'One screen on both portals'.",
  }),
);

/** Parameter name → expression giving its value (`row.sessionId`, `form.version`, `'Y'`). */
export const ParamMap = Named('paramMap', MapOf(Expr, { key: Identifier, description: 'Parameter name → expression' }));

/** Where a call's inputs come from: path and query parameters, and the body. */
export const CallInputs = Named(
  'callInputs',
  Type.Object(
    {
      path: Type.Optional(ParamMap),
      query: Type.Optional(ParamMap),
      /** 'form' sends the form's values; a map builds the body from expressions. */
      body: Type.Optional(
        OneOf([Const('form'), ParamMap], { description: "'form' sends the form's values; a map builds the body" }),
      ),
    },
    { additionalProperties: false },
  ),
);

/** An operation called with inputs: a record's `load`, a panel's `source`. */
export const OperationCall = Type.Object(
  { operation: OperationId, params: Type.Optional(CallInputs) },
  { additionalProperties: false },
);

export const CodeOption = Named(
  'codeOption',
  Type.Object({ value: Type.String(), text: Type.String() }, { additionalProperties: false }),
);

/** Options of a select from the server: an operation whose answer is a list (or `{ rows }`). */
export const OptionsFrom = Named(
  'optionsFrom',
  Type.Object(
    {
      operation: OperationId,
      value: Identifier,
      text: Identifier,
      /** The call's inputs (as the schema says): `{ "query": { "status": "'AWARDED'" } }`. */
      params: Type.Optional(CallInputs),
    },
    { additionalProperties: false },
  ),
);

/** Login data a default may start from. */
const LOGIN_PARTS = ['auth', 'authGroupId', 'section', 'deptcd', 'deptnm', 'hname', 'singleid'] as const;
/** Date presets a default may name. */
const DATE_PRESETS = ['today', 'lastWeek', 'lastMonth', 'last3Months', 'thisMonth', 'thisYear'] as const;

/** Defaults a filter or a field starts with. */
export const DefaultValue = Named(
  'defaultValue',
  Type.Union(
    [
      Scalar(),
      Type.Array(Type.String()),
      Type.Object({ login: Enum(LOGIN_PARTS) }, { additionalProperties: false }),
      Type.Object({ today: Type.Integer() }, { additionalProperties: false }),
      // The year as YYYY, offset by n years (a fiscal year field starts at this year: { year: 0 }).
      Type.Object({ year: Type.Integer() }, { additionalProperties: false }),
      Type.Object({ preset: Enum(DATE_PRESETS) }, { additionalProperties: false }),
      // Edit forms: the address's parameter (a link's `noPo=Y` starts a delivery without an order), else `or`.
      Type.Object({ query: Identifier, or: Type.Optional(Scalar()) }, { additionalProperties: false }),
      // Prompts: a field of the record the action is on (an edit screen's form, else the chosen row), shown to be
      // checked — a contract's request names the contract's order without asking for it again.
      Type.Object({ record: Identifier }, { additionalProperties: false }),
    ],
    {
      description:
        'A literal, { login: part }, { today: offsetDays }, { year: offsetYears }, { preset: name }, (edit forms) { query: parameter, or: fallback } or (prompts) { record: field }',
    },
  ),
);

/**
 * A `fill` of a lookup or an addFrom: row field → the answer's (or the chosen entry's) field. A list
 * of names (`['itemName', 'spec']`) fills each field from the field of the same name.
 */
export const Fill = OneOf(
  [MapOf(Identifier, { minProperties: 1 }), Type.Array(Identifier, { minItems: 1, uniqueItems: true })],
  { description: "Row field → the answer's field; a list of names fills each from the field of the same name." },
);
