/** Actions: buttons (and their shorthand names) that call, save, open, export … */
import { Type, type Static } from 'typebox';
import { CallInputs, Expr, Identifier, OperationId, ParamMap, Portal, Route, ScreenId, Text } from './basics';
import { Const, Enum, kindIs, Named, oneOfRequired } from './helpers';
import { Field } from './inputs';
import {
  ACTION_KIND_NAMES,
  ACTION_SHORTHANDS,
  CALL_ACTION_KINDS,
  EFFECT_NAMES,
  EXPORT_ACTION_KINDS,
  OPEN_ACTION_KINDS,
  SIMPLE_ACTION_KINDS,
} from './names';

/** `reloadRecord` (edit screens): read the record again with `load` and show it — the document's new state and version after a workflow step. */
export const Effect = Enum(EFFECT_NAMES);

/** What every action may say, whatever its kind. */
const actionCommon = {
  /** Stable id (for tests and analytics); defaults to the kind. */
  id: Type.Optional(Identifier),
  label: Type.Optional(Text),
  /** The menu authority the action needs on the current screen; default: read. */
  requires: Type.Optional(Enum(['read', 'write'])),
  /** Without that authority: hide (default) or show disabled. */
  whenDenied: Type.Optional(Enum(['hide', 'disable'])),
  visible: Type.Optional(Expr),
  enabled: Type.Optional(Expr),
  /**
   * Why the button is disabled, said beside it (and read with it: the button is described by it):
   * the first entry whose `when` holds while the button is disabled — e.g. 개찰 확인 before the
   * close, "입찰 마감 후 확인할 수 있습니다".
   */
  disabledReason: Type.Optional(
    Type.Array(Type.Object({ when: Expr, text: Text }, { additionalProperties: false }), {
      minItems: 1,
      description:
        'Why the button is disabled, shown beside it and describing it: the first entry whose `when` holds while it is disabled',
    }),
  ),
  /** Asks first: an i18n key or text; `{count}` is the number of selected rows. */
  confirm: Type.Optional(Text),
  variant: Type.Optional(Enum(['primary', 'secondary', 'danger'])),
  /** Where a list/tree shows it: above the grid (default) or in the filter bar. */
  placement: Type.Optional(Enum(['toolbar', 'filters'])),
  /** Only on this portal (default: both): e.g. a supplier's writing actions, `'external'`. */
  portal: Type.Optional(Portal),
};

/** Any action object: what the engine reads before it knows the kind (a TS type only; the schema has one definition per kind). */
export const ActionBase = Type.Object({ kind: Enum(ACTION_KIND_NAMES), ...actionCommon });

/**
 * What an action asks before its call (a rejection comment, a reason, the buyer to assign): a
 * dialog with these fields; the answers are `input.<field>` in the action's parameters. The
 * prompt stands in for the confirmation (whose text it shows when it has no `message`).
 */
export const Prompt = Type.Object(
  {
    /** Dialog title; default the action's label. */
    title: Type.Optional(Text),
    /** A line above the fields; default the action's `confirm`. */
    message: Type.Optional(Text),
    fields: Type.Array(Field, { minItems: 1 }),
    /** Fields a row (1–4, default 1). */
    columns: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  },
  {
    additionalProperties: false,
    description:
      'Ask for inputs before the call: a dialog with these fields; the answers are input.<field> in params. Stands in for the confirmation.',
  },
);

