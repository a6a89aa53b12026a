/** An answer's `warnings` (texts the server adds to a successful save), shown after it. */
export function answerWarnings(answer: unknown): string[] {
  const w =
    answer && typeof answer === 'object' && !Array.isArray(answer)
      ? (answer as { warnings?: unknown }).warnings
      : undefined;
  return Array.isArray(w) ? w.filter((x): x is string => typeof x === 'string' && x.length > 0) : [];
}
