import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * Three projects: front-end unit tests (jsdom, beside their code), and the API/server tests
 * twice — on PGlite and on PostgreSQL (scripts/test.mjs leaves the latter out when no
 * PostgreSQL answers at 127.0.0.1:5432).
 */
const apiProject = (name: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name: `api-${name}`,
    environment: 'node' as const,
    include: ['tests/api/**/*.test.ts'],
    env: { TEST_DB: name, NODE_ENV: 'test' },
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks' as const,
  },
});

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['{app,engine,widgets,lib,screens,codegen,schemas}/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-dom.ts'],
        },
      },
      apiProject('pglite'),
      apiProject('postgres'),
      {
        // Browser journeys: Debian's Chromium against the real server on the built dist/.
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          pool: 'forks',
          // One fork for every file, one file at a time: they share one server and one machine.
          maxWorkers: 1,
          fileParallelism: false,
          isolate: false,
        },
      },
    ],
  },
});
