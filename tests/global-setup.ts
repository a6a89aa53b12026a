import type { TestProject } from 'vitest/node';
import { pgliteSeedDump, postgresSeedTemplate } from '../server/db/seed-dump.js';
import { PG_ADMIN_URL } from './helpers/test-db.js';
import { startS3Server } from './helpers/s3-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    seededPgliteDump: string;
    seededPgTemplate: string;
    /** The run's S3-compatible server (tests/helpers/s3-server.ts), for the S3 file-store variants. */
    s3Endpoint: string;
  }
}

/**
 * The seeded demo company of this run's sources (server/db/seed-dump.ts): seeded at most once per
 * hash of the migrations and the seed, then kept — a PGlite dump in `.cache/seed/`, a template
 * database on PostgreSQL. Each test file then starts from a copy of it.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Global setup runs in the main process, where the project's env is not applied: ask the project.
  const kind = project.name.endsWith('postgres') ? 'postgres' : 'pglite';
  const s3 = await startS3Server();
  project.provide('s3Endpoint', s3.endpoint);
  const log = (msg: string) => console.log(`[${project.name}] ${msg}`);
  if (kind === 'pglite') {
    const dump = await pgliteSeedDump(process.cwd(), log);
    project.provide('seededPgliteDump', dump.where);
    project.provide('seededPgTemplate', '');
    return () => s3.release();
  }
  // PostgreSQL's files read the PGlite dump as well: seed.test.ts compares the two seeds row by row (npm test makes
  // both among its checks; a run of this project alone makes the PGlite one once per seed hash, then finds it cached).
  const [template, dump] = await Promise.all([
    postgresSeedTemplate(process.cwd(), PG_ADMIN_URL, log),
    pgliteSeedDump(process.cwd(), log),
  ]);
  project.provide('seededPgTemplate', template.where);
  project.provide('seededPgliteDump', dump.where);
  return () => s3.release();
}
