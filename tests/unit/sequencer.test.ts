// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import SlowFirstSequencer, { SLOW_FIRST, fileEnvironment } from '../sequencer';

const root = process.cwd();
const spec = (project: string, file: string, groupOrder: number, environment = 'node') =>
  ({
    project: { name: project, config: { sequence: { groupOrder }, isolate: false, environment } },
    moduleId: `${root}/${file}`,
  }) as unknown as TestSpecification;
const ctx = {
  config: { root, sequence: {} },
  cache: { getFileTestResults: () => undefined, getFileStats: () => undefined },
} as unknown as Vitest;
const names = (files: TestSpecification[]) =>
  files.map((f) => `${f.project.name}:${f.moduleId.slice(root.length + 1)}`);

describe('the test sequencer', () => {
  it('runs a group in blocks of one project and environment, the known slow files first in each', async () => {
    const files = [
      spec('unit', 'app/pages/errors/error-pages.test.tsx', 1, 'jsdom'),
      spec('unit', 'tests/unit/sequencer.test.ts', 1, 'jsdom'),
      spec('api-postgres', 'tests/api/purchase/pr.test.ts', 1),
      spec('unit', 'widgets/data-grid/data-grid.test.tsx', 1, 'jsdom'),
      spec('api-postgres', 'tests/api/security/findings.test.ts', 1),
      spec('api-pglite', 'tests/api/security/rls.test.ts', 1),
      spec('api-pglite', 'tests/api/system/startup.test.ts', 1),
      spec('e2e', 'tests/e2e/items-journey.e2e.test.ts', 2),
      spec('e2e-walks', 'tests/e2e/route-smoke.e2e.test.ts', 2),
      spec('stories', 'tests/e2e/storybook.e2e.test.ts', 2),
      spec('e2e', 'tests/e2e/supplier-lifecycle-journey.e2e.test.ts', 2),
    ];
    const sorted = await new SlowFirstSequencer(ctx).sort(files);
    expect(names(sorted.filter((f) => f.project.config.sequence.groupOrder === 1))).toEqual([
      'api-pglite:tests/api/system/startup.test.ts',
      'api-pglite:tests/api/security/rls.test.ts',
      'api-postgres:tests/api/security/findings.test.ts',
      'api-postgres:tests/api/purchase/pr.test.ts',
      'unit:app/pages/errors/error-pages.test.tsx',
      'unit:widgets/data-grid/data-grid.test.tsx',
      // Its own comment puts it in node.
      'unit:tests/unit/sequencer.test.ts',
    ]);
    // The browser group keeps the slow-first order across its projects.
    expect(names(sorted.filter((f) => f.project.config.sequence.groupOrder === 2))).toEqual([
      'e2e-walks:tests/e2e/route-smoke.e2e.test.ts',
      'e2e:tests/e2e/supplier-lifecycle-journey.e2e.test.ts',
      'stories:tests/e2e/storybook.e2e.test.ts',
      'e2e:tests/e2e/items-journey.e2e.test.ts',
    ]);
  });

  it('reads a file’s environment as vitest does', () => {
    const s = spec('unit', 'x.test.ts', 1, 'jsdom');
    expect(fileEnvironment(s, () => '// @vitest-environment node\nimport x;')).toBe('node');
    expect(fileEnvironment(s, () => '/** @jest-environment happy-dom */')).toBe('happy-dom');
    expect(fileEnvironment(s, () => 'import x;')).toBe('jsdom');
  });

  it('names only files that exist', async () => {
    const fs = await import('node:fs');
    for (const entry of SLOW_FIRST) expect(fs.existsSync(entry.slice(entry.indexOf(':') + 1)), entry).toBe(true);
  });
});
