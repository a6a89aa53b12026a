import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from './helpers/lane';
import { apiFromPage, unexpected } from './helpers/auth';
import { axeViolations, blocking, describeFindings } from './helpers/axe';
import { launchBrowser, openPage, screenshot, type TestPage } from './helpers/browser';
import { LoginTabs } from './helpers/tabs';
import { openInApp, sameScreen } from './helpers/in-app';
import { NO_MENU_USERS } from './helpers/no-menu-accounts';
import { SMOKE_ROUTES, type SmokeRoute } from './smoke-routes';
import { rawWordsOn, recordFailedRequests, switchLanguage } from './helpers/page-words';

/**
 * Every purchasing and fulfilment route, in the real app on the demo company:
 * a user whose group has the menu sees real rows (a list's total above zero; an edit screen showing
 * the document it was opened on), and a user whose group has no menu lands on /info401.
 * Once a screen shows its data, axe-core's WCAG 2.1 A/AA rules run on it: a serious or
 * critical violation fails the route, printed with its rule and the elements' selectors.
 * Every page, the login pages too, is read in Korean and — switched in the same tab, as a person
 * switches — in English: no dotted i18n key, raw operation id or field name among its words
 * (helpers/page-words.ts), and no request it made on load failed (4xx/5xx).
 */

const pathOf = (r: SmokeRoute) => (r.portal === 'external' ? `/cyber${r.route}` : r.route);

/** axe's milliseconds per page checked, printed at the end (what the check adds to the run). */
const axeTimes: number[] = [];
/** The English pass's milliseconds per page (the switch there and back and the words read). */
const englishTimes: number[] = [];

/** Each tab's failed requests (4xx/5xx), recorded from the moment the walk first holds it. */
const failedOf = new WeakMap<Page, string[]>();
function failedRequests(page: Page): string[] {
  let failed = failedOf.get(page);
  if (!failed) failedOf.set(page, (failed = recordFailedRequests(page)));
  return failed;
}

/**
 * The page's words in Korean, then in English (switched in the tab and back): no raw key, operation id or
 * field name in either. With E2E_SCREENSHOTS=1 the English page is saved too (`picture`.en.png), to read it as
 * an English reader would.
 */
async function expectWordsInBothLanguages(page: Page, route: string, picture?: string): Promise<void> {
  expect(await rawWordsOn(page), `${route} in Korean`).toEqual([]);
  const started = Date.now();
  await switchLanguage(page, 'en');
  try {
    if (picture) await screenshot(page, `${picture}.en`);
    expect(await rawWordsOn(page), `${route} in English`).toEqual([]);
  } finally {
    await switchLanguage(page, 'ko');
    englishTimes.push(Date.now() - started);
  }
}

/** Fails on axe's serious and critical findings in the page as it is now; prints the others. */
async function expectAccessible(page: Page, route: string): Promise<void> {
  const { findings, ms } = await axeViolations(page);
  axeTimes.push(ms);
  const bad = blocking(findings);
  const minor = findings.filter((f) => !bad.includes(f));
  if (minor.length) console.info(`axe (moderate/minor, not failed):\n${describeFindings(route, minor)}`);
  expect(
    bad.length,
    `axe-core found serious or critical WCAG 2.1 A/AA violations:\n${describeFindings(route, bad)}`,
  ).toBe(0);
}

