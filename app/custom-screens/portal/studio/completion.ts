/**
 * Completion for the studio's editor, from the two sources a definition is checked against: the
 * language's JSON Schema (schemas/screen.schema.json: the properties a place allows, enum values)
 * and the API's contract as the server serves it (listStudioOperations: operation ids, a list's
 * filter parameters, its rows' fields and sortable fields). Written here rather than taken from a
 * JSON-schema completion package because half of what an analyst types — operations and fields —
 * is not in the schema, and the schema chooses a kind's properties with if/then on `kind`.
 */
import type { CompletionContext, CompletionResult, Completion } from '@codemirror/autocomplete';
import { syntaxTree } from '@codemirror/language';
import type { SyntaxNode } from '@lezer/common';

type Json = Record<string, unknown>;

export interface StudioOperation {
  id: string;
  /** What it is in the reader's words (the menu of the screen it serves). */
  summary?: string | null;
  /** Its name in each language (the contract's title), which the check's sentences name it by. */
  title?: { ko: string; en: string } | null;
  /** The menus of the screens that use it. */
  screens?: string[];
  /** Field → the contract's words for it; the built-in screen's labels (labels chosen by context). */
  fieldTexts?: Record<string, string>;
  screenLabels?: Record<string, { ko: string; en: string }>;
  method: string;
  list: boolean;
  pathParams: string[];
  queryParams: string[];
  sortFields: string[];
  rowFields: string[] | null;
  answerFields: string[] | null;
  bodyFields: string[] | null;
}

export type PathPart = string | number;

const PAGING = new Set(['page', 'size', 'sort']);

function resolveRef(root: Json, s: unknown): Json | null {
  let cur = s as Json | undefined;
  for (let i = 0; cur && typeof cur.$ref === 'string' && i < 20; i++) {
    const path = (cur.$ref as string).replace(/^#\//, '').split('/');
    cur = path.reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Json)[k] : undefined), root) as
      Json | undefined;
  }
  return cur ?? null;
}

/** Whether a value meets an `if` as the language writes them: a type, or properties' const or enum. */
function matchesIf(ifSchema: Json, value: unknown): boolean {
  if (ifSchema.type === 'string') return typeof value === 'string';
  const props = (ifSchema.properties ?? {}) as Record<string, Json>;
  if (!value || typeof value !== 'object') return false;
  return Object.entries(props).every(([k, s]) => {
    const v = (value as Json)[k];
    if ('const' in s) return v === s.const;
    if (Array.isArray(s.enum)) return s.enum.includes(v);
    return true;
  });
}

/** A schema with its $refs followed and its allOf/if-then/oneOf/anyOf spread into alternatives. */
function expand(root: Json, s: unknown, value: unknown, depth = 0): Json[] {
  const r = resolveRef(root, s);
  if (!r || depth > 12) return [];
  const out: Json[] = [r];
  for (const part of (r.allOf as unknown[] | undefined) ?? []) {
    const p = resolveRef(root, part);
    if (!p) continue;
    if (p.if) {
      if (matchesIf(p.if as Json, value)) out.push(...expand(root, p.then, value, depth + 1));
      else if (p.else) out.push(...expand(root, p.else, value, depth + 1));
    } else out.push(...expand(root, p, value, depth + 1));
  }
  for (const key of ['oneOf', 'anyOf'] as const)
    for (const alt of (r[key] as unknown[] | undefined) ?? []) out.push(...expand(root, alt, value, depth + 1));
  if (r.if && r.then && matchesIf(r.if as Json, value)) out.push(...expand(root, r.then, value, depth + 1));
  else if (r.if && r.else && !matchesIf(r.if as Json, value)) out.push(...expand(root, r.else, value, depth + 1));
  return out;
}

const childValue = (value: unknown, part: PathPart): unknown =>
  value && typeof value === 'object' ? (value as Json)[String(part)] : undefined;

