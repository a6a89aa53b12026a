import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';

/** The list conventions (page, size ≤ 5000, sort=field:asc|desc) on the administration lists the screens use. */
describe('list conventions on users, sessions and authority groups', () => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await sessionAs(t.app, 'admin');
  });
  afterAll(() => t.close());
  const get = (url: string, who: LoggedIn = admin) => t.app.inject({ method: 'GET', url, headers: who.headers });

  it('listUsers sorts by any listed field and keeps the old default order', async () => {
    const plain = (await get('/api/v1/users?size=5')).json();
    expect(plain.rows.map((r: { portal: string }) => r.portal)).toEqual(['I', 'I', 'I', 'I', 'I']);
    const byName = (await get('/api/v1/users?sort=hname:desc&size=20')).json();
    const names = byName.rows.map((r: { hname: string }) => r.hname);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0)));
    expect(byName.total).toBe(plain.total);
    expect((await get('/api/v1/users?sort=passwordHash:asc')).statusCode).toBe(400);
    expect((await get('/api/v1/users?size=2000')).statusCode).toBe(200);
  });

  it('listSessions sorts and filters by portal', async () => {
    await sessionAs(t.app, 'supplier1');
    const res = (await get('/api/v1/portal/sessions?portal=X&sort=userId:asc')).json();
    expect(res.rows.length).toBeGreaterThan(0);
    expect(res.rows.every((r: { portal: string }) => r.portal === 'X')).toBe(true);
    expect((await get('/api/v1/portal/sessions?sort=refreshTokenHash:asc')).statusCode).toBe(400);
  });

  it('listAuthGroups answers the groups; a supplier admin sees only its portal’s', async () => {
    const all = (await get('/api/v1/portal/auth-groups')).json();
    expect(all.map((g: { authGroupId: string }) => g.authGroupId)).toEqual(
      expect.arrayContaining(['99', '50', '30', '60', '61']),
    );
    const supplier = await sessionAs(t.app, 'supplier1adm');
    const own = (await get('/api/v1/portal/auth-groups', supplier)).json();
    expect(own.map((g: { portal: string }) => g.portal)).toEqual(['X', 'X']);
  });
});
