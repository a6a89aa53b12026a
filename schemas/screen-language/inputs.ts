/** Filters (a list's search inputs) and form fields: the same inputs, each with its own extras. */
import { Type } from 'typebox';
import {
  CallInputs,
  CodeOption,
  DefaultValue,
  Expr,
  Identifier,
  OperationId,
  OptionsFrom,
  Portal,
  Rule,
  Text,
} from './basics';
import { Enum, MapOf, Named } from './helpers';
import { MASK_NAMES, WIDGET_NAMES } from './names';

const Widget = Enum(WIDGET_NAMES);
export const Mask = Enum(MASK_NAMES);

/** Spec §6: which part of the login data an employee filter starts with, by authority group. */
const PREFILL_PARTS = ['section', 'department', 'person'] as const;

/** What filters and form fields share. */
const inputCommon = {
  field: Identifier,
  label: Type.Optional(Text),
  widget: Type.Optional(Widget),
  required: Type.Optional(Type.Boolean()),
  default: Type.Optional(DefaultValue),
  codeGroup: Type.Optional(Type.String({ minLength: 1 })),
  options: Type.Optional(Type.Array(CodeOption)),
  optionsFrom: Type.Optional(OptionsFrom),
  /** First entry of a select: 'all' (전체), 'choose' (선택) or none. */
  emptyOption: Type.Optional(Enum(['all', 'choose', 'none'])),
  mask: Type.Optional(Mask),
  maxLength: Type.Optional(Type.Integer({ minimum: 1 })),
  maxBytes: Type.Optional(Type.Integer({ minimum: 1 })),
  placeholder: Type.Optional(Text),
  visible: Type.Optional(Expr),
  enabled: Type.Optional(Expr),
  /** Grid columns this input spans in its row (1–4). */
  span: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  help: Type.Optional(Text),
  /** Only on this portal (default: both). */
  portal: Type.Optional(Portal),
};

export const Filter = Named(
  'filter',
  Type.Object(
    {
      ...inputCommon,
      /**
       * Query parameters the value goes to. Default: the parameter named `field`. A date range names
       * `{ "from": "whReqFrom", "to": "whReqTo" }`; a popup widget maps its parts
       * (`{ "deptcd": "deptcd" }`).
       */
      params: Type.Optional(
        MapOf(Identifier, { key: Identifier, description: 'Value part → query parameter (dateRange: from/to)' }),
      ),
      /** Spec §6 prefill from login data by authority group (employee filters). */
      prefill: Type.Optional(Enum(PREFILL_PARTS)),
      /** Cleared when this other filter changes (department depends on section). */
      dependsOn: Type.Optional(Identifier),
      in: Type.Optional(
        Enum(['query', 'path'], { description: 'A query parameter (default) or a path parameter of the operation' }),
      ),
    },
    {
      additionalProperties: false,
      description: 'A search filter; its value goes to the query parameter `field` (or `params`)',
    },
  ),
);

export const Field = Named(
  'field',
  Type.Object(
    {
      ...inputCommon,
      /** Data type sent to the server (default string; number widgets: number). */
      type: Type.Optional(Enum(['string', 'integer', 'number', 'boolean'])),
      pattern: Type.Optional(Type.String()),
      minimum: Type.Optional(Type.Number()),
      maximum: Type.Optional(Type.Number()),
      readOnly: Type.Optional(Rule),
      /** Only editable while creating (keys). */
      createOnly: Type.Optional(Type.Boolean()),
      /** Sent only while this holds (e.g. the order's number only for a delivery against an order, `form.noPo == 'N'`). */
      sendWhen: Type.Optional(Expr),
      /**
       * The value comes from another operation (a figure to show, a version to send): called when the
       * record is shown and again when its parameters (expressions over form, query, login) change;
       * `value` is a dotted path into the answer (`resultData.0.FORWARD_YN`). No call while a path
       * parameter is empty, nor while `when` is false (an optional filter left empty would list every row:
       * `when: "!empty(form.rfqNo)"`); the value is empty then. The field is not counted as a change.
       */
      valueFrom: Type.Optional(
        Type.Object(
          {
            operation: OperationId,
            params: Type.Optional(CallInputs),
            value: Type.String({ minLength: 1 }),
            when: Type.Optional(Expr),
          },
          {
            additionalProperties: false,
            description:
              'The value comes from another operation: `value` is a dotted path into its answer (resultData.0.FORWARD_YN)',
          },
        ),
      ),
      /** textarea rows. */
      rows: Type.Optional(Type.Integer({ minimum: 1, maximum: 30 })),
      /**
       * A compound widget (businessSection, department, person) over flat record fields: widget part →
       * record field. The widget starts from those fields and a save sends each part to its field
       * (parts whose field the body does not take are left out).
       */
      params: Type.Optional(
        MapOf(Identifier, {
          description:
            'A compound widget over flat record fields: widget part → record field ({ "topDept": "section", "sectionName": "sectionName" })',
        }),
      ),
    },
    { additionalProperties: false, description: 'A form field' },
  ),
);
