/** Grid columns (lists, detail grids, table panels) and the links they open. */
import { Type } from 'typebox';
import { CodeOption, Fill, Identifier, OperationId, ParamMap, Portal, Route, Rule, ScreenId, Text } from './basics';
import { Const, Enum, Named, OneOf, oneOfRequired } from './helpers';
import { Mask } from './inputs';
import { COLUMN_TYPE_NAMES } from './names';

export const Link = Named(
  'link',
  Type.Object(
    {
      /** Target screen id (preferred) or route. */
      screen: Type.Optional(ScreenId),
      route: Type.Optional(Route),
      /** Target query parameter → expression over the row, e.g. `{ "poNo": "row.poNo" }`. */
      query: Type.Optional(ParamMap),
      /** Open in a dialog instead of navigating (edit screens). */
      dialog: Type.Optional(Type.Boolean()),
    },
    {
      additionalProperties: false,
      description: 'Where a link or double-click goes: a screen id or a route, with query values from the row',
      ...oneOfRequired('screen', 'route'),
    },
  ),
);

export const Column = Named(
  'column',
  Type.Object(
    {
      field: Identifier,
      label: Type.Optional(Text),
      type: Type.Optional(Enum(COLUMN_TYPE_NAMES)),
      width: Type.Optional(Type.Integer({ minimum: 20, maximum: 1000 })),
      align: Type.Optional(Enum(['left', 'right', 'center'])),
      /** Default: sortable when the operation's `sort` accepts the field. */
      sortable: Type.Optional(Type.Boolean()),
      codeGroup: Type.Optional(Type.String({ minLength: 1 })),
      options: Type.Optional(Type.Array(CodeOption)),
      /**
       * number and money columns: the value is an exact decimal held as text (a numeric the server answers as
       * "29.000") — shown grouped like a number, kept and sent as its text (commas typed are dropped), never a
       * JS number that would lose digits past about 15.
       */
      exact: Type.Optional(
        Type.Boolean({
          description: 'number/money columns: an exact decimal held as text, shown grouped, kept and sent as text',
        }),
      ),
      currencyField: Type.Optional(Identifier),
      currency: Type.Optional(Enum(['KRW', 'JPY'])),
      /** datetime columns: spec §5 tokens (lib/date formatDate), default yyyy-MM-dd HH:mm. */
      format: Type.Optional(Type.String()),
      mask: Type.Optional(Mask),
      link: Type.Optional(Link),
      /** Totals row: the server's `totals[field]` when it sends them, else the sum of the loaded rows ('sum') or a label. */
      total: Type.Optional(OneOf([Const('sum'), Type.Object({ label: Text }, { additionalProperties: false })])),
      hidden: Type.Optional(Type.Boolean()),
      /** Default true; false leaves the column out of the Excel file. */
      export: Type.Optional(Type.Boolean()),
      /** Detail grids: the cell can be edited. */
      editable: Type.Optional(Rule),
      /**
       * Detail grids: a computed cell, the exact decimal product of these row fields (quantity ×
       * unit price), kept up to date as they change; empty while one of them is not a number.
       */
      product: Type.Optional(
        Type.Array(Identifier, {
          minItems: 2,
          description: 'Detail grids: a computed cell, the exact product of these row fields (quantity × price)',
        }),
      ),
      /** Detail grids: a row is invalid while this cell is empty. */
      required: Type.Optional(Type.Boolean()),
      maxLength: Type.Optional(Type.Integer({ minimum: 1 })),
      /**
       * Detail grids: a value typed in this cell is looked up and fills the row's other cells — an item
       * code → name, unit, price. `operation` is called with the value as its `param` (a path or query
       * parameter; default the column's field); `fill` maps row field → answer field (a list of names:
       * each from the same name). A refusal (an unknown code) is shown under the grid and leaves the row as typed.
       */
      lookup: Type.Optional(
        Type.Object(
          { operation: OperationId, param: Type.Optional(Identifier), fill: Fill },
          {
            additionalProperties: false,
            description:
              "Detail grids: a typed value is looked up and fills the row's other cells (row field → answer field)",
          },
        ),
      ),
      /** Only on this portal (default: both). */
      portal: Type.Optional(Portal),
    },
    { additionalProperties: false, description: 'A grid column' },
  ),
);
