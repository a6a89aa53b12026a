/**
 * A list screen generated from a list operation of the contract: every scalar field of its rows as
 * a column typed by the field's schema (numbers, dates, codes with their values), its filters from
 * the operation's query and path parameters, labels left to the dictionary (`field.<name>`), so the
 * analyst starts from a definition that already passes the check and trims it from there.
 * Pure: it reads the OpenAPI document the server serves, nothing else.
 */
import type { Access, Portal } from '../../http/access.js';
import { textFormatOf } from '../../../lib/screen-check/cross-check.js';

type Json = Record<string, unknown>;

/** Parameters the list engine sends by itself: the grid's paging and sorting. */
const PAGING = new Set(['page', 'size', 'sort']);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

function resolve(doc: Json, schema: unknown): Json | null {
  let s = schema as Json | undefined;
  for (let i = 0; s && typeof s.$ref === 'string' && i < 10; i++) {
    const name = s.$ref.replace('#/components/schemas/', '');
    s = ((doc.components as Json | undefined)?.schemas as Json | undefined)?.[name] as Json | undefined;
  }
  return s ?? null;
}

/** A field's schema without its `null` alternative (a nullable string is a string). */
function plain(doc: Json, schema: unknown): Json | null {
  const s = resolve(doc, schema);
  if (!s) return null;
  const alts = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (!alts) return s;
  const kept = alts.map((a) => resolve(doc, a)).filter((a): a is Json => !!a && a.type !== 'null');
  if (kept.length === 1) return kept[0];
  // A union of constants is an enumeration (TypeBox writes Literal unions so).
  const values = kept.flatMap((a) => (Array.isArray(a.enum) ? a.enum : a.const !== undefined ? [a.const] : [null]));
  if (kept.length > 0 && values.every((v) => typeof v === 'string')) return { type: 'string', enum: values };
  return s;
}

function enumOf(s: Json | null): string[] | null {
  const values = s?.enum;
  if (!Array.isArray(values) || !values.every((v) => typeof v === 'string')) return null;
  const kept = [...new Set(values as string[])].filter((v) => v !== '');
  return kept.length > 0 ? kept : null;
}

