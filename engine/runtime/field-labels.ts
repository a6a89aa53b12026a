import type { ScreenDef } from '../definition/types';

/** Arrays whose entries are labelled by their `field`: form and prompt fields, grid columns, filters, chart series. */
const LABELLED = new Set(['fields', 'columns', 'filters', 'series']);

function walk(node: unknown, prefix: string): unknown {
  if (Array.isArray(node)) return node.map((v) => walk(v, prefix));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    out[k] =
      LABELLED.has(k) && Array.isArray(v) ? v.map((entry) => labelled(walk(entry, prefix), prefix)) : walk(v, prefix);
  }
  return out;
}

function labelled(entry: unknown, prefix: string): unknown {
  if (!entry || typeof entry !== 'object') return entry;
  const e = entry as { field?: unknown; label?: unknown };
  if (typeof e.field !== 'string' || e.label !== undefined) return entry;
  return { ...e, labelKey: `${prefix}.${e.field}` };
}

/**
 * A definition that names its label prefix once (`labels: 'screen.purchaseRequest.field'`) labels
 * every field, column, filter and series that has no `label` of its own by `<prefix>.<field>`; the
 * engine's fieldLabel falls back to the shared dictionary (`field.<name>`) and then the name when
 * the screen's bundle has no such key (engine/text.ts). Pure: the same object back when the
 * definition names no prefix.
 */
export function withFieldLabels(def: ScreenDef): ScreenDef {
  const prefix = (def as { labels?: unknown }).labels;
  if (typeof prefix !== 'string' || prefix === '') return def;
  return walk(def, prefix) as ScreenDef;
}
