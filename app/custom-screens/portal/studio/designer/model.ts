/**
 * What the designer shows of a definition: for a list screen its filters, columns and actions, for
 * an edit screen its sections with their fields and its actions — each item with its place in the
 * text (path and JSON pointer), read from the text itself (json-text.ts). The model is only a view:
 * edits go to the text as patches, so whatever it does not show (unknown keys, a source's params,
 * an item's other properties) is never rewritten.
 *
 * A definition the model cannot represent faithfully opens in JSON with the reason named: text
 * that is not JSON, a kind other than list and edit, a duplicated property (which of the two would
 * a click change?), or a list the designer draws whose items are not objects.
 */
import { getNodeValue, printParseErrorCode, type Node } from 'jsonc-parser';
import { parseText, type JsonPath } from './json-text';

type ElementKind = 'screen' | 'source' | 'filter' | 'column' | 'action' | 'section' | 'field';

export interface DesignElement {
  kind: ElementKind;
  path: JsonPath;
  pointer: string;
  /** The item as it is now (read-only: change it through a patch). */
  value: Record<string, unknown>;
  /** An action written as its kind alone (`"search"`): moved and removed, its properties edited in JSON. */
  shorthand?: boolean;
}

interface DesignSection extends DesignElement {
  fields: DesignElement[];
}

/** The lists the designer edits, by the array each lives in. */
interface ListModel {
  kind: 'list';
  /** The definition itself (title, description …) and its data source, as elements of their own. */
  screen: DesignElement;
  source: DesignElement | null;
  filters: DesignElement[];
  columns: DesignElement[];
  actions: DesignElement[];
}

interface EditModel {
  kind: 'edit';
  screen: DesignElement;
  /** The edit screen's `load` (what fills the form). */
  source: DesignElement | null;
  sections: DesignSection[];
  actions: DesignElement[];
}

export type DesignModel = ListModel | EditModel;

/** Why a definition opens in JSON only: a code with its variables (worded by the studio's texts). */
interface Unrepresentable {
  code: 'syntax' | 'notObject' | 'kind' | 'duplicateKey' | 'notList' | 'itemNotObject';
  vars: Record<string, string | number>;
}

export type Opened = { ok: true; model: DesignModel } | { ok: false; reason: Unrepresentable };

export const pointerOf = (path: JsonPath) =>
  path.length ? `/${path.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}` : '';

function lineColumn(text: string, offset: number) {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

class Refused extends Error {
  constructor(readonly reason: Unrepresentable) {
    super(reason.code);
  }
}

/** The first property that an object of the tree names twice, with where. */
function duplicate(node: Node, path: JsonPath): { key: string; path: JsonPath } | null {
  if (node.type === 'object') {
    const seen = new Set<string>();
    for (const prop of node.children ?? []) {
      const key = String(prop.children?.[0]?.value);
      if (seen.has(key)) return { key, path };
      seen.add(key);
      const found = prop.children?.[1] && duplicate(prop.children[1], [...path, key]);
      if (found) return found;
    }
  }
  if (node.type === 'array')
    for (const [i, item] of (node.children ?? []).entries()) {
      const found = duplicate(item, [...path, i]);
      if (found) return found;
    }
  return null;
}

/** The items of the list at `key` of `owner` (none when absent), each an object. */
function items(owner: Record<string, unknown>, key: string, at: JsonPath, kind: ElementKind): DesignElement[] {
  const list = owner[key];
  if (list === undefined) return [];
  const path = [...at, key];
  if (!Array.isArray(list)) throw new Refused({ code: 'notList', vars: { place: pointerOf(path) } });
  return list.map((value, i) => {
    const itemPath = [...path, i];
    if (kind === 'action' && typeof value === 'string')
      return { kind, path: itemPath, pointer: pointerOf(itemPath), value: { kind: value }, shorthand: true };
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw new Refused({ code: 'itemNotObject', vars: { place: pointerOf(itemPath) } });
    return { kind, path: itemPath, pointer: pointerOf(itemPath), value: value as Record<string, unknown> };
  });
}

export function openDefinition(text: string): Opened {
  const { root, errors } = parseText(text);
  if (errors.length > 0 || !root) {
    const at = lineColumn(text, errors[0]?.offset ?? 0);
    return {
      ok: false,
      reason: { code: 'syntax', vars: { ...at, error: errors[0] ? printParseErrorCode(errors[0].error) : '' } },
    };
  }
  if (root.type !== 'object') return { ok: false, reason: { code: 'notObject', vars: {} } };
  const twice = duplicate(root, []);
  if (twice)
    return { ok: false, reason: { code: 'duplicateKey', vars: { key: twice.key, place: pointerOf(twice.path) } } };
  const def = getNodeValue(root) as Record<string, unknown>;
  const screen: DesignElement = { kind: 'screen', path: [], pointer: '', value: def };
  const part = (key: string): DesignElement | null => {
    const v = def[key];
    return v && typeof v === 'object' && !Array.isArray(v)
      ? { kind: 'source', path: [key], pointer: `/${key}`, value: v as Record<string, unknown> }
      : null;
  };
  try {
    if (def.kind === 'list')
      return {
        ok: true,
        model: {
          kind: 'list',
          screen,
          source: part('source'),
          filters: items(def, 'filters', [], 'filter'),
          columns: items(def, 'columns', [], 'column'),
          actions: items(def, 'actions', [], 'action'),
        },
      };
    if (def.kind === 'edit')
      return {
        ok: true,
        model: {
          kind: 'edit',
          screen,
          source: part('load'),
          sections: items(def, 'sections', [], 'section').map((s) => ({
            ...s,
            fields: items(s.value, 'fields', s.path, 'field'),
          })),
          actions: items(def, 'actions', [], 'action'),
        },
      };
  } catch (e) {
    if (e instanceof Refused) return { ok: false, reason: e.reason };
    throw e;
  }
  return { ok: false, reason: { code: 'kind', vars: { kind: typeof def.kind === 'string' ? def.kind : '' } } };
}
