import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import type { LoggedIn } from '../../helpers/login.js';
import { sessionAs } from '../../helpers/session.js';

interface MenuRow {
  pgmId: string;
  parentId: string | null;
  depth: number;
  sspUrl: string | null;
  subUrls: string;
  leaf: string;
  portal: string;
  sortOrder: number;
  useYn: string;
  routeKnown: string;
  version: number;
}

describe('menuManage: the menu tree of both portals', () => {
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
  const menu = async (pgmId: string): Promise<MenuRow> =>
    ((await get('/api/v1/portal/admin/menus?size=5000')).json().rows as MenuRow[]).find((m) => m.pgmId === pgmId)!;
  const leaf = (pgmId: string, extra: Record<string, unknown> = {}) => ({
    pgmId,
    portal: 'I',
    parentId: 'PORTAL_AUTHOR',
    pgmName: '테스트',
    pgmNameEn: 'Test',
    leaf: 'T',
    sspUrl: '/examples/codeList',
    ...extra,
  });

  it('lists both portals in tree order, parents before children, inactive menus too', async () => {
    const res = await get('/api/v1/portal/admin/menus?size=5000');
    expect(res.statusCode).toBe(200);
    const rows: MenuRow[] = res.json().rows;
    expect(res.json().total).toBe(rows.length);
    expect(new Set(rows.map((r) => r.portal))).toEqual(new Set(['I', 'X']));
    const seen = new Set<string>();
    for (const r of rows) {
      if (r.parentId) expect(seen.has(r.parentId), r.pgmId).toBe(true);
      seen.add(r.pgmId);
    }
    expect(rows.find((r) => r.pgmId === 'PUR_PR_LIST')).toMatchObject({
      sspUrl: '/prList',
      subUrls: '/prEdit',
      leaf: 'T',
      routeKnown: 'Y',
      version: 1,
    });
    expect(
      ((await get('/api/v1/portal/admin/menus?portal=X&size=5000')).json().rows as MenuRow[]).every(
        (r) => r.portal === 'X',
      ),
    ).toBe(true);
  });

  it('creates a leaf (audited), warns about an unknown route, and refuses a duplicate pgmId', async () => {
    const created = await send('POST', '/api/v1/portal/admin/menus', leaf('TEST_LEAF_A'));
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ pgmId: 'TEST_LEAF_A', depth: 3, routeKnown: 'Y', version: 1, warnings: [] });
    const unknown = await send(
      'POST',
      '/api/v1/portal/admin/menus',
      leaf('TEST_LEAF_B', { sspUrl: '/no/such/screen', subUrls: '/prEdit, /also/nothing' }),
    );
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().warnings).toEqual([
      '앱에 없는 경로입니다: /no/such/screen',
      '앱에 없는 경로입니다: /also/nothing',
    ]);
    expect(unknown.json()).toMatchObject({ routeKnown: 'N', subUrls: '/prEdit, /also/nothing' });
    const dup = await send('POST', '/api/v1/portal/admin/menus', leaf('TEST_LEAF_A'));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('DUPLICATE_KEY');
    const dupSeed = await send('POST', '/api/v1/portal/admin/menus', leaf('PUR_PR_LIST'));
    expect(dupSeed.statusCode).toBe(409);
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select(['action', 'actor'])
      .where('entity', '=', 'menu')
      .where('entityKey', '=', 'TEST_LEAF_A')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([{ action: 'CREATE', actor: 'admin' }]);
  });

  it('refuses a URL with a scheme, a host or a relative path; nothing is written', async () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'https://evil.example/x',
      '//evil.example/x',
      'prList',
      '/a/../b',
      '/x?y=1',
    ]) {
      const res = await send('POST', '/api/v1/portal/admin/menus', leaf('TEST_BAD_URL', { sspUrl: url }));
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe('MENU_URL_INVALID');
    }
    const sub = await send(
      'POST',
      '/api/v1/portal/admin/menus',
      leaf('TEST_BAD_URL', { subUrls: '/ok, javascript:void(0)' }),
    );
    expect(sub.statusCode).toBe(400);
    expect(
      await t.db.db.selectFrom('menu').select('pgmId').where('pgmId', '=', 'TEST_BAD_URL').executeTakeFirst(),
    ).toBeUndefined();
    const upd = await send('PUT', '/api/v1/portal/admin/menus/TEST_LEAF_A', {
      pgmName: '테스트',
      pgmNameEn: 'Test',
      leaf: 'T',
      sspUrl: 'javascript:alert(1)',
      version: 1,
    });
    expect(upd.statusCode).toBe(400);
    expect((await menu('TEST_LEAF_A')).sspUrl).toBe('/examples/codeList');
  });

  it('refuses a bad pgmId, a leaf without URL, a folder with a URL, a parent leaf, a parent of the other portal and a fourth level', async () => {
    expect((await send('POST', '/api/v1/portal/admin/menus', leaf('bad id'))).statusCode).toBe(400);
    expect((await send('POST', '/api/v1/portal/admin/menus', leaf('TEST_NO_URL', { sspUrl: null }))).json().code).toBe(
      'VALIDATION',
    );
    expect((await send('POST', '/api/v1/portal/admin/menus', leaf('TEST_DIR_URL', { leaf: 'F' }))).json().code).toBe(
      'MENU_BRANCH_URL',
    );
    expect(
      (await send('POST', '/api/v1/portal/admin/menus', leaf('TEST_UNDER_LEAF', { parentId: 'PUR_PR_LIST' }))).json()
        .code,
    ).toBe('MENU_PARENT_LEAF');
    expect(
      (await send('POST', '/api/v1/portal/admin/menus', leaf('TEST_OTHER_PORTAL', { parentId: 'CY_QUOT_MAIN' }))).json()
        .code,
    ).toBe('MENU_PARENT_PORTAL');
    expect(
      (await send('POST', '/api/v1/portal/admin/menus', leaf('TEST_NO_PARENT', { parentId: 'NOPE' }))).json().code,
    ).toBe('MENU_PARENT_NOT_FOUND');
    const dir = await send('POST', '/api/v1/portal/admin/menus', {
      pgmId: 'TEST_DIR',
      portal: 'I',
      parentId: 'PORTAL_AUTHOR',
      pgmName: '폴더',
      pgmNameEn: 'Folder',
      leaf: 'F',
    });
    expect(dir.statusCode).toBe(200);
    const deep = await send('POST', '/api/v1/portal/admin/menus', leaf('TEST_DEEP', { parentId: 'TEST_DIR' }));
    expect(deep.statusCode).toBe(400);
    expect(deep.json().code).toBe('MENU_TOO_DEEP');
  });

  it('moves a menu under another parent (depths follow) and refuses a cycle', async () => {
    const area = await send('POST', '/api/v1/portal/admin/menus', {
      pgmId: 'TEST_AREA',
      portal: 'I',
      pgmName: '영역',
      pgmNameEn: 'Area',
      leaf: 'F',
    });
    expect(area.json()).toMatchObject({ depth: 1, parentId: null });
    await send('POST', '/api/v1/portal/admin/menus', {
      pgmId: 'TEST_GROUP',
      portal: 'I',
      parentId: 'TEST_AREA',
      pgmName: '그룹',
      pgmNameEn: 'Group',
      leaf: 'F',
    });
    const cyc = await send('PUT', '/api/v1/portal/admin/menus/TEST_AREA', {
      parentId: 'TEST_GROUP',
      pgmName: '영역',
      pgmNameEn: 'Area',
      leaf: 'F',
      version: 1,
    });
    expect(cyc.statusCode).toBe(400);
    expect(cyc.json().code).toBe('MENU_CYCLE');
    const self = await send('PUT', '/api/v1/portal/admin/menus/TEST_AREA', {
      parentId: 'TEST_AREA',
      pgmName: '영역',
      pgmNameEn: 'Area',
      leaf: 'F',
      version: 1,
    });
    expect(self.json().code).toBe('MENU_CYCLE');
    expect((await menu('TEST_AREA')).parentId).toBeNull();

    const a = await menu('TEST_LEAF_A');
    const moved = await send('PUT', '/api/v1/portal/admin/menus/TEST_LEAF_A', {
      parentId: 'TEST_GROUP',
      pgmName: '테스트',
      pgmNameEn: 'Test',
      leaf: 'T',
      sspUrl: '/examples/codeList',
      version: a.version,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ parentId: 'TEST_GROUP', depth: 3, version: a.version + 1 });
    // Moving the group to the top level lifts its leaf to depth 2.
    const g = await menu('TEST_GROUP');
    await send('PUT', '/api/v1/portal/admin/menus/TEST_GROUP', {
      parentId: null,
      pgmName: '그룹',
      pgmNameEn: 'Group',
      leaf: 'F',
      version: g.version,
    });
    expect((await menu('TEST_GROUP')).depth).toBe(1);
    expect((await menu('TEST_LEAF_A')).depth).toBe(2);
    const audit = await t.db.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'menu')
      .where('entityKey', '=', 'TEST_LEAF_A')
      .orderBy('id')
      .execute();
    expect(audit.map((x) => x.action)).toEqual(['CREATE', 'MOVE']);
  });

  it('answers 409 to a stale version', async () => {
    const a = await menu('TEST_LEAF_A');
    const stale = await send('PUT', '/api/v1/portal/admin/menus/TEST_LEAF_A', {
      pgmName: '늦음',
      pgmNameEn: 'Late',
      leaf: 'T',
      sspUrl: '/examples/codeList',
      version: a.version - 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'VERSION_CONFLICT', details: { currentVersion: a.version } });
  });

  it('reorders siblings up and down', async () => {
    const order = async () =>
      ((await get('/api/v1/portal/admin/menus?size=5000')).json().rows as MenuRow[])
        .filter((r) => r.parentId === 'PORTAL_AUTHOR')
        .map((r) => r.pgmId);
    const before = await order();
    const second = before[1];
    const up = await send('POST', `/api/v1/portal/admin/menus/${second}/move`, {
      direction: 'up',
      version: (await menu(second)).version,
    });
    expect(up.statusCode).toBe(200);
    const after = await order();
    expect(after.slice(0, 2)).toEqual([second, before[0]]);
    // At the top already: nothing moves.
    await send('POST', `/api/v1/portal/admin/menus/${second}/move`, {
      direction: 'up',
      version: (await menu(second)).version,
    });
    expect(await order()).toEqual(after);
    await send('POST', `/api/v1/portal/admin/menus/${second}/move`, {
      direction: 'down',
      version: (await menu(second)).version,
    });
    expect(await order()).toEqual(before);
    expect(
      (await send('POST', `/api/v1/portal/admin/menus/${second}/move`, { direction: 'down', version: 1 })).statusCode,
    ).toBe(409);
  });

  it('deactivating a menu takes it out of the menu load and the login check at once', async () => {
    const check = async () =>
      (await get(`/api/v1/loginCheck?path=${encodeURIComponent('/prList')}`, monitor)).json().code;
    expect(await check()).toBe('OK');
    const m = await menu('PUR_PR_LIST');
    const off = await send('PUT', '/api/v1/portal/admin/menus/PUR_PR_LIST', {
      pgmName: '구매요청',
      pgmNameEn: 'Purchase Requests',
      leaf: 'T',
      sspUrl: '/prList',
      subUrls: '/prEdit',
      useYn: 'N',
      version: m.version,
    });
    expect(off.statusCode).toBe(200);
    const tree = JSON.stringify((await get('/api/v1/menus', monitor)).json());
    expect(tree).not.toContain('PUR_PR_LIST');
    // No menu opens /prList now: the list operation serving it refuses every group.
    expect((await get('/api/v1/prs?size=1', monitor)).statusCode).toBe(403);
    const back = await send('PUT', '/api/v1/portal/admin/menus/PUR_PR_LIST', {
      pgmName: '구매요청',
      pgmNameEn: 'Purchase Requests',
      leaf: 'T',
      sspUrl: '/prList',
      subUrls: '/prEdit',
      useYn: 'Y',
      version: m.version + 1,
    });
    expect(back.statusCode).toBe(200);
    expect(JSON.stringify((await get('/api/v1/menus', monitor)).json())).toContain('PUR_PR_LIST');
  });

  it('refuses to deactivate or move away the menu-authority screen when nobody would keep write on it', async () => {
    const m = await menu('PORTAL_AUTHOR_MENU_AUTH');
    const off = await send('PUT', '/api/v1/portal/admin/menus/PORTAL_AUTHOR_MENU_AUTH', {
      pgmName: '메뉴권한관리',
      pgmNameEn: 'Menu Authority',
      leaf: 'T',
      sspUrl: '/portal/author/authMenuManage',
      useYn: 'N',
      version: m.version,
    });
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('LAST_ADMIN');
    const renamed = await send('PUT', '/api/v1/portal/admin/menus/PORTAL_AUTHOR_MENU_AUTH', {
      pgmName: '메뉴권한관리',
      pgmNameEn: 'Menu Authority',
      leaf: 'T',
      sspUrl: '/portal/author/elsewhere',
      version: m.version,
    });
    expect(renamed.json().code).toBe('LAST_ADMIN');
    expect(await menu('PORTAL_AUTHOR_MENU_AUTH')).toMatchObject({
      useYn: 'Y',
      sspUrl: '/portal/author/authMenuManage',
      version: m.version,
    });
  });

  it('deletes a menu without children with its grants; refuses one with children', async () => {
    expect(
      (await send('DELETE', `/api/v1/portal/admin/menus/TEST_AREA?version=${(await menu('TEST_AREA')).version}`))
        .statusCode,
    ).toBe(200);
    const g = await menu('TEST_GROUP');
    const refused = await send('DELETE', `/api/v1/portal/admin/menus/TEST_GROUP?version=${g.version}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('MENU_HAS_CHILDREN');
    const b = await menu('TEST_LEAF_B');
    expect((await send('DELETE', `/api/v1/portal/admin/menus/TEST_LEAF_B?version=${b.version}`)).statusCode).toBe(200);
    expect(await menu('TEST_LEAF_B')).toBeUndefined();
    expect((await send('DELETE', '/api/v1/portal/admin/menus/TEST_LEAF_B?version=1')).statusCode).toBe(404);
  });

  it('is closed to groups without the menu: read-only monitor cannot write, a supplier cannot read', async () => {
    expect((await get('/api/v1/portal/admin/menus', monitor)).statusCode).toBe(200);
    expect((await send('POST', '/api/v1/portal/admin/menus', leaf('TEST_BY_MONITOR'), monitor)).statusCode).toBe(403);
    const buyer = await sessionAs(t.app, 'buyer');
    expect((await get('/api/v1/portal/admin/menus', buyer)).json().code).toBe('GPMS006');
    const supplierAdmin = await sessionAs(t.app, 'supplier1adm');
    expect((await get('/api/v1/portal/admin/menus', supplierAdmin)).statusCode).toBe(403);
  });
});
