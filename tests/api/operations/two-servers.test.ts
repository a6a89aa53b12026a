import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app.js';
import { testConfig } from '../../../server/config.js';
import { connect, type DbHandle } from '../../../server/db/connect.js';
import { createSeededTestDb, type TestDb } from '../../helpers/test-db.js';
import { formRequest, loginAs } from '../../helpers/login.js';

/**
 * Two servers on one database behave as one (issue #14): each is the whole app with a connection
 * pool of its own — on PostgreSQL two pools to the same database, as two processes behind a load
 * balancer have; on PGlite (one process by nature) two apps over the one embedded database.
 */
describe('two servers on one database', () => {
  let t: TestDb;
  let secondHandle: DbHandle;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-two-'));

  beforeAll(async () => {
    t = await createSeededTestDb();
    secondHandle = t.url ? await connect({ databaseUrl: t.url, pgliteDir: null }) : t;
    const config = testConfig({ dataDir, distDir: path.join(dataDir, 'no-dist'), databaseUrl: t.url, authRateLimitPerMinute: 4 });
    a = await buildApp({ config, dbh: t });
    b = await buildApp({ config, dbh: { ...secondHandle, close: async () => undefined } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (secondHandle !== t) await secondHandle.close();
    await t.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts one client’s login attempts across both servers, and one account’s', async () => {
    const attempt = (app: FastifyInstance, username: string, remoteAddress: string) =>
      app.inject({ method: 'POST', url: '/auth/api/login/idpw', remoteAddress, ...formRequest({ systemId: 'GPMS', grantType: 'idpw', username, password: 'x' }) });
    // One address, a new id each time: only the per-address limit counts.
    const byAddress = [await attempt(a, 'nobody1', '10.20.30.40'), await attempt(b, 'nobody2', '10.20.30.40'), await attempt(a, 'nobody3', '10.20.30.40'), await attempt(b, 'nobody4', '10.20.30.40'), await attempt(a, 'nobody5', '10.20.30.40')];
    expect(byAddress.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 429]);
    expect((await attempt(b, 'nobody6', '10.20.30.40')).statusCode).toBe(429);
    // Another address is counted on its own.
    expect((await attempt(b, 'nobody7', '10.20.30.41')).statusCode).toBe(401);
    // One id from a new address each time: the per-account limit counts across both servers too.
    const byAccount = [];
    for (let i = 0; i < 5; i++) byAccount.push((await attempt(i % 2 ? b : a, 'target-account', `10.20.31.${i + 1}`)).statusCode);
    expect(byAccount).toEqual([401, 401, 401, 401, 429]);
  });

  it('a session ended on one server is refused by the other at once', async () => {
    const buyer = await loginAs(a, 'buyer');
    const check = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/v1/loginCheck?path=%2FprList&store=N', headers: { authorization: buyer.headers.authorization } });
    expect((await check(b)).json().code).toBe('OK');
    const out = await a.inject({ method: 'POST', url: '/auth/api/logout', ...formRequest({ AccessToken: buyer.accessToken }) });
    expect(out.statusCode).toBe(200);
    expect((await check(b)).json().code).toBe('GPMS005');
    expect((await check(a)).json().code).toBe('GPMS005');
  });

  it('a change of menu authority made through one server is seen by the other on the next check', async () => {
    const buyer = await loginAs(b, 'buyer');
    const check = (app: FastifyInstance) => app.inject({ method: 'GET', url: '/api/v1/loginCheck?path=%2FprList&store=N', headers: { authorization: buyer.headers.authorization } });
    expect((await check(a)).json().code).toBe('OK');
    expect((await check(b)).json().code).toBe('OK');
    const group = await a.dbh.db.selectFrom('appUser').select('authGroupId').where('userId', '=', 'buyer').executeTakeFirstOrThrow();
    const menu = await a.dbh.db.selectFrom('menu').select('pgmId').where('sspUrl', '=', '/prList').executeTakeFirstOrThrow();
    const removed = await a.dbh.db.deleteFrom('menuAuth').where('authGroupId', '=', group.authGroupId).where('pgmId', '=', menu.pgmId).executeTakeFirst();
    expect(Number(removed.numDeletedRows)).toBe(1);
    expect((await check(b)).json().code).toBe('GPMS006');
    expect((await check(a)).json().code).toBe('GPMS006');
  });

  it('a due background job runs on one of them, once', async () => {
    await a.jobs.register();
    await b.jobs.register();
    // Every job is due at once when first registered: make only one of them due.
    await a.dbh.db.updateTable('jobState').set({ nextRunAt: new Date(Date.now() + 3600_000) }).execute();
    await a.dbh.db.updateTable('jobState').set({ nextRunAt: new Date(Date.now() - 1000) }).where('name', '=', 'rateLimit.purgeExpired').execute();
    const ran = (await Promise.all([a.jobs.runDue(), b.jobs.runDue()])).flat();
    expect(ran).toEqual(['rateLimit.purgeExpired']);
    const runs = await a.dbh.db.selectFrom('jobRun').select(['serverId', 'status']).where('name', '=', 'rateLimit.purgeExpired').execute();
    expect(runs).toHaveLength(1);
    expect([a.jobs.serverId, b.jobs.serverId]).toContain(runs[0].serverId);
  });
});
