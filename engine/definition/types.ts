/**
 * The screen-definition language as TypeScript types. `schemas/screen.schema.json` says the same
 * for JSON files (a test keeps the two in step); docs/screen-definitions.md explains every property.
 *
 * A definition says WHAT the screen is; the engine decides HOW. Widgets, column types, masks,
 * actions and custom components are named, never imported, and looked up in the registry.
 */
import type { ActionKindName, ColumnTypeName, MaskName, WidgetName } from '../registry/names';
import type { FillMap } from './fill';

export type { FillMap } from './fill';

/**
 * An expression over the screen's data, e.g. `row.endedAt == null && screen.canWrite`.
 * Roots: login, form, row, rows, selection, mode, query, node, screen, detail. No eval: a small
 * parser (engine/expr) reads it, and `npm run screens:check` rejects what it cannot read.
 */
export type Expr = string;

/** An i18n key (`screen.messageManage`, `ui.search`) or, when no such key exists, the text itself. */
export type Text = string;

/**
 * The portal a part of a definition is shown on: 'internal' (GPMS, staff) or 'external' (OGPMS,
 * suppliers). A part without one is on both. One definition serves a screen mounted on both
 * portals (`portals: ['internal', 'external']`): e.g. a company filter only staff see, actions
 * only suppliers take (engine/runtime/for-portal.ts drops the other portal's parts).
 */
export type PortalName = 'internal' | 'external';

export interface CodeOption {
  value: string;
  text: string;
}

/** Options of a select from the server: an operation whose answer is a list (or `{ rows }`). */
export interface OptionsFrom {
  operation: string;
  value: string;
  text: string;
  /** The call's inputs (as the schema says): `{ "query": { "status": "'AWARDED'" } }`. */
  params?: CallInputs;
}

/** Parameter name → expression giving its value (`row.sessionId`, `form.version`, `'Y'`). */
export type ParamMap = Record<string, Expr>;

/** Where a call's inputs come from: path and query parameters, and the body. */
export interface CallInputs {
  path?: ParamMap;
  query?: ParamMap;
  /** 'form' sends the form's values; a map builds the body from expressions. */
  body?: 'form' | ParamMap;
}

/** Defaults a filter or a field starts with. */
export type DefaultValue =
  | string
  | number
  | boolean
  | string[]
  | null
  | { login: 'auth' | 'authGroupId' | 'section' | 'deptcd' | 'deptnm' | 'hname' | 'singleid' }
  | { today: number }
  | { preset: 'today' | 'lastWeek' | 'lastMonth' | 'last3Months' | 'thisMonth' | 'thisYear' };

/** Spec §6: which part of the login data an employee filter starts with, by authority group. */
export type PrefillPart = 'section' | 'department' | 'person';

interface InputCommon {
  field: string;
  label?: Text;
  widget?: WidgetName;
  required?: boolean;
  default?: DefaultValue;
  codeGroup?: string;
  options?: CodeOption[];
  optionsFrom?: OptionsFrom;
  /** First entry of a select: 'all' (전체), 'choose' (선택) or none. */
  emptyOption?: 'all' | 'choose' | 'none';
  mask?: MaskName;
  maxLength?: number;
  maxBytes?: number;
  placeholder?: Text;
  visible?: Expr;
  enabled?: Expr;
  /** Grid columns this input spans in its row (1–4). */
  span?: number;
  help?: Text;
  /** Only on this portal (default: both). */
  portal?: PortalName;
}

export interface FilterDef extends InputCommon {
  /**
   * Query parameters the value goes to. Default: the parameter named `field`. A date range names
   * `{ "from": "whReqFrom", "to": "whReqTo" }`; a popup widget maps its parts
   * (`{ "deptcd": "deptcd" }`).
   */
  params?: Record<string, string>;
  /** Spec §6 prefill from login data by authority group (employee filters). */
  prefill?: PrefillPart;
  /** Cleared when this other filter changes (department depends on section). */
  dependsOn?: string;
  /** Where the value goes: a query parameter (default) or a path parameter of the operation. */
  in?: 'query' | 'path';
}

