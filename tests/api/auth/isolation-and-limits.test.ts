import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { formRequest, latestCode, loginAs, type LoggedIn } from '../../helpers/login.js';

describe('supplier isolation', () => {
  let t: TestApp;
  let supplier2: LoggedIn;
  let supplier1adm: LoggedIn;
  beforeAll(async () => {
    t = await buildTestApp();
    supplier2 = await loginAs(t.app, 'supplier2');
    supplier1adm = await loginAs(t.app, 'supplier1adm');
  });
  afterAll(() => t.close());

  it('supplier2 asking for supplier1’s company by id gets nothing, as if it did not exist', async () => {
    const other = await t.app.inject({ method: 'GET', url: '/api/v1/cmmn/company/C00001', headers: supplier2.headers });
    expect(other.statusCode).toBe(404);
    const name = (
      await t.db.db.selectFrom('company').select('compNameKr').where('compNo', '=', 'C00001').executeTakeFirstOrThrow()
    ).compNameKr;
    expect(other.body).not.toContain(name);
    const own = await t.app.inject({ method: 'GET', url: '/api/v1/cmmn/company/C00002', headers: supplier2.headers });
    expect(own.statusCode).toBe(200);
  });

  it('a supplier admin lists only its own company’s users, whatever compNo it sends', async () => {
    const mine = await t.app.inject({
      method: 'POST',
      url: '/api/v1/getCyberUserList',
      headers: supplier1adm.headers,
      payload: {},
    });
    expect(mine.statusCode).toBe(200);
    const users = mine.json().userInfo;
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((u: { compNo: string }) => u.compNo === 'C00001')).toBe(true);
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/v1/getCyberUserList',
      headers: supplier1adm.headers,
      payload: { compNo: 'C00002' },
    });
    expect(theirs.json().userInfo).toEqual([]);
  });

  it('a supplier admin cannot block another company’s user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/supplier2/block',
      headers: supplier1adm.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(404);
    const row = await t.db.db
      .selectFrom('appUser')
      .select('useFlag')
      .where('userId', '=', 'supplier2')
      .executeTakeFirstOrThrow();
    expect(row.useFlag).toBe('Y');
  });

  it('a plain supplier user has no user-administration menu', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/getCyberUserList',
      headers: supplier2.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(403);
  });

  it('internal-only operations refuse supplier tokens', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/portal/sessions', headers: supplier1adm.headers });
    expect(res.statusCode).toBe(403);
    const login = await t.app.inject({ method: 'GET', url: '/api/v1/login', headers: supplier2.headers });
    expect(login.statusCode).toBe(403);
  });
});

describe('rate limits, password reset and the external host', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { authRateLimitPerMinute: 5, externalHost: 'partner.gpms.test' } });
  });
  afterAll(() => t.close());

  it('answers 429 after the login limit per minute', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/auth/api/login/idpw',
        remoteAddress: '10.9.9.9',
        ...formRequest({ systemId: 'GPMS', grantType: 'idpw', username: 'nobody', password: 'x' }),
      });
    for (let i = 0; i < 5; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
  });

  it('resets a password with the emailed code; the old sessions end; AUTH013 and AUTH014 on bad input', async () => {
    const before = await loginAs(t.app, 'opadmin');
    const send = await t.app.inject({
      method: 'GET',
      url: '/auth/api/password/reset-code?systemId=GPMS&loginUser.login=opadmin',
    });
    expect(send.statusCode).toBe(200);
    expect(send.json()).toMatchObject({ code: 'OK', channel: 'EMAIL' });
    const code = await latestCode(t.app);
    const reset = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/api/password/reset',
        ...formRequest({
          systemId: 'GPMS',
          'loginUser.login': 'opadmin',
          token: code,
          password: 'Newpass!2026',
          passwordCheck: 'Newpass!2026',
          ...fields,
        }),
      });
    expect((await reset({ token: code === '000000' ? '000001' : '000000' })).json().errorCode).toBe('AUTH013');
    expect((await reset({ passwordCheck: 'Different!2026' })).json().errorCode).toBe('AUTH014');
    expect((await reset({ password: 'short', passwordCheck: 'short' })).json().errorCode).toBe('AUTH014');
    expect((await reset({})).json()).toEqual({ code: 'OK' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/menus', headers: before.headers })).json().code).toBe(
      'GPMS005',
    );
    await expect(loginAs(t.app, 'opadmin', 'Newpass!2026')).resolves.toMatchObject({ userId: 'opadmin' });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/auth/api/password/reset-code?systemId=GPMS&loginUser.login=ghost',
    });
    // An unknown id is answered like a known one: the answer does not tell which ids exist.
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({
      code: 'OK',
      channel: 'EMAIL',
      destination: expect.stringContaining('***@'),
      expiresIn: 180,
    });
  });

  it('on the external host only the external portal is reachable', async () => {
    const host = { host: 'partner.gpms.test' };
    const internalPage = await t.app.inject({ method: 'GET', url: '/prList', headers: host });
    expect(internalPage.statusCode).toBe(302);
    expect(internalPage.headers.location).toBe('/cyber');
    const docs = await t.app.inject({ method: 'GET', url: '/docs', headers: host });
    expect(docs.statusCode).toBe(302);
    const cyber = await t.app.inject({
      method: 'GET',
      url: '/cyber/prCheckList',
      headers: { ...host, accept: 'text/html' },
    });
    expect(cyber.statusCode).not.toBe(302);
    const internalApi = await t.app.inject({ method: 'GET', url: '/api/v1/menus', headers: { ...host, iscyber: 'N' } });
    expect(internalApi.statusCode).toBe(403);
    const authLogin = await t.app.inject({
      method: 'GET',
      url: '/auth/login?redirect_uri=%2Fcyber',
      headers: { ...host, accept: 'text/html' },
    });
    expect(authLogin.statusCode).not.toBe(302);
    const published = await t.app.inject({ method: 'GET', url: '/properties/dwpAuth' });
    expect(published.json().externalHost).toBe('partner.gpms.test');
    const sameOnInternalHost = await t.app.inject({ method: 'GET', url: '/prList', headers: { host: 'gpms.test' } });
    expect(sameOnInternalHost.statusCode).not.toBe(302);
  });
});