describe('every purchasing and fulfilment route', () => {
  const baseURL = e2eLane().baseUrl;
  let browser: Browser;
  /** One logged-in tab per portal and user, pages of one context, the one in use in front (helpers/tabs.ts). */
  const tabs = new LoginTabs(() => browser, baseURL);
  /** The tabs whose first route was loaded from its address (a deep link): their next routes open in the app. */
  const loaded = new Set<Page>();
  /**
   * A visitor's tab (no login in its context), kept for every page opened without one: each is loaded from its
   * address there, where a context each cost a renderer and the bundle fetched and compiled anew.
   */
  let visitor: TestPage | undefined;
  async function visitorTab(): Promise<TestPage> {
    visitor ??= await openPage(browser, baseURL);
    await visitor.page.bringToFront();
    return visitor;
  }

  beforeAll(async () => {
    browser = await launchBrowser();
  });

  afterAll(async () => {
    if (axeTimes.length) {
      const total = axeTimes.reduce((a, b) => a + b, 0);
      console.info(
        `axe-core: ${axeTimes.length} pages, ${(total / 1000).toFixed(1)} s in all, ${Math.round(total / axeTimes.length)} ms a page (slowest ${Math.max(...axeTimes)} ms)`,
      );
    }
    if (englishTimes.length) {
      const total = englishTimes.reduce((a, b) => a + b, 0);
      console.info(
        `English pass: ${englishTimes.length} pages, ${(total / 1000).toFixed(1)} s in all, ${Math.round(total / englishTimes.length)} ms a page`,
      );
    }
    await tabs.closeAll();
    await visitor?.context.close();
    await browser?.close();
  });

  describe.each(SMOKE_ROUTES.map((r) => [pathOf(r), r] as const))('%s', (_path, r) => {
    it(`shows real data to ${r.user}`, async () => {
      const { page, problems } = await tabs.kept(r.portal, r.user);
      const before = problems.length;
      const failed = failedRequests(page);
      const failedBefore = failed.length;
      let target = pathOf(r);
      let expectText: string | undefined;
      if (r.open) {
        const doc = await r.open((url) => apiFromPage(page, url));
        target = `${target}?${new URLSearchParams(doc.query).toString()}`;
        expectText = doc.shows;
      }
      // The tab's first route is a deep link (loaded from its address); the next ones open in the app, as its links
      // open them, unless they are the screen shown (another query on it) or no screen at all.
      if (r.expect !== 'absent' && loaded.has(page) && !sameScreen(page, target))
        await openInApp(page, target, 'history');
      else {
        await page.goto(target);
        loaded.add(page);
      }
      if (r.expect === 'absent') {
        await page.getByRole('heading', { name: '페이지를 찾을 수 없습니다' }).waitFor();
        await expectAccessible(page, pathOf(r));
        await expectWordsInBothLanguages(page, pathOf(r));
        return;
      }
      if (r.expect === 'download') {
        const [file] = await Promise.all([
          page.waitForEvent('download'),
          page.getByRole('button', { name: '엑셀 다운로드' }).first().click(),
        ]);
        expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
        await page.getByText(/[1-9][\d,]*건을 내려받았습니다/).waitFor({ timeout: 30_000 });
      } else if (r.expect === 'rows') {
        const total = page.getByTestId('list-total').first();
        await total.waitFor();
        await expect
          .poll(async () => Number((await total.innerText()).replace(/[^\d]/g, '')), { timeout: 15_000 })
          .toBeGreaterThan(0);
      } else {
        await page.waitForFunction(
          (text) =>
            document.body.innerText.includes(text) ||
            [...document.querySelectorAll('input, textarea')].some((i) => (i as HTMLInputElement).value === text),
          expectText ?? r.shows ?? '',
          { timeout: 15_000 },
        );
      }
      if (r.chart) {
        // A chart with drawn marks: bars (rectangles) or lines (curves) in its svg.
        await page
          .locator(
            '[data-testid="list-chart"] svg .recharts-bar-rectangle, [data-testid="list-chart"] svg .recharts-line-curve',
          )
          .first()
          .waitFor({ timeout: 15_000 });
      }
      expect(await page.getByTestId('definition-error').count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe(pathOf(r.lands ? { ...r, route: r.lands } : r));
      const picture = `smoke${pathOf(r).replace(/\//g, '_')}`;
      await screenshot(page, picture);
      await expectAccessible(page, pathOf(r));
      expect(unexpected(problems.slice(before))).toEqual([]);
      // Nothing the page asked for by itself failed; a page that takes the user elsewhere (my account → the
      // password check) does so on the server's refusal, which is its answer.
      if (!r.lands) expect(failed.slice(failedBefore), `${pathOf(r)}: failed requests on load`).toEqual([]);
      await expectWordsInBothLanguages(page, pathOf(r), picture);
    });
  });

  describe('without a login', () => {
    // Spec §2's public templates: a visitor with no login (a company applying to become a supplier) sees the page, without the menu.
    it.each(SMOKE_ROUTES.filter((r) => r.public && r.shows).map((r) => [pathOf(r), r] as const))(
      '%s opens for a visitor',
      async (_path, r) => {
        const { page } = await visitorTab();
        await page.goto(pathOf(r));
        await page.getByText(r.shows!).first().waitFor({ timeout: 15_000 });
        expect(new URL(page.url()).pathname).toBe(pathOf(r));
        expect(await page.getByText('사용할 수 있는 메뉴가 없습니다').count()).toBe(0);
        await screenshot(page, `smoke-anonymous${pathOf(r).replace(/\//g, '_')}`);
        await expectAccessible(page, `${pathOf(r)} (visitor)`);
        expect(await rawWordsOn(page), `${pathOf(r)} (visitor)`).toEqual([]);
      },
    );
  });

  describe('the login pages', () => {
    it.each([
      ['/login', '아이디'],
      ['/cyberLogin', '아이디'],
    ])(
      '%s passes axe-core and shows no raw key, in Korean and in English; nothing it asks for fails',
      async (route, field) => {
        const { page } = await visitorTab();
        const failed = failedRequests(page);
        const failedBefore = failed.length;
        await page.goto(route);
        await page.getByLabel(field).waitFor();
        await expectAccessible(page, route);
        expect(failed.slice(failedBefore), `${route}: failed requests on load`).toEqual([]);
        await expectWordsInBothLanguages(page, route);
      },
    );
  });

  describe('without the menu', () => {
    it.each(SMOKE_ROUTES.filter((r) => r.expect !== 'absent' && !r.public).map((r) => [pathOf(r), r] as const))(
      '%s answers /info401',
      async (_path, r) => {
        const user = r.portal === 'external' ? NO_MENU_USERS.external : NO_MENU_USERS.internal;
        const { page } = await tabs.kept(r.portal, user);
        if (new URL(page.url()).pathname.endsWith('/info401')) {
          // Already in the app (on the 401 page of the route before): the route is opened as a link in the app opens
          // it, through the router (history.pushState and the popstate it listens to), not by loading the whole app
          // again — 160 loads of it were most of this half's CPU. The guard runs on every navigation; a deep link's
          // first load runs it too, for this portal's first route here and in auth.e2e.test.ts. The address is
          // the route's until the guard answers: /info401 below is the guard's answer to this route.
          await page.evaluate((to) => {
            history.pushState(null, '', to);
            dispatchEvent(new PopStateEvent('popstate', { state: null }));
          }, pathOf(r));
        } else await page.goto(pathOf(r));
        await page.waitForURL((u) => u.pathname.endsWith('/info401'), { timeout: 15_000 });
        await page.getByRole('heading', { name: '권한이 없습니다' }).waitFor();
      },
    );
  });
});
