/** Test files that must have run under CI=true (scripts/required-tests.mjs). */
export const REQUIRED_TESTS: Array<[file: string, runs: number]>;
export function requiredTestProblems(
  report: { testResults?: Array<{ name: string; assertionResults?: Array<{ status: string }> }> },
  root: string,
  required?: Array<[string, number]>,
): string[];
