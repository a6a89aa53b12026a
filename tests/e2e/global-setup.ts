import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connect } from '../../server/db/connect';
import { migrateToLatest } from '../../server/db/migrate';
import { seedDemo } from '../../server/db/seed/index';
import { startFakeErp } from './helpers/fake-erp';
import { addNoMenuAccounts } from './helpers/no-menu-accounts';
import { requireBuild, startServer, type SeedMode } from './helpers/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the server under test listens, e.g. http://127.0.0.1:41234 */
    e2eBaseUrl: string;
    /** The fake ERP that server posts to (tests/e2e/helpers/fake-erp.ts), e.g. http://127.0.0.1:41235 */
    e2eErpBase: string;
  }
}

/** E2E_SEED=none runs the journeys against an empty database. */
function seedMode(): SeedMode {
  const raw = process.env.E2E_SEED;
  if (raw === undefined || raw === '' || raw === 'demo') return 'demo';
  if (raw === 'none') return 'none';
  throw new Error(`E2E_SEED="${raw}" must be demo or none`);
}

/**
 * One real server for the whole browser run — every journey, the route smoke test and its "without
 * the menu" half — on a free port, with a fresh data directory seeded here (the demo company plus two
 * accounts holding no menu) and a fake ERP. A server start with a seed costs about a minute and a half
 * on these machines: one per run, not one per file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  requireBuild();
  const erp = await startFakeErp();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-e2e-'));
  const seed = seedMode();
  if (seed === 'demo') {
    const h = await connect({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pgdata') });
    try {
      await migrateToLatest(h.db);
      await seedDemo(h.db, {});
      await addNoMenuAccounts(h.db);
    } finally {
      await h.close();
    }
  }
  const server = await startServer({
    seed,
    dataDir,
    env: {
      // The journeys log in many times a minute from one address: lift the per-address login limit.
      AUTH_RATE_LIMIT: '1000',
      // One request per posting, so a failure the fake ERP is told to give shows at once.
      ERP_URL: `${erp.base}/erp/vouchers`,
      ERP_VENDOR_URL: `${erp.base}/erp/vendors`,
      ERP_RETRIES: '0',
      ERP_TIMEOUT_MS: '15000',
    },
    readyTimeoutMs: 300_000,
  });
  project.provide('e2eBaseUrl', server.url);
  project.provide('e2eErpBase', erp.base);
  return async () => {
    await server.stop();
    if (erp.stray.length) console.warn(`The fake ERP ignored ${erp.stray.length} request(s) that were no ERP posts, e.g. ${erp.stray[0]}`);
    await erp.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
