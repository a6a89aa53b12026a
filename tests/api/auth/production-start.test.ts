import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { KeptCompiles, type SchemaCompile } from '../../../server/http/schema-compile.js';
import { loadConfig, testConfig, type Config } from '../../../server/config.js';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../../server/db/seed/accounts.js';
import { prepareFirstStart } from '../../../server/modules/first-start/service.js';
import { createEmptyTestDb, type TestDb } from '../../helpers/test-db.js';
import { formRequest } from '../../helpers/login.js';
import { TEST_BID_MASTER_KEY } from '../../helpers/bid-key.js';
import { testContractSealEnv } from '../../helpers/contract-seal.js';

/**
 * A production start has no known password. The server is built with a production
 * configuration (NODE_ENV=production as loadConfig reads it) on empty databases, after the first
 * start main.ts runs (prepareFirstStart).
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-prod-'));
const open: Array<{ app: FastifyInstance; db: TestDb }> = [];
afterAll(async () => {
  for (const { app, db } of open) {
    await app.close();
    await db.drop();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The first start's app compiles every schema at start (the server compiles them all before its /readyz
 * answers 200), so a schema the compilers refuse fails here; the other two, about the passwords of a first
 * start, compile a route's on its first call.
 */
async function productionStart(env: Record<string, string> = {}, schemas: SchemaCompile = 'at-start') {
  const fromEnv = loadConfig({
    NODE_ENV: 'production',
    BID_MASTER_KEY: TEST_BID_MASTER_KEY,
    ...testContractSealEnv(),
    ...env,
  });
  const config: Config = {
    ...testConfig({ dataDir, distDir: path.join(dataDir, 'no-dist') }),
    nodeEnv: 'production',
    devOutbox: false,
    seed: fromEnv.seed,
    adminInitialPassword: fromEnv.adminInitialPassword,
  };
  const db = await createEmptyTestDb();
  const first = await prepareFirstStart(db.db, config);
  const app = await buildApp({ config: { ...config, databaseUrl: db.url }, dbh: db, schemas });
  open.push({ app, db });
  return { app, db, first, config };
}

const login = (app: FastifyInstance, username: string, password: string, systemId = 'GPMS') =>
  app.inject({
    method: 'POST',
    url: '/auth/api/login/idpw',
    ...formRequest({ systemId, grantType: 'idpw', username, password }),
  });
const change = (app: FastifyInstance, username: string, password: string, newPassword: string, systemId = 'GPMS') =>
  app.inject({
    method: 'POST',
    url: '/auth/api/password/change',
    ...formRequest({ systemId, username, password, newPassword, newPasswordCheck: newPassword }),
  });

