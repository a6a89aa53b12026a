import type { FillMap } from './types';

export type { FillMap } from './types';

/** The pairs [row field, answer field] of a fill (a list of names: each from the field of the same name). */
export function fillPairs(fill: FillMap): Array<[string, string]> {
  return Array.isArray(fill) ? fill.map((name) => [name, name]) : Object.entries(fill);
}
