import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devPagesServed, menuTreeFor, type MenuNode } from '../../../server/auth/menu-authority.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { loginAs, type LoggedIn } from '../../helpers/login.js';

const urls = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((n) => [...(n.sspUrl ? [n.sspUrl] : []), ...urls(n.childs)]);
const ids = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.pgmId, ...ids(n.childs)]);

/** A production server sends no menu row opening a development page (개발도구 › 발주 테스트, /testPo). */
describe('development menu rows on a NODE_ENV=production server', () => {
  let t: TestApp;
  let admin: LoggedIn;
  beforeAll(async () => {
    t = await buildTestApp({ config: { nodeEnv: 'production', devOutbox: false } });
    admin = await loginAs(t.app, 'admin');
  });
  afterAll(() => t.close());

  it('only production leaves them out', () => {
    expect(devPagesServed({ nodeEnv: 'production' })).toBe(false);
    expect(devPagesServed({ nodeEnv: 'development' })).toBe(true);
    expect(devPagesServed({ nodeEnv: 'test' })).toBe(true);
  });

  it('the seeded admin holds 개발도구 › 발주 테스트, and a development server would send it', async () => {
    const held = await t.app.dbh.db
      .selectFrom('menuAuth')
      .select('pgmId')
      .where('authGroupId', '=', '99')
      .where('pgmId', '=', 'PUR_DEV_TEST_PO')
      .where('canRead', '=', 'Y')
      .execute();
    expect(held).toHaveLength(1);
    const dev = await menuTreeFor(t.app.dbh.db, '99', 'I', 'ko', true);
    expect(urls(dev)).toContain('/testPo');
    expect(ids(dev)).toContain('PUR_DEV');
  });

  it('the login answer, the login check (store=Y) and the menu list carry neither the page nor its empty group', async () => {
    const login = (await t.app.inject({ method: 'GET', url: '/api/v1/login', headers: admin.headers })).json();
    const check = (
      await t.app.inject({ method: 'GET', url: '/api/v1/loginCheck?path=/&store=Y', headers: admin.headers })
    ).json();
    const menus = (await t.app.inject({ method: 'GET', url: '/api/v1/menus', headers: admin.headers })).json();
    for (const [what, tree] of [
      ['login', login.menus],
      ['loginCheck', check.menus],
      ['menus', menus],
    ] as const) {
      expect(urls(tree), what).not.toContain('/testPo');
      expect(ids(tree), what).not.toContain('PUR_DEV');
      // The rest of the 구매 section is still there.
      expect(urls(tree), what).toContain('/prList');
    }
  });
});
