import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connect } from '../../server/db/connect';
import { restoreSeededDataDir } from '../../server/db/seed-dump';
import { startFakeErp } from './helpers/fake-erp';
import { startTestIdp } from '../helpers/oidc-idp';
import { addNoMenuAccounts } from './helpers/no-menu-accounts';
import { freePort } from '../../scripts/free-port.mjs';
import { requireBuild, startServer, type SeedMode } from './helpers/server';
import { browserWorkers } from './browser-workers';
import type { E2eLane } from './helpers/lane';

/** E2E_SEED=none runs the journeys against an empty database. */
function seedMode(): SeedMode {
  const raw = process.env.E2E_SEED;
  if (raw === undefined || raw === '' || raw === 'demo') return 'demo';
  if (raw === 'none') return 'none';
  throw new Error(`E2E_SEED="${raw}" must be demo or none`);
}

/**
 * One lane: a real server on a free port, with a fresh data directory restored here from the seed dump (the demo
 * company) plus two accounts holding no menu, its fake ERP and its OpenID provider. A server start costs tens of
 * seconds of CPU on these machines: one per lane and run, not one per file.
 */
async function startLane(seed: SeedMode): Promise<{ lane: E2eLane; stop: () => Promise<void> }> {
  // A port is chosen before the server starts (the provider must know its callback address), so another process
  // can take it meanwhile — rarely, below the ephemeral range (scripts/free-port.mjs); then the lane starts again
  // on another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startLaneOnce(seed);
    } catch (err) {
      if (attempt >= 3 || !String(err).includes('EADDRINUSE')) throw err;
      console.warn(`[e2e] a lane's port was taken before its server listened; starting it again (${attempt})`);
    }
  }
}

async function startLaneOnce(seed: SeedMode): Promise<{ lane: E2eLane; stop: () => Promise<void> }> {
  const erp = await startFakeErp();
  // The server's port is chosen first: the provider must know the callback address it allows.
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // SSO over OpenID Connect: the server runs in AD mode (the login pages' id and password, which the journeys'
  // logins call too), and OIDC is configured too; the SSO journey reaches it through the spec's next-mode
  // override (sso.e2e.test.ts). The provider lives in this process and costs nothing to start.
  const idp = await startTestIdp({
    redirectUri: `${origin}/auth/oidc/callback`,
    postLogoutRedirectUri: `${origin}/login`,
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-e2e-'));
  if (seed === 'demo') {
    // The seeded company the API projects restore too (server/db/seed-dump.ts), summaries built.
    await restoreSeededDataDir(process.cwd(), path.join(dataDir, 'pgdata'), (msg) => console.log(`[e2e] ${msg}`));
    const h = await connect({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pgdata') });
    try {
      await addNoMenuAccounts(h.db);
    } finally {
      await h.close();
    }
  }
  const server = await startServer({
    seed,
    dataDir,
    port,
    env: {
      // The journeys log in many times a minute from one address: lift the per-address login limit.
      AUTH_RATE_LIMIT: '1000',
      // One request per posting, so a failure the fake ERP is told to give shows at once.
      ERP_URL: `${erp.base}/erp/vouchers`,
      ERP_VENDOR_URL: `${erp.base}/erp/vendors`,
      ERP_RETRIES: '0',
      ERP_TIMEOUT_MS: '15000',
      LOGIN_MODE: 'AD',
      OIDC_ISSUER: idp.issuer,
      OIDC_ALLOW_HTTP: 'true',
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: idp.clientSecret,
      OIDC_REDIRECT_URI: `${origin}/auth/oidc/callback`,
      OIDC_POST_LOGOUT_REDIRECT_URI: `${origin}/login`,
      OIDC_SCOPES: 'openid profile email',
      OIDC_USER_CLAIM: 'upn',
    },
    readyTimeoutMs: 300_000,
  }).catch(async (err: unknown) => {
    await Promise.all([erp.close(), idp.stop()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  });
  const stop = async () => {
    await server.stop();
    if (erp.stray.length)
      console.warn(`The fake ERP ignored ${erp.stray.length} request(s) that were no ERP posts, e.g. ${erp.stray[0]}`);
    await erp.close();
    await idp.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { lane: { baseUrl: server.url, erpBase: erp.base, idpIssuer: idp.issuer, dataDir }, stop };
}

/**
 * The browser projects' servers. The journeys get one lane per browser worker (tests/e2e/browser-workers.ts): two
 * journeys run at once, each on a server of its own (tests/e2e/helpers/lane.ts). The walks only read: one lane,
 * shared by both walk files.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  requireBuild();
  const seed = seedMode();
  const shared = project.name === 'e2e-walks';
  const count = shared ? 1 : browserWorkers();
  // One build of the compiled server before the lanes start side by side (npm test builds it first and says so).
  if (process.env.SERVER_BUILT !== '1') {
    const first = await startLane(seed);
    process.env.SERVER_BUILT = '1';
    const rest = await Promise.allSettled(Array.from({ length: count - 1 }, () => startLane(seed)));
    return provideLanes(project, shared, [{ status: 'fulfilled', value: first }, ...rest]);
  }
  return provideLanes(project, shared, await Promise.allSettled(Array.from({ length: count }, () => startLane(seed))));
}

async function provideLanes(
  project: TestProject,
  shared: boolean,
  started: PromiseSettledResult<Awaited<ReturnType<typeof startLane>>>[],
): Promise<() => Promise<void>> {
  const up = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = async () => {
    await Promise.all(up.map((l) => l.stop()));
  };
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'e2eLanes',
    up.map((l) => l.lane),
  );
  project.provide('e2eLanesShared', shared);
  return stopAll;
}
