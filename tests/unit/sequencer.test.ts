// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import SlowFirstSequencer, { SLOW_FIRST } from '../sequencer';

const root = '/repo';
const spec = (project: string, file: string, groupOrder: number) =>
  ({
    project: { name: project, config: { sequence: { groupOrder }, isolate: false } },
    moduleId: `${root}/${file}`,
  }) as unknown as TestSpecification;
const ctx = {
  config: { root, sequence: {} },
  cache: { getFileTestResults: () => undefined, getFileStats: () => undefined },
} as unknown as Vitest;

describe('the test sequencer', () => {
  it('starts the known slow files first within each group, and keeps the groups in their order', async () => {
    const files = [
      spec('unit', 'tests/unit/a.test.ts', 0),
      spec('api-postgres', 'tests/api/x.test.ts', 1),
      spec('api-postgres', 'tests/api/security/findings.test.ts', 1),
      spec('api-pglite', 'tests/api/system/startup.test.ts', 1),
      spec('api-pglite', 'tests/api/y.test.ts', 1),
    ];
    const sorted = await new SlowFirstSequencer(ctx).sort(files);
    expect(sorted.map((f) => `${f.project.name}:${f.moduleId.slice(root.length + 1)}`)).toEqual([
      'unit:tests/unit/a.test.ts',
      'api-pglite:tests/api/system/startup.test.ts',
      'api-postgres:tests/api/security/findings.test.ts',
      'api-pglite:tests/api/y.test.ts',
      'api-postgres:tests/api/x.test.ts',
    ]);
  });

  it('names only files that exist', async () => {
    const fs = await import('node:fs');
    for (const entry of SLOW_FIRST) expect(fs.existsSync(entry.slice(entry.indexOf(':') + 1)), entry).toBe(true);
  });
});
