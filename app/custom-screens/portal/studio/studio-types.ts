import type { ResultOf } from '../../../../engine';

/** A problem of a definition as the server names it: where (JSON pointer, for the editor), what (in words, its place named), and the name it suggests. */
export interface Problem {
  pointer: string;
  message: string;
  /** The place in words ("1번째 열의 field"). */
  place?: string;
  code?: string;
  /** The problem's values (its sentence is worded from code and params when shown: problem-words.ts). */
  params?: Record<string, unknown>;
  suggestion: string | null;
  line?: number;
  column?: number;
}

export type StudioScreen = ResultOf<'getStudioScreen'>;
export type StudioScreenRow = ResultOf<'listStudioScreens'>['rows'][number];
export type StudioVersionRow = ResultOf<'listStudioVersions'>['rows'][number];
export type StudioDiff = ResultOf<'diffStudioVersion'>;
export type Labels = StudioScreen['labels'];
