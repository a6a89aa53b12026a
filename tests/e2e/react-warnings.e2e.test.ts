import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { e2eLane } from './helpers/lane';
import { DEV_DIST_DIR, runDevWebBuild } from '../../scripts/web-build.mjs';
import { apiFromPage, DEMO_PASSWORD, openLoggedInByForm, unexpected } from './helpers/auth';
import { openInApp, sameScreen } from './helpers/in-app';
import { launchBrowser, openPage } from './helpers/browser';
import { LoginTabs } from './helpers/tabs';
import { SMOKE_ROUTES, type SmokeRoute } from './smoke-routes';

/**
 * React prints its warnings ("Cannot update a component while rendering a different component",
 * a key missing in a list, an unknown prop…) only in its development bundle, which nothing else
 * serves. This file opens every route of the route smoke test once on that bundle (dist-dev/, built
 * by `npm test`'s checks beside the production build, or here when absent) and fails on any console
 * warning or error. The bundle is served by a small static server in this file that hands every
 * other request (API, auth, event streams) to the run's shared server, so the page has one origin
 * and the data is the same. No axe here: the production route smoke keeps it.
 */

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wasm': 'application/wasm',
};

/** Files of the bundle by path; a page address (a navigation) gets index.html; the rest goes to `api`. */
function startDevBundleServer(distDir: string, api: string): Promise<{ url: string; close: () => Promise<void> }> {
  const target = new URL(api);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const file = path.join(distDir, decodeURIComponent(url.pathname));
    if (file.startsWith(distDir + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      // The build's assets have hashed names: cached as the real server caches them, a page load after the first
      // takes the bundle from Chromium's cache (and its compiled code) instead of fetching and parsing it again.
      res.writeHead(200, {
        'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
        ...(url.pathname.startsWith('/assets/') ? { 'cache-control': 'public, max-age=31536000, immutable' } : {}),
      });
      fs.createReadStream(file).pipe(res);
      return;
    }
    if (req.method === 'GET' && req.headers['sec-fetch-mode'] === 'navigate' && !url.pathname.startsWith('/auth/')) {
      res.writeHead(200, { 'content-type': MIME['.html'] });
      fs.createReadStream(path.join(distDir, 'index.html')).pipe(res);
      return;
    }
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        // The connection's own headers are this server's, not the upstream's: passing on its `keep-alive: timeout=72`
        // told the test's fetch to keep a socket this server closes after 5 s idle, and a login sent on it as it
        // closed failed with ECONNRESET.
        const { connection: _connection, 'keep-alive': _keepAlive, ...headers } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502);
      res.end(String(err));
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

const pathOf = (r: SmokeRoute) => (r.portal === 'external' ? `/cyber${r.route}` : r.route);

/** Waits until the route shows what it is about (the route smoke test's condition, without its assertions). */
async function waitForContent(page: Page, r: SmokeRoute, shows: string | undefined): Promise<void> {
  if (r.expect === 'rows') {
    const total = page.getByTestId('list-total').first();
    await total.waitFor({ timeout: 30_000 });
    await page.waitForFunction(
      () =>
        Number(
          (document.querySelector('[data-testid="list-total"]') as HTMLElement | null)?.innerText.replace(
            /[^\d]/g,
            '',
          ) ?? 0,
        ) > 0,
      undefined,
      { timeout: 30_000 },
    );
  } else if (r.expect === 'download') {
    await page.getByRole('button', { name: '엑셀 다운로드' }).first().waitFor({ timeout: 30_000 });
  } else if (r.expect === 'absent') {
    // A development bundle has its development pages (/testPo): whatever the route shows, once loaded.
    await page.waitForLoadState('networkidle');
  } else {
    await page.waitForFunction(
      (text) =>
        document.body.innerText.includes(text) ||
        [...document.querySelectorAll('input, textarea')].some((i) => (i as HTMLInputElement).value === text),
      shows ?? r.shows ?? '',
      { timeout: 30_000 },
    );
  }
  if (r.chart)
    await page
      .locator(
        '[data-testid="list-chart"] svg .recharts-bar-rectangle, [data-testid="list-chart"] svg .recharts-line-curve',
      )
      .first()
      .waitFor({ timeout: 30_000 });
}

describe('React logs no warning on any route (development bundle)', () => {
  const api = e2eLane().baseUrl;
  let browser: Browser;
  let bundle: { url: string; close: () => Promise<void> };
  /**
   * A login's tab, opened on its portal's home (the app, its router and all loaded) and kept, pages of one context, the
   * one in use in front (helpers/tabs.ts). Logged in through the API as the login pages do (the form is walked below,
   * in the moves through the menu): the tab's warnings are recorded from its first load, the home's included.
   */
  let tabs: LoginTabs | undefined;
  const started = Date.now();

  beforeAll(async () => {
    if (!fs.existsSync(path.join(DEV_DIST_DIR, 'index.html'))) {
      if (runDevWebBuild() !== 0)
        throw new Error('The development web build (node scripts/web-build.mjs --development) failed');
    }
    bundle = await startDevBundleServer(DEV_DIST_DIR, api);
    browser = await launchBrowser();
    tabs = new LoginTabs(() => browser, bundle.url);
  }, 600_000);

  afterAll(async () => {
    console.info(
      `React warnings check: ${[...(tabs?.users() ?? [])].length} logins, ${((Date.now() - started) / 1000).toFixed(0)} s on the development bundle`,
    );
    await tabs?.closeAll();
    await browser?.close();
    await bundle?.close();
  });

  it('the login pages and both homes', async () => {
    for (const [route, field] of [
      ['/login', '아이디'],
      ['/cyberLogin', '아이디'],
    ] as const) {
      const tp = await openPage(browser, bundle.url);
      try {
        await tp.page.goto(route);
        await tp.page.getByLabel(field).waitFor();
        expect([...unexpected(tp.problems), ...tp.warnings], route).toEqual([]);
      } finally {
        await tp.context.close();
      }
    }
    // Logging in lands on the portal's home (its cards: approvals, notices, invitations).
    for (const [portal, user] of [
      ['internal', 'operator'],
      ['internal', 'buyer'],
      ['external', 'supplier1'],
    ] as const) {
      const s = await tabs!.kept(portal, user);
      expect([...unexpected(s.problems), ...s.warnings], `${portal} home as ${user}`).toEqual([]);
    }
  });

  // Screens reached inside the app (the router's navigation, not a page load), where a screen hands
  // over to another while rendering: the password check to my account, the studio, a list.
  it('moving through the menu: my account after the password check, the studio, a list', async () => {
    for (const [user, steps] of [
      [
        'buyer',
        [
          ['포털관리', '내 정보'],
          ['구매관리', '구매요청'],
        ],
      ],
      [
        'admin',
        [
          ['포털관리', '화면 스튜디오'],
          ['포털관리', '협력사 공지'],
        ],
      ],
    ] as const) {
      // Through the login form: its warnings, and the home's after it, are this tab's from its first load.
      const tp = await openLoggedInByForm(browser, bundle.url, 'internal', user);
      try {
        const nav = tp.page.getByRole('navigation', { name: '주 메뉴' });
        for (const [top, leaf] of steps) {
          await nav.getByRole('button', { name: top }).click();
          await tp.page
            .getByRole('region', { name: '전체 메뉴' })
            .getByRole('link', { name: leaf, exact: true })
            .first()
            .click();
          if (leaf === '내 정보') {
            await tp.page.getByLabel('비밀번호').fill(DEMO_PASSWORD);
            await tp.page.getByRole('button', { name: '확인' }).click();
            await tp.page.waitForURL((u) => u.pathname === '/userManagement/PersonInfo');
            await tp.page.getByRole('button', { name: '저장' }).waitFor({ timeout: 30_000 });
          } else if (leaf === '화면 스튜디오') {
            await tp.page.getByText('새 화면').first().waitFor({ timeout: 30_000 });
          } else {
            await tp.page.getByTestId('list-total').waitFor({ timeout: 30_000 });
          }
        }
        await tp.page.goBack();
        await tp.page.waitForLoadState('networkidle');
        expect([...unexpected(tp.problems), ...tp.warnings], `${user}: ${steps.map((s) => s[1]).join(' → ')}`).toEqual(
          [],
        );
      } finally {
        await tp.context.close();
      }
    }
  });

  describe.each(SMOKE_ROUTES.map((r) => [pathOf(r), r] as const))('%s', (_path, r) => {
    it(`as ${r.user}: no React warning`, async () => {
      const s = await tabs!.kept(r.portal, r.user);
      const { page } = s;
      const before = s.problems.length;
      const warnedBefore = s.warnings.length;
      let target = pathOf(r);
      let shows: string | undefined;
      if (r.open) {
        const doc = await r.open((url) => apiFromPage(page, url));
        target = `${target}?${new URLSearchParams(doc.query).toString()}`;
        shows = doc.shows;
      }
      // The tab holds the app (its home): the route opens through the router, as a link in the app opens it (the
      // development bundle's hook, app/main.tsx). The route smoke loads each tab's first route from its address.
      if (r.expect !== 'absent' && !sameScreen(page, target)) await openInApp(page, target, 'router');
      else await page.goto(target);
      await waitForContent(page, r, shows);
      expect([...unexpected(s.problems.slice(before)), ...s.warnings.slice(warnedBefore)]).toEqual([]);
    });
  });
});
