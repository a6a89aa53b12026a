/**
 * What changed between two definitions, by JSON pointer: a structural diff, so reformatting (spaces,
 * line breaks, the order of an object's keys) is no change, and a column moved is one move — not a
 * removal and an addition of every line between. Items of an array are known by their `id`, `field`
 * or `name` (a column by its field, an action by its id), else by their whole content.
 */

export type DiffChange =
  | { op: 'add'; pointer: string; after: unknown }
  | { op: 'remove'; pointer: string; before: unknown }
  | { op: 'change'; pointer: string; before: unknown; after: unknown }
  | { op: 'move'; pointer: string; from: string; value: unknown };

const esc = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The same JSON whatever the order of keys. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObject(v))
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(',')}}`;
  return JSON.stringify(v) ?? 'undefined';
}

const IDENTITY = ['id', 'field', 'name'] as const;

/** How an item of an array is known: its id, field or name when every object item of both arrays has a distinct one. */
function identityKey(a: unknown[], b: unknown[]): ((v: unknown) => string) | null {
  for (const key of IDENTITY) {
    const ok = (list: unknown[]) => {
      const seen = new Set<string>();
      for (const v of list) {
        if (!isObject(v) || typeof v[key] !== 'string') return false;
        if (seen.has(v[key] as string)) return false;
        seen.add(v[key] as string);
      }
      return true;
    };
    if (a.length + b.length > 0 && ok(a) && ok(b))
      return (v) => `${key}:${(v as Record<string, unknown>)[key] as string}`;
  }
  return null;
}

/** The longest run of pairs already in order (by their index before): those stayed; the others moved. */
function inOrder(pairs: Array<[number, number]>): Set<number> {
  // pairs sorted by the index after; find the longest increasing sequence of the index before.
  const n = pairs.length;
  const len = new Array<number>(n).fill(1);
  const prev = new Array<number>(n).fill(-1);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < i; j++)
      if (pairs[j]![0] < pairs[i]![0] && len[j]! + 1 > len[i]!) {
        len[i] = len[j]! + 1;
        prev[i] = j;
      }
  let best = -1;
  for (let i = 0; i < n; i++) if (best < 0 || len[i]! > len[best]!) best = i;
  const keep = new Set<number>();
  for (let i = best; i >= 0; i = prev[i]!) keep.add(i);
  return keep;
}

function diffArrays(a: unknown[], b: unknown[], at: string, out: DiffChange[]) {
  const id = identityKey(a, b);
  const keyOf = id ?? canonical;
  const freeA = new Map<string, number[]>();
  a.forEach((v, i) => freeA.set(keyOf(v), [...(freeA.get(keyOf(v)) ?? []), i]));
  const pairs: Array<[number, number]> = [];
  const usedA = new Set<number>();
  const unmatchedB: number[] = [];
  b.forEach((v, j) => {
    const list = freeA.get(keyOf(v));
    const i = list?.shift();
    if (i === undefined) unmatchedB.push(j);
    else {
      pairs.push([i, j]);
      usedA.add(i);
    }
  });
  // Items known by content only: one left over at the same place on both sides changed in place.
  if (!id)
    for (const j of [...unmatchedB]) {
      if (j < a.length && !usedA.has(j) && isObject(a[j]) && isObject(b[j])) {
        pairs.push([j, j]);
        usedA.add(j);
        unmatchedB.splice(unmatchedB.indexOf(j), 1);
      }
    }
  pairs.sort((x, y) => x[1] - y[1]);
  const stayed = inOrder(pairs);
  a.forEach((v, i) => {
    if (!usedA.has(i)) out.push({ op: 'remove', pointer: `${at}/${i}`, before: v });
  });
  pairs.forEach(([i, j], k) => {
    if (!stayed.has(k)) out.push({ op: 'move', pointer: `${at}/${j}`, from: `${at}/${i}`, value: b[j] });
    diffValues(a[i], b[j], `${at}/${j}`, out);
  });
  for (const j of unmatchedB) out.push({ op: 'add', pointer: `${at}/${j}`, after: b[j] });
}

function diffValues(a: unknown, b: unknown, at: string, out: DiffChange[]) {
  if (Array.isArray(a) && Array.isArray(b)) return diffArrays(a, b, at, out);
  if (isObject(a) && isObject(b)) {
    for (const k of Object.keys(a))
      if (!Object.hasOwn(b, k)) out.push({ op: 'remove', pointer: `${at}/${esc(k)}`, before: a[k] });
    for (const k of Object.keys(b)) {
      if (!Object.hasOwn(a, k)) out.push({ op: 'add', pointer: `${at}/${esc(k)}`, after: b[k] });
      else diffValues(a[k], b[k], `${at}/${esc(k)}`, out);
    }
    return;
  }
  if (canonical(a) !== canonical(b)) out.push({ op: 'change', pointer: at, before: a, after: b });
}

/** Every change from `before` to `after`, by pointer (in `after`'s places; a removal in `before`'s). Equal JSON: none. */
export function structuralDiff(before: unknown, after: unknown): DiffChange[] {
  const out: DiffChange[] = [];
  diffValues(before, after, '', out);
  return out;
}
