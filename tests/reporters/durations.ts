import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** One test file's run in one project, as test-results/durations.json keeps it. */
export interface FileDuration {
  project: string;
  file: string;
  /** From the file's start to its end in its worker: import, hooks and tests (vitest's JSON counts tests only). */
  seconds: number;
  /** Importing the file and what it imports, and collecting its tests. */
  collectSeconds: number;
  /** When it started and ended (epoch milliseconds): which files ran together, and how long a run's tail was. */
  startedAt?: number;
  endedAt: number;
  /** CPU seconds of its worker and child processes (tests/setup-cpu.ts), where the project records it. */
  cpuSeconds?: number;
  tests: number;
  passed: number;
  failed: number;
  skipped: number;
}

/**
 * Where a run's time went, file by file and project by project: test-results/durations.json, read by
 * scripts/test.mjs for its per-project summary and slowest files (and kept after the run, as is
 * vitest's own test-results/vitest.json). vitest's JSON report names neither the project nor the time
 * a file spent before its first test (its seeded app is built in beforeAll).
 */
export default class DurationsReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly rows: FileDuration[] = [];
  private readonly file = path.resolve(process.env.DURATIONS_FILE ?? 'test-results/durations.json');

  onTestModuleStart(m: TestModule): void {
    this.started.set(key(m), Date.now());
  }

  onTestModuleEnd(m: TestModule): void {
    const since = this.started.get(key(m));
    const d = m.diagnostic();
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const t of m.children.allTests()) {
      const state = t.result().state;
      if (state === 'passed') counts.passed++;
      else if (state === 'failed') counts.failed++;
      else counts.skipped++;
    }
    this.rows.push({
      project: m.project.name,
      file: path.relative(process.cwd(), m.moduleId),
      seconds: round(since === undefined ? d.duration : Date.now() - since),
      collectSeconds: round(d.collectDuration),
      startedAt: since,
      endedAt: Date.now(),
      ...(m.meta().cpuSeconds === undefined ? {} : { cpuSeconds: m.meta().cpuSeconds }),
      tests: counts.passed + counts.failed + counts.skipped,
      ...counts,
    });
  }

  onTestRunEnd(): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    fs.writeFileSync(this.file, `${JSON.stringify(this.rows, null, 1)}\n`);
  }
}

const key = (m: TestModule) => `${m.project.name}\0${m.moduleId}`;
const round = (ms: number) => Math.round(ms / 100) / 10;
