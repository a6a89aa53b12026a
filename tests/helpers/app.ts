import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.js';
import { testConfig, type Config } from '../../server/config.js';
import { KeptCompiles } from '../../server/http/schema-compile.js';
import type { PgliteThread } from '../../server/db/connect.js';
import { fileStoreConfig, type FileStoreKind } from './file-stores.js';
import { createEmptyTestDb, createSeededTestDb, testPgliteThread, type TestDb } from './test-db.js';

export interface TestApp {
  app: FastifyInstance;
  db: TestDb;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The compiled schemas of this worker's apps: the API projects run their files in one module graph per
 * worker (`isolate: false`), so the apps of later files reuse what earlier files compiled.
 */
const keptCompiles = new KeptCompiles();

/**
 * How the tests' apps compile their schemas: each on its first use, and once per worker (above). A file about
 * something else than compiling builds its apps so; every schema is still compiled at start by the authorization
 * matrix's app and the production-start test, and by every server before it is ready.
 */
export const testCompiles = { schemas: 'on-first-use', keptCompiles } as const;

/**
 * The real app on a database of the run's kind (PGlite or PostgreSQL): seeded with the demo
 * company by default, or empty. Files go to a temporary DATA_DIR removed by close(), or with
 * `fileStore: 's3'` to a prefix of their own on the run's S3 server.
 */
export async function buildTestApp(
  options: { seeded?: boolean; config?: Partial<Config>; pgliteThread?: PgliteThread; fileStore?: FileStoreKind } = {},
): Promise<TestApp> {
  const thread = options.pgliteThread ?? testPgliteThread();
  const db =
    options.seeded === false ? await createEmptyTestDb(undefined, thread) : await createSeededTestDb(undefined, thread);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-test-'));
  const config = testConfig({
    dataDir,
    distDir: path.join(dataDir, 'no-dist'),
    databaseUrl: db.url,
    fileStore: await fileStoreConfig(options.fileStore ?? 'disk'),
    ...options.config,
  });
  const app = await buildApp({ config, dbh: db, ...testCompiles });
  return {
    app,
    db,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
