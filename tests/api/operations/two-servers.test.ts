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
import { decodeProtectedHeader } from 'jose';
import { sql, type LogEvent } from 'kysely';
import { rotateSigningKey } from '../../../server/auth/signing-keys.js';
import { groupHoldsScreen } from '../../../server/auth/menu-authority.js';
import { sessionAs } from '../../helpers/session.js';
import { DEMO_PASSWORD } from '../../../server/db/seed/accounts.js';
import { testCompiles } from '../../helpers/app.js';

/**
 * Two servers on one database behave as one: each is the whole app with a connection
 * pool of its own — on PostgreSQL two pools to the same database, as two processes behind a load
 * balancer have; on PGlite (one process by nature) two apps over the one embedded database.
 */
describe('two servers on one database', () => {
  let t: TestDb;
  let secondHandle: DbHandle;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-two-'));

  // The statements both servers run, while a test records them.
  let recorded: string[] | null = null;
  const log = (event: LogEvent) => void recorded?.push(event.query.sql);

  beforeAll(async () => {
    t = await createSeededTestDb(undefined, undefined, log);
    secondHandle = t.url ? await connect({ databaseUrl: t.url, pgliteDir: null, log }) : t;
    const config = testConfig({
      dataDir,
      distDir: path.join(dataDir, 'no-dist'),
      databaseUrl: t.url,
      authRateLimitPerMinute: 4,
    });
    a = await buildApp({ config, dbh: t, ...testCompiles });
    b = await buildApp({ config, dbh: { ...secondHandle, close: async () => undefined }, ...testCompiles });
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
      app.inject({
        method: 'POST',
        url: '/auth/api/login/idpw',
        remoteAddress,
        ...formRequest({ systemId: 'GPMS', grantType: 'idpw', username, password: 'x' }),
      });
    // One address, a new id each time: only the per-address limit counts.
    const byAddress = [
      await attempt(a, 'nobody1', '10.20.30.40'),
      await attempt(b, 'nobody2', '10.20.30.40'),
      await attempt(a, 'nobody3', '10.20.30.40'),
      await attempt(b, 'nobody4', '10.20.30.40'),
      await attempt(a, 'nobody5', '10.20.30.40'),
    ];
    expect(byAddress.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 429]);
    expect((await attempt(b, 'nobody6', '10.20.30.40')).statusCode).toBe(429);
    // Another address is counted on its own.
    expect((await attempt(b, 'nobody7', '10.20.30.41')).statusCode).toBe(401);
    // One id from a new address each time: the per-account limit counts across both servers too.
    const byAccount = [];
    for (let i = 0; i < 5; i++)
      byAccount.push((await attempt(i % 2 ? b : a, 'target-account', `10.20.31.${i + 1}`)).statusCode);
    expect(byAccount).toEqual([401, 401, 401, 401, 429]);
  });

  it('a session ended on one server is refused by the other at once', async () => {
    const buyer = await loginAs(a, 'buyer');
    const check = (app: FastifyInstance) =>
      app.inject({
        method: 'GET',
        url: '/api/v1/loginCheck?path=%2FprList&store=N',
        headers: { authorization: buyer.headers.authorization },
      });
    expect((await check(b)).json().code).toBe('OK');
    const out = await a.inject({
      method: 'POST',
      url: '/auth/api/logout',
      ...formRequest({ AccessToken: buyer.accessToken }),
    });
    expect(out.statusCode).toBe(200);
    expect((await check(b)).json().code).toBe('GPMS005');
    expect((await check(a)).json().code).toBe('GPMS005');
  });

  it('a change of menu authority made through one server is seen by the other on the next check', async () => {
    const buyer = await loginAs(b, 'buyer');
    const check = (app: FastifyInstance) =>
      app.inject({
        method: 'GET',
        url: '/api/v1/loginCheck?path=%2FprList&store=N',
        headers: { authorization: buyer.headers.authorization },
      });
    expect((await check(a)).json().code).toBe('OK');
    expect((await check(b)).json().code).toBe('OK');
    const group = await a.dbh.db
      .selectFrom('appUser')
      .select('authGroupId')
      .where('userId', '=', 'buyer')
      .executeTakeFirstOrThrow();
    const menu = await a.dbh.db
      .selectFrom('menu')
      .select('pgmId')
      .where('sspUrl', '=', '/prList')
      .executeTakeFirstOrThrow();
    const removed = await a.dbh.db
      .deleteFrom('menuAuth')
      .where('authGroupId', '=', group.authGroupId)
      .where('pgmId', '=', menu.pgmId)
      .executeTakeFirst();
    expect(Number(removed.numDeletedRows)).toBe(1);
    expect((await check(b)).json().code).toBe('GPMS006');
    expect((await check(a)).json().code).toBe('GPMS006');
  });

  it('a group’s menu authority kept by the authority version (what a caller may do next): a change through one server is seen by the other at once, and no statement while it stands', async () => {
    const group = (
      await a.dbh.db.selectFrom('appUser').select('authGroupId').where('userId', '=', 'buyer').executeTakeFirstOrThrow()
    ).authGroupId;
    // A screen the group may write through exactly one menu.
    const menu = await a.dbh.db
      .selectFrom('menuAuth as a')
      .innerJoin('menu as m', 'm.pgmId', 'a.pgmId')
      .select(['m.pgmId', 'm.sspUrl'])
      .where('a.authGroupId', '=', group)
      .where('a.canWrite', '=', 'Y')
      .where('m.useYn', '=', 'Y')
      .where('m.sspUrl', 'is not', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('menu as o')
              .select('o.pgmId')
              .where('o.pgmId', '<>', eb.ref('m.pgmId'))
              .where((o) =>
                o.or([o('o.sspUrl', '=', o.ref('m.sspUrl')), o(o.ref('m.sspUrl'), '=', o.fn.any('o.sspSubUrls'))]),
              ),
          ),
        ),
      )
      .orderBy('m.pgmId')
      .executeTakeFirstOrThrow();
    const holds = () => groupHoldsScreen(b.dbh.db, group, [menu.sspUrl!], 'write');
    // The version known on b without a read: PostgreSQL by its listener; PGlite once a request read it.
    // A session opened without a login: this file's servers allow four logins a minute.
    const buyer = await sessionAs(b, 'buyer');
    const knownOnB = async () => {
      for (let i = 0; i < 200 && b.dbh.authority.known() === null; i++)
        await b.inject({ method: 'GET', url: '/api/v1/menus', headers: buyer.headers });
      expect(b.dbh.authority.known()).not.toBe(null);
    };
    await knownOnB();
    expect(await holds()).toBe(true);
    recorded = [];
    expect(await holds()).toBe(true);
    expect(recorded.filter((text) => /"menu_auth"/.test(text))).toEqual([]);
    recorded = null;
    try {
      await a.dbh.db
        .updateTable('menuAuth')
        .set({ canWrite: 'N' })
        .where('authGroupId', '=', group)
        .where('pgmId', '=', menu.pgmId)
        .execute();
      if (t.kind === 'pglite') await knownOnB();
      expect(await holds()).toBe(false);
    } finally {
      await a.dbh.db
        .updateTable('menuAuth')
        .set({ canWrite: 'Y' })
        .where('authGroupId', '=', group)
        .where('pgmId', '=', menu.pgmId)
        .execute();
    }
    if (t.kind === 'pglite') await knownOnB();
    expect(await holds()).toBe(true);
  });

  it('a user disabled or moved to another group through one server is refused by the other at once (answers kept per server)', async () => {
    const uadmin = await loginAs(a, 'uadmin2');
    const check = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/v1/menus', headers: uadmin.headers });
    expect((await check(b)).statusCode).toBe(200);
    expect((await check(b)).statusCode).toBe(200);
    await a.dbh.db.updateTable('appUser').set({ useFlag: 'N' }).where('userId', '=', 'uadmin2').execute();
    expect((await check(b)).statusCode).toBe(401);
    await a.dbh.db.updateTable('appUser').set({ useFlag: 'Y' }).where('userId', '=', 'uadmin2').execute();
    expect((await check(b)).statusCode).toBe(200);
    // A group without the route's menu: the other server's kept answer for this route is not used.
    const route = async (app: FastifyInstance) =>
      (await app.inject({ method: 'GET', url: '/api/v1/prs?page=1&size=1', headers: uadmin.headers })).statusCode;
    const before = await route(b);
    const without = await a.dbh.db
      .selectFrom('authGroup')
      .select('authGroupId')
      .where('authGroupId', 'not in', (eb) =>
        eb
          .selectFrom('menuAuth as ma')
          .innerJoin('menu as m', 'm.pgmId', 'ma.pgmId')
          .select('ma.authGroupId')
          .where('m.sspUrl', '=', '/prList'),
      )
      .executeTakeFirstOrThrow();
    const group = await a.dbh.db
      .selectFrom('appUser')
      .select('authGroupId')
      .where('userId', '=', 'uadmin2')
      .executeTakeFirstOrThrow();
    await a.dbh.db
      .updateTable('appUser')
      .set({ authGroupId: without.authGroupId })
      .where('userId', '=', 'uadmin2')
      .execute();
    expect(before).toBe(200);
    expect(await route(b)).toBe(403);
    await a.dbh.db
      .updateTable('appUser')
      .set({ authGroupId: group.authGroupId })
      .where('userId', '=', 'uadmin2')
      .execute();
    expect(await route(b)).toBe(200);
  });

  it('a group deactivated through one server: the other refuses its users’ sessions at once, and lets them in again when it is back on', async () => {
    // From an address of its own: this file's servers allow four logins a minute from one address.
    const login = await a.inject({
      method: 'POST',
      url: '/auth/api/login/idpw',
      remoteAddress: '10.20.34.1',
      ...formRequest({ systemId: 'GPMS', grantType: 'idpw', username: 'uadmin2', password: DEMO_PASSWORD }),
    });
    expect(login.statusCode, login.body).toBe(200);
    const uadmin = { headers: { authorization: `Bearer ${login.json().accessToken}`, iscyber: 'N' } };
    const check = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/v1/menus', headers: uadmin.headers });
    expect((await check(b)).statusCode).toBe(200);
    expect((await check(b)).statusCode).toBe(200);
    const group = await a.dbh.db
      .selectFrom('appUser')
      .select('authGroupId')
      .where('userId', '=', 'uadmin2')
      .executeTakeFirstOrThrow();
    await a.dbh.db.updateTable('authGroup').set({ useYn: 'N' }).where('authGroupId', '=', group.authGroupId).execute();
    expect((await check(b)).statusCode).toBe(401);
    expect((await check(a)).statusCode).toBe(401);
    await a.dbh.db.updateTable('authGroup').set({ useYn: 'Y' }).where('authGroupId', '=', group.authGroupId).execute();
    expect((await check(b)).statusCode).toBe(200);
  });

  it('a server answers from what it kept while the authority version stands, and asks again when it moves', async () => {
    const monitor = await loginAs(a, 'monitor');
    const check = async (app: FastifyInstance) =>
      (await app.inject({ method: 'GET', url: '/api/v1/prs?page=1&size=1', headers: monitor.headers })).statusCode;
    expect(await check(b)).toBe(200);
    const group = await a.dbh.db
      .selectFrom('appUser')
      .select('authGroupId')
      .where('userId', '=', 'monitor')
      .executeTakeFirstOrThrow();
    const menu = await a.dbh.db
      .selectFrom('menu')
      .select('pgmId')
      .where('sspUrl', '=', '/prList')
      .executeTakeFirstOrThrow();
    // The authority removed with the version triggers switched off: only a kept answer still says OK.
    await a.dbh.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await trx
        .deleteFrom('menuAuth')
        .where('authGroupId', '=', group.authGroupId)
        .where('pgmId', '=', menu.pgmId)
        .execute();
    });
    expect(await check(b)).toBe(200);
    await a.dbh.db
      .updateTable('authVersion')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .execute();
    expect(await check(b)).toBe(403);
    // Given back as an administrator would (the triggers on): the other server sees it at once.
    await a.dbh.db
      .insertInto('menuAuth')
      .values({ authGroupId: group.authGroupId, pgmId: menu.pgmId, canRead: 'Y', canWrite: 'N' })
      .execute();
    expect(await check(b)).toBe(200);
    await a.dbh.db
      .deleteFrom('menuAuth')
      .where('authGroupId', '=', group.authGroupId)
      .where('pgmId', '=', menu.pgmId)
      .execute();
    expect(await check(b)).toBe(403);
  });

  it('a list paged by key is answered beside the authority check: it leaves only once the version confirms it, and a session ended on the other server gets the refusal, not the rows', async () => {
    // From an address of its own: this file's login limit (4 a minute, counted across both servers) is spent.
    const login = await b.inject({
      method: 'POST',
      url: '/auth/api/login/idpw',
      remoteAddress: '10.20.32.1',
      ...formRequest({ systemId: 'GPMS', grantType: 'idpw', username: 'opadmin', password: DEMO_PASSWORD }),
    });
    expect(login.statusCode).toBe(200);
    const opadmin = {
      accessToken: login.json().accessToken as string,
      headers: { authorization: `Bearer ${login.json().accessToken}`, iscyber: 'N' },
    };
    const list = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/v1/prs?page=1&size=5', headers: opadmin.headers });
    const beside = async (outcome: string) =>
      (await b.metrics.authChecksBeside.get()).values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
    // The first request asks the whole question and keeps the answer; the next is answered beside the check.
    expect((await list(b)).statusCode).toBe(200);
    const [confirmed, rechecked, refused] = [
      await beside('confirmed'),
      await beside('rechecked'),
      await beside('refused'),
    ];
    const kept = await list(b);
    expect(kept.statusCode).toBe(200);
    expect(kept.json().rows.length).toBeGreaterThan(0);
    expect(await beside('confirmed')).toBe(confirmed + 1);
    // A route that is not such a list keeps the sequential check.
    expect((await b.inject({ method: 'GET', url: '/api/v1/menus', headers: opadmin.headers })).statusCode).toBe(200);
    expect(await beside('confirmed')).toBe(confirmed + 1);
    // The version moved for a change that is not this caller's: asked again, the same answer, the rows go.
    await a.dbh.db
      .updateTable('authVersion')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .execute();
    const moved = await list(b);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().rows).toEqual(kept.json().rows);
    expect(await beside('rechecked')).toBe(rechecked + 1);
    // The session ended through the other server: the list computed from the kept answer is withheld.
    expect(
      (
        await a.inject({
          method: 'POST',
          url: '/auth/api/logout',
          ...formRequest({ AccessToken: opadmin.accessToken }),
        })
      ).statusCode,
    ).toBe(200);
    const ended = await list(b);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toEqual({ statusCode: 401, code: 'GPMS005', msg: '로그인이 필요합니다' });
    expect(ended.body).not.toContain('prNo');
    expect(await beside('refused')).toBe(refused + 1);
    // The refusal forgets the session's kept answers: the revoked token's next lists run no list SQL,
    // only the one statement that asks for the session (and finds none).
    const statements: number[] = [];
    const stop = b.dbh.onQuery(() => statements.push(1));
    try {
      for (const url of ['/api/v1/prs?page=1&size=5', '/api/v1/prs?page=1&size=5']) {
        const again = await b.inject({ method: 'GET', url, headers: opadmin.headers });
        expect(again.statusCode).toBe(401);
        expect(again.json().code).toBe('GPMS005');
      }
    } finally {
      stop();
    }
    expect(statements.length).toBe(2);
    expect(await beside('refused')).toBe(refused + 1);
  });

  it('every route declared a read-only list (answered beside the authority check) writes nothing', async () => {
    const PRIVACY_RECORDS = /^insert into "(privacy_list_answer|personal_data_access_log)"/;
    const declared = [...b.operations].filter(([, op]) => op.readOnlyList);
    expect(declared.length).toBeGreaterThan(0);
    const callers = [];
    for (const [i, username] of ['admin', 'opadmin'].entries()) {
      const login = await b.inject({
        method: 'POST',
        url: '/auth/api/login/idpw',
        remoteAddress: `10.20.33.${i + 1}`,
        ...formRequest({ systemId: 'GPMS', grantType: 'idpw', username, password: DEMO_PASSWORD }),
      });
      expect(login.statusCode).toBe(200);
      callers.push({ authorization: `Bearer ${login.json().accessToken}`, iscyber: 'N' });
    }
    const answered: string[] = [];
    recorded = [];
    try {
      for (const [operationId, op] of declared) {
        expect(op.method).toBe('GET');
        // Twice: the second is answered from the kept answer, beside the check; the next caller if refused.
        for (const headers of callers) {
          const codes = [
            (await b.inject({ method: 'GET', url: op.url, headers })).statusCode,
            (await b.inject({ method: 'GET', url: op.url, headers })).statusCode,
          ];
          if (codes.every((code) => code === 200)) {
            answered.push(operationId);
            break;
          }
        }
      }
    } finally {
      const statements = recorded;
      recorded = null;
      // The personal-data gate's own records (the row count a list answered the session, a view logged)
      // are the one write allowed: such routes are never answered beside the check (app.ts), so these
      // are written only for a confirmed caller.
      const writes = statements.filter((text) => WRITES.test(text) && !PRIVACY_RECORDS.test(text));
      expect(writes).toEqual([]);
    }
    // Each declared list ran its handler for a caller at least once (else nothing was shown).
    expect(declared.map(([id]) => id).filter((id) => !answered.includes(id))).toEqual([]);
  });

  it('an employee moved to another department through one server: the other scopes the department list by the new one at once (the employee row kept with the answer)', async () => {
    const login = await a.inject({
      method: 'POST',
      url: '/auth/api/login/idpw',
      remoteAddress: '10.20.32.2',
      ...formRequest({ systemId: 'GPMS', grantType: 'idpw', username: 'uadmin1', password: DEMO_PASSWORD }),
    });
    expect(login.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${login.json().accessToken}`, iscyber: 'N' };
    // uadmin1's group (31) sees its department's PRs (the scope comes from its employee row) and those it asks for or approves.
    const seen = async (app: FastifyInstance) => {
      const res = await app.inject({ method: 'GET', url: '/api/v1/prs?page=1&size=500', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().rows.length).toBe(res.json().total);
      return new Set((res.json().rows as Array<{ prNo: string }>).map((r) => r.prNo));
    };
    const me = await a.dbh.db
      .selectFrom('employee')
      .select(['singleid', 'deptcd', 'section'])
      .where('singleid', '=', 'E000006')
      .executeTakeFirstOrThrow();
    const ownOrApproved = await a.dbh.db
      .selectFrom('prHeader as p')
      .select('p.prNo')
      .where((eb) =>
        eb.or([
          eb('p.requesterId', '=', me.singleid),
          eb.exists(
            eb
              .selectFrom('approval as ap')
              .innerJoin('approvalStep as st', 'st.approvalId', 'ap.approvalId')
              .select('ap.approvalId')
              .where('ap.docType', '=', 'PR')
              .whereRef('ap.docNo', '=', 'p.prNo')
              .where('st.approverId', '=', me.singleid),
          ),
        ]),
      )
      .execute();
    // The department whose PRs it sees only by its scope the most (it approves most of the seed's PRs).
    const other = await a.dbh.db
      .selectFrom('prHeader as p')
      .innerJoin('department as d', 'd.deptcd', 'p.deptcd')
      .select(['p.deptcd', 'd.topDept'])
      .where('p.deptcd', '<>', me.deptcd)
      .where(
        'p.prNo',
        'not in',
        ownOrApproved.map((r) => r.prNo),
      )
      .groupBy(['p.deptcd', 'd.topDept'])
      .orderBy((eb) => eb.fn.countAll(), 'desc')
      .orderBy('p.deptcd')
      .executeTakeFirstOrThrow();
    const expectedIn = async (deptcd: string) =>
      new Set(
        [
          ...(await a.dbh.db.selectFrom('prHeader').select('prNo').where('deptcd', '=', deptcd).execute()),
          ...ownOrApproved,
        ].map((r) => r.prNo),
      );
    const inMine = await expectedIn(me.deptcd);
    const inOther = await expectedIn(other.deptcd);
    expect(inOther).not.toEqual(inMine);
    // Twice on b: the second is answered from b's kept answer (beside the check).
    expect(await seen(b)).toEqual(inMine);
    expect(await seen(b)).toEqual(inMine);
    // b's next list was computed from its kept answer (the old department) beside the check: the version
    // moved and the fresh answer differs, so that list is withheld (check-beside.ts); the one after is
    // computed from the fresh answer.
    const withheld = async () => {
      const res = await b.inject({ method: 'GET', url: '/api/v1/prs?page=1&size=500', headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('GPMS006');
      expect(res.body).not.toContain('prNo');
    };
    try {
      await a.dbh.db
        .updateTable('employee')
        .set({ deptcd: other.deptcd, section: other.topDept })
        .where('singleid', '=', me.singleid)
        .execute();
      await withheld();
      expect(await seen(b)).toEqual(inOther);
    } finally {
      await a.dbh.db
        .updateTable('employee')
        .set({ deptcd: me.deptcd, section: me.section })
        .where('singleid', '=', me.singleid)
        .execute();
    }
    await withheld();
    expect(await seen(b)).toEqual(inMine);
  });

  // The statement that reads the authority version alone (sessions.ts readAuthVersion), not the caller
  // statement that reads it beside the session.
  const VERSION_READ = /^select "version" from "auth_version"/;

  it('each request’s statements are counted, by route, on /metrics; a kept caller costs no statement for its authority', async () => {
    const login = await b.inject({
      method: 'POST',
      url: '/auth/api/login/idpw',
      remoteAddress: '10.20.35.1',
      ...formRequest({ systemId: 'GPMS', grantType: 'idpw', username: 'monitor', password: DEMO_PASSWORD }),
    });
    expect(login.statusCode, login.body).toBe(200);
    const headers = { authorization: `Bearer ${login.json().accessToken}`, iscyber: 'N' };
    const menus = () => b.inject({ method: 'GET', url: '/api/v1/menus', headers });
    const series = async (suffix: string) =>
      (await b.metrics.dbStatements.get()).values.find(
        (v) =>
          v.metricName === `gpms_db_statements_per_request${suffix}` &&
          v.labels.route === '/api/v1/menus' &&
          v.labels.method === 'GET',
      )?.value ?? 0;
    // The first asks the whole question and keeps the answer.
    expect((await menus()).statusCode).toBe(200);
    const [sum, count] = [await series('_sum'), await series('_count')];
    recorded = [];
    const kept = await menus();
    const statements = recorded;
    recorded = null;
    expect(kept.statusCode).toBe(200);
    expect(statements.length).toBeGreaterThan(0);
    expect(await series('_count')).toBe(count + 1);
    expect((await series('_sum')) - sum).toBe(statements.length);
    // Nothing was written since the answer was kept: the version is known on both databases without a read.
    expect(statements.filter((text) => VERSION_READ.test(text))).toEqual([]);
    expect(statements.filter((text) => /auth_version|user_session/.test(text))).toEqual([]);
    const scrape = await b.inject({ method: 'GET', url: '/metrics' });
    expect(scrape.body).toContain('gpms_db_statements_per_request_count{route="/api/v1/menus",method="GET"}');
  });

  it('the authority version reaches the other server by notification: a user locked through one server is refused by the other at once, without a read of the version there on PostgreSQL', async () => {
    const login = await b.inject({
      method: 'POST',
      url: '/auth/api/login/idpw',
      remoteAddress: '10.20.35.2',
      ...formRequest({ systemId: 'GPMS', grantType: 'idpw', username: 'uadmin2', password: DEMO_PASSWORD }),
    });
    expect(login.statusCode, login.body).toBe(200);
    const headers = { authorization: `Bearer ${login.json().accessToken}`, iscyber: 'N' };
    const menus = async () => (await b.inject({ method: 'GET', url: '/api/v1/menus', headers })).statusCode;
    expect(await menus()).toBe(200);
    expect(await menus()).toBe(200);
    const version = async () =>
      String((await a.dbh.db.selectFrom('authVersion').select('version').executeTakeFirstOrThrow()).version);
    try {
      await a.dbh.db.updateTable('appUser').set({ lockedAt: new Date() }).where('userId', '=', 'uadmin2').execute();
      // Once the change is done, the other server already holds the new number (PostgreSQL: it
      // acknowledged the notification before the statement answered; PGlite: one process, the write
      // made the number unknown to both, so the next request reads it).
      const now = await version();
      if (t.kind === 'postgres') expect(b.dbh.authority.known()).toBe(now);
      else expect(b.dbh.authority.known()).toBe(null);
      recorded = [];
      const refused = await menus();
      const statements = recorded;
      recorded = null;
      expect(refused).toBe(401);
      expect(statements.filter((text) => VERSION_READ.test(text)).length).toBe(t.kind === 'postgres' ? 0 : 1);
      expect(b.dbh.authority.known()).toBe(now);
    } finally {
      await a.dbh.db.updateTable('appUser').set({ lockedAt: null }).where('userId', '=', 'uadmin2').execute();
    }
    // The session was refused, not ended: unlocked, the same token is let in again at once.
    expect(await menus()).toBe(200);
  });

  it('a due background job runs on one of them, once', async () => {
    await a.jobs.register();
    await b.jobs.register();
    // Every job is due at once when first registered: make only one of them due.
    await a.dbh.db
      .updateTable('jobState')
      .set({ nextRunAt: new Date(Date.now() + 3600_000) })
      .execute();
    await a.dbh.db
      .updateTable('jobState')
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where('name', '=', 'rateLimit.purgeExpired')
      .execute();
    const ran = (await Promise.all([a.jobs.runDue(), b.jobs.runDue()])).flat();
    expect(ran).toEqual(['rateLimit.purgeExpired']);
    const runs = await a.dbh.db
      .selectFrom('jobRun')
      .select(['serverId', 'status'])
      .where('name', '=', 'rateLimit.purgeExpired')
      .execute();
    expect(runs).toHaveLength(1);
    expect([a.jobs.serverId, b.jobs.serverId]).toContain(runs[0].serverId);
  });

  it('token signing keys rotate: an older token still works on the other server, new ones carry the new kid, a retired key is refused', async () => {
    // Two more servers on the same database that read the keys on every use (TOKEN_KEY_CACHE_SEC=0),
    // with the default rate limits (the two above allow 4 logins a minute).
    const config = testConfig({
      dataDir,
      distDir: path.join(dataDir, 'no-dist'),
      databaseUrl: t.url,
      tokenKeyCacheSec: 0,
    });
    const c = await buildApp({ config, dbh: { ...t, close: async () => undefined }, ...testCompiles });
    const d = await buildApp({
      config,
      dbh: { ...secondHandle, close: async () => undefined },
      ...testCompiles,
    });
    try {
      // Any logged-in caller reads its menus (the test above took /prList from buyer's group): 200, or 401 GPMS005.
      const check = async (app: FastifyInstance, token: string) => {
        const res = await app.inject({
          method: 'GET',
          url: '/api/v1/menus',
          headers: { authorization: `Bearer ${token}`, iscyber: 'N' },
        });
        return { json: () => ({ code: res.statusCode === 200 ? 'OK' : (res.json() as { code: string }).code }) };
      };
      const kidOf = (token: string) => decodeProtectedHeader(token).kid;
      const before = await loginAs(c, 'buyer');
      const oldKid = kidOf(before.accessToken);
      expect(oldKid).toMatch(/^k/);

      // The command's rotation (npm run keys:rotate): the old key verifies until its tokens have expired.
      const rotation = await rotateSigningKey(c.dbh.db, config.accessTokenTtlSec + config.tokenKeyCacheSec);
      expect(rotation.kid).not.toBe(oldKid);
      expect(rotation.retired.map((r) => r.kid)).toContain(oldKid);
      expect((await check(d, before.accessToken)).json().code).toBe('OK');
      expect((await check(c, before.accessToken)).json().code).toBe('OK');
      const after = await loginAs(d, 'buyer');
      expect(kidOf(after.accessToken)).toBe(rotation.kid);
      expect((await check(c, after.accessToken)).json().code).toBe('OK');
      // A refresh on the other server signs with the new key too.
      const refreshed = await c.inject({
        method: 'GET',
        url: '/auth/api/verify',
        headers: { authorization: `Bearer ${before.accessToken}`, refreshtoken: before.refreshToken },
      });
      expect(refreshed.statusCode, refreshed.body).toBe(200);
      expect(kidOf(refreshed.json().accessToken)).toBe(rotation.kid);

      // A key thought stolen: --retire-now. Every token it signed is refused at once, on both servers.
      const urgent = await rotateSigningKey(d.dbh.db, 0);
      expect(urgent.retired.map((r) => r.kid)).toEqual(expect.arrayContaining([rotation.kid]));
      for (const app of [c, d]) {
        expect((await check(app, before.accessToken)).json().code).toBe('GPMS005');
        expect((await check(app, after.accessToken)).json().code).toBe('GPMS005');
      }
      const newest = await loginAs(c, 'buyer');
      expect(kidOf(newest.accessToken)).toBe(urgent.kid);
      expect((await check(d, newest.accessToken)).json().code).toBe('OK');
      // A token naming a key nobody has is refused like a forged one.
      const [, payload, signature] = newest.accessToken.split('.');
      const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: 'k-nobody' })).toString('base64url');
      expect((await check(d, `${header}.${payload}.${signature}`)).json().code).toBe('GPMS005');
    } finally {
      await c.close();
      await d.close();
    }
  });
});

/** A statement that changes data or takes a row lock. */
const WRITES =
  /\b(insert\s+into|update\s+"?\w+"?(\s+as\s+\w+)?\s+set|delete\s+from|merge\s+into|truncate|nextval|setval|for\s+(no\s+key\s+)?update|for\s+(key\s+)?share|create\s|drop\s|alter\s)\b/i;