/** The common-code group a field's description names (`"PO_STATUS code"`, `"WH_STATUS codes: …"`). */
const CODE_GROUP = /(?:^|\s)([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{3,}) codes?\b/;
function codeGroupOf(s: Json | null): string | null {
  const m = typeof s?.description === 'string' ? CODE_GROUP.exec(s.description) : null;
  return m ? m[1] : null;
}

const typeOf = (s: Json | null): string | undefined =>
  (Array.isArray(s?.type) ? (s!.type as unknown[]).find((t) => t !== 'null') : s?.type) as string | undefined;

interface GeneratedColumn {
  field: string;
  type?: 'number' | 'date' | 'datetime' | 'month' | 'code' | 'checkbox';
  /** An exact decimal answered as text: shown grouped, kept as the text. */
  exact?: true;
  options?: Array<{ value: string; text: string }>;
  codeGroup?: string;
}

/** The column a row field becomes, or null when it is no cell (an array or an object). */
/**
 * What the built-in screen reading the operation calls a field's values: its common-code group, or its
 * choices' words (in the analyst's language). Without them an enumeration's value is its own text.
 */
export interface FieldChoices {
  codeGroups?: Record<string, string>;
  options?: Record<string, Record<string, string>>;
}

/** An enumeration's options, each named as the built-in screen names it (else by its value). */
function optionsOf(values: string[], field: string, choices: FieldChoices | undefined) {
  const words = choices?.options && Object.hasOwn(choices.options, field) ? choices.options[field]! : {};
  return values.map((v) => ({ value: v, text: Object.hasOwn(words, v) ? words[v]! : v }));
}

const codeGroupFor = (field: string, choices: FieldChoices | undefined) =>
  choices?.codeGroups && Object.hasOwn(choices.codeGroups, field) ? choices.codeGroups[field]! : null;

function columnOf(doc: Json, field: string, schema: unknown, choices?: FieldChoices): GeneratedColumn | null {
  const s = plain(doc, schema);
  const type = typeOf(s);
  if (type === 'array' || type === 'object' || (s && !type && s.properties)) return null;
  const values = enumOf(s);
  const screenGroup = type === 'string' || values ? codeGroupFor(field, choices) : null;
  if (screenGroup) return { field, type: 'code', codeGroup: screenGroup };
  if (values) return { field, type: 'code', options: optionsOf(values, field, choices) };
  const group = type === 'string' ? (codeGroupOf(s) ?? codeGroupOf(resolve(doc, schema))) : null;
  if (group) return { field, type: 'code', codeGroup: group };
  if (type === 'integer' || type === 'number') return { field, type: 'number' };
  if (type === 'boolean') return { field, type: 'checkbox' };
  if (type === 'string' && s?.format === 'date') return { field, type: 'date' };
  if (type === 'string' && s?.format === 'date-time') return { field, type: 'datetime' };
  // "29.000" and "202610" read raw: the screen check's own rule picks their type.
  const format = textFormatOf(s);
  if (format === 'month') return { field, type: 'month' };
  if (format === 'decimal') return { field, type: 'number', exact: true };
  return { field };
}

interface ParamSchema {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: unknown;
}

function filterOf(doc: Json, p: ParamSchema, choices?: FieldChoices): Json {
  const s = plain(doc, p.schema);
  const type = typeOf(s);
  const values = enumOf(s);
  // A repeated parameter of an enumeration (`status=SENT&status=ACKNOWLEDGED`): its values, several at once.
  const itemValues = type === 'array' ? enumOf(plain(doc, s?.items)) : null;
  const required = p.required ? { required: true } : {};
  if (p.in === 'path') return { field: p.name, in: 'path', required: true };
  const group = codeGroupOf(s) ?? codeGroupOf(p as unknown as Json) ?? codeGroupFor(p.name, choices);
  if (group && (type === 'string' || type === 'array'))
    return {
      field: p.name,
      widget: type === 'array' ? 'multiSelect' : 'select',
      codeGroup: group,
      ...(type === 'array' ? {} : { emptyOption: p.required ? 'choose' : 'all' }),
      ...required,
    };
  if (itemValues)
    return {
      field: p.name,
      widget: 'multiSelect',
      options: optionsOf(itemValues, p.name, choices),
      ...required,
    };
  if (values)
    return {
      field: p.name,
      widget: 'select',
      options: optionsOf(values, p.name, choices),
      emptyOption: p.required ? 'choose' : 'all',
      ...required,
    };
  if (type === 'boolean')
    return {
      field: p.name,
      widget: 'select',
      options: [
        { value: 'true', text: 'option.boolean.true' },
        { value: 'false', text: 'option.boolean.false' },
      ],
      emptyOption: p.required ? 'choose' : 'all',
      ...required,
    };
  if (type === 'integer' || type === 'number') return { field: p.name, widget: 'number', ...required };
  if (type === 'string' && s?.format === 'date') return { field: p.name, widget: 'date', ...required };
  return { field: p.name, ...required };
}

export interface ListOperation {
  id: string;
  method: string;
  path: string;
  summary: string | null;
  op: Json;
  rows: Json;
}

/** The list operations of a contract: GET, answering `{ rows, total }` with rows of known fields. */
export function listOperations(doc: Json): ListOperation[] {
  const out: ListOperation[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    const op = item.get as Json | undefined;
    if (!op || typeof op.operationId !== 'string') continue;
    // A list that logs a view (personal data) is never a stored screen's automatic source.
    if (Array.isArray(op['x-effects']) && op['x-effects'].length > 0) continue;
    const answer = resolve(
      doc,
      (
        (((op.responses as Json | undefined)?.['200'] as Json | undefined)?.content as Json | undefined)?.[
          'application/json'
        ] as Json | undefined
      )?.schema,
    );
    const props = answer?.properties as Json | undefined;
    if (!props || !('rows' in props) || !('total' in props)) continue;
    const rows = resolve(doc, resolve(doc, props.rows)?.items);
    if (!rows?.properties) continue;
    out.push({
      id: op.operationId,
      method: 'get',
      path,
      summary: typeof op.summary === 'string' ? op.summary : null,
      op,
      rows,
    });
  }
  return out.sort((a, b) => a.id.localeCompare(b.id));
}

/** The key a row is known by: the first field named like a number, an id or a code. */
function rowKeyOf(columns: GeneratedColumn[]): string | undefined {
  return (
    columns.find((c) => /(No|Id|Code|Key)$/.test(c.field) && c.type === undefined)?.field ??
    columns.find((c) => c.field === 'id')?.field
  );
}

/**
 * The list screen of one list operation. `portal`: the portal the operation is served to (a
 * supplier-only list is an external screen).
 */
export function generateListScreen(
  doc: Json,
  list: ListOperation,
  /** The title of the built-in screen reading the operation (schemas/screen-field-labels.generated.ts), in Korean. */
  title?: string | null,
  /** How the built-in screen names the fields' values. */
  choices?: FieldChoices,
): { definition: Json; fields: string[] } {
  const columns = Object.entries(list.rows.properties as Json)
    .filter(([field]) => IDENTIFIER.test(field))
    .map(([field, schema]) => columnOf(doc, field, schema, choices))
    .filter((c): c is GeneratedColumn => c !== null);
  // A row of arrays only still shows something: its first field as text.
  if (columns.length === 0) columns.push({ field: Object.keys(list.rows.properties as Json)[0] });
  const params = ((list.op.parameters ?? []) as ParamSchema[])
    .filter((p) => (p.in === 'query' && !PAGING.has(p.name)) || p.in === 'path')
    .filter((p) => IDENTIFIER.test(p.name));
  const filters = params.map((p) => filterOf(doc, p, choices));
  const rowKey = rowKeyOf(columns);
  const definition: Json = {
    kind: 'list',
    title: title ?? list.summary ?? list.id,
    source: {
      operation: list.id,
      ...(rowKey ? { rowKey } : {}),
      ...(params.some((p) => p.required) ? { autoSearch: false } : {}),
    },
    ...(filters.length > 0 ? { filters } : {}),
    columns,
  };
  return {
    definition,
    fields: [...new Set([...filters.map((f) => f.field as string), ...columns.map((c) => c.field)])],
  };
}

/**
 * The portal a list operation's screen is published to: external when only suppliers are served it
 * (its access names the external portal alone, or only menus of the supplier portal).
 */
export function portalFor(access: Access | undefined, isRouteOf: (portal: Portal, path: string) => boolean): Portal {
  if (!access || access.kind !== 'login') return 'I';
  if (access.portals) return access.portals.length === 1 && access.portals[0] === 'X' ? 'X' : 'I';
  return access.screens.length > 0 && access.screens.every((path) => isRouteOf('X', path) && !isRouteOf('I', path))
    ? 'X'
    : 'I';
}