describe('a production start with no known password', () => {
  it('production does not seed the demo company unless SEED=demo is set', () => {
    expect(
      loadConfig({ NODE_ENV: 'production', BID_MASTER_KEY: TEST_BID_MASTER_KEY, ...testContractSealEnv() }).seed,
    ).toBe('none');
    expect(
      loadConfig({
        NODE_ENV: 'production',
        BID_MASTER_KEY: TEST_BID_MASTER_KEY,
        ...testContractSealEnv(),
        SEED: 'demo',
      }).seed,
    ).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'development' }).seed).toBe('demo');
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        BID_MASTER_KEY: TEST_BID_MASTER_KEY,
        ...testContractSealEnv(),
        ADMIN_INITIAL_PASSWORD: 'short',
      }),
    ).toThrow(/ADMIN_INITIAL_PASSWORD does not meet the password policy/);
  });

  it('an empty database gets only the administrator, whose one-time setup code works once and expires', async () => {
    const { app, db, first } = await productionStart();
    if (first.kind !== 'setupCode') throw new Error(`expected a setup code, got ${first.kind}`);
    expect(first.userId).toBe('admin');
    // No account the README's password opens; the only account has no password at all.
    for (const a of DEMO_ACCOUNTS) {
      const res = await login(app, a.userId, DEMO_PASSWORD, a.portal === 'X' ? 'OGPMS' : 'GPMS');
      expect([a.userId, res.statusCode, res.json().errorCode]).toEqual([a.userId, 401, 'AUTH011']);
    }
    const users = await db.db.selectFrom('appUser').select(['userId', 'authGroupId', 'passwordHash']).execute();
    expect(users).toEqual([{ userId: 'admin', authGroupId: '99', passwordHash: null }]);

    // The code asks for a new password (AUTH103); a weak one or a wrong code changes nothing.
    expect((await login(app, 'admin', first.code)).json().errorCode).toBe('AUTH103');
    expect((await login(app, 'admin', first.code.toLowerCase().replace(/-/g, ''))).json().errorCode).toBe('AUTH103');
    expect((await change(app, 'admin', first.code, 'weak')).json().errorCode).toBe('AUTH014');
    expect((await change(app, 'admin', 'AAAA-BBBB-CCCC-DDDD', 'Chosen-Pass-1')).json().errorCode).toBe('AUTH011');

    // An expired code opens nothing; a restart prints a new one, and the old one is gone.
    await db.db
      .updateTable('setupCode')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .execute();
    expect((await login(app, 'admin', first.code)).json().errorCode).toBe('AUTH011');
    const again = await prepareFirstStart(db.db, { seed: 'none', nodeEnv: 'production', adminInitialPassword: null });
    if (again.kind !== 'setupCode') throw new Error(`expected a new setup code, got ${again.kind}`);
    expect(again.code).not.toBe(first.code);
    expect((await login(app, 'admin', first.code)).json().errorCode).toBe('AUTH011');

    const changed = await change(app, 'admin', again.code, 'Chosen-Pass-1');
    expect(changed.statusCode, changed.body).toBe(200);
    // Used once: neither the login nor another change takes the code again.
    expect((await change(app, 'admin', again.code, 'Chosen-Pass-2')).json().errorCode).toBe('AUTH011');
    expect((await login(app, 'admin', again.code)).json().errorCode).toBe('AUTH011');
    const ok = await login(app, 'admin', 'Chosen-Pass-1');
    expect(ok.statusCode, ok.body).toBe(200);
    // The administrator holds group 99's menus (reference data came with it).
    const menus = await app.inject({
      method: 'GET',
      url: '/api/v1/menus',
      headers: { authorization: `Bearer ${ok.json().accessToken}`, iscyber: 'N' },
    });
    expect(menus.statusCode).toBe(200);
    expect(JSON.stringify(menus.json())).toContain('/portal/author/authMenuManage');
    // Later starts print nothing: the administrator has a password.
    expect(
      (await prepareFirstStart(db.db, { seed: 'none', nodeEnv: 'production', adminInitialPassword: null })).kind,
    ).toBe('nothing');
  }, 600_000);

  it('ADMIN_INITIAL_PASSWORD gives the administrator that password, to be changed at first login', async () => {
    const { app, first } = await productionStart({ ADMIN_INITIAL_PASSWORD: 'Initial-Pass-9' }, 'on-first-use');
    expect(first.kind).toBe('adminPassword');
    expect((await login(app, 'admin', DEMO_PASSWORD)).json().errorCode).toBe('AUTH011');
    expect((await login(app, 'admin', 'Initial-Pass-9')).json().errorCode).toBe('AUTH103');
    // The same password again is no change.
    expect((await change(app, 'admin', 'Initial-Pass-9', 'Initial-Pass-9')).json().errorCode).toBe('AUTH014');
    expect((await change(app, 'admin', 'Initial-Pass-9', 'Chosen-Pass-3')).statusCode).toBe(200);
    expect((await login(app, 'admin', 'Chosen-Pass-3')).statusCode).toBe(200);
    expect((await login(app, 'admin', 'Initial-Pass-9')).json().errorCode).toBe('AUTH011');
    // A password that has not expired is changed under My account, not here.
    expect((await change(app, 'admin', 'Chosen-Pass-3', 'Chosen-Pass-4')).json().errorCode).toBe(
      'PASSWORD_NOT_EXPIRED',
    );
  }, 600_000);

  it('SEED=demo in production seeds the demo company with a random password per account, printed once; the README’s opens nothing, and each must change its own first', async () => {
    const { app, first } = await productionStart({ SEED: 'demo' }, 'on-first-use');
    if (first.kind !== 'demo') throw new Error(`expected the demo seed, got ${first.kind}`);
    expect(first.mustChange).toBeGreaterThanOrEqual(DEMO_ACCOUNTS.length);
    const password = new Map(first.passwords.map((p) => [p.userId, p.password]));
    expect(new Set(password.values()).size).toBe(password.size);
    for (const a of DEMO_ACCOUNTS) {
      const systemId = a.portal === 'X' ? 'OGPMS' : 'GPMS';
      // Whoever read the README cannot log in first and choose the account's password.
      const readme = await login(app, a.userId, DEMO_PASSWORD, systemId);
      expect([a.userId, readme.statusCode, readme.json().errorCode]).toEqual([a.userId, 401, 'AUTH011']);
      const own = password.get(a.userId);
      expect(own, a.userId).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
      const res = await login(app, a.userId, own!, systemId);
      expect([a.userId, res.statusCode, res.json().errorCode]).toEqual([a.userId, 401, 'AUTH103']);
    }
    expect((await change(app, 'buyer', DEMO_PASSWORD, 'Own-Pass-55')).json().errorCode).toBe('AUTH011');
    expect((await change(app, 'buyer', password.get('buyer')!, 'Own-Pass-55')).statusCode).toBe(200);
    expect((await login(app, 'buyer', 'Own-Pass-55')).statusCode).toBe(200);
    expect((await change(app, 'supplier1', password.get('supplier1')!, 'Supplier-Own-1', 'OGPMS')).statusCode).toBe(
      200,
    );
  }, 600_000);
});

describe('compiles kept across apps are for the tests’ apps only', () => {
  it('a server that compiles at start or after it listens refuses them', async () => {
    const config = testConfig({ dataDir, distDir: path.join(dataDir, 'no-dist') });
    const dbh = {} as Parameters<typeof buildApp>[0]['dbh'];
    for (const schemas of ['at-start', 'after-listen'] as const)
      await expect(buildApp({ config, dbh, schemas, keptCompiles: new KeptCompiles() })).rejects.toThrow(
        'compiles are kept across apps only with on-first-use schemas',
      );
  });
});
