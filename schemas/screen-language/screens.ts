/** The five kinds of screen and the root of the language: a definition is one of them, chosen by `kind`. */
import { Type, type Static, type TSchema } from 'typebox';
import { Action } from './actions';
import { CallInputs, Identifier, OperationCall, OperationId, Portal, Route, ScreenId, Text } from './basics';
import { editBodyProperties, EditBody } from './edit';
import { Column, Link } from './grid';
import { AnyObject, Const, Enum, kindIs, MapOf, Named, OneOf, oneOfRequired } from './helpers';
import { Filter } from './inputs';
import { PORTAL_NAMES, SCREEN_KINDS } from './names';

/** What every screen says, whatever its kind. */
function screenBase<K extends (typeof SCREEN_KINDS)[number]>(kind: K) {
  return {
    $schema: Type.Optional(Type.String()),
    /** Unique id, `group.name` (e.g. `portal.messageManage`). */
    id: ScreenId,
    kind: Const(kind),
    title: Text,
    /** Spec route (`/portal/system/messageManage`); screens opened only in a dialog have none. */
    route: Type.Optional(Route),
    /**
     * Default ['internal']; 'external' mounts it under /cyber; both mount the one definition at both
     * addresses (parts marked `portal` show on theirs only; `screen.portal` in expressions).
     */
    portals: Type.Optional(Type.Array(Enum(PORTAL_NAMES), { minItems: 1, uniqueItems: true })),
    /**
     * The prefix of this screen's field labels (`screen.purchaseRequest.field`): a field, column,
     * filter or series without a `label` of its own is labelled `<prefix>.<field>`, else
     * `field.<field>` from the shared dictionary, else its name (engine/runtime/field-labels.ts).
     */
    labels: Type.Optional(
      Type.String({
        minLength: 1,
        description:
          "The prefix of this screen's field labels (e.g. screen.purchaseRequest.field): a field, column, filter or series without a label of its own is labelled <prefix>.<field>, else field.<field> from the shared dictionary, else its name.",
      }),
    ),
    /** Mounted only in the Vite dev server, tests and builds with VITE_DEV_PAGES=true (a diagnostic page). */
    devOnly: Type.Optional(
      Type.Boolean({
        description:
          'Mounted only in the Vite dev server, in tests and in builds with VITE_DEV_PAGES=true; a production build has no route for it.',
      }),
    ),
    /** Route whose menu authority governs the actions (default: route). */
    menu: Type.Optional(Route),
    description: Type.Optional(Type.String()),
  };
}

export const ListSource = Type.Object(
  {
    operation: OperationId,
    /** Row field that identifies a row (selection survives paging by it). */
    rowKey: Type.Optional(Identifier),
    /** Extra parameters every call sends, as expressions. */
    params: Type.Optional(CallInputs),
    pageSize: Type.Optional(Type.Integer({ minimum: 10, maximum: 500 })),
    /** `field:asc|desc` */
    defaultSort: Type.Optional(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]*:(asc|desc)$' })),
    /** Search once when the screen opens (default true unless a filter is required and empty). */
    autoSearch: Type.Optional(Type.Boolean()),
    /**
     * Figures read from summaries a job keeps (reports): when an answer's `summary` names months still
     * being rebuilt (`pendingMonths`), a button calls this operation to rebuild them now, then searches
     * again. Its params are expressions over `filters` (the period searched).
     */
    rebuild: Type.Optional(OperationCall),
  },
  { additionalProperties: false },
);

/** One series of a chart: a numeric row field. */
const ChartSeries = Type.Object(
  {
    field: Identifier,
    label: Type.Optional(Text),
    color: Type.Optional(Type.String({ pattern: '^#[0-9a-fA-F]{3,8}$' })),
  },
  { additionalProperties: false },
);

/** `chart` of a list screen (docs/screen-definitions.md "Charts"). */
export const ListChart = Type.Object(
  {
    /** `bar` (grouped bars), `stackedBar` (series stacked), `line`. */
    kind: Enum(['bar', 'stackedBar', 'line']),
    /** The category field (the axis labels). */
    x: Identifier,
    series: Type.Array(ChartSeries, { minItems: 1 }),
    /** Rows charted (in the grid's order), default 20. */
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
    /** Pixels, default 260. */
    height: Type.Optional(Type.Integer({ minimum: 120, maximum: 800 })),
    title: Type.Optional(Text),
    /** A click on a bar or point opens this link; `row` is the row behind the mark. */
    drill: Type.Optional(Link),
  },
  {
    additionalProperties: false,
    description:
      'A chart over the same rows as the grid: categories from x, one bar/line per series; drill opens a link for the clicked row',
  },
);

/** One axis of a pivot: the row fields holding its key and its name. */
const PivotAxis = Type.Object(
  {
    key: Identifier,
    label: Identifier,
    /**
     * The filter that chooses this axis's dimension (a select): the chosen option's text names the
     * axis (협력사, 월 …); for the column axis, an empty choice means no columns (the totals only).
     */
    dimension: Type.Optional(Identifier),
    /** The axis's name when no filter chooses it. */
    title: Type.Optional(Text),
  },
  { additionalProperties: false },
);