/** The schemas that may describe the value at `path` of the definition `doc`. */
function schemasAt(root: Json, doc: unknown, path: PathPart[]): Json[] {
  let current = expand(root, root, doc);
  let value = doc;
  for (const part of path) {
    const next: Json[] = [];
    const childDoc = childValue(value, part);
    for (const s of current) {
      if (typeof part === 'number' || /^\d+$/.test(String(part))) {
        if (s.items) next.push(...expand(root, s.items, childDoc));
      }
      if (typeof part === 'string') {
        const props = s.properties as Record<string, unknown> | undefined;
        if (props && Object.hasOwn(props, part)) next.push(...expand(root, props[part], childDoc));
        else if (s.additionalProperties && typeof s.additionalProperties === 'object')
          next.push(...expand(root, s.additionalProperties, childDoc));
      }
    }
    current = next;
    value = childDoc;
  }
  return current;
}

/** Property names the schemas allow at an object, with their descriptions. */
export function propertyNames(root: Json, doc: unknown, path: PathPart[]): Array<{ name: string; info?: string }> {
  const seen = new Map<string, string | undefined>();
  for (const s of schemasAt(root, doc, path)) {
    for (const [name, prop] of Object.entries((s.properties ?? {}) as Record<string, unknown>)) {
      if (seen.has(name)) continue;
      const p = resolveRef(root, prop);
      seen.set(name, typeof p?.description === 'string' ? p.description : undefined);
    }
  }
  return [...seen].map(([name, info]) => ({ name, info }));
}

/**
 * Each property the schemas allow at an object with its schema ($ref followed), in the schema's
 * order: the designer's property panel is made from these, so a property added to the screen
 * language appears there with no designer code.
 */
export function propertySchemas(root: Json, doc: unknown, path: PathPart[]): Array<{ name: string; schema: Json }> {
  const seen = new Map<string, Json>();
  for (const s of schemasAt(root, doc, path))
    for (const [name, prop] of Object.entries((s.properties ?? {}) as Record<string, unknown>))
      if (!seen.has(name)) seen.set(name, resolveRef(root, prop) ?? {});
  return [...seen].map(([name, schema]) => ({ name, schema }));
}

/** A schema with its $ref followed (a property's alternatives, for the panel's choice of control). */
export const resolveSchema = (root: Json, s: unknown): Json | null => resolveRef(root, s);

/** Enum and const values the schemas allow at a place. */
export function enumValues(root: Json, doc: unknown, path: PathPart[]): string[] {
  const out = new Set<string>();
  for (const s of schemasAt(root, doc, path)) {
    for (const v of (s.enum as unknown[] | undefined) ?? []) if (typeof v === 'string') out.add(v);
    if (typeof s.const === 'string') out.add(s.const);
  }
  return [...out];
}

/** The list source's operation, from the parsed definition or, while the text does not parse, its first mention. */
export function sourceOperation(doc: unknown, text: string): string | null {
  const fromDoc = childValue(childValue(doc, 'source'), 'operation');
  if (typeof fromDoc === 'string') return fromDoc;
  return /"source"\s*:\s*\{[^}]*?"operation"\s*:\s*"([A-Za-z0-9]+)"/.exec(text)?.[1] ?? null;
}

/** Values the contract offers at a place: operations, filter parameters, row fields, sort fields. */
export function contractValues(
  path: PathPart[],
  operations: readonly StudioOperation[],
  sourceOp: string | null,
): string[] {
  const key = path[path.length - 1];
  const op = sourceOp ? operations.find((o) => o.id === sourceOp) : undefined;
  const rows = op?.rowFields ?? [];
  if (key === 'operation' || key === 'updateOperation') {
    const listOnly = path.length === 2 && path[0] === 'source';
    return operations.filter((o) => !listOnly || (o.list && o.method === 'get')).map((o) => o.id);
  }
  if (key === 'field' && path[0] === 'filters') return (op?.queryParams ?? []).filter((q) => !PAGING.has(q));
  if ((key === 'field' && path[0] === 'columns') || key === 'rowKey' || key === 'currencyField' || key === 'x')
    return rows;
  if (key === 'defaultSort') return (op?.sortFields ?? []).flatMap((f) => [`${f}:asc`, `${f}:desc`]);
  return [];
}

const unquote = (text: string): string => {
  try {
    return JSON.parse(text) as string;
  } catch {
    return text.replace(/^"|"$/g, '');
  }
};

