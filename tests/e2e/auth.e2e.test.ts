import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from './helpers/lane';
import {
  endSessionAsAdmin,
  logoutWithToken,
  pageSession,
  submitExternalLogin,
  submitInternalLogin,
  unexpected,
} from './helpers/auth';
import { launchBrowser, newTestContext, openPageIn, screenshot, type TestPage } from './helpers/browser';

/**
 * The login journeys in Debian's Chromium against the real server: the internal
 * portal from login to logout through menu and breadcrumb, a deep link kept across the login, the
 * supplier login with its one-time code, a refused screen, and an expired session in both portals.
 */
describe('login journeys', () => {
  const baseURL = e2eLane().baseUrl;
  let browser: Browser;
  let current: TestPage | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  /**
   * Each journey in a new tab of one context: a login lives in its tab's sessionStorage, so a new tab starts logged
   * out as a new browser would, and takes the app's code from the context's cache (helpers/tabs.ts says why that is
   * safe).
   */
  let context: BrowserContext | undefined;
  async function open(): Promise<TestPage> {
    await current?.page.close();
    context ??= await newTestContext(browser, baseURL);
    current = await openPageIn(context);
    return current;
  }

  const path = (page: Page) => {
    const u = new URL(page.url());
    return `${u.pathname}${u.search}`;
  };
  const waitForPath = (page: Page, pathname: string) => page.waitForURL((u) => u.pathname === pathname);
  const mainMenu = (page: Page) => page.getByRole('navigation', { name: '주 메뉴' });
  const breadcrumb = (page: Page) => page.getByRole('navigation', { name: '현재 위치' });
  const crumbTexts = async (page: Page) =>
    (await breadcrumb(page).getByRole('listitem').allInnerTexts()).map((t) => t.replace(/[›▾]/g, '').trim());

  it('internal: login → home → a menu screen → breadcrumb switch → logout', async () => {
    const { page, problems } = await open();
    await page.goto('/');
    await page.getByRole('heading', { name: 'GPMS 로그인' }).waitFor();
    expect(path(page)).toBe('/login');
    await screenshot(page, 'journey-login-internal');

    await submitInternalLogin(page, 'admin');
    await page.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' }).waitFor();
    expect(path(page)).toBe('/');
    expect(await page.getByTestId('header-user').innerText()).toContain('이정민');
    // The home page shows real data: the user's screens and this login.
    await page.getByRole('heading', { name: '바로가기' }).waitFor();
    await page.getByRole('heading', { name: '내 접속 정보' }).waitFor();
    await screenshot(page, 'journey-home-internal');

    // The mega menu: a top-level section opens every section's second and third levels.
    await mainMenu(page)
      .getByRole('button', { name: /입고\/정산/ })
      .click();
    const mega = page.getByRole('region', { name: '전체 메뉴' });
    await mega.waitFor();
    await screenshot(page, 'journey-mega-menu');
    const menuLog = page.waitForRequest((r) => r.url().endsWith('/api/v1/menuLog') && r.method() === 'POST');
    await mega.getByRole('link', { name: '입고현황', exact: true }).click();
    await waitForPath(page, '/warehousingList');
    expect(JSON.parse((await menuLog).postData() ?? '{}')).toMatchObject({
      path: '/warehousingList',
      pgmId: 'WHS_RECEIPT_LIST',
    });
    await breadcrumb(page)
      .getByRole('button', { name: /^입고현황 —/ })
      .waitFor();
    // The screen's chunk loads lazily: wait for its breadcrumb rather than read it at once.
    await expect.poll(() => crumbTexts(page), { timeout: 15_000 }).toEqual(['홈', '입고/정산', '입고', '입고현황']);

    // The breadcrumb's third level lists the siblings and switches the page (and logs the visit).
    await breadcrumb(page)
      .getByRole('button', { name: /^입고현황 —/ })
      .click();
    await screenshot(page, 'journey-breadcrumb');
    const secondLog = page.waitForRequest((r) => r.url().endsWith('/api/v1/menuLog') && r.method() === 'POST');
    await breadcrumb(page).getByRole('option', { name: '입고품목현황', exact: true }).click();
    await waitForPath(page, '/warehousingItemList');
    expect(JSON.parse((await secondLog).postData() ?? '{}')).toMatchObject({ path: '/warehousingItemList' });
    await breadcrumb(page)
      .getByRole('button', { name: /^입고품목현황 —/ })
      .waitFor();
    // The second level switches to the first screen of a sibling group.
    await breadcrumb(page)
      .getByRole('button', { name: /^입고 —/ })
      .click();
    await breadcrumb(page).getByRole('option', { name: '정산', exact: true }).click();
    await waitForPath(page, '/monthlyCalcAdmin');

    // Logout ends the session on the server too.
    const { accessToken } = await pageSession(page);
    const logout = page.waitForRequest((r) => r.url().endsWith('/auth/api/logout'));
    await page.getByRole('button', { name: '로그아웃' }).click();
    expect(new URLSearchParams((await logout).postData() ?? '').get('AccessToken')).toBe(accessToken);
    await page.getByRole('heading', { name: 'GPMS 로그인' }).waitFor();
    expect(
      await page.evaluate(() => JSON.parse(sessionStorage.getItem('gpms.session') ?? '{}').state?.tokens ?? null),
    ).toBeNull();
    const refused = await fetch(`${baseURL}/api/v1/menus`, {
      headers: { Authorization: `Bearer ${accessToken}`, IsCyber: 'N' },
    });
    expect(refused.status).toBe(401);
    expect(unexpected(problems)).toEqual([]);
  });

  it('a deep link while logged out → login → back at the deep link', async () => {
    const { page, problems } = await open();
    await page.goto('/warehousingList?status=OPEN');
    await page.getByRole('heading', { name: 'GPMS 로그인' }).waitFor();
    expect(path(page)).toBe('/login');
    await submitInternalLogin(page, 'buyer');
    await page.waitForURL((u) => u.pathname === '/warehousingList');
    expect(path(page)).toBe('/warehousingList?status=OPEN');
    // The screen's chunk loads lazily: wait for its breadcrumb rather than read it at once.
    await expect.poll(() => crumbTexts(page), { timeout: 15_000 }).toEqual(['홈', '입고/정산', '입고', '입고현황']);
    expect(unexpected(problems)).toEqual([]);
  });

  it('external: supplier login with the one-time code read from the dev outbox', async () => {
    const { page, problems } = await open();
    const cyberHeaders: string[] = [];
    page.on('request', (r: Request) => {
      if (r.url().includes('/api/v1/') && !r.url().includes('/loginCheck'))
        cyberHeaders.push(r.headers()['iscyber'] ?? '-');
    });
    await page.goto('/cyber/deliverInfo');
    await page.getByRole('heading', { name: 'OGPMS 협력사 로그인' }).waitFor();
    expect(path(page)).toBe('/cyberLogin');
    expect(await page.title()).toBe('협력사 로그인 - OGPMS');
    await screenshot(page, 'journey-login-external');

    // A wrong code first: the spec's message, still on the code step.
    await page.getByLabel('아이디').fill('supplier1');
    await page.getByLabel('비밀번호').fill('Gpms!2345');
    await page.getByRole('button', { name: '인증번호 받기' }).click();
    await page.getByLabel('인증번호 6자리').fill('000000');
    await page.getByRole('button', { name: '확인', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: '인증번호가 올바르지 않습니다' }).waitFor();
    await screenshot(page, 'journey-otp-wrong');
    await page.getByRole('button', { name: '이전' }).click();

    await submitExternalLogin(page, baseURL, 'supplier1');
    await waitForPath(page, '/cyber/deliverInfo');
    // The screen names the document once its chunk is in (a title per screen).
    await expect.poll(() => page.title(), { timeout: 15_000 }).toMatch(/^\S.* - OGPMS$/);
    // The screen's chunk loads lazily: wait for its breadcrumb rather than read it at once.
    await expect.poll(() => crumbTexts(page), { timeout: 15_000 }).toEqual(['홈', '납품', '납품관리', '납품등록/현황']);
    await breadcrumb(page).getByRole('link', { name: '홈' }).click();
    await page.getByRole('heading', { name: 'OGPMS 협력사 포털에 오신 것을 환영합니다' }).waitFor();
    expect(await page.getByTestId('header-user').innerText()).toContain('㈜대한정밀');
    await screenshot(page, 'journey-home-external');
    expect(cyberHeaders.length).toBeGreaterThan(0);
    expect(cyberHeaders.every((h) => h === 'Y')).toBe(true);
    expect(unexpected(problems)).toEqual([]);
  });

  it('a user without the menu gets /info401', async () => {
    const { page, problems } = await open();
    await page.goto('/login');
    await submitInternalLogin(page, 'buyer');
    await page.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' }).waitFor();
    // Portal administration is not in the buyer's menus (its 포털관리 holds only 내 정보, the buyer's own account).
    expect(await mainMenu(page).getByText('메뉴관리', { exact: true }).count()).toBe(0);
    await page.goto('/portal/author/menuManage');
    await page.getByRole('heading', { name: '권한이 없습니다' }).waitFor();
    expect(path(page)).toBe('/info401');
    await screenshot(page, 'journey-info401');
    // In-app navigation is refused the same way.
    await page.getByRole('link', { name: '홈으로 이동' }).click();
    await page.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' }).waitFor();
    await page.evaluate(() => {
      window.history.pushState(null, '', '/portal/author/authorGroupManage');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: '권한이 없습니다' }).waitFor();
    expect(unexpected(problems)).toEqual([]);
  });

  it('an expired session (internal): the timeout alert, the login page, and back after login', async () => {
    const { page, problems } = await open();
    await page.goto('/login');
    await submitInternalLogin(page, 'admin');
    await page.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' }).waitFor();
    // An administrator ends this session (userSessionManage's force logout).
    await endSessionAsAdmin(baseURL, (await pageSession(page)).sessionId);

    await mainMenu(page)
      .getByRole('button', { name: /입고\/정산/ })
      .click();
    await page.getByRole('region', { name: '전체 메뉴' }).getByRole('link', { name: '입고현황', exact: true }).click();
    const alert = page.getByRole('alertdialog', { name: '로그인 정보' });
    await alert.waitFor();
    expect(await alert.innerText()).toContain('로그아웃 시간이 초과되어 로그아웃되었습니다');
    await screenshot(page, 'journey-session-timeout');
    await alert.getByRole('button', { name: '확인' }).click();
    await page.getByRole('heading', { name: 'GPMS 로그인' }).waitFor();
    expect(path(page)).toBe('/login');

    await submitInternalLogin(page, 'admin');
    await waitForPath(page, '/warehousingList');
    // The screen's chunk loads lazily: wait for its breadcrumb rather than read it at once.
    await expect.poll(() => crumbTexts(page), { timeout: 15_000 }).toEqual(['홈', '입고/정산', '입고', '입고현황']);
    expect(unexpected(problems)).toEqual([]);
  });

  it('an expired session (external): back to the supplier login and to the page after it', async () => {
    const { page, problems } = await open();
    await page.goto('/cyberLogin');
    await submitExternalLogin(page, baseURL, 'supplier1');
    await page.getByRole('heading', { name: 'OGPMS 협력사 포털에 오신 것을 환영합니다' }).waitFor();
    // The session ends with its own token (as another tab's logout would).
    await logoutWithToken(baseURL, (await pageSession(page)).accessToken);

    await page.getByRole('main').getByRole('link', { name: '월정산' }).click();
    const alert = page.getByRole('alertdialog', { name: '로그인 정보' });
    await alert.waitFor();
    await alert.getByRole('button', { name: '확인' }).click();
    await page.getByRole('heading', { name: 'OGPMS 협력사 로그인' }).waitFor();
    expect(path(page)).toBe('/cyberLogin');

    await submitExternalLogin(page, baseURL, 'supplier1');
    await waitForPath(page, '/cyber/monthlyCalculate');
    // The screen's chunk loads lazily: wait for its breadcrumb rather than read it at once.
    await expect.poll(() => crumbTexts(page), { timeout: 15_000 }).toEqual(['홈', '정산', '정산관리', '월정산']);
    expect(unexpected(problems)).toEqual([]);
  });

  it('the partner portal’s AD entry: a fresh t → the auth server login (with the code) → back with tokens → OGPMS', async () => {
    const { page, problems } = await open();
    // yyyyMMddHHmmss in the browser's time zone (the context runs in Asia/Seoul).
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Seoul',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      })
        .formatToParts(new Date())
        .map((p) => [p.type, p.value]),
    );
    const t = Buffer.from(
      `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}${parts.second}`,
    ).toString('base64');
    await page.goto(`/integration?t=${encodeURIComponent(t)}`);
    await page.getByRole('heading', { name: '통합 인증' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    await submitExternalLogin(page, baseURL, 'supplier2');
    await page.getByRole('heading', { name: 'OGPMS 협력사 포털에 오신 것을 환영합니다' }).waitFor();
    // The tokens came through the address but do not stay in it.
    expect(path(page)).toBe('/cyber');
    const { userId } = await pageSession(page);
    expect(userId).toBe('supplier2');
    expect(await page.evaluate(() => sessionStorage.getItem('gpms.adTokens'))).toBeNull();
    expect(unexpected(problems)).toEqual([]);
  });

  it('bad input never crashes: an unknown id, a malformed hand-over token, a bad partner link', async () => {
    const { page, problems } = await open();
    await page.goto('/login');
    await submitInternalLogin(page, 'nobody-here', 'whatever');
    await page
      .getByRole('alert')
      .filter({ hasText: /아이디/ })
      .waitFor();

    // A malformed token handed over to the external portal, naming nobody: the external error page with its code.
    await page.goto('/integration?accessToken=garbage');
    await page.getByRole('heading', { name: '인증에 실패했습니다' }).waitFor();
    expect(path(page)).toBe('/cyberAuthReq?error=AUTH008');
    await page.getByText('토큰이 만료되었습니다').waitFor();

    // A forged token for a real user: the server answers the expired-token code, which asks for a
    // fresh login at the auth server (spec §7 cyberAdLogin).
    await page.goto('/integration?userId=supplier1&accessToken=not.a.jwt');
    await page.getByRole('heading', { name: '통합 인증' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    expect(new URL(page.url()).searchParams.get('redirect_uri')).toBe(`${baseURL}/integration`);

    // A partner link that is not base64 of a recent timestamp: the "not a normal access path" alert, then /integration.
    await page.goto('/integration?t=bm90LWEtZGF0ZQ==');
    const alert = page.getByRole('alertdialog');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('정상적인 접근 경로가 아닙니다');
    await alert.getByRole('button', { name: '확인' }).click();
    await page.getByRole('heading', { name: 'OGPMS 협력사 포털' }).waitFor();
    expect(path(page)).toBe('/integration');
    expect(unexpected(problems)).toEqual([]);
  });
});
