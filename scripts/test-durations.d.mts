export interface DurationRow {
  project: string;
  file: string;
  seconds: number;
  /** CPU seconds of the file's worker and child processes (tests/setup-cpu.ts), where recorded. */
  cpuSeconds?: number;
  tests: number;
}
export interface ProjectTotal {
  project: string;
  files: number;
  tests: number;
  seconds: number;
  /** Null when none of the project's files recorded its CPU. */
  cpuSeconds: number | null;
}
export function projectTotals(rows: DurationRow[]): ProjectTotal[];
export function durationLines(rows: DurationRow[], count?: number): string[];
