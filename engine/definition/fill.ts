/**
 * A `fill` of a lookup or an addFrom: row field → the answer's (or the chosen entry's) field. A list
 * of names (`['itemName', 'spec']`) fills each field from the field of the same name.
 */
export type FillMap = Record<string, string> | string[];

/** The pairs [row field, answer field] of a fill. */
export function fillPairs(fill: FillMap): Array<[string, string]> {
  return Array.isArray(fill) ? fill.map((name) => [name, name]) : Object.entries(fill);
}
