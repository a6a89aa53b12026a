import fs from 'node:fs';
import { afterAll, beforeAll } from 'vitest';

/**
 * A test file's CPU seconds, kept in its meta for tests/reporters/durations.ts: this worker's CPU (every thread:
 * PGlite's worker thread too) from the file's first hook to its last, plus what its child processes (servers it
 * started and stopped) used. Wall seconds follow the machine's load; CPU seconds say what a file costs the run.
 * PostgreSQL's own processes are not counted.
 */
function cpuSeconds(): number {
  const own = process.cpuUsage();
  let children = 0;
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    children = (Number(fields[13]) + Number(fields[14])) / 100; // cutime + cstime, USER_HZ 100
  } catch {
    // not Linux: the worker's own CPU only
  }
  return (own.user + own.system) / 1e6 + children;
}

let startedAt = 0;
// Registered before the file's own hooks: the first before, and (hooks run as a stack) the last after.
beforeAll(() => {
  startedAt = cpuSeconds();
});
// vitest reads the first parameter's pattern to inject fixtures: it must be destructured, and none is needed.
// eslint-disable-next-line no-empty-pattern
afterAll(({}, suite) => {
  suite.meta.cpuSeconds = Math.round((cpuSeconds() - startedAt) * 10) / 10;
});

declare module 'vitest' {
  interface TaskMeta {
    /** tests/setup-cpu.ts: the file's CPU seconds in its worker and child processes. */
    cpuSeconds?: number;
  }
}