/** The path from the root to a node of the JSON syntax tree (object keys and list indexes). */
function pathOf(node: SyntaxNode, text: (from: number, to: number) => string): PathPart[] {
  const path: PathPart[] = [];
  for (let n: SyntaxNode | null = node; n?.parent; n = n.parent) {
    const parent: SyntaxNode = n.parent;
    if (parent.name === 'Property' && n.name !== 'PropertyName') {
      const name = parent.getChild('PropertyName');
      if (name) path.unshift(unquote(text(name.from, name.to)));
    } else if (parent.name === 'Array') {
      let index = 0;
      for (let c = parent.firstChild; c && c.from < n.from; c = c.nextSibling)
        if (!['[', ']', ','].includes(c.name) && !c.type.isError) index++;
      path.unshift(index);
    }
  }
  return path;
}

export interface CompletionData {
  schema: Json;
  operations: () => readonly StudioOperation[];
  /** "사용 화면: …" for an operation's completion (in the reader's language). */
  usedBy?: (screens: string[]) => string;
}

/** An operation as completion shows it: its id, what it is, and the screens that use it. */
function operationOption(
  op: StudioOperation | undefined,
  usedBy?: (screens: string[]) => string,
): { detail?: string; info?: string } {
  if (!op) return {};
  const screens = op.screens ?? [];
  const info = [op.summary, screens.length && usedBy ? usedBy(screens) : null]
    .filter((x): x is string => !!x)
    .join(' · ');
  return { ...(op.summary ? { detail: op.summary } : {}), ...(info ? { info } : {}) };
}

const quoted = (label: string, info?: string, type = 'property'): Completion => ({
  label: JSON.stringify(label),
  type,
  ...(info ? { info } : {}),
});

/** The CodeMirror completion source. */
export function studioCompletion(data: CompletionData) {
  return (context: CompletionContext): CompletionResult | null => {
    const text = context.state.doc.toString();
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch {
      const kind = /"kind"\s*:\s*"(\w+)"/.exec(text)?.[1];
      doc = kind ? { kind } : {};
    }
    const read = (from: number, to: number) => context.state.sliceDoc(from, to);
    const node = syntaxTree(context.state).resolveInner(context.pos, -1);
    const word = context.matchBefore(/"?[\w$:./-]*/);
    const from = word ? word.from : context.pos;
    if (!context.explicit && (!word || word.from === word.to)) return null;

    // A property name: inside a PropertyName, or where an object expects one.
    const inName =
      node.name === 'PropertyName' ||
      (node.parent?.name === 'Object' && node.name !== 'Property') ||
      node.name === 'Object';
    const container =
      node.name === 'PropertyName'
        ? node.parent?.parent
        : node.name === 'Object'
          ? node
          : node.parent?.name === 'Object'
            ? node.parent
            : null;
    if (inName && container) {
      const path = pathOf(container, read);
      const present = new Set(
        container
          .getChildren('Property')
          .map((p) => p.getChild('PropertyName'))
          .flatMap((n) => (n ? [unquote(read(n.from, n.to))] : [])),
      );
      const options = propertyNames(data.schema, doc, path)
        .filter(
          (p) => !present.has(p.name) || (node.name === 'PropertyName' && unquote(read(node.from, node.to)) === p.name),
        )
        .map((p) => ({ ...quoted(p.name, p.info), apply: `${JSON.stringify(p.name)}: ` }));
      return options.length ? { from, options, validFor: /^"?[\w$]*"?$/ } : null;
    }

    // A value: the schema's enums and the contract's names.
    const valueNode = node.name === 'String' ? node : null;
    const property =
      valueNode?.parent?.name === 'Property' ? valueNode : node.parent?.name === 'Property' ? node : null;
    if (!property) return null;
    const path = pathOf(property, read);
    const values = [
      ...new Set([
        ...contractValues(path, data.operations(), sourceOperation(doc, text)),
        ...enumValues(data.schema, doc, path),
      ]),
    ];
    if (values.length === 0) return null;
    const key = path[path.length - 1];
    const ops = key === 'operation' || key === 'updateOperation' ? data.operations() : [];
    const options = values.map((v) => ({
      ...quoted(v, undefined, 'value'),
      ...operationOption(
        ops.find((o) => o.id === v),
        data.usedBy,
      ),
    }));
    return {
      from: valueNode ? valueNode.from : from,
      to: valueNode ? valueNode.to : undefined,
      options,
      validFor: /^"?[\w$:./-]*"?$/,
    };
  };
}
