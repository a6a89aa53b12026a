// @vitest-environment node
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REQUIRED_TESTS, requiredTestProblems } from '../../scripts/required-tests.mjs';
import { durationLines, projectTotals } from '../../scripts/test-durations.mjs';
import { removeLeftovers } from '../../scripts/test-postgres.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/** A port nothing listens on: one the system gave us, closed again. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

/** `npm test`'s PostgreSQL decision only (scripts/test.mjs --postgres-check), with the given environment. */
function postgresCheck(env: Record<string, string | undefined>) {
  const { CI: _ci, SKIP_POSTGRES: _skip, ...rest } = process.env;
  const r = spawnSync(process.execPath, ['scripts/test.mjs', '--postgres-check'], {
    cwd: root,
    env: { ...rest, ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  return { code: r.status, output: `${r.stdout}${r.stderr}` };
}

describe('npm test (scripts/test.mjs) cannot skip the PostgreSQL suite in CI', () => {
  it('fails with CI=true when PostgreSQL does not answer, naming the address', async () => {
    const port = await closedPort();
    const r = postgresCheck({ CI: 'true', TEST_PG_URL: `postgres://postgres@127.0.0.1:${port}/test` });
    expect(r.code).toBe(1);
    expect(r.output).toContain(`CI=true and PostgreSQL does not answer at 127.0.0.1:${port}`);
  });

  it('without CI runs on PGlite only and says so', async () => {
    const port = await closedPort();
    const r = postgresCheck({ TEST_PG_URL: `postgres://postgres@127.0.0.1:${port}/test` });
    expect(r.code).toBe(0);
    expect(r.output).toContain('the API suite runs on PGlite only');
  });

  it('refuses SKIP_POSTGRES=1 with CI=true', () => {
    const r = postgresCheck({ CI: 'true', SKIP_POSTGRES: '1' });
    expect(r.code).toBe(1);
    expect(r.output).toContain('cannot be skipped in CI');
  });

  it('names required test files that were skipped or missing from the report', () => {
    const entry = (file: string, statuses: string[]) => ({
      name: `${root}/${file}`,
      assertionResults: statuses.map((status) => ({ status })),
    });
    const [matrix, , seed] = REQUIRED_TESTS.map(([file]) => file);
    const full = {
      testResults: REQUIRED_TESTS.flatMap(([file, runs]) =>
        Array.from({ length: runs }, () => entry(file, ['passed'])),
      ),
    };
    expect(requiredTestProblems(full, root)).toEqual([]);
    // The matrix's second run skipped, the seed command's test missing.
    const skipped = {
      testResults: [
        ...full.testResults.filter((r) => !r.name.endsWith(matrix) && !r.name.endsWith(seed)),
        entry(matrix, ['passed', 'passed']),
        entry(matrix, ['skipped', 'skipped']),
      ],
    };
    const problems = requiredTestProblems(skipped, root);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain(`${matrix}: ran fully in 1 of the 2`);
    expect(problems[1]).toContain(`${seed}: ran fully in 0 of the 1`);
  });
});

describe('npm test says where the tests’ time went (scripts/test-durations.mjs)', () => {
  const row = (project: string, file: string, seconds: number, tests: number) => ({
    project,
    file,
    seconds,
    collectSeconds: 0,
    tests,
    passed: tests,
    failed: 0,
    skipped: 0,
  });
  const rows = [
    row('unit', 'a.test.ts', 1.5, 3),
    row('api-postgres', 'tests/api/x.test.ts', 40, 7),
    row('unit', 'b.test.ts', 2.25, 4),
    row('api-pglite', 'tests/api/x.test.ts', 55, 7),
  ];

  it('sums files, tests and seconds per project', () => {
    expect(projectTotals(rows)).toEqual([
      { project: 'unit', files: 2, tests: 7, seconds: 3.8, cpuSeconds: null },
      { project: 'api-postgres', files: 1, tests: 7, seconds: 40, cpuSeconds: null },
      { project: 'api-pglite', files: 1, tests: 7, seconds: 55, cpuSeconds: null },
    ]);
  });

  it('sums CPU seconds where the files recorded them, and lists the files using the most', () => {
    const withCpu = [
      { ...row('api-postgres', 'tests/api/a.test.ts', 10, 2), cpuSeconds: 4.5 },
      { ...row('api-postgres', 'tests/api/b.test.ts', 5, 2), cpuSeconds: 9 },
    ];
    expect(projectTotals(withCpu)[0].cpuSeconds).toBe(14);
    const lines = durationLines(withCpu, 1);
    expect(lines).toContain('    15.0 s  api-postgres: 2 files, 4 tests, 14 s of CPU in its workers');
    expect(lines.at(-1)).toBe('     9.0 s  tests/api/b.test.ts (api-postgres)');
  });

  it('prints the projects, then the slowest files with their project', () => {
    const lines = durationLines(rows, 2);
    expect(lines).toContain('     3.8 s  unit: 2 files, 7 tests');
    expect(lines.slice(-3)).toEqual([
      '── slowest test files ──',
      '    55.0 s  tests/api/x.test.ts (api-pglite)',
      '    40.0 s  tests/api/x.test.ts (api-postgres)',
    ]);
  });
});

describe('npm test’s own PostgreSQL (scripts/test-postgres.mjs)', () => {
  it('removes the clusters of runs that have ended, never one whose run is alive', () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-leftovers-'));
    try {
      const ended = spawnSync(process.execPath, ['-e', '0']).pid!;
      const cluster = (name: string, owner: number) => {
        const dir = path.join(parent, `gpms-test-run-pg-${name}`);
        fs.mkdirSync(path.join(dir, 'data'), { recursive: true });
        fs.writeFileSync(path.join(dir, 'owner.pid'), String(owner));
        return dir;
      };
      const gone = cluster('ended', ended);
      const kept = cluster('alive', process.pid);
      // No server runs in these directories: stopping one fails, and it is removed all the same.
      removeLeftovers('/nonexistent/bin', parent);
      expect([fs.existsSync(gone), fs.existsSync(kept)]).toEqual([false, true]);
    } finally {
      fs.rmSync(parent, { recursive: true, force: true });
    }
  });
});
