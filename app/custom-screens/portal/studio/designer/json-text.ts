/**
 * Edits of a definition's JSON text at a place, each one patch (text-patch.ts) that touches only
 * the bytes of what it changes: a property's value, one list item, one property added or removed,
 * items reordered. The text is read with jsonc-parser's parseTree, which keeps every node's offset.
 *
 * Why not jsonc-parser's own `modify`: with formatting options it re-formats the neighbouring item
 * too (a compact `{ "field": "code", "width": 140 }` next to an insertion came back spread over four
 * lines), and without them it writes everything on one line. Here a new item or property is written
 * in its neighbours' style — one line when they are one line, indented like them when not — and the
 * separator between items is copied from the text, so an untouched item keeps its bytes.
 */
import { findNodeAtLocation, parseTree, type Node, type ParseError } from 'jsonc-parser';
import type { Patch } from './text-patch';

export type JsonPath = Array<string | number>;

export interface ParsedText {
  root: Node | undefined;
  errors: ParseError[];
}

export function parseText(text: string): ParsedText {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  return { root, errors };
}

const end = (n: Node) => n.offset + n.length;

/** The whitespace a line starts with, for the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start))![0];
}

/** One step of indentation as the text writes it (two spaces when it shows none). */
function indentUnit(text: string): string {
  const m = /\n([ \t]+)\S/.exec(text);
  return m ? m[1] : '  ';
}

const eolOf = (text: string) => (text.includes('\r\n') ? '\r\n' : '\n');

/** A value on one line, spaced as the definitions are (`{ "a": 1, "b": [1, 2] }`). */
function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return entries.length ? `{ ${entries.map(([k, v]) => `${JSON.stringify(k)}: ${inline(v)}`).join(', ')} }` : '{}';
  }
  return JSON.stringify(value);
}

/** A value written over several lines, its inner lines indented from `base`. */
function block(value: unknown, base: string, unit: string, eol: string): string {
  if (!value || typeof value !== 'object') return JSON.stringify(value);
  return JSON.stringify(value, null, unit)
    .split('\n')
    .join(eol + base);
}

function render(text: string, value: unknown, oneLine: boolean, base: string): string {
  return oneLine ? inline(value) : block(value, base, indentUnit(text), eolOf(text));
}

function propertyNode(object: Node, key: string): Node | undefined {
  return object.children?.find((p) => p.children?.[0]?.value === key);
}

function containerAt(text: string, path: JsonPath): Node | undefined {
  const { root } = parseText(text);
  return root && (path.length ? findNodeAtLocation(root, path) : root);
}

/**
 * Adds a child (a list item, or an object's `"key": value`) at `index` of a container's children,
 * with the separator and line style its neighbours have.
 */
function insertChild(text: string, container: Node, index: number, write: (oneLine: boolean, base: string) => string) {
  const kids = container.children ?? [];
  const open = container.offset;
  if (kids.length === 0) {
    const inner = write(true, '');
    return container.type === 'object'
      ? { from: open, to: end(container), insert: `{ ${inner} }` }
      : { from: open, to: end(container), insert: `[${inner}]` };
  }
  const sep =
    kids.length >= 2 ? text.slice(end(kids[0]), kids[1].offset) : `,${text.slice(open + 1, kids[0].offset) || ' '}`;
  const near = kids[Math.min(index, kids.length - 1)];
  const written = write(!text.slice(near.offset, end(near)).includes('\n'), lineIndent(text, kids[0].offset));
  if (index >= kids.length)
    return { from: end(kids[kids.length - 1]), to: end(kids[kids.length - 1]), insert: sep + written };
  return { from: kids[index].offset, to: kids[index].offset, insert: written + sep };
}

/** Takes out the child at `index` with one separator, leaving its neighbours' bytes as they were. */
function removeChild(container: Node, index: number): Patch {
  const kids = container.children ?? [];
  if (kids.length === 1) return { from: container.offset + 1, to: end(container) - 1, insert: '' };
  if (index < kids.length - 1) return { from: kids[index].offset, to: kids[index + 1].offset, insert: '' };
  return { from: end(kids[index - 1]), to: end(kids[index]), insert: '' };
}

/**
 * Sets (or, with `undefined`, removes) the property `key` of the object at `path`. An existing
 * value's span alone is replaced; a new property goes after the last one, in their style.
 */
export function setProperty(text: string, path: JsonPath, key: string, value: unknown): Patch | null {
  const object = containerAt(text, path);
  if (!object || object.type !== 'object') return null;
  const prop = propertyNode(object, key);
  if (prop) {
    const index = object.children!.indexOf(prop);
    if (value === undefined) return removeChild(object, index);
    const old = prop.children![1];
    const oneLine = !text.slice(old.offset, end(old)).includes('\n');
    const insert = render(text, value, oneLine, lineIndent(text, prop.offset));
    return text.slice(old.offset, end(old)) === insert ? null : { from: old.offset, to: end(old), insert };
  }
  if (value === undefined) return null;
  const first = object.children?.[0];
  const colon = first ? text.slice(end(first.children![0]), first.children![1].offset) : ': ';
  return insertChild(
    text,
    object,
    object.children?.length ?? 0,
    (oneLine, base) => `${JSON.stringify(key)}${colon}${render(text, value, oneLine, base)}`,
  );
}

/**
 * Inserts `value` into the list at `path` at `index` (its end when past it). A list that is not
 * there yet is added to its parent object as `"name": [value]`.
 */
export function insertItem(text: string, path: JsonPath, index: number, value: unknown): Patch | null {
  const list = containerAt(text, path);
  if (!list) {
    const key = path[path.length - 1];
    return typeof key === 'string' ? setProperty(text, path.slice(0, -1), key, [value]) : null;
  }
  if (list.type !== 'array') return null;
  return insertChild(text, list, index, (oneLine, base) => render(text, value, oneLine, base));
}

export function removeItem(text: string, path: JsonPath, index: number): Patch | null {
  const list = containerAt(text, path);
  if (!list || list.type !== 'array' || !list.children?.[index]) return null;
  return removeChild(list, index);
}

/**
 * Moves the item at `from` to `to` in the list at `path`: the items' texts rotate through the slots
 * between them, each keeping its own bytes, the separators staying where they were.
 */
export function moveItem(text: string, path: JsonPath, from: number, to: number): Patch | null {
  const list = containerAt(text, path);
  const kids = list?.type === 'array' ? (list.children ?? []) : [];
  if (from === to || !kids[from] || !kids[to]) return null;
  const lo = Math.min(from, to);
  const hi = Math.max(from, to);
  const items = kids.slice(lo, hi + 1).map((k) => text.slice(k.offset, end(k)));
  if (from < to) items.push(items.shift()!);
  else items.unshift(items.pop()!);
  let out = '';
  for (let k = lo; k <= hi; k++) {
    out += items[k - lo];
    if (k < hi) out += text.slice(end(kids[k]), kids[k + 1].offset);
  }
  return { from: kids[lo].offset, to: end(kids[hi]), insert: out };
}
