import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { formRequest, loginAs } from '../../helpers/login.js';

const PASSWORD = 'Gpms!2345';

describe('auth service: id/password login and account states (spec §8)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const idpw = (username: string, password: string, systemId = 'GPMS', extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/api/login/idpw',
      ...formRequest({ systemId, grantType: 'idpw', username, password, ...extra }),
    });
  const setUser = (userId: string, values: Record<string, unknown>) =>
    t.db.db.updateTable('appUser').set(values).where('userId', '=', userId).execute();
  const failure = async (res: Awaited<ReturnType<typeof idpw>>, errorCode: string) => {
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'ERROR', errorCode });
    expect(res.json().msg).toMatch(/[가-힣]/);
  };

  it('logs an internal user in and answers tokens, then user, menus and codes', async () => {
    const res = await idpw('admin', PASSWORD);
    expect(res.statusCode).toBe(200);
    const tokens = res.json();
    expect(tokens).toMatchObject({ code: 'OK', tokenType: 'Bearer', expiresIn: 900 });
    expect(tokens.tokenExpiredTimestamp).toBeGreaterThan(Date.now());
    const login = await t.app.inject({
      method: 'GET',
      url: '/api/v1/login',
      headers: { authorization: `Bearer ${tokens.accessToken}`, iscyber: 'N' },
    });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body.code).toBe('OK');
    expect(body.user).toMatchObject({
      userId: 'admin',
      portal: 'I',
      authGroupId: '99',
      singleid: expect.any(String),
      hname: expect.any(String),
      deptcd: expect.any(String),
      section: expect.any(String),
    });
    for (const f of [
      'accessToken',
      'refreshToken',
      'token',
      'tokenKey',
      'ip',
      'lastLoginIp',
      'lastLoginDate',
      'createdDate',
      'expiredDate',
      'currentTimestamp',
      'hname',
      'ename',
      'cellPhoneNo',
      'phoneNo',
    ])
      expect(body.user).toHaveProperty(f);
    expect(body.menus.length).toBeGreaterThan(3);
    expect(body.menus[0].childs[0].childs[0]).toMatchObject({ leaf: 'T', sspUrl: expect.stringMatching(/^\//) });
    expect(body.codes.PO_STATUS.length).toBeGreaterThan(3);
    expect(body.codes.PO_STATUS[0]).toEqual({ value: expect.any(String), text: expect.stringMatching(/[가-힣]/) });
  });

  it('records the session with the previous login ip and date', async () => {
    const first = await idpw('operator', PASSWORD);
    const second = await idpw('operator', PASSWORD);
    const login = await t.app.inject({
      method: 'GET',
      url: '/api/v1/login',
      headers: { authorization: `Bearer ${second.json().accessToken}` },
    });
    expect(first.statusCode).toBe(200);
    expect(login.json().user.lastLoginIp).toBe('127.0.0.1');
    expect(login.json().user.lastLoginDate).not.toBeNull();
  });

  it('an unknown id answers exactly as a wrong password (AUTH011): ids cannot be discovered', async () => {
    await failure(await idpw('nobody-here', PASSWORD), 'AUTH011');
    await failure(await idpw('buyer', 'wrong-password'), 'AUTH011');
  });

  it('AUTH006 for an unknown system and for the other portal’s account', async () => {
    await failure(await idpw('admin', PASSWORD, 'ERP'), 'AUTH006');
    await failure(await idpw('admin', PASSWORD, 'OGPMS'), 'AUTH006');
    await failure(await idpw('supplier1', PASSWORD, 'GPMS'), 'AUTH006');
  });

  it('an external user never logs in on a password alone (AUTH013 without the one-time code)', async () => {
    await failure(await idpw('supplier1', PASSWORD, 'OGPMS'), 'AUTH013');
    await failure(await idpw('supplier1', PASSWORD, 'OGPMS', { otpNum: '000000' }), 'AUTH013');
  });

  it('states are told only with the right password: AUTH100 abnormal or disabled, AUTH101 dormant, AUTH103 expired; no password set answers as a wrong one', async () => {
    const sso = await t.db.db
      .selectFrom('appUser')
      .select('userId')
      .where('portal', '=', 'I')
      .where('passwordHash', 'is', null)
      .limit(1)
      .executeTakeFirstOrThrow();
    await failure(await idpw(sso.userId, PASSWORD), 'AUTH011');
    await setUser('uadmin1', { status: 'DORMANT' });
    await failure(await idpw('uadmin1', 'wrong-password'), 'AUTH011');
    await setUser('uadmin1', { status: 'ABNORMAL' });
    await failure(await idpw('uadmin1', PASSWORD), 'AUTH100');
    await setUser('uadmin1', { status: 'NORMAL', useFlag: 'N' });
    await failure(await idpw('uadmin1', PASSWORD), 'AUTH100');
    await setUser('uadmin1', { useFlag: 'Y', status: 'DORMANT' });
    await failure(await idpw('uadmin1', PASSWORD), 'AUTH101');
    await setUser('uadmin1', { status: 'NORMAL', passwordExpiresAt: new Date(Date.now() - 1000) });
    await failure(await idpw('uadmin1', PASSWORD), 'AUTH103');
    await setUser('uadmin1', { passwordExpiresAt: null });
    expect((await idpw('uadmin1', PASSWORD)).statusCode).toBe(200);
  });

  it('locks this client out of the account after 5 wrong passwords (AUTH102, temporary) until the lock ends or an administrator unlocks it', async () => {
    for (let i = 1; i <= 4; i++) await failure(await idpw('uadmin2', `wrong-${i}`), 'AUTH011');
    await failure(await idpw('uadmin2', 'wrong-5'), 'AUTH102');
    await failure(await idpw('uadmin2', PASSWORD), 'AUTH102');
    const row = await t.db.db
      .selectFrom('appUser')
      .select(['failedLoginCount', 'lockedAt'])
      .where('userId', '=', 'uadmin2')
      .executeTakeFirstOrThrow();
    expect(row.failedLoginCount).toBe(5);
    // No lasting lock: the temporary one is in login_throttle and ends by itself.
    expect(row.lockedAt).toBeNull();

    const admin = await loginAs(t.app, 'admin');
    const unlock = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/uadmin2/unlock',
      headers: admin.headers,
      payload: {},
    });
    expect(unlock.statusCode).toBe(200);
    expect(unlock.json()).toMatchObject({ userId: 'uadmin2', locked: false, failedLoginCount: 0 });
    expect((await idpw('uadmin2', PASSWORD)).statusCode).toBe(200);
  });

  it('a right password resets the failure count', async () => {
    await failure(await idpw('monitor', 'wrong'), 'AUTH011');
    expect((await idpw('monitor', PASSWORD)).statusCode).toBe(200);
    const row = await t.db.db
      .selectFrom('appUser')
      .select('failedLoginCount')
      .where('userId', '=', 'monitor')
      .executeTakeFirstOrThrow();
    expect(row.failedLoginCount).toBe(0);
  });

  it('refuses missing, wrong and oversized form fields with 400 and touches no account', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/auth/api/login/idpw',
      ...formRequest({ systemId: 'GPMS', grantType: 'idpw', username: 'tfadmin' }),
    });
    expect(missing.statusCode).toBe(400);
    const grant = await idpw('tfadmin', 'wrong', 'GPMS', { grantType: 'password' });
    expect(grant.statusCode).toBe(400);
    const huge = await idpw('x'.repeat(5000), PASSWORD);
    expect(huge.statusCode).toBe(400);
    const row = await t.db.db
      .selectFrom('appUser')
      .select('failedLoginCount')
      .where('userId', '=', 'tfadmin')
      .executeTakeFirstOrThrow();
    expect(row.failedLoginCount).toBe(0);
  });

  describe('access tokens', () => {
    const call = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/v1/menus', headers: { authorization: `Bearer ${token}` } });

    it('a malformed token is no login (GPMS005)', async () => {
      const res = await call('not.a.jwt');
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('GPMS005');
    });

    it('a token signed with another key, or with alg none, is refused', async () => {
      const good = (await idpw('buyer', PASSWORD)).json().accessToken as string;
      const [, payload] = good.split('.');
      const forged = await new SignJWT(JSON.parse(Buffer.from(payload, 'base64url').toString()))
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('x'.repeat(64)));
      expect((await call(forged)).json().code).toBe('GPMS005');
      const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
      expect((await call(none)).json().code).toBe('GPMS005');
      const tampered = JSON.parse(Buffer.from(payload, 'base64url').toString());
      tampered.grp = '99';
      const swapped = good.replace(payload, Buffer.from(JSON.stringify(tampered)).toString('base64url'));
      expect((await call(swapped)).json().code).toBe('GPMS005');
    });

    it('an expired token answers AUTH008 so the client refreshes', async () => {
      const tokens = await t.app.auth.tokens();
      const session = await t.db.db
        .selectFrom('userSession')
        .select(['sessionId'])
        .where('userId', '=', 'buyer')
        .where('endedAt', 'is', null)
        .limit(1)
        .executeTakeFirstOrThrow();
      const old = await tokens.issue(
        { userId: 'buyer', sessionId: session.sessionId, portal: 'I', authGroupId: '30', compNo: null },
        Date.now() - 3600_000,
      );
      const res = await call(old.token);
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('AUTH008');
    });

    it('a token whose audience does not match its portal is refused', async () => {
      const good = (await idpw('buyer', PASSWORD)).json().accessToken as string;
      const claims = JSON.parse(Buffer.from(good.split('.')[1], 'base64url').toString());
      const key = (
        await t.db.db
          .selectFrom('serverSecret')
          .select('value')
          .where('name', '=', 'jwt-hs256')
          .executeTakeFirstOrThrow()
      ).value;
      const crossed = await new SignJWT({ ...claims, aud: 'ogpms' })
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new Uint8Array(Buffer.from(key, 'base64')));
      expect((await call(crossed)).json().code).toBe('GPMS005');
    });
  });
});
