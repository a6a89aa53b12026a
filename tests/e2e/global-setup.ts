import type { TestProject } from 'vitest/node';
import { requireBuild, startServer, type SeedMode } from './helpers/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the server under test listens, e.g. http://127.0.0.1:41234 */
    e2eBaseUrl: string;
  }
}

/** E2E_SEED=none runs the journeys against an empty database. */
function seedMode(): SeedMode {
  const raw = process.env.E2E_SEED;
  if (raw === undefined || raw === '' || raw === 'demo') return 'demo';
  if (raw === 'none') return 'none';
  throw new Error(`E2E_SEED="${raw}" must be demo or none`);
}

/** One real server for the whole browser run, on a free port with a fresh data directory. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  requireBuild();
  // The journeys log in many times a minute from one address: lift the per-address login limit.
  const server = await startServer({ seed: seedMode(), env: { AUTH_RATE_LIMIT: '1000' } });
  project.provide('e2eBaseUrl', server.url);
  return () => server.stop();
}
