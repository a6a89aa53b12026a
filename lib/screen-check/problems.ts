/** One thing wrong with a definition: where (file and JSON pointer) and what was expected. */
export interface DefinitionProblem {
  file: string;
  /** JSON pointer into the definition, '' for the whole of it (e.g. /columns/2/type). */
  pointer: string;
  message: string;
  /**
   * What kind of problem, and its variables: a screen renders it in the reader's language and in
   * words (lib/screen-check/words.ts); `message` stays the developer's English for screens:check.
   */
  code?: string;
  params?: ProblemParams;
}

export type ProblemParams = Record<string, string | number | boolean | string[] | null | undefined>;

export function formatProblem(p: DefinitionProblem): string {
  return `${p.file}#${p.pointer || '/'}: ${p.message}`;
}

/** A definition that cannot be rendered; the page shows every problem, never a blank screen. */
export class DefinitionError extends Error {
  constructor(readonly problems: DefinitionProblem[]) {
    super(`${problems.length} problem(s) in screen definition:\n${problems.map(formatProblem).join('\n')}`);
    this.name = 'DefinitionError';
  }
}

/** JSON pointer escaping (RFC 6901). */
export const pointerOf = (...parts: Array<string | number>): string =>
  parts.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
