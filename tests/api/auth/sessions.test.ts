import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { formRequest, loginAs } from '../../helpers/login.js';

describe('sessions: verify with rotating refresh tokens, logout, force logout, block', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const verify = (access: string, refresh: string, extra: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: '/auth/api/verify',
      headers: {
        authorization: `Bearer ${access}`,
        refreshtoken: refresh,
        loginid: extra.loginid ?? '',
        iscyberurl: extra.iscyberurl ?? 'N',
        ...(extra.clientTime ? { 'client-time': extra.clientTime } : {}),
      },
    });
  const menus = (access: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/menus', headers: { authorization: `Bearer ${access}` } });

  it('verify answers new tokens, the expiry and the clock difference', async () => {
    const who = await loginAs(t.app, 'buyer');
    const res = await verify(who.accessToken, who.refreshToken, {
      loginid: 'buyer',
      clientTime: String(Date.now() - 600_000),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 'OK', accessToken: expect.any(String), refreshToken: expect.any(String) });
    expect(body.refreshToken).not.toBe(who.refreshToken);
    expect(body.tokenExpiredTimestamp).toBeGreaterThan(Date.now());
    expect(body.timeDifference).toBeGreaterThanOrEqual(600_000);
    expect(body.timeDifference).toBeLessThan(660_000);
    expect((await menus(body.accessToken)).statusCode).toBe(200);
  });

  it('a token this server has verified before is still refused once it has expired (verified tokens are kept)', async () => {
    const who = await loginAs(t.app, 'uadmin1');
    expect((await menus(who.accessToken)).statusCode).toBe(200);
    expect((await menus(who.accessToken)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + (t.app.config.accessTokenTtlSec + 1) * 1000);
      const late = await menus(who.accessToken);
      expect(late.statusCode).toBe(401);
      expect(late.json().code).toBe('AUTH008');
    } finally {
      vi.useRealTimers();
    }
    expect((await menus(who.accessToken)).statusCode).toBe(200);
  });

  it('a refresh token works once; presenting it again ends the whole session', async () => {
    const who = await loginAs(t.app, 'operator');
    const first = (await verify(who.accessToken, who.refreshToken)).json();
    expect(first.code).toBe('OK');
    const replay = await verify(who.accessToken, who.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'ERROR', errorCode: 'AUTH008' });
    // The thief's replay also kills the legitimate holder's newer tokens.
    expect((await verify(first.accessToken, first.refreshToken)).json().errorCode).toBe('AUTH008');
    expect((await menus(first.accessToken)).json().code).toBe('GPMS005');
    const session = await t.db.db
      .selectFrom('userSession')
      .select(['endReason'])
      .where('userId', '=', 'operator')
      .orderBy('createdDate', 'desc')
      .executeTakeFirstOrThrow();
    expect(session.endReason).toBe('REFRESH_REUSE');
  });

  it('verify refuses a login id that is not the token’s, a portal mismatch, and a missing refresh token', async () => {
    const who = await loginAs(t.app, 'monitor');
    expect((await verify(who.accessToken, who.refreshToken, { loginid: 'admin' })).json().errorCode).toBe('COM000010');
    expect((await verify(who.accessToken, who.refreshToken, { iscyberurl: 'Y' })).json().errorCode).toBe('AUTH006');
    expect((await verify(who.accessToken, '')).json().errorCode).toBe('AUTH008');
    expect((await verify('garbage', who.refreshToken)).json().errorCode).toBe('AUTH008');
  });

  it('logout ends the session at once (form AccessToken)', async () => {
    const who = await loginAs(t.app, 'tfadmin');
    expect((await menus(who.accessToken)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/api/logout',
      ...formRequest({ AccessToken: who.accessToken }),
    });
    expect(out.json()).toEqual({ code: 'OK' });
    expect((await menus(who.accessToken)).json().code).toBe('GPMS005');
    expect((await verify(who.accessToken, who.refreshToken)).json().errorCode).toBe('AUTH008');
  });

  it('an administrator’s force logout ends another user’s session at once', async () => {
    const victim = await loginAs(t.app, 'uadmin3');
    const admin = await loginAs(t.app, 'admin');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/portal/sessions?userId=uadmin3',
      headers: admin.headers,
    });
    expect(list.statusCode).toBe(200);
    const open = list.json().rows;
    expect(open.length).toBeGreaterThan(0);
    for (const s of open) {
      const end = await t.app.inject({
        method: 'POST',
        url: `/api/v1/portal/sessions/${s.sessionId}/end`,
        headers: admin.headers,
      });
      expect(end.statusCode).toBe(200);
    }
    expect((await menus(victim.accessToken)).json().code).toBe('GPMS005');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v1/portal/sessions/${open[0].sessionId}/end`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['action', 'actor'])
      .where('entityKey', '=', open[0].sessionId)
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ action: 'FORCE_LOGOUT', actor: 'admin' });
  });

  it('a user without the session menu cannot list or end sessions', async () => {
    const buyer = await loginAs(t.app, 'buyer');
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/portal/sessions', headers: buyer.headers });
    expect(list.statusCode).toBe(403);
    expect(list.json().code).toBe('GPMS006');
  });

  it('blocking a user ends its sessions and stops its logins; unblocking restores them', async () => {
    const victim = await loginAs(t.app, 'supplier1');
    const admin = await loginAs(t.app, 'admin');
    const block = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/supplier1/block',
      headers: admin.headers,
      payload: { reason: '계약 종료' },
    });
    expect(block.statusCode).toBe(200);
    expect(block.json().useFlag).toBe('N');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/menus', headers: victim.headers })).json().code).toBe(
      'GPMS005',
    );
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cyberLogin',
      ...formRequest({ userId: 'supplier1', userPw: 'Gpms!2345', optGubun: 'SMS' }),
    });
    expect(again.json().errorCode).toBe('AUTH100');
    const unblock = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/supplier1/unblock',
      headers: admin.headers,
      payload: {},
    });
    expect(unblock.json().useFlag).toBe('Y');
    await expect(loginAs(t.app, 'supplier1')).resolves.toMatchObject({ userId: 'supplier1' });
  });

  it('a stale version is answered 409 and changes nothing', async () => {
    const admin = await loginAs(t.app, 'admin');
    const current = (
      await t.db.db.selectFrom('appUser').select('version').where('userId', '=', 'supplier2').executeTakeFirstOrThrow()
    ).version;
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/supplier2/block',
      headers: admin.headers,
      payload: { version: current - 1 + 10 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    const row = await t.db.db
      .selectFrom('appUser')
      .select(['useFlag', 'version'])
      .where('userId', '=', 'supplier2')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ useFlag: 'Y', version: current });
  });

  it('an administrator cannot block itself', async () => {
    const admin = await loginAs(t.app, 'admin');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/admin/block',
      headers: admin.headers,
      payload: {},
    });
    expect(res.statusCode).toBe(400);
  });
});
