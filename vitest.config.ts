import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { PGLITE_FILES } from './tests/api-projects.js';
import SlowFirstSequencer from './tests/sequencer.js';
import { browserWorkers } from './tests/e2e/browser-workers.js';
import { UNIT_TEST_LIMIT_MS } from './tests/unit-timing.js';

/**
 * Four projects: front-end unit tests (jsdom, beside their code), the API/server tests — every
 * file on PostgreSQL, the database-sensitive ones (tests/api-projects.ts) also on PGlite through
 * its worker thread, as the server runs it (scripts/test.mjs leaves PostgreSQL out when none
 * answers at 127.0.0.1:5432) — and the browser journeys.
 */
const apiProject = (name: 'pglite' | 'postgres', order: number, maxWorkers: number) => ({
  extends: true as const,
  test: {
    name: `api-${name}`,
    sequence: { groupOrder: order },
    maxWorkers,
    environment: 'node' as const,
    // API_PGLITE_ALL=1 (npm test sets it when no PostgreSQL answers): every file on PGlite instead.
    include:
      name === 'pglite' && process.env.API_PGLITE_ALL !== '1' ? Object.keys(PGLITE_FILES) : ['tests/api/**/*.test.ts'],
    // PGlite in its worker thread, as the server runs it; PGLITE_THREAD=main compares with the test's own thread.
    env: {
      TEST_DB: name,
      NODE_ENV: 'test',
      ...(name === 'pglite' ? { PGLITE_THREAD: process.env.PGLITE_THREAD === 'main' ? 'main' : 'worker' } : {}),
    },
    globalSetup: ['tests/global-setup.ts'],
    // Each file's CPU seconds, in test-results/durations.json (tests/setup-cpu.ts).
    setupFiles: ['tests/setup-cpu.ts'],
    // A hang guard, not a timing (the browser run shares the machine in npm test).
    testTimeout: 60_000,
    // A file's seeded app takes a few seconds alone, but up to two minutes when the API workers, the
    // private PostgreSQL clusters and the S3 server all start at once on two cores.
    hookTimeout: 240_000,
    pool: 'forks' as const,
    // A worker keeps its modules from one file to the next: importing the server again for each of
    // the 80 files was a third of the project's time (10 files: 64 s → 51 s). The files share no
    // state but what they build themselves (each its own app and database copy); the server keeps
    // no module-level mutable state (docs/testing.md).
    isolate: false,
    // tests/api/system/app-release.test.ts proves a closed app is garbage (a retained app kept its
    // whole PGlite database: 370 MB a file, workers killed for memory).
    execArgv: ['--expose-gc'],
  },
});

/** The browser tests that only read: they walk every route (tests/e2e/smoke-routes.ts). */
const E2E_WALKS = ['tests/e2e/route-smoke.e2e.test.ts', 'tests/e2e/react-warnings.e2e.test.ts'];

/**
 * The browser projects' group runs this many files at once; the journeys' global setup starts as many servers, and a
 * journey takes a free one for its run (tests/e2e/helpers/lane.ts). vitest gives a group one worker count.
 */
const BROWSER_WORKERS = browserWorkers();

/** The journeys: a server each while they run (a lane of the global setup), two at a time. */
const journeyProject = (name: string) => ({
  extends: true as const,
  test: {
    name,
    environment: 'node' as const,
    sequence: { groupOrder: 3 },
    include: ['tests/e2e/**/*.e2e.test.ts'],
    exclude: ['tests/e2e/storybook.e2e.test.ts', ...E2E_WALKS],
    globalSetup: ['tests/e2e/global-setup.ts'],
    // Takes a free lane for the file (tests/e2e/helpers/lane.ts): two journeys never share a server.
    setupFiles: ['tests/setup-cpu.ts', 'tests/e2e/setup-lane.ts'],
    // A hang guard, not a timing.
    testTimeout: 120_000,
    hookTimeout: 240_000,
    pool: 'forks' as const,
    maxWorkers: BROWSER_WORKERS,
    isolate: false,
  },
});

export default defineConfig({
  plugins: [react()],
  test: {
    // The slowest files first within each group (tests/sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          // In the API files' group: vitest gives a group one number of workers (its default, one fewer than the
          // cores, is one on CI's two), shared by the three projects. As a group of their own before the API files,
          // unit and API took 864 s against 835 s together (one run each: within this machine's noise).
          sequence: { groupOrder: 1 },
          maxWorkers: Number(process.env.API_WORKERS ?? 3),
          include: [
            '{app,engine,widgets,lib,screens,codegen,schemas}/**/*.test.{ts,tsx}',
            'tests/unit/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['tests/setup-dom.ts', 'tests/setup-cpu.ts'],
          // A hang guard, not a timing: a test's waits end on their conditions (tests/unit-timing.ts).
          testTimeout: UNIT_TEST_LIMIT_MS,
          // One module graph per worker, not per file: importing React, the engine and jsdom's helpers
          // again for each of ≈ 200 files was most of the project's time (19 engine files: 51 s → 14 s
          // on the loaded machine). Safe because registries are plain data, each file starts from the zustand
          // stores' first state and empty storage (tests/app-stores.ts), Testing Library's cleanup runs after
          // every test, and stubbed globals are put back after each test (unstubGlobals) — a leak shows as
          // another file failing. A worker is kept only while the next file is of its kind (tests/sequencer.ts).
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
        },
      },
      // One group for both databases, three workers: PostgreSQL does the work in its own processes while a
      // file waits, so a third file overlaps the waits, and PGlite's files (CPU in the test's own process)
      // mix with them. As two groups, each ended waiting on its slowest file with the other workers idle.
      // API_WORKERS=2 was tried beside the browser runs (docs/testing.md): the API run took 1,799 s where three
      // workers took 1,234 s, and the seed test still passed its guard; the knob stays for such comparisons.
      apiProject('pglite', 1, Number(process.env.API_WORKERS ?? 3)),
      apiProject('postgres', 1, Number(process.env.API_WORKERS ?? 3)),
      // Browser journeys: Debian's Chromium against the real server on the built dist/, after the API files. Journeys
      // cannot share a server at once (the business clock and the fake ERP's failures are the server's), so each
      // worker has a server of its own; one journey alone kept the two cores only 65–85 % busy (docs/testing.md).
      journeyProject('e2e'),
      {
        // The two walks through every route (the production route smoke with axe, React's warnings on the
        // development bundle): read-only, on one server of their own (the same global setup: a free port, a fresh
        // copy of the demo company), shared by both when they run at once.
        extends: true,
        test: {
          name: 'e2e-walks',
          environment: 'node',
          sequence: { groupOrder: 3 },
          include: E2E_WALKS,
          globalSetup: ['tests/e2e/global-setup.ts'],
          setupFiles: ['tests/setup-cpu.ts', 'tests/e2e/setup-lane.ts'],
          testTimeout: 120_000,
          hookTimeout: 600_000,
          pool: 'forks',
          maxWorkers: BROWSER_WORKERS,
          isolate: false,
        },
      },
      {
        // Every story of the built Storybook in Chromium (no app server: a static server of its own). The three
        // browser projects share group 3 and its workers: two browser files of any of them run at once.
        extends: true,
        test: {
          name: 'stories',
          environment: 'node',
          sequence: { groupOrder: 3 },
          include: ['tests/e2e/storybook.e2e.test.ts'],
          setupFiles: ['tests/setup-cpu.ts'],
          testTimeout: 60_000,
          hookTimeout: 600_000,
          pool: 'forks',
          maxWorkers: BROWSER_WORKERS,
        },
      },
    ],
  },
});