export const CallAction = Named(
  'callAction',
  Type.Object(
    {
      kind: Enum(CALL_ACTION_KINDS),
      ...actionCommon,
      /** save in an edit screen: operation for a new record … */
      operation: Type.Optional(OperationId),
      /** … and for an existing one (default: operation). */
      updateOperation: Type.Optional(OperationId),
      /** Rows the call needs: none, exactly one, or one call per selected row (multi). */
      selection: Type.Optional(Enum(['none', 'single', 'multi'])),
      params: Type.Optional(CallInputs),
      /** A message shown after success (i18n key or text). */
      success: Type.Optional(Text),
      /**
       * A message after success by what the answer says: the first entry whose `when` holds
       * (`answer.<field>`), else `success` — a tender's second opening confirmation opens it.
       */
      successWhen: Type.Optional(
        Type.Array(Type.Object({ when: Expr, text: Text }, { additionalProperties: false }), {
          minItems: 1,
          description:
            'A message after success by the answer (answer.<field>): the first entry whose `when` holds, else `success`',
        }),
      ),
      then: Type.Optional(Type.Array(Effect)),
      /**
       * Effects after a refused call too, for operations whose failure the server records (a failed
       * ERP posting answers 424 and leaves the settlement POST_FAILED): `["reloadRecord"]`, `["reload"]`.
       */
      thenOnError: Type.Optional(
        Type.Array(Effect, {
          description:
            'Effects after a refused call too, when the server records the failure (a failed ERP posting: 424, the settlement POST_FAILED)',
        }),
      ),
      /**
       * After success, the page the answer names, its query from expressions over `answer` (a
       * call-off's new order: `{ route: '/OrderRequestEdit', query: { poNo: 'answer.poNo' } }`), so
       * the document made is at its own address (F5, a copied link open it). Stands in for `then`;
       * from a dialog the whole page goes there.
       */
      thenOpen: Type.Optional(
        Type.Object(
          { route: Route, query: Type.Optional(ParamMap) },
          {
            additionalProperties: false,
            description:
              'After success: open this route, its query from the answer (answer.<field>); instead of `then`',
          },
        ),
      ),
      /** Ask for inputs first (`input.<field>` in params). */
      prompt: Type.Optional(Prompt),
      /**
       * Refusals the user may overrule: when the call answers one of these codes (a WARN budget
       * account: `BUDGET_WARN_CONFIRM`; a supplier graded "warn": `EVAL_WARN_CONFIRM`), the server's
       * message is asked as a question and, on 확인, the same call is sent again with `body` added
       * (`{ confirmBudgetWarning: 'true' }`); 취소 sends nothing more. Several may follow one another.
       */
      confirmRefusals: Type.Optional(
        Type.Array(
          Type.Object(
            {
              code: Type.String({ pattern: '^[A-Z][A-Z0-9_]*$', maxLength: 60 }),
              body: ParamMap,
            },
            { additionalProperties: false },
          ),
          {
            minItems: 1,
            description:
              'Refusals the user may overrule: on one of these codes the server’s message is asked and, confirmed, the call is sent again with `body` added',
          },
        ),
      ),
      /**
       * Edit screens: a question asked before the call (instead of `confirm`) while `when` holds — what
       * the user should know at the place of the decision. `{{list}}` in `message` is the texts `list`
       * gives (one a line, repeats once); `link` offers a way forward (예산전용) instead of going on.
       */
      warn: Type.Optional(
        Type.Object(
          {
            when: Expr,
            message: Text,
            list: Type.Optional(Expr),
            link: Type.Optional(
              Type.Object(
                { route: Route, label: Text, query: Type.Optional(ParamMap) },
                { additionalProperties: false },
              ),
            ),
          },
          {
            additionalProperties: false,
            description: 'A question before the call while `when` holds, with `{{list}}` and a link',
          },
        ),
      ),
    },
    { additionalProperties: false, description: 'Calls an operation (with the selected rows, the form or the node)' },
  ),
);

export const OpenAction = Named(
  'openAction',
  Type.Object(
    {
      kind: Enum(OPEN_ACTION_KINDS),
      ...actionCommon,
      screen: Type.Optional(ScreenId),
      route: Type.Optional(Route),
      query: Type.Optional(ParamMap),
      selection: Type.Optional(Enum(['none', 'single'])),
      /** open: in a dialog (default for edit screens without a route). */
      dialog: Type.Optional(Type.Boolean()),
      then: Type.Optional(Type.Array(Effect)),
    },
    {
      additionalProperties: false,
      description: 'Opens another screen (page or dialog)',
      ...oneOfRequired('screen', 'route'),
    },
  ),
);

export const ExportAction = Named(
  'exportAction',
  Type.Object(
    {
      kind: Const('exportExcel'),
      ...actionCommon,
      /** File name without extension (.xlsx is added). */
      fileName: Text,
      sheetName: Type.Optional(Type.String({ maxLength: 31 })),
      /** Rows a page when the engine fetches the whole result (≤ 5000). */
      pageSize: Type.Optional(Type.Integer({ minimum: 100, maximum: 5000 })),
      /**
       * Always written by the server's export job (POST /api/v1/exports), whatever the size; without
       * it the browser writes results up to SERVER_EXPORT_ROWS and the server larger ones.
       */
      server: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: false, description: 'Exports the whole filtered result as .xlsx' },
  ),
);

export const SimpleAction = Named(
  'simpleAction',
  Type.Object({ kind: Enum(SIMPLE_ACTION_KINDS), ...actionCommon }, { additionalProperties: false }),
);

/**
 * An action: a name or an object. The schema picks the object's definition by its `kind` (if/then)
 * rather than trying each (anyOf), so a mistake is reported against the one shape it meant.
 */
export const Action = Named(
  'action',
  Type.Unsafe<
    | (typeof ACTION_SHORTHANDS)[number]
    | Static<typeof CallAction>
    | Static<typeof OpenAction>
    | Static<typeof ExportAction>
    | Static<typeof SimpleAction>
  >({
    description: 'An action: a name (search, reset, exportExcel, back, new) or an object with a kind',
    if: { type: 'string' },
    then: { enum: [...ACTION_SHORTHANDS] },
    else: {
      type: 'object',
      required: ['kind'],
      properties: { kind: { enum: [...ACTION_KIND_NAMES] } },
      allOf: [
        { if: kindIs(CALL_ACTION_KINDS), then: CallAction },
        { if: kindIs(OPEN_ACTION_KINDS), then: OpenAction },
        { if: kindIs(EXPORT_ACTION_KINDS), then: ExportAction },
        { if: kindIs(SIMPLE_ACTION_KINDS), then: SimpleAction },
      ],
    },
  }),
);