/** A figure the pivot can show: a numeric row field and, beside it, the same over the previous period. */
const PivotMeasure = Type.Object(
  {
    field: Identifier,
    /** The same measure over the previous period (the cell shows it and the change in %). */
    previous: Type.Optional(Identifier),
    label: Type.Optional(Text),
    /** `money` (with `currency`: KRW and JPY shown in whole units with their unit) or `number` (default). */
    type: Type.Optional(Enum(['number', 'money'])),
    currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$' })),
  },
  { additionalProperties: false },
);

/** `pivot` of a list screen (docs/screen-definitions.md "Pivot"). */
export const ListPivot = Type.Object(
  {
    row: PivotAxis,
    column: Type.Optional(PivotAxis),
    /** The measures the user chooses among (the first shown first). */
    measures: Type.Array(PivotMeasure, { minItems: 1 }),
    /**
     * A click on a cell, or Enter on the focused cell, opens this link; `row` is the cell: its row and
     * column keys and names (a total has only one of them, the grand total none).
     */
    drill: Type.Optional(Link),
    /** A bar chart of the row totals above the pivot (the period beside the previous one). */
    chart: Type.Optional(
      Type.Object(
        {
          /** Rows drawn, largest first (default 20). */
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
          /** Pixels, default 260. */
          height: Type.Optional(Type.Integer({ minimum: 120, maximum: 800 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  {
    additionalProperties: false,
    description:
      'The rows (one per key pair) as a pivot table instead of the grid: row keys down, column keys across, totals; a measure chooser, a chart of the row totals, drill from any cell',
  },
);

export const ListScreen = Named(
  'listScreen',
  Type.Object(
    {
      ...screenBase('list'),
      source: ListSource,
      filters: Type.Optional(Type.Array(Filter)),
      /** Keep the filter (and whether a search ran) for the tab's session; `key` names the slot (spec §3). */
      rememberFilters: Type.Optional(
        OneOf([Type.Boolean(), Type.Object({ key: Type.String({ minLength: 1 }) }, { additionalProperties: false })]),
      ),
      columns: Type.Array(Column, { minItems: 1 }),
      selection: Type.Optional(Enum(['none', 'single', 'multi'])),
      /** Double-click on a row. */
      rowOpen: Type.Optional(Link),
      actions: Type.Optional(Type.Array(Action)),
      /** Visible rows (spec §9 default 10). */
      visibleRows: Type.Optional(Type.Integer({ minimum: 3, maximum: 50 })),
      /** Show a totals row (from the server's `totals`, or sums of the loaded rows). */
      totals: Type.Optional(Type.Boolean()),
      /**
       * The server's `totals` are sums per currency over the whole filter (`{ "KRW": "…", "JPY": "…" }`):
       * shown beside the count as 합계 KRW 1,234,000 · JPY 56,000 (currencies summing to zero left out).
       */
      currencyTotals: Type.Optional(
        Type.Boolean({
          description: "The server's totals are sums per currency ({ KRW, JPY }): shown beside the count.",
        }),
      ),
      /**
       * A chart over the same rows as the grid (engine/chart): the first `limit` rows in the grid's
       * order, categories from `x`, one bar / line per series; a click on a bar or point opens `drill`
       * with `row` = the row behind it.
       */
      chart: Type.Optional(ListChart),
      /**
       * The rows as a pivot table instead of the grid (widgets/pivot-table): every row of the result is
       * read, one per key pair; rows × columns with totals, the measure chosen above it, a chart of the
       * row totals, drill from any cell. The Excel export is written by the server as the pivot: a sheet per
       * measure (rows × columns, the previous period and the change, totals), then the rows as `columns` say.
       */
      pivot: Type.Optional(ListPivot),
    },
    { additionalProperties: false, description: 'A list: filters, a server-paged grid, actions, Excel export' },
  ),
);

/**
 * A record named by a query parameter that one portal must give (staff opening a supplier's own
 * page): without it, the screen offers the picker (company popup over `operation`) instead of
 * loading, and the choice goes into the address.
 */
export const Choose = Type.Object(
  {
    /** The query parameter the chosen entry fills (its field of the same name). */
    param: Identifier,
    widget: Enum(['company']),
    /** The search: called with compNo, compNameKr or taxNo from the popup's one filter. */
    operation: OperationId,
    /** Asked only on this portal (absent: on both). */
    portal: Type.Optional(Portal),
    /** The prompt above the button. */
    message: Type.Optional(Text),
  },
  {
    additionalProperties: false,
    description:
      "A record named by a query parameter one portal must give (staff at a supplier's own page): without it the screen offers the company popup over `operation` instead of loading; the choice goes into the address.",
  },
);

export const EditScreen = Named(
  'editScreen',
  Type.Object(
    {
      ...screenBase('edit'),
      ...editBodyProperties,
      /**
       * The heading while a record is shown (loaded by its key, or saved from the create form):
       * 역경매 수정 where `title` says 역경매 등록. Absent: `title` in both modes.
       */
      updateTitle: Type.Optional(Text),
      choose: Type.Optional(Choose),
      /**
       * A load refused with one of these codes opens the link instead of showing the error (my account
       * without the recent password check → the page that asks for it, which comes back here).
       */
      refused: Type.Optional(
        MapOf(
          Type.Object(
            { screen: Type.Optional(ScreenId), route: Type.Optional(Route) },
            { additionalProperties: false, ...oneOfRequired('screen', 'route') },
          ),
          {
            key: Type.String({ pattern: '^[A-Z][A-Z0-9_]*$' }),
            description:
              "A load refused with one of these error codes opens this screen or route instead of showing the error (in the refused page's place in the history).",
          },
        ),
      ),
    },
    {
      additionalProperties: false,
      description: 'An edit/detail screen: form sections, detail grids, attachments, workflow actions',
    },
  ),
);

const TreeSource = Type.Object(
  {
    operation: OperationId,
    params: Type.Optional(CallInputs),
    idField: Identifier,
    /** Parent id field; without it the nodes are one flat level. */
    parentField: Type.Optional(Identifier),
    labelField: Identifier,
    /** A second, dimmer text after the label (e.g. the code id). */
    detailField: Type.Optional(Identifier),
    /** A filter box above the tree (client-side). */
    search: Type.Optional(Type.Boolean()),
    rootLabel: Type.Optional(Text),
  },
  { additionalProperties: false },
);

export const TreeScreen = Named(
  'treeScreen',
  Type.Object(
    {
      ...screenBase('tree'),
      tree: TreeSource,
      /** The selected node's editor: `node` in expressions; the form starts from the node's row. */
      detail: EditBody,
      actions: Type.Optional(Type.Array(Action)),
    },
    {
      additionalProperties: false,
      description: "Master-detail: a tree (or flat list) of nodes and the selected node's editor",
    },
  ),
);

export const Panel = Named(
  'panel',
  Type.Object(
    {
      id: Identifier,
      title: Type.Optional(Text),
      type: Enum(['bar', 'line', 'area', 'pie', 'stat', 'table']),
      source: OperationCall,
      /** Category field (bar, line, area) or name field (pie). */
      x: Type.Optional(Identifier),
      series: Type.Optional(Type.Array(ChartSeries, { minItems: 1 })),
      /** stat: the figure; pie: the slice size. */
      value: Type.Optional(Identifier),
      /** stat: 'count' counts the rows; 'sum' adds `value`; 'total' reads the answer's total. */
      aggregate: Type.Optional(Enum(['count', 'sum', 'total'])),
      columns: Type.Optional(Type.Array(Column)),
      span: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
      height: Type.Optional(Type.Integer({ minimum: 120, maximum: 800 })),
      limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000 })),
    },
    { additionalProperties: false },
  ),
);

export const DashboardScreen = Named(
  'dashboardScreen',
  Type.Object(
    {
      ...screenBase('dashboard'),
      panels: Type.Array(Panel, { minItems: 1 }),
      columns: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
    },
    { additionalProperties: false, description: 'A dashboard of charts (recharts), figures and small tables' },
  ),
);

export const CustomScreen = Named(
  'customScreen',
  Type.Object(
    {
      ...screenBase('custom'),
      /** The default export of the file `<component>.custom.tsx` under app/custom-screens/. */
      component: Identifier,
      props: Type.Optional(AnyObject()),
    },
    { additionalProperties: false, description: "A registered component inside the engine's frame" },
  ),
);

/** Each kind's definition, in SCREEN_KINDS' order. */
const BY_KIND = {
  list: ListScreen,
  edit: EditScreen,
  tree: TreeScreen,
  dashboard: DashboardScreen,
  custom: CustomScreen,
} satisfies Record<(typeof SCREEN_KINDS)[number], TSchema>;

/**
 * A screen definition: the root of schemas/screen.schema.json. The schema picks the kind's
 * definition by `kind` (if/then) rather than trying each (anyOf), so a mistake is reported against
 * the kind the file says it is.
 */
export const Screen = Type.Unsafe<{ [K in keyof typeof BY_KIND]: Static<(typeof BY_KIND)[K]> }[keyof typeof BY_KIND]>({
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://gpms.local/schemas/screen.schema.json',
  title: 'GPMS screen definition',
  description: 'One screen of GPMS/OGPMS as data. See docs/screen-definitions.md.',
  type: 'object',
  required: ['id', 'kind', 'title'],
  properties: { kind: { enum: [...SCREEN_KINDS] } },
  allOf: SCREEN_KINDS.map((kind) => ({ if: kindIs([kind], true), then: BY_KIND[kind] })),
});