export interface LinkDef {
  /** Target screen id (preferred) or route. */
  screen?: string;
  route?: string;
  /** Target query parameter → expression over the row, e.g. `{ "poNo": "row.poNo" }`. */
  query?: ParamMap;
  /** Open in a dialog instead of navigating (edit screens). */
  dialog?: boolean;
}

export interface ColumnDef {
  field: string;
  /** Only on this portal (default: both). */
  portal?: PortalName;
  label?: Text;
  type?: ColumnTypeName;
  width?: number;
  align?: 'left' | 'right' | 'center';
  /** Default: sortable when the operation's `sort` accepts the field. */
  sortable?: boolean;
  codeGroup?: string;
  options?: CodeOption[];
  currencyField?: string;
  currency?: 'KRW' | 'JPY';
  /** datetime columns: spec §5 tokens (lib/date formatDate), default yyyy-MM-dd HH:mm. */
  format?: string;
  mask?: MaskName;
  link?: LinkDef;
  /** Totals row: the server's `totals[field]` when it sends them, else the sum of the loaded rows ('sum') or a label. */
  total?: 'sum' | { label: Text };
  hidden?: boolean;
  /** Default true; false leaves the column out of the Excel file. */
  export?: boolean;
  /** Detail grids: the cell can be edited. */
  editable?: boolean | Expr;
  /** Detail grids: a row is invalid while this cell is empty. */
  required?: boolean;
  /**
   * Detail grids: a value typed in this cell is looked up and fills the row's other cells — an item
   * code → name, unit, price. `operation` is called with the value as its `param` (a path or query
   * parameter; default the column's field); `fill` maps row field → answer field (a list of names: each from the same name). A refusal (an
   * unknown code) is shown under the grid and leaves the row as typed.
   */
  lookup?: { operation: string; param?: string; fill: FillMap };
  maxLength?: number;
}

export interface ActionBase {
  kind: ActionKindName;
  /** Stable id (for tests and analytics); defaults to the kind. */
  id?: string;
  label?: Text;
  /** The menu authority the action needs on the current screen; default: read. */
  requires?: 'read' | 'write';
  /** Without that authority: hide (default) or show disabled. */
  whenDenied?: 'hide' | 'disable';
  visible?: Expr;
  enabled?: Expr;
  /** Asks first: an i18n key or text; `{count}` is the number of selected rows. */
  confirm?: Text;
  variant?: 'primary' | 'secondary' | 'danger';
  /** Where a list/tree shows it: above the grid (default) or in the filter bar. */
  placement?: 'toolbar' | 'filters';
  /** Only on this portal (default: both): e.g. a supplier's writing actions, `'external'`. */
  portal?: PortalName;
}

/** `reloadRecord` (edit screens): read the record again with `load` and show it — the document's new state and version after a workflow step. */
export type Effect = 'reload' | 'back' | 'close' | 'reloadTexts' | 'reloadCodes' | 'clearSelection' | 'newRecord' | 'reloadRecord';

/**
 * What an action asks before its call (a rejection comment, a reason, the buyer to assign): a
 * dialog with these fields; the answers are `input.<field>` in the action's parameters. The
 * prompt stands in for the confirmation (whose text it shows when it has no `message`).
 */
export interface PromptDef {
  /** Dialog title; default the action's label. */
  title?: Text;
  /** A line above the fields; default the action's `confirm`. */
  message?: Text;
  fields: FieldDef[];
  /** Fields a row (1–4, default 1). */
  columns?: number;
}

