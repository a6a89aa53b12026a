import type { ResultOf } from '../../../../engine';

/** A problem of a definition as the server names it: where (JSON pointer), what, and the name it suggests. */
export interface Problem {
  pointer: string;
  message: string;
  suggestion: string | null;
  line?: number;
  column?: number;
}

export type StudioScreen = ResultOf<'getStudioScreen'>;
export type StudioScreenRow = ResultOf<'listStudioScreens'>['rows'][number];
export type StudioVersionRow = ResultOf<'listStudioVersions'>['rows'][number];
export type StudioDiff = ResultOf<'diffStudioVersion'>;
export type Labels = StudioScreen['labels'];
