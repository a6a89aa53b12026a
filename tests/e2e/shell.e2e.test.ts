import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from './helpers/lane';
import { submitExternalLogin, submitInternalLogin } from './helpers/auth';
import { launchBrowser, openPage, screenshot, type TestPage } from './helpers/browser';
import { metricSamples, sumOf } from '../helpers/prometheus';

/**
 * The SPA shell against the real server: both portals' homes (after a login: they are guarded),
 * titles, the portal header on API calls, the language switch, history fallback for deep links,
 * and the public pages.
 */
describe('app shell', () => {
  const baseURL = e2eLane().baseUrl;
  let browser: Browser;
  let current: TestPage | undefined;

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
  });

  async function open(): Promise<TestPage> {
    await current?.context.close();
    current = await openPage(browser, baseURL);
    return current;
  }

  it('serves the internal home (GPMS) in Korean with the system status', async () => {
    const { page, problems } = await open();
    const resources = page.waitForRequest((r) => r.url().includes('/api/v1/common/resources'));
    await page.goto('/');
    await page.getByRole('heading', { name: 'GPMS 로그인' }).waitFor();
    await submitInternalLogin(page, 'admin');
    await page.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' }).waitFor();
    expect(await page.title()).toBe('홈 - GPMS');
    expect((await resources).headers()['iscyber']).toBe('N');
    await page.getByText('내장 PostgreSQL (PGlite)').waitFor();
    await page.getByText('공통 상수').waitFor();
    // The development bundle's router hook for React's warnings walk (app/main.tsx) is not in what is served.
    expect(await page.evaluate(() => '__gpmsNavigate' in window)).toBe(false);
    await screenshot(page, 'home-internal');
    expect(problems).toEqual([]);
  });

  it('the mega menu scrolls the clicked section into view (포털관리, far below the first rows, where 화면 스튜디오 is)', async () => {
    const { page, problems } = await open();
    await page.goto('/login');
    await submitInternalLogin(page, 'admin');
    await page.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' }).waitFor();
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('button', { name: '포털관리' }).click();
    const panel = page.getByRole('region', { name: '전체 메뉴' });
    const studio = panel
      .locator('[data-menu-section]')
      .filter({ has: page.getByRole('heading', { name: '포털관리' }) })
      .getByRole('heading', { name: '포털관리' });
    await studio.waitFor();
    // The section's title within the panel's visible box and the window's: seen without scrolling by hand.
    await expect
      .poll(async () => {
        const [p, l] = await Promise.all([panel.boundingBox(), studio.boundingBox()]);
        const vh = page.viewportSize()!.height;
        return !!p && !!l && l.y >= p.y && l.y + l.height <= p.y + p.height && l.y >= 0 && l.y + l.height <= vh;
      })
      .toBe(true);
    expect(await panel.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('a list grid takes the window’s height left below it, and follows the window', async () => {
    const { page, problems } = await open();
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.goto('/login');
    await submitInternalLogin(page, 'admin');
    await page.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' }).waitFor();
    await page.goto('/prList');
    await page.getByTestId('list-total').waitFor();
    const grid = page.getByTestId('list-grid');
    const measure = () =>
      page.evaluate(() => ({
        grid: document.querySelector('[data-testid="list-grid"]')!.getBoundingClientRect().height,
        page: document.documentElement.scrollHeight,
        window: innerHeight,
      }));
    // More than the ten rows it had (30 + 10 × 27 px), and the page ends at the window's bottom: no empty space, no page scroll.
    await expect.poll(async () => (await measure()).grid, { timeout: 15_000 }).toBeGreaterThan(300);
    const first = await measure();
    expect(first.page).toBeLessThanOrEqual(first.window + 1);
    await page.setViewportSize({ width: 1280, height: 1200 });
    await expect.poll(async () => (await measure()).grid, { timeout: 15_000 }).toBeGreaterThan(first.grid + 150);
    expect(await grid.count()).toBe(1);
    expect(problems).toEqual([]);
  });

  it('a list wider than the window shows its scroll bar, stays inside the page, and scrolled to its end shows its last column whole', async () => {
    // With the scroll bars a person's Chromium draws: hidden ones (Playwright's default) would let a grid scroll
    // sideways with nothing on screen to say so, which reads as "the last column is cut".
    const withBars = await launchBrowser({ scrollBars: true });
    try {
      const { page, context, problems } = await openPage(withBars, baseURL);
      await page.setViewportSize({ width: 900, height: 800 });
      await page.goto('/login');
      await submitInternalLogin(page, 'buyer');
      await page.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' }).waitFor();
      await page.goto('/prList');
      await page.getByTestId('list-total').waitFor();
      const grid = page.getByTestId('list-grid');
      const headers = () => grid.locator('th[role="columnheader"]').allTextContents();
      await expect.poll(headers, { timeout: 15_000 }).toContain('요청일');
      const box = await grid.locator('.dvn-scroller').evaluate((s: HTMLElement) => {
        const r = s.getBoundingClientRect();
        const panel = s.closest('section, [role="region"]')?.getBoundingClientRect() ?? r;
        return {
          right: r.right,
          panelRight: panel.right,
          page: document.documentElement.clientWidth,
          overflow: s.scrollWidth - s.clientWidth,
          barHeight: s.offsetHeight - s.clientHeight,
        };
      });
      expect(box.overflow).toBeGreaterThan(0); // 18 columns do not fit in 900 px: the case under test
      expect(box.barHeight).toBeGreaterThanOrEqual(8); // a horizontal scroll bar takes room below the rows
      expect(box.right).toBeLessThanOrEqual(Math.min(box.page, box.panelRight) + 0.5);
      await grid.locator('.dvn-scroller').evaluate((s) => {
        s.scrollLeft = s.scrollWidth;
      });
      // glide's accessible table names the columns drawn on the canvas: the last one is among them once scrolled.
      await expect.poll(headers, { timeout: 10_000 }).toContain('수정일시');
      expect((await headers()).at(-1)).toBe('수정일시');
      expect(await headers()).not.toContain('요청일');
      await screenshot(page, 'shell-list-scrolled-to-end');
      expect(problems).toEqual([]);
      await context.close();
    } finally {
      await withBars.close();
    }
  });

  it('serves the external home (OGPMS) and tells the server it is the external portal', async () => {
    const { page, problems } = await open();
    const resources = page.waitForRequest((r) => r.url().includes('/api/v1/common/resources'));
    await page.goto('/cyber');
    await page.getByRole('heading', { name: 'OGPMS 협력사 로그인' }).waitFor();
    await submitExternalLogin(page, baseURL, 'supplier1');
    await page.getByRole('heading', { name: 'OGPMS 협력사 포털에 오신 것을 환영합니다' }).waitFor();
    expect(await page.title()).toBe('홈 - OGPMS');
    expect((await resources).headers()['iscyber']).toBe('Y');
    expect(await page.evaluate(() => sessionStorage.getItem('gpms.portal'))).toContain('"isCyber":true');
    await screenshot(page, 'home-external');
    expect(problems).toEqual([]);
  });

  it('shows not-found for a deep unknown path (history fallback), in the right portal', async () => {
    const { page, problems } = await open();
    const response = await page.goto('/purchase/no/such/screen/42?x=1');
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: '페이지를 찾을 수 없습니다' }).waitFor();
    expect(await page.title()).toBe('페이지 없음 - GPMS');
    await screenshot(page, 'not-found');

    await page.goto('/cyber/no/such/screen');
    await page.getByRole('heading', { name: '페이지를 찾을 수 없습니다' }).waitFor();
    expect(await page.title()).toBe('페이지 없음 - OGPMS');
    expect(await page.getByRole('link', { name: '홈으로 이동' }).getAttribute('href')).toBe('/cyber');
    expect(problems).toEqual([]);
  });

  it('switches to English and remembers it across a reload', async () => {
    const { page, problems } = await open();
    await page.goto('/login');
    await submitInternalLogin(page, 'buyer');
    await page.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' }).waitFor();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Welcome to GPMS' }).waitFor();
    // The document follows the language: its title and <html lang>.
    expect(await page.title()).toBe('Home - GPMS');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome to GPMS' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByRole('button', { name: '한국어' }).click();
    await page.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('renders the public pages: login forms and the 401 page', async () => {
    const { page, problems } = await open();
    await page.goto('/login');
    await page.getByRole('heading', { name: 'GPMS 로그인' }).waitFor();
    await page.getByLabel('아이디').waitFor();
    await page.getByLabel('비밀번호').waitFor();
    await screenshot(page, 'login-internal');

    await page.goto('/cyberLogin');
    await page.getByRole('heading', { name: 'OGPMS 협력사 로그인' }).waitFor();
    expect(await page.title()).toBe('협력사 로그인 - OGPMS');

    await page.goto('/info401');
    await page.getByRole('heading', { name: '권한이 없습니다' }).waitFor();
    expect(await page.title()).toBe('권한 없음 - GPMS');
    await screenshot(page, 'info401');

    // In-app navigation (no reload) goes through the lazily loaded chunks — and the guard: home
    // needs a login, so a logged-out visitor lands on the login page.
    await page.getByRole('link', { name: '홈으로 이동' }).click();
    await page.getByRole('heading', { name: 'GPMS 로그인' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(problems).toEqual([]);
  });

  it('after a browser journey, GET /metrics counts its login, its list and its database time', async () => {
    // Loopback is in the default METRICS_ALLOW; the refusals (another address, the external host) are in tests/api/operations/metrics.test.ts.
    const scrape = async () => {
      const res = await fetch(`${baseURL}/metrics`);
      expect(res.status).toBe(200);
      return metricSamples(await res.text());
    };
    const before = await scrape();
    const { page, problems } = await open();
    await page.goto('/login');
    await submitInternalLogin(page, 'operator');
    await page.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' }).waitFor();
    const list = page.waitForResponse((r) => r.url().includes('/api/v1/pos?') && r.status() === 200);
    await page.goto('/OrderRequestList');
    await list;
    await page.getByTestId('list-total').waitFor();
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      sumOf(after, name, labels) - sumOf(before, name, labels);
    expect(delta('gpms_logins_total', { portal: 'I', outcome: 'success' })).toBeGreaterThanOrEqual(1);
    expect(
      delta('gpms_http_requests_total', { operation: 'listPos', method: 'GET', status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(delta('gpms_http_requests_total', { operation: 'static', status: '200' })).toBeGreaterThanOrEqual(1);
    expect(delta('gpms_db_query_duration_seconds_count', { outcome: 'ok' })).toBeGreaterThan(0);
    for (const family of [
      'gpms_http_request_duration_seconds_bucket',
      'gpms_job_runs_total',
      'gpms_pglite_queue_length',
      'gpms_export_jobs',
      'process_cpu_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(
        after.some((s) => s.name === family),
        family,
      ).toBe(true);
    }
    expect(problems).toEqual([]);
  });

  it('holds the screen being left while the next one loads, and merges no text bundle again on a second visit', async () => {
    const { page, problems } = await open();
    const merges = () => page.evaluate((name) => performance.getEntriesByName(name).length, 'gpms:i18n-merge');
    // The edit screens' code is held back until released: the change to /prEdit then lasts as long as
    // the test needs (whether the chunk was prefetched or is fetched on the click), with no timing.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/EditScreen-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    let listRequests = 0;
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/v1/prs') listRequests++;
    });
    await page.goto('/login');
    await submitInternalLogin(page, 'buyer');
    await page.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' }).waitFor();
    await page.goto('/prList');
    const search = page.getByRole('button', { name: '조회', exact: true });
    await search.waitFor();
    await page.getByTestId('list-total').waitFor();
    // By its id: a role query may leave out an inert element.
    const main = page.locator('#main-content');
    const box = await search.boundingBox();
    if (!box) throw new Error('the search button has no box');
    const listed = listRequests;

    await page.getByRole('button', { name: '구매요청 작성' }).click();
    // The list stays on screen until the new screen can show — and takes no click, pointer or key.
    await expect.poll(() => main.getAttribute('inert')).toBe('');
    expect(await main.getAttribute('aria-busy')).toBe('true');
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    // A visible progress cue while the change lasts (accessible by its name).
    await page.getByRole('progressbar', { name: /^불러오는 중/ }).waitFor();
    release();
    await page.getByRole('heading', { name: '구매요청서' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/prEdit');
    expect(await main.getAttribute('inert')).toBeNull();
    expect(await main.getAttribute('aria-busy')).toBeNull();
    expect(listRequests, 'the click on the list being left searched').toBe(listed);

    // Second visits: back to the list and to the new document again. The bundles the first visits
    // merged are not merged again (each merge leaves a mark: app/i18n/create-i18n.ts).
    const merged = await merges();
    expect(merged).toBeGreaterThan(0);
    await page.goBack();
    await search.waitFor();
    await page.getByRole('button', { name: '구매요청 작성' }).click();
    await page.getByRole('heading', { name: '구매요청서' }).waitFor();
    expect(await merges()).toBe(merged);
    expect(problems).toEqual([]);
  });
});
