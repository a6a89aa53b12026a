import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { formRequest, loginAs, type LoggedIn } from '../../helpers/login.js';

describe('loginCheck, menus and the other login endpoints', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let buyer: LoggedIn;
  let supplier: LoggedIn;
  beforeAll(async () => {
    t = await buildTestApp();
    [admin, buyer, supplier] = [
      await loginAs(t.app, 'admin'),
      await loginAs(t.app, 'buyer'),
      await loginAs(t.app, 'supplier1'),
    ];
  });
  afterAll(() => t.close());

  const check = (path: string, who?: LoggedIn, store = 'N', isCyber?: 'Y' | 'N') =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/loginCheck?path=${encodeURIComponent(path)}&store=${store}`,
      headers: {
        ...(who ? { authorization: who.headers.authorization } : {}),
        ...(isCyber ? { iscyber: isCyber } : {}),
      },
    });

  it('GPMS005 without a login', async () => {
    const res = await check('/prList');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 'GPMS005', path: '/prList' });
  });

  it('OK for a screen of the user’s menus, GPMS006 for one outside them', async () => {
    expect((await check('/portal/author/menuManage', admin)).json().code).toBe('OK');
    expect((await check('/portal/author/menuManage', buyer)).json().code).toBe('GPMS006');
    expect((await check('/prList', buyer)).json().code).toBe('OK');
  });

  it('a sub-URL counts as its menu (edit screens opened from lists)', async () => {
    expect((await check('/prEdit?prNo=PR1', buyer)).json().code).toBe('OK');
    expect((await check('/portal/author', admin)).json().code).toBe('OK');
  });

  it('home pages need only a login of that portal', async () => {
    expect((await check('/', buyer)).json().code).toBe('OK');
    expect((await check('/cyber', supplier)).json().code).toBe('OK');
    expect((await check('/cyber', buyer)).json().code).toBe('GPMS005');
    expect((await check('/', supplier)).json().code).toBe('GPMS005');
  });

  it('an external path needs an external login', async () => {
    expect((await check('/cyber/prCheckList', supplier)).json().code).toBe('OK');
    expect((await check('/cyber/prCheckList', admin)).json().code).toBe('GPMS005');
    expect((await check('/prCheckList', supplier, 'N', 'Y')).json().code).toBe('OK');
    expect((await check('/prList', supplier)).json().code).toBe('GPMS005');
  });

  it('with store=Y also answers the user, menus and codes', async () => {
    const body = (await check('/prList', buyer, 'Y')).json();
    expect(body.code).toBe('OK');
    expect(body.user).toMatchObject({ userId: 'buyer', authGroupId: '30' });
    expect(body.menus.length).toBeGreaterThan(0);
    expect(Object.keys(body.codes).length).toBeGreaterThan(5);
  });

  it('menus: only leaves the group may open, three levels, in the user’s portal', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/v1/menus', headers: admin.headers })).json();
    const few = (await t.app.inject({ method: 'GET', url: '/api/v1/menus', headers: buyer.headers })).json();
    const leaves = (nodes: Array<{ leaf: string; sspUrl: string | null; childs: unknown[] }>): string[] =>
      nodes.flatMap((n) => (n.leaf === 'T' ? [n.sspUrl!] : leaves(n.childs as never)));
    expect(leaves(all).length).toBeGreaterThan(leaves(few).length);
    expect(leaves(few)).toContain('/prList');
    expect(leaves(few)).not.toContain('/portal/author/menuManage');
    const ext = (await t.app.inject({ method: 'GET', url: '/api/v1/menus', headers: supplier.headers })).json();
    expect(leaves(ext)).toContain('/prCheckList');
    expect(leaves(ext)).not.toContain('/prList');
    const english = (
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/menus',
        headers: { ...buyer.headers, 'accept-language': 'en' },
      })
    ).json();
    expect(english[0].pgmName).toMatch(/^[\x20-\x7e]+$/);
  });

  it('a request whose IsCyber header disagrees with its token is refused', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/menus',
      headers: { authorization: buyer.headers.authorization, iscyber: 'Y' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PORTAL_MISMATCH');
  });

  it('records menu visits', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/menuLog',
      headers: buyer.headers,
      payload: { path: '/prList' },
    });
    expect(res.json()).toEqual({ code: 'OK' });
    const row = await t.db.db
      .selectFrom('menuLog')
      .select(['userId', 'pgmId', 'path', 'portal'])
      .where('userId', '=', 'buyer')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userId: 'buyer', path: '/prList', portal: 'I', pgmId: expect.any(String) });
  });

  it('adLoginInfo answers the logged-in user; getExistCheck tells whether an id is taken', async () => {
    const info = await t.app.inject({ method: 'POST', url: '/api/v1/adLoginInfo', headers: buyer.headers });
    expect(info.json().userInfo.userId).toBe('buyer');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/getExistCheck?userId=SUPPLIER1' })).json()).toEqual({
      userId: 'SUPPLIER1',
      exist: true,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/getExistCheck?userId=new-user-77' })).json().exist).toBe(
      false,
    );
  });

  it('verify v2: OK with the expiry for a good token, errCode without one', async () => {
    const ok = (await t.app.inject({ method: 'GET', url: '/api/v2/verify', headers: buyer.headers })).json();
    expect(ok).toMatchObject({ code: 'OK', tokenExpiredTimestamp: expect.any(Number), timeDifference: 0 });
    const none = (await t.app.inject({ method: 'GET', url: '/api/v2/verify' })).json();
    expect(none.errCode).toBe('GPMS005');
  });

  it('SSO mode: an assertion from the company portal opens a new session; anything else is AUTH003', async () => {
    const sso = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      ...formRequest({ ssoToken: buyer.accessToken }),
    });
    expect(sso.statusCode).toBe(200);
    expect(sso.json().user).toMatchObject({
      userId: 'buyer',
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
    expect(sso.json().user.tokenKey).not.toBe(
      JSON.parse(Buffer.from(buyer.accessToken.split('.')[1], 'base64url').toString()).sid,
    );
    const bad = await t.app.inject({ method: 'POST', url: '/api/v1/login', ...formRequest({ ssoToken: 'forged' }) });
    expect(bad.json()).toMatchObject({ code: 'ERROR', errorCode: 'AUTH003' });
    const external = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      ...formRequest({ ssoToken: supplier.accessToken }),
    });
    expect(external.json().errorCode).toBe('AUTH006');
    const token = await t.app.inject({
      method: 'POST',
      url: '/auth/api/login/token',
      ...formRequest({ token: buyer.accessToken }),
    });
    expect(token.json()).toMatchObject({ code: 'OK', accessToken: expect.any(String) });
  });

  it('cyberAdLogin: the tokens from the URL log the supplier in; an expired one asks for a new login (errCode AUTH008)', async () => {
    const adLogin = (token: string, userId: string) => {
      const f = formRequest({ userId });
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/cyberAdLogin',
        payload: f.payload,
        headers: { ...f.headers, authorization: `Bearer ${token}` },
      });
    };
    const ok = await adLogin(supplier.accessToken, 'supplier1');
    expect(ok.json()).toMatchObject({ code: 'OK', user: { userId: 'supplier1' } });
    const tokens = await t.app.auth.tokens();
    const claims = JSON.parse(Buffer.from(supplier.accessToken.split('.')[1], 'base64url').toString());
    const old = await tokens.issue(
      { userId: 'supplier1', sessionId: claims.sid, portal: 'X', authGroupId: '60', compNo: 'C00001' },
      Date.now() - 7200_000,
    );
    const expired = await adLogin(old.token, 'supplier1');
    expect(expired.json()).toMatchObject({ errCode: 'AUTH008' });
    const other = await adLogin(supplier.accessToken, 'supplier2');
    expect(other.json().errorCode).toBe('AUTH006');
  });

  it('common locale and message answer without a login', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/common/locale' })).json().map((l: { lang: string }) => l.lang),
    ).toEqual(['ko', 'en']);
    const ko = (await t.app.inject({ method: 'GET', url: '/api/v1/common/message' })).json();
    const en = (await t.app.inject({ method: 'GET', url: '/api/v1/common/message?lang=en' })).json();
    expect(ko.GPMS006).toMatch(/[가-힣]/);
    expect(en.GPMS006).not.toMatch(/[가-힣]/);
  });
});
