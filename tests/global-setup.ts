import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connect } from '../server/db/connect.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { seedDemo } from '../server/db/seed/index.js';
import { refreshReportSummary } from '../server/modules/reports/summary.js';
import { createPgDatabase, dropPgDatabase, testPgliteThread } from './helpers/test-db.js';
import { startS3Server } from './helpers/s3-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    seededPgliteDump: string;
    seededPgTemplate: string;
    /** The run's S3-compatible server (tests/helpers/s3-server.ts), for the S3 file-store variants. */
    s3Endpoint: string;
  }
}

/** Seeds the demo company once per run; each test file then starts from a copy of it. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Global setup runs in the main process, where the project's env is not applied: ask the project.
  const kind = project.name.endsWith('postgres') ? 'postgres' : 'pglite';
  const s3 = await startS3Server();
  project.provide('s3Endpoint', s3.endpoint);
  if (kind === 'pglite') {
    const dir = path.resolve('.data-test');
    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, `seeded-${process.pid}.tar`);
    const h = await connect({ databaseUrl: null, pgliteDir: null, pgliteThread: testPgliteThread() });
    await migrateToLatest(h.db);
    await seedDemo(h.db, {});
    // The reports' summaries as the job leaves them a minute after a start (a report GET only reads).
    await refreshReportSummary(h.db);
    const dump = await h.dumpDataDir!();
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await h.close();
    project.provide('seededPgliteDump', file);
    project.provide('seededPgTemplate', '');
    return async () => {
      fs.rmSync(file, { force: true });
      await s3.release();
    };
  }
  const name = `gpms_tpl_${process.pid}`;
  const url = await createPgDatabase(name);
  const h = await connect({ databaseUrl: url, pgliteDir: null });
  await migrateToLatest(h.db);
  await seedDemo(h.db, {});
  await refreshReportSummary(h.db);
  await h.close();
  project.provide('seededPgTemplate', name);
  project.provide('seededPgliteDump', '');
  return async () => {
    await dropPgDatabase(name);
    await s3.release();
  };
}
