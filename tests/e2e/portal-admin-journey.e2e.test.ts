import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from './helpers/lane';
import { apiLogin, submitExternalLogin, submitInternalLogin, unexpected } from './helpers/auth';
import { launchBrowser, openPage, screenshot, type TestPage } from './helpers/browser';

/**
 * The portal administration journey against the shared server: the administrator adds a
 * menu leaf for /examples/codeList under 포털관리 on menuManage (a leaf of this run's own, removed at
 * the end so other journeys and the route smoke test see the seeded menus), grants read to group 40 →
 * monitor logs in, finds it in the menu and opens it → the grant is removed → monitor's next
 * navigation there lands on /info401. Then a notice posted for suppliers appears on supplier1's home,
 * its script shown as text.
 */
const run = Date.now().toString(36).toUpperCase();
const PGM_ID = `E2E_CODES_${run}`;
const LEAF_NAME = `E2E 코드 조회 ${run}`;
const NOTICE = `E2E 공지 ${run}`;

describe('portal administration: a menu leaf live at once, authority removed at once, a supplier notice', () => {
  const baseURL = e2eLane().baseUrl;
  let browser: Browser;
  let admin: TestPage;
  let token: string;
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${baseURL}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        IsCyber: 'N',
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text);
  };
  const grant = async (canRead: 'Y' | 'N') => {
    const groups = (await api('GET', '/api/v1/portal/admin/auth-groups?size=5000')).rows as Array<{
      authGroupId: string;
      version: number;
    }>;
    const version = groups.find((g) => g.authGroupId === '40')!.version;
    await api('PUT', '/api/v1/portal/admin/auth-groups/40/menus', {
      version,
      rows: [{ pgmId: PGM_ID, canRead, canWrite: 'N' }],
    });
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await apiLogin(baseURL, 'admin');
  });
  afterAll(async () => {
    // Leave the shared server's menus as they were.
    try {
      const menu = (
        (await api('GET', '/api/v1/portal/admin/menus?size=5000')).rows as Array<{ pgmId: string; version: number }>
      ).find((m) => m.pgmId === PGM_ID);
      if (menu) await api('DELETE', `/api/v1/portal/admin/menus/${PGM_ID}?version=${menu.version}`);
    } finally {
      await admin?.context.close();
      await browser?.close();
    }
  });

  const field = (page: Page, name: string) => page.locator(`[data-field="${name}"]`).first();

  it('the administrator adds a leaf for /examples/codeList under 포털관리 on menuManage', async () => {
    admin = await openPage(browser, baseURL);
    const { page } = admin;
    await page.goto('/login');
    await submitInternalLogin(page, 'admin');
    await page.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' }).waitFor();
    await page.goto('/portal/author');
    await page.waitForURL((u) => u.pathname === '/portal/author/menuManage');
    await page
      .getByRole('tree')
      .getByRole('treeitem', { name: /포털관리/ })
      .first()
      .waitFor();
    await page.getByRole('button', { name: '메뉴 추가' }).click();
    await field(page, 'pgmId').locator('input').fill(PGM_ID);
    await expect.poll(() => field(page, 'parentId').locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(10);
    const portalOption = field(page, 'parentId')
      .locator('option', { hasText: /^\s*포털관리\s*$/ })
      .first();
    await field(page, 'parentId')
      .locator('select')
      .selectOption((await portalOption.getAttribute('value')) ?? '');
    await field(page, 'pgmName').locator('input').fill(LEAF_NAME);
    await field(page, 'pgmNameEn').locator('input').fill(`E2E codes ${run}`);
    await field(page, 'sspUrl').locator('input').fill('/examples/codeList');
    await page.getByRole('button', { name: '저장', exact: true }).click();
    await page.getByRole('button', { name: '확인', exact: true }).click();
    await page
      .getByRole('tree')
      .getByRole('treeitem', { name: new RegExp(LEAF_NAME) })
      .waitFor({ timeout: 20_000 });
    await screenshot(page, 'portal-admin-menu-added');
    const saved = (
      (await api('GET', '/api/v1/portal/admin/menus?size=5000')).rows as Array<{
        pgmId: string;
        parentId: string;
        sspUrl: string;
        routeKnown: string;
      }>
    ).find((m) => m.pgmId === PGM_ID);
    expect(saved).toMatchObject({ parentId: 'PORTAL', sspUrl: '/examples/codeList', routeKnown: 'Y' });
    expect(unexpected(admin.problems)).toEqual([]);
  });

  it('grants read to group 40: monitor finds the leaf in the menu and opens it; removed, the next navigation lands on /info401', async () => {
    await grant('Y');
    const monitor = await openPage(browser, baseURL);
    try {
      const { page } = monitor;
      await page.goto('/login');
      await submitInternalLogin(page, 'monitor');
      await page.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' }).waitFor();
      await page
        .getByRole('navigation', { name: '주 메뉴' })
        .getByRole('button', { name: /포털관리/ })
        .click();
      const leaf = page.getByRole('region', { name: '전체 메뉴' }).getByRole('link', { name: LEAF_NAME, exact: true });
      await leaf.waitFor();
      await screenshot(page, 'portal-admin-monitor-menu');
      await leaf.click();
      await page.waitForURL((u) => u.pathname === '/examples/codeList');
      await page
        .getByRole('heading', { name: /공통코드/ })
        .first()
        .waitFor({ timeout: 20_000 });

      await grant('N');
      await page.goto('/');
      await page.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' }).waitFor();
      await page.goto('/examples/codeList');
      await page.waitForURL((u) => u.pathname === '/info401', { timeout: 20_000 });
      await screenshot(page, 'portal-admin-monitor-401');
    } finally {
      await monitor.context.close();
    }
  });

  it('a notice posted for suppliers appears on supplier1’s home, its script as text', async () => {
    const script = '<img src=x onerror="window.__gpmsXss=1">';
    const posted = await api('POST', '/api/v1/portal/cyber-notices', {
      title: NOTICE,
      body: `점검 안내 ${script}`,
      pinned: 'Y',
    });
    const supplier = await openPage(browser, baseURL);
    try {
      const { page } = supplier;
      await page.goto('/cyberLogin');
      await submitExternalLogin(page, baseURL, 'supplier1');
      await page.getByRole('heading', { name: 'OGPMS 협력사 포털에 오신 것을 환영합니다' }).waitFor();
      const notices = page.getByTestId('supplier-notices');
      await notices.getByText(NOTICE).click();
      await notices.getByText(`점검 안내 ${script}`).waitFor();
      expect(await page.evaluate(() => (window as unknown as { __gpmsXss?: number }).__gpmsXss)).toBeUndefined();
      await screenshot(page, 'portal-admin-supplier-notice');
    } finally {
      await supplier.context.close();
      await api('DELETE', `/api/v1/portal/cyber-notices/${posted.postId}?version=${posted.version}`);
    }
  });
});
