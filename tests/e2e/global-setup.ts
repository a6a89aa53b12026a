import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connect } from '../../server/db/connect';
import { restoreSeededDataDir } from '../../server/db/seed-dump';
import { startFakeErp } from './helpers/fake-erp';
import { startTestIdp } from '../helpers/oidc-idp';
import { addNoMenuAccounts } from './helpers/no-menu-accounts';
import { freePort, requireBuild, startServer, type SeedMode } from './helpers/server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the server under test listens, e.g. http://127.0.0.1:41234 */
    e2eBaseUrl: string;
    /** The fake ERP that server posts to (tests/e2e/helpers/fake-erp.ts), e.g. http://127.0.0.1:41235 */
    e2eErpBase: string;
    /** The OpenID provider (oidc-provider, in this process) the server's SSO uses, e.g. http://127.0.0.1:41236 */
    e2eIdpIssuer: string;
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
 * the menu" half — on a free port, with a fresh data directory restored here from the seed dump (the
 * demo company) plus two accounts holding no menu, a fake ERP and an OpenID provider. A server start
 * costs tens of seconds on these machines: one per run, not one per file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  requireBuild();
  const erp = await startFakeErp();
  // The server's port is chosen first: the provider must know the callback address it allows.
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // SSO over OpenID Connect (issue 15): the server runs in AD mode, so every journey logs in with
  // the form, and OIDC is configured too; the SSO journey reaches it through the spec's next-mode
  // override (sso.e2e.test.ts). The provider lives in this process and costs nothing to start.
  const idp = await startTestIdp({
    redirectUri: `${origin}/auth/oidc/callback`,
    postLogoutRedirectUri: `${origin}/login`,
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-e2e-'));
  const seed = seedMode();
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
    throw err;
  });
  project.provide('e2eBaseUrl', server.url);
  project.provide('e2eErpBase', erp.base);
  project.provide('e2eIdpIssuer', idp.issuer);
  return async () => {
    await server.stop();
    if (erp.stray.length)
      console.warn(`The fake ERP ignored ${erp.stray.length} request(s) that were no ERP posts, e.g. ${erp.stray[0]}`);
    await erp.close();
    await idp.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