export interface CallAction extends ActionBase {
  kind: 'call' | 'save' | 'delete' | 'workflow';
  /** save in an edit screen: operation for a new record … */
  operation?: string;
  /** … and for an existing one (default: operation). */
  updateOperation?: string;
  /** Rows the call needs: none, exactly one, or one call per selected row (multi). */
  selection?: 'none' | 'single' | 'multi';
  params?: CallInputs;
  /** A message shown after success (i18n key or text). */
  success?: Text;
  then?: Effect[];
  /**
   * Effects after a refused call too, for operations whose failure the server records (a failed
   * ERP posting answers 424 and leaves the settlement POST_FAILED): `["reloadRecord"]`, `["reload"]`.
   */
  thenOnError?: Effect[];
  /** Ask for inputs first (`input.<field>` in params). */
  prompt?: PromptDef;
}

export interface OpenAction extends ActionBase {
  kind: 'open' | 'navigate';
  screen?: string;
  route?: string;
  query?: ParamMap;
  selection?: 'none' | 'single';
  /** open: in a dialog (default for edit screens without a route). */
  dialog?: boolean;
  then?: Effect[];
}

export interface ExportAction extends ActionBase {
  kind: 'exportExcel';
  /** File name without extension (.xlsx is added). */
  fileName: Text;
  sheetName?: string;
  /** Rows a page when the engine fetches the whole result (≤ 5000). */
  pageSize?: number;
}

export interface SimpleAction extends ActionBase {
  kind: 'search' | 'reset' | 'back' | 'new' | 'close';
}

export type ActionDef = 'search' | 'reset' | 'exportExcel' | 'back' | 'new' | CallAction | OpenAction | ExportAction | SimpleAction;

export interface ListSource {
  operation: string;
  /** Row field that identifies a row (selection survives paging by it). */
  rowKey?: string;
  /** Extra parameters every call sends, as expressions. */
  params?: CallInputs;
  pageSize?: number;
  /** `field:asc|desc` */
  defaultSort?: string;
  /** Search once when the screen opens (default true unless a filter is required and empty). */
  autoSearch?: boolean;
}

interface ScreenBase {
  $schema?: string;
  /** Unique id, `group.name` (e.g. `portal.messageManage`). */
  id: string;
  title: Text;
  /** Spec route (`/portal/system/messageManage`); screens opened only in a dialog have none. */
  route?: string;
  /**
   * Default ['internal']; 'external' mounts it under /cyber; both mount the one definition at both
   * addresses (parts marked `portal` show on theirs only; `screen.portal` in expressions).
   */
  portals?: PortalName[];
  /** Mounted only in the Vite dev server, tests and builds with VITE_DEV_PAGES=true (a diagnostic page). */
  devOnly?: boolean;
  /** Route whose menu authority governs the actions (default: route). */
  menu?: string;
  description?: string;
  /**
   * The prefix of this screen's field labels (`screen.purchaseRequest.field`): a field, column,
   * filter or series without a `label` of its own is labelled `<prefix>.<field>`, else
   * `field.<field>` from the shared dictionary, else its name (engine/runtime/field-labels.ts).
   */
  labels?: Text;
}

export interface ListScreenDef extends ScreenBase {
  kind: 'list';
  source: ListSource;
  filters?: FilterDef[];
  /** Keep the filter (and whether a search ran) for the tab's session; `key` names the slot (spec §3). */
  rememberFilters?: boolean | { key: string };
  columns: ColumnDef[];
  selection?: 'none' | 'single' | 'multi';
  /** Double-click on a row. */
  rowOpen?: LinkDef;
  actions?: ActionDef[];
  /** Visible rows (spec §9 default 10). */
  visibleRows?: number;
  /** Show a totals row (from the server's `totals`, or sums of the loaded rows). */
  totals?: boolean;
  /**
   * The server's `totals` are sums per currency over the whole filter (`{ "KRW": "…", "JPY": "…" }`):
   * shown beside the count as 합계 KRW 1,234,000 · JPY 56,000 (currencies summing to zero left out).
   */
  currencyTotals?: boolean;
  /**
   * A chart over the same rows as the grid (engine/chart): the first `limit` rows in the grid's
   * order, categories from `x`, one bar / line per series; a click on a bar or point opens `drill`
   * with `row` = the row behind it.
   */
  chart?: ListChartDef;
}

