/**
 * A change to the definition's text as one replaced span: the unit of the studio's single history
 * (history.ts). The designer and the JSON editor both change the text only through patches, so
 * undoing one is applying its inverse — the text is never re-serialized from a model, and what a
 * change did not touch stays byte for byte.
 */

export interface Patch {
  /** Start of the replaced span in the text before the change. */
  from: number;
  /** End (exclusive) of the replaced span in the text before the change. */
  to: number;
  insert: string;
}

export function applyPatch(text: string, p: Patch): string {
  return text.slice(0, p.from) + p.insert + text.slice(p.to);
}

/** The patch that takes the changed text back to `before` (p applied to `before`). */
export function invertPatch(before: string, p: Patch): Patch {
  return { from: p.from, to: p.from + p.insert.length, insert: before.slice(p.from, p.to) };
}

/**
 * The smallest single span that turns `before` into `after` (common prefix and suffix kept), or
 * null when they are equal. Used for a change whose own span is not known (a text set from outside).
 */
export function diffPatch(before: string, after: string): Patch | null {
  if (before === after) return null;
  let start = 0;
  const max = Math.min(before.length, after.length);
  while (start < max && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let endB = before.length;
  let endA = after.length;
  while (endB > start && endA > start && before.charCodeAt(endB - 1) === after.charCodeAt(endA - 1)) {
    endB--;
    endA--;
  }
  return { from: start, to: endB, insert: after.slice(start, endA) };
}
