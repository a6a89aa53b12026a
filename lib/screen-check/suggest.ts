/** Edit distance, letters compared without case ("textKr" → "textKo" is 1). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++)
      d[i][j] = Math.min(
        d[i - 1][j] + 1,
        d[i][j - 1] + 1,
        d[i - 1][j - 1] + (a[i - 1].toLowerCase() === b[j - 1].toLowerCase() ? 0 : 1),
      );
  return d[a.length][b.length];
}

/** The known name closest to `name`, when it is close enough to be a typing mistake. */
function closest(name: string, known: readonly string[]): string | null {
  let best: string | null = null;
  let score = Infinity;
  for (const k of known) {
    const s = distance(name, k);
    if (s < score) [best, score] = [k, s];
  }
  return best !== null && score <= Math.max(2, Math.floor(name.length / 3)) ? best : null;
}

/** ' (did you mean "x"?)' when a known name is close. */
export function suggest(name: string, known: readonly string[]): string {
  const best = closest(name, known);
  return best !== null ? ` (did you mean ${JSON.stringify(best)}?)` : '';
}

const DID_YOU_MEAN = / \(did you mean ("(?:[^"\\]|\\.)*")\?\)/;

/** The name a problem's message suggests ("did you mean …"), for a screen to offer as a fix. */
export function suggestionOf(message: string): string | null {
  const m = DID_YOU_MEAN.exec(message);
  return m ? (JSON.parse(m[1]) as string) : null;
}