/** One series of a chart: a numeric row field. */
export interface ChartSeriesDef {
  field: string;
  label?: Text;
  color?: string;
}

/** `chart` of a list screen (docs/screen-definitions.md "Charts"). */
export interface ListChartDef {
  /** `bar` (grouped bars), `stackedBar` (series stacked), `line`. */
  kind: 'bar' | 'stackedBar' | 'line';
  /** The category field (the axis labels). */
  x: string;
  series: ChartSeriesDef[];
  /** Rows charted (in the grid's order), default 20. */
  limit?: number;
  /** Pixels, default 260. */
  height?: number;
  title?: Text;
  /** A click on a bar or point opens this link; `row` is the row behind the mark. */
  drill?: LinkDef;
}

export interface FieldDef extends InputCommon {
  /** Data type sent to the server (default string; number widgets: number). */
  type?: 'string' | 'integer' | 'number' | 'boolean';
  pattern?: string;
  minimum?: number;
  maximum?: number;
  readOnly?: Expr | boolean;
  /** Only editable while creating (keys). */
  createOnly?: boolean;
  /**
   * The value comes from another operation (a figure to show, a version to send): called when the
   * record is shown and again when its parameters (expressions over form, query, login) change;
   * `value` is a dotted path into the answer (`resultData.0.FORWARD_YN`). No call while a path
   * parameter is empty. The field is not counted as a change.
   */
  valueFrom?: { operation: string; params?: CallInputs; value: string };
  /** textarea rows. */
  rows?: number;
  /**
   * A compound widget (businessSection, department, person) over flat record fields: widget part →
   * record field, e.g. `{ "topDept": "section", "sectionName": "sectionName" }`. The widget starts
   * from those fields and a save sends each part to its field (parts whose field the body does not
   * take are left out).
   */
  params?: Record<string, string>;
}

export interface SectionDef {
  title?: Text;
  /** Fields a row (1–4, default 2). */
  columns?: number;
  fields: FieldDef[];
  visible?: Expr;
  /** Only on this portal (default: both). */
  portal?: PortalName;
}

export interface DetailDef {
  /** Name of the grid; its rows are `detail.<id>` in expressions and `form.<id>` in a 'form' body. */
  id: string;
  title?: Text;
  columns: ColumnDef[];
  rowKey: string;
  /** Rows come from this operation (else from the loaded record's field `id`). */
  load?: { operation: string; params?: CallInputs };
  /** New rows start with these values. */
  newRow?: Record<string, string | number | boolean | null>;
  /** A new record (create) starts with these rows, as rows the user added (they are sent with the save), e.g. a period's four grade bands. */
  initialRows?: Array<Record<string, string | number | boolean | null>>;
  /** Rows may be added / deleted: true (default), false or a rule (`"mode == 'create' || form.status == 'DRAFT'"`). */
  canAdd?: boolean | Expr;
  canDelete?: boolean | Expr;
  minRows?: number;
  maxRows?: number;
  visibleRows?: number;
  /** Shown only while this holds (e.g. `mode == 'update'`). */
  visible?: Expr;
  /** Only on this portal (default: both). */
  portal?: PortalName;
  /**
   * A button that adds a row from a popup: the person popup (spec §2) or the company popup (its
   * search is `operation`, called with `q`, answering rows with compNo, compNameKr, taxNo2).
   * `fill` maps row field → the chosen entry's field (a list of names: each from the same name). The item popup (`item`) searches with
   * `operation` (a list operation called with catCode, itemName, spec, itemCode) and offers the
   * categories of `categories` (an operation's rows: value and text fields) as its first filter.
   */
  addFrom?: {
    widget: 'person' | 'company' | 'item';
    label?: Text;
    operation?: string;
    categories?: { operation: string; value: string; text: string };
    fill: FillMap;
  };
  /** ↑/↓ buttons move the selected row (the rows' order is what is sent, e.g. approval steps). */
  reorder?: boolean;
  /**
   * A 'form' body (a save's default) carries this grid's rows under the grid's id, when the
   * operation's body takes it: each row with these fields (a list; display-only columns left out),
   * or one field's values (a string: `"compNo"` → ['C00001', …]).
   */
  send?: string[] | string;
}

