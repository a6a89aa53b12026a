import fs from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files known to take the longest (`project:file`, slowest first, from test-results/durations.json of clean-clone
 * runs). They start first, so that a group does not end with one worker still in a two-minute file while the
 * others wait: vitest orders by its own cache of durations, which a clean clone (CI) does not have, and then by
 * file size. Order only: a file missing here or gone from the tree changes nothing but when it starts.
 */
export const SLOW_FIRST: readonly string[] = [
  'api-pglite:tests/api/system/startup.test.ts',
  'api-postgres:tests/api/security/findings.test.ts',
  'api-pglite:tests/api/operations/backup-restore.test.ts',
  'api-postgres:tests/api/auth/production-start.test.ts',
  'api-postgres:tests/api/operations/rolling-upgrade.test.ts',
  'api-pglite:tests/api/seed.test.ts',
  'api-pglite:tests/api/security/authz-matrix.test.ts',
  'api-postgres:tests/api/security/authz-matrix.test.ts',
  'api-postgres:tests/api/system/seed-cli.test.ts',
  'e2e-walks:tests/e2e/react-warnings.e2e.test.ts',
  'e2e-walks:tests/e2e/route-smoke.e2e.test.ts',
  // The browser group's other files, longest first (a run of 2026-11-27): the group used to end with the stories,
  // 35 s, alone on one of its two workers.
  'e2e:tests/e2e/supplier-lifecycle-journey.e2e.test.ts',
  'e2e:tests/e2e/agreement-journey.e2e.test.ts',
  'e2e:tests/e2e/purchasing-journey.e2e.test.ts',
  'e2e:tests/e2e/contract-journey.e2e.test.ts',
  'e2e:tests/e2e/tender-journey.e2e.test.ts',
  'e2e:tests/e2e/evaluation-journey.e2e.test.ts',
  'e2e:tests/e2e/fulfilment-journey.e2e.test.ts',
  'e2e:tests/e2e/keyboard-journey.e2e.test.ts',
  'e2e:tests/e2e/auth.e2e.test.ts',
  'stories:tests/e2e/storybook.e2e.test.ts',
  'e2e:tests/e2e/shell.e2e.test.ts',
  'e2e:tests/e2e/studio-journey.e2e.test.ts',
  'e2e:tests/e2e/tax-invoice-journey.e2e.test.ts',
  'e2e:tests/e2e/items-journey.e2e.test.ts',
  'e2e:tests/e2e/budget-journey.e2e.test.ts',
  'e2e:tests/e2e/sso.e2e.test.ts',
];

/**
 * The order of a group's runners. A worker process runs files of one project in one environment, and when the
 * next file queued is of another, vitest ends the worker (`isEqualRunner` in its pool) and starts one that imports
 * the server or the front end again, losing what the last one kept (compiled schemas, PGlite's compiled wasm).
 * Ordered by size alone, the unit and API group's four kinds alternated and most files started a worker; in
 * blocks of one kind, in this order, a worker changes kind at most once per block. Projects not named here (the
 * browser group's) keep the slow-first order only: their workers import little.
 */
export const RUNNER_ORDER: readonly string[] = ['api-pglite:node', 'api-postgres:node', 'unit:jsdom', 'unit:node'];

/** The environment vitest gives a file: its `@vitest-environment` comment, else its project's (as vitest reads it). */
export function fileEnvironment(spec: TestSpecification, read = (f: string) => fs.readFileSync(f, 'utf8')): string {
  const pragma = /@(?:vitest|jest)-environment\s+([\w-]+)\b/.exec(read(spec.moduleId))?.[1];
  return pragma ?? spec.project.config.environment ?? 'node';
}

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const root = this.ctx.config.root.replace(/\/$/, '');
    const rank = (f: TestSpecification): number => {
      const i = SLOW_FIRST.indexOf(`${f.project.name}:${f.moduleId.replace(`${root}/`, '')}`);
      return i === -1 ? SLOW_FIRST.length : i;
    };
    const runners = new Map(sorted.map((f) => [f, `${f.project.name}:${fileEnvironment(f)}`]));
    const block = (f: TestSpecification): number => {
      const i = RUNNER_ORDER.indexOf(runners.get(f)!);
      return i === -1 ? RUNNER_ORDER.length : i;
    };
    // Within a group only: groups still run in their order. Array.prototype.sort is stable.
    return sorted.sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        block(a) - block(b) ||
        rank(a) - rank(b),
    );
  }
}
