export interface DurationRow {
  project: string;
  file: string;
  seconds: number;
  tests: number;
}
export interface ProjectTotal {
  project: string;
  files: number;
  tests: number;
  seconds: number;
}
export function projectTotals(rows: DurationRow[]): ProjectTotal[];
export function durationLines(rows: DurationRow[], count?: number): string[];