export interface AttachmentsDef {
  /** Form field holding the file group id. */
  field: string;
  label?: Text;
  kind?: 'any' | 'spreadsheet';
  readOnly?: Expr | boolean;
}

export interface EditBody {
  /** Query parameters that identify the record; without them the screen creates one. */
  key?: string[];
  load?: { operation: string; params?: CallInputs };
  sections: SectionDef[];
  details?: DetailDef[];
  attachments?: AttachmentsDef;
  actions?: ActionDef[];
  readOnly?: Expr | boolean;
  /** Warn before leaving with unsaved changes (default true). */
  confirmLeave?: boolean;
  /**
   * The caller's own record (my company, my account): the screen always loads it with `load`
   * and updates it, without a key in the address. `key` is then optional (staff may name one).
   */
  singleton?: boolean;
}

export interface EditScreenDef extends ScreenBase, EditBody {
  kind: 'edit';
  /**
   * A record named by a query parameter that one portal must give (staff opening a supplier's own
   * page): without it, the screen offers the picker (company popup over `operation`) instead of
   * loading, and the choice goes into the address.
   */
  choose?: ChooseDef;
  /**
   * A load refused with one of these codes opens the link instead of showing the error (my account
   * without the recent password check → the page that asks for it, which comes back here).
   */
  refused?: Record<string, LinkDef>;
}

export interface ChooseDef {
  /** The query parameter the chosen entry fills (its field of the same name). */
  param: string;
  widget: 'company';
  /** The search: called with compNo, compNameKr or taxNo from the popup's one filter. */
  operation: string;
  /** Asked only on this portal (absent: on both). */
  portal?: PortalName;
  /** The prompt above the button. */
  message?: Text;
}

export interface TreeSourceDef {
  operation: string;
  params?: CallInputs;
  idField: string;
  /** Parent id field; without it the nodes are one flat level. */
  parentField?: string;
  labelField: string;
  /** A second, dimmer text after the label (e.g. the code id). */
  detailField?: string;
  /** A filter box above the tree (client-side). */
  search?: boolean;
  rootLabel?: Text;
}

export interface TreeScreenDef extends ScreenBase {
  kind: 'tree';
  tree: TreeSourceDef;
  /** The selected node's editor: `node` in expressions; the form starts from the node's row. */
  detail: EditBody;
  actions?: ActionDef[];
}

export interface PanelDef {
  id: string;
  title?: Text;
  type: 'bar' | 'line' | 'area' | 'pie' | 'stat' | 'table';
  source: { operation: string; params?: CallInputs };
  /** Category field (bar, line, area) or name field (pie). */
  x?: string;
  series?: Array<{ field: string; label?: Text; color?: string }>;
  /** stat: the figure; pie: the slice size. */
  value?: string;
  /** stat: 'count' counts the rows; 'sum' adds `value`; 'total' reads the answer's total. */
  aggregate?: 'count' | 'sum' | 'total';
  columns?: ColumnDef[];
  span?: number;
  height?: number;
  limit?: number;
}

export interface DashboardScreenDef extends ScreenBase {
  kind: 'dashboard';
  panels: PanelDef[];
  columns?: number;
}

export interface CustomScreenDef extends ScreenBase {
  kind: 'custom';
  component: string;
  props?: Record<string, unknown>;
}

export type ScreenDef = ListScreenDef | EditScreenDef | TreeScreenDef | DashboardScreenDef | CustomScreenDef;
export type ScreenKind = ScreenDef['kind'];
