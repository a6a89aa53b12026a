import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';

interface GroupRow {
  authGroupId: string;
  portal: string;
  useYn: string;
  userCount: number;
  version: number;
  label: string;
}
interface AuthRow {
  pgmId: string;
  parentId: string | null;
  leaf: string;
  canRead: string;
  canWrite: string;
  menuPath: string;
}

describe('authorGroupManage and authMenuManage: groups, the menu × group matrix, taking effect at once', () => {
  let t: TestApp;
  let admin: LoggedIn;
  let monitor: LoggedIn;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = await sessionAs(t.app, 'admin');
    monitor = await sessionAs(t.app, 'monitor');
  });
  afterAll(() => t.close());

  const get = (url: string, who: LoggedIn = admin) => t.app.inject({ method: 'GET', url, headers: who.headers });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, who: LoggedIn = admin) =>
    t.app.inject({
      method,
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const groups = async (who: LoggedIn = admin): Promise<GroupRow[]> =>
    (await get('/api/v1/portal/admin/auth-groups?size=5000', who)).json().rows;
  const group = async (id: string) => (await groups()).find((g) => g.authGroupId === id)!;
  const matrix = async (id: string, who: LoggedIn = admin): Promise<AuthRow[]> =>
    (await get(`/api/v1/portal/admin/auth-groups/${id}/menus?size=5000`, who)).json().rows;
  const save = async (
    id: string,
    rows: Array<{ pgmId: string; canRead: 'Y' | 'N'; canWrite: 'Y' | 'N' }>,
    who: LoggedIn = admin,
  ) => send('PUT', `/api/v1/portal/admin/auth-groups/${id}/menus`, { version: (await group(id)).version, rows }, who);

  it('lists the spec’s groups with user counts', async () => {
    const rows = await groups();
    for (const id of ['99', '50', '60', '31', '32', '33', '61', '10', '20', '30', '40'])
      expect(rows.map((r) => r.authGroupId)).toContain(id);
    expect(rows.find((r) => r.authGroupId === '99')).toMatchObject({
      portal: 'I',
      useYn: 'Y',
      label: '99 시스템관리자',
      version: 1,
    });
    expect(rows.find((r) => r.authGroupId === '40')!.userCount).toBeGreaterThanOrEqual(1);
  });

  it('creates, updates and deletes a group (audited); duplicate 409, stale 409; the system group stays', async () => {
    const created = await send('POST', '/api/v1/portal/admin/auth-groups', {
      authGroupId: '7A',
      nameKo: '테스트그룹',
      nameEn: 'Test Group',
      portal: 'I',
      description: '시험',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ authGroupId: '7A', userCount: 0, version: 1 });
    expect(
      (
        await send('POST', '/api/v1/portal/admin/auth-groups', {
          authGroupId: '7A',
          nameKo: 'x',
          nameEn: 'x',
          portal: 'I',
        })
      ).json().code,
    ).toBe('DUPLICATE_KEY');
    expect(
      (
        await send('POST', '/api/v1/portal/admin/auth-groups', {
          authGroupId: 'abc',
          nameKo: 'x',
          nameEn: 'x',
          portal: 'I',
        })
      ).statusCode,
    ).toBe(400);
    const upd = await send('PUT', '/api/v1/portal/admin/auth-groups/7A', {
      nameKo: '테스트그룹2',
      nameEn: 'Test Group 2',
      useYn: 'N',
      version: 1,
    });
    expect(upd.json()).toMatchObject({ nameKo: '테스트그룹2', useYn: 'N', version: 2 });
    expect(
      (await send('PUT', '/api/v1/portal/admin/auth-groups/7A', { nameKo: 'x', nameEn: 'x', version: 1 })).statusCode,
    ).toBe(409);

    const sys = await group('99');
    const off = await send('PUT', '/api/v1/portal/admin/auth-groups/99', {
      nameKo: '시스템관리자',
      nameEn: 'System Administrator',
      useYn: 'N',
      version: sys.version,
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('SYSTEM_GROUP');
    expect((await send('DELETE', `/api/v1/portal/admin/auth-groups/99?version=${sys.version}`)).json().code).toBe(
      'SYSTEM_GROUP',
    );
    expect(
      (await send('DELETE', `/api/v1/portal/admin/auth-groups/40?version=${(await group('40')).version}`)).json().code,
    ).toBe('AUTH_GROUP_IN_USE');

    expect((await send('DELETE', '/api/v1/portal/admin/auth-groups/7A?version=2')).statusCode).toBe(200);
    expect(await group('7A')).toBeUndefined();
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['action', 'actor'])
      .where('entity', '=', 'authGroup')
      .where('entityKey', '=', '7A')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
  });

  it('shows the matrix of one group: every menu of its portal in tree order with read and write', async () => {
    const rows = await matrix('40');
    expect(rows.find((r) => r.pgmId === 'PUR_PR_LIST')).toMatchObject({
      canRead: 'Y',
      canWrite: 'N',
      leaf: 'T',
      menuPath: '구매관리 › 구매요청 › 구매요청',
    });
    expect(rows.some((r) => r.pgmId.startsWith('CY_'))).toBe(false);
    const supplier = await matrix('60');
    expect(supplier.every((r) => r.pgmId.startsWith('CY_'))).toBe(true);
    expect(supplier.find((r) => r.pgmId === 'CY_USER_ADMIN_BLOCK')?.canRead).toBe('N');
    expect((await get('/api/v1/portal/admin/auth-groups/ZZ/menus')).statusCode).toBe(404);
  });

  it('a new leaf granted to group 40 shows in its menu and opens at once; removing read answers GPMS006 at once', async () => {
    const leaf = await send('POST', '/api/v1/portal/admin/menus', {
      pgmId: 'TEST_CODE_LIST',
      portal: 'I',
      parentId: 'PORTAL',
      pgmName: '코드 조회',
      pgmNameEn: 'Codes',
      leaf: 'T',
      sspUrl: '/examples/codeList',
    });
    expect(leaf.statusCode).toBe(200);
    // A route a menu names but the group does not hold.
    const check = async () =>
      (await get(`/api/v1/loginCheck?path=${encodeURIComponent('/examples/codeList')}`, monitor)).json().code;
    expect(await check()).toBe('GPMS006');

    const granted = await save('40', [{ pgmId: 'TEST_CODE_LIST', canRead: 'Y', canWrite: 'N' }]);
    expect(granted.statusCode).toBe(200);
    expect(await check()).toBe('OK');
    const tree = (await get('/api/v1/menus', monitor)).json();
    const portal = tree.find((n: { pgmId: string }) => n.pgmId === 'PORTAL');
    expect(portal.childs.map((c: { pgmId: string }) => c.pgmId)).toContain('TEST_CODE_LIST');
    // Everything else of group 40 is as before.
    expect((await matrix('40')).find((r) => r.pgmId === 'PUR_PR_LIST')).toMatchObject({ canRead: 'Y', canWrite: 'N' });

    const removed = await save('40', [{ pgmId: 'TEST_CODE_LIST', canRead: 'N', canWrite: 'N' }]);
    expect(removed.statusCode).toBe(200);
    expect(await check()).toBe('GPMS006');
    expect(JSON.stringify((await get('/api/v1/menus', monitor)).json())).not.toContain('TEST_CODE_LIST');

    // The API's access rules read the same rows: without read on /prList, listPrs answers GPMS006.
    expect((await get('/api/v1/prs?size=1', monitor)).statusCode).toBe(200);
    await save('40', [{ pgmId: 'PUR_PR_LIST', canRead: 'N', canWrite: 'N' }]);
    const refused = await get('/api/v1/prs?size=1', monitor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('GPMS006');
    await save('40', [{ pgmId: 'PUR_PR_LIST', canRead: 'Y', canWrite: 'N' }]);
    expect((await get('/api/v1/prs?size=1', monitor)).statusCode).toBe(200);
  });

  it('write implies read, branches follow their leaves; one audit row per save; stale version 409', async () => {
    const v = (await group('30')).version;
    const res = await save('30', [{ pgmId: 'PORTAL_SYSTEM_MESSAGE', canRead: 'N', canWrite: 'Y' }]);
    expect(res.json()).toMatchObject({ authGroupId: '30', version: v + 1 });
    const rows = await matrix('30');
    expect(rows.find((r) => r.pgmId === 'PORTAL_SYSTEM_MESSAGE')).toMatchObject({ canRead: 'Y', canWrite: 'Y' });
    expect(rows.every((r) => r.leaf === 'T')).toBe(true);
    const branches = await t.db.db
      .selectFrom('menuAuth')
      .select(['pgmId', 'canRead', 'canWrite'])
      .where('authGroupId', '=', '30')
      .where('pgmId', 'in', ['PORTAL', 'PORTAL_SYSTEM'])
      .orderBy('pgmId')
      .execute();
    expect(branches).toEqual([
      { pgmId: 'PORTAL', canRead: 'Y', canWrite: 'Y' },
      { pgmId: 'PORTAL_SYSTEM', canRead: 'Y', canWrite: 'Y' },
    ]);
    const stale = await send('PUT', '/api/v1/portal/admin/auth-groups/30/menus', { version: v, rows: [] });
    expect(stale.statusCode).toBe(409);
    const other = await send('PUT', '/api/v1/portal/admin/auth-groups/30/menus', {
      version: v + 1,
      rows: [{ pgmId: 'CY_QUOT_REQUEST', canRead: 'Y', canWrite: 'N' }],
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().details[0].path).toBe('body/rows/0/pgmId');
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['action', 'beforeData', 'afterData'])
      .where('entity', '=', 'menuAuth')
      .where('entityKey', '=', '30')
      .orderBy('id')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].afterData).toContain('PORTAL_SYSTEM_MESSAGE:W');
    expect(audit[0].beforeData).not.toContain('PORTAL_SYSTEM_MESSAGE:W');
    expect(audit[0].beforeData).toContain('PUR_PR_LIST:W');
  });

  it('copies another group’s grants as one change; refuses the other portal and itself', async () => {
    await send('POST', '/api/v1/portal/admin/auth-groups', {
      authGroupId: '7B',
      nameKo: '복사그룹',
      nameEn: 'Copy Group',
      portal: 'I',
    });
    const copy = await send('POST', '/api/v1/portal/admin/auth-groups/7B/menus/copy', {
      fromGroupId: '40',
      version: 1,
    });
    expect(copy.statusCode).toBe(200);
    const mine = (await matrix('7B')).map((r) => [r.pgmId, r.canRead, r.canWrite]);
    const theirs = (await matrix('40')).map((r) => [r.pgmId, r.canRead, r.canWrite]);
    expect(mine).toEqual(theirs);
    expect(
      (await send('POST', '/api/v1/portal/admin/auth-groups/7B/menus/copy', { fromGroupId: '60', version: 2 })).json()
        .code,
    ).toBe('AUTH_COPY_PORTAL');
    expect(
      (await send('POST', '/api/v1/portal/admin/auth-groups/7B/menus/copy', { fromGroupId: '7B', version: 2 })).json()
        .code,
    ).toBe('AUTH_COPY_SELF');
    expect(
      (await send('POST', '/api/v1/portal/admin/auth-groups/7B/menus/copy', { fromGroupId: '40', version: 1 }))
        .statusCode,
    ).toBe(409);
  });

  it('refuses to remove the last system administrator’s authority; nothing changes', async () => {
    // 99 and 50 both hold write on authMenuManage; 50 may lose it, then 99 may not.
    const before99 = await matrix('99');
    expect((await save('50', [{ pgmId: 'PORTAL_AUTHOR_MENU_AUTH', canRead: 'Y', canWrite: 'N' }])).statusCode).toBe(
      200,
    );
    const last = await save('99', [{ pgmId: 'PORTAL_AUTHOR_MENU_AUTH', canRead: 'N', canWrite: 'N' }]);
    expect(last.statusCode).toBe(409);
    expect(last.json().code).toBe('LAST_ADMIN');
    expect(await matrix('99')).toEqual(before99);
    const copy = await send('POST', '/api/v1/portal/admin/auth-groups/99/menus/copy', {
      fromGroupId: '40',
      version: (await group('99')).version,
    });
    expect(copy.json().code).toBe('LAST_ADMIN');
    expect(await matrix('99')).toEqual(before99);
    expect((await save('50', [{ pgmId: 'PORTAL_AUTHOR_MENU_AUTH', canRead: 'Y', canWrite: 'Y' }])).statusCode).toBe(
      200,
    );
  });

  it('a supplier administrator given the screens manages only its own portal', async () => {
    await send('POST', '/api/v1/portal/admin/menus', {
      pgmId: 'CY_TEST_GROUPS',
      portal: 'X',
      parentId: 'CY_USER_ADMIN',
      pgmName: '권한그룹',
      pgmNameEn: 'Groups',
      leaf: 'T',
      sspUrl: '/portal/author/authorGroupManage',
      subUrls: '/portal/author/authMenuManage, /portal/author/menuManage',
    });
    expect((await save('61', [{ pgmId: 'CY_TEST_GROUPS', canRead: 'Y', canWrite: 'Y' }])).statusCode).toBe(200);
    const sadm = await sessionAs(t.app, 'supplier1adm');
    const seen = await groups(sadm);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((g) => g.portal === 'X')).toBe(true);
    const menus = (await get('/api/v1/portal/admin/menus?size=5000', sadm)).json().rows as Array<{ portal: string }>;
    expect(menus.every((m) => m.portal === 'X')).toBe(true);
    expect((await get('/api/v1/portal/admin/auth-groups/40/menus', sadm)).statusCode).toBe(404);
    expect(
      (await send('PUT', '/api/v1/portal/admin/auth-groups/40', { nameKo: 'x', nameEn: 'x', version: 1 }, sadm))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await send(
          'POST',
          '/api/v1/portal/admin/auth-groups',
          { authGroupId: '7C', nameKo: 'x', nameEn: 'x', portal: 'I' },
          sadm,
        )
      ).json().code,
    ).toBe('AUTH_GROUP_PORTAL');
    expect(
      (
        await send(
          'POST',
          '/api/v1/portal/admin/menus',
          { pgmId: 'TEST_BY_SUPPLIER', portal: 'I', pgmName: 'x', pgmNameEn: 'x', leaf: 'F' },
          sadm,
        )
      ).json().code,
    ).toBe('MENU_PORTAL');
    expect((await get('/api/v1/portal/admin/audit', sadm)).statusCode).toBe(403);
  });

  it('lists administrative changes with who, when, before and after', async () => {
    const res = await get('/api/v1/portal/admin/audit?entity=menuAuth&entityKey=40&size=10');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThanOrEqual(4);
    expect(body.rows[0]).toMatchObject({ entity: 'menuAuth', entityKey: '40', actor: 'admin', action: 'UPDATE' });
    expect(JSON.parse(body.rows[0].afterData)).toContain('PUR_PR_LIST:R');
    const all = (await get('/api/v1/portal/admin/audit?size=500')).json();
    expect(new Set(all.rows.map((r: { entity: string }) => r.entity))).toEqual(
      new Set(['menu', 'authGroup', 'menuAuth']),
    );
    expect((await get('/api/v1/portal/admin/audit?actor=nobody')).json().total).toBe(0);
    expect((await get('/api/v1/portal/admin/audit?sort=bogus:asc')).statusCode).toBe(400);
    expect((await get('/api/v1/portal/admin/audit', monitor)).statusCode).toBe(200);
  });
});
