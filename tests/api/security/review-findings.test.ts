import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { formRequest, loginAs, type LoggedIn } from '../../helpers/login.js';
import { DEMO_PASSWORD } from '../../../server/db/seed/accounts.js';
import { groupHoldsScreen, menuTreeFor } from '../../../server/auth/menu-authority.js';

/**
 * The independent review's findings on authority groups, the personal-data download log, uploads,
 * the person lookup, stored-screen links, the tender opening's dual control and the demo seed in
 * production: each reproduced as it was found (these requests succeeded before the fix).
 */
let t: TestApp;
let admin: LoggedIn;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: LoggedIn, payload?: unknown) =>
  t.app.inject({ method, url, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('a deactivated authority group grants nothing', () => {
  const setGroup = async (id: string, useYn: 'Y' | 'N') => {
    const row = (await call('GET', '/api/v1/portal/admin/auth-groups?size=5000', admin)).json().rows.find((g: { authGroupId: string }) => g.authGroupId === id);
    const res = await call('PUT', `/api/v1/portal/admin/auth-groups/${id}`, admin, { nameKo: row.nameKo, nameEn: row.nameEn, useYn, version: row.version });
    expect(res.statusCode, res.body).toBe(200);
  };
  const idpw = (username: string) => t.app.inject({ method: 'POST', url: '/auth/api/login/idpw', ...formRequest({ systemId: 'GPMS', grantType: 'idpw', username, password: DEMO_PASSWORD }) });

  it('refuses its users’ sessions on the next request, their logins (AUTH100), its menus and screens; back on, all return', async () => {
    const buyer = await loginAs(t.app, 'buyer');
    const check = () => call('GET', '/api/v1/loginCheck?path=%2FprList&store=N', buyer);
    expect((await check()).json().code).toBe('OK');
    expect((await call('GET', '/api/v1/menus', buyer)).statusCode).toBe(200);
    expect(await groupHoldsScreen(t.db.db, '30', ['/prList'], 'write')).toBe(true);

    await setGroup('30', 'N');
    try {
      // The answer kept for this session is not reused: the group's change moved the authority version.
      expect((await check()).json().code).toBe('GPMS005');
      expect((await call('GET', '/api/v1/menus', buyer)).statusCode).toBe(401);
      expect((await call('GET', '/api/v1/prs?size=5', buyer)).statusCode).toBe(401);
      const login = await idpw('buyer');
      expect(login.statusCode).toBe(401);
      expect(login.json().errorCode).toBe('AUTH100');
      // A refresh of the open session is refused as well.
      const refresh = await t.app.inject({ method: 'GET', url: '/auth/api/verify', headers: { authorization: `Bearer ${buyer.accessToken}`, refreshtoken: buyer.refreshToken } });
      expect(refresh.json().errorCode).toBe('AUTH100');
      expect(await groupHoldsScreen(t.db.db, '30', ['/prList'], 'write')).toBe(false);
      expect(await menuTreeFor(t.db.db, '30', 'I', 'ko', true)).toEqual([]);
    } finally {
      await setGroup('30', 'Y');
    }
    expect((await idpw('buyer')).statusCode).toBe(200);
    expect(await groupHoldsScreen(t.db.db, '30', ['/prList'], 'write')).toBe(true);
    expect((await menuTreeFor(t.db.db, '30', 'I', 'ko', true)).length).toBeGreaterThan(0);
  });

  it('moves the authority version when a group is switched off or on, not when it is renamed', async () => {
    const version = async () => String((await t.db.db.selectFrom('authVersion').select('version').executeTakeFirstOrThrow()).version);
    const v0 = await version();
    await t.db.db.updateTable('authGroup').set({ description: '설명만 바꿈' }).where('authGroupId', '=', '40').execute();
    expect(await version()).toBe(v0);
    await t.db.db.updateTable('authGroup').set({ useYn: 'N' }).where('authGroupId', '=', '40').execute();
    const v1 = await version();
    expect(v1).not.toBe(v0);
    await t.db.db.updateTable('authGroup').set({ useYn: 'Y' }).where('authGroupId', '=', '40').execute();
    expect(await version()).not.toBe(v1);
  });
});
