/**
 * npm run bench:ui — screen changes and first rows in headless Chromium on the built app (dist/, the
 * production bundle), against the real server with the demo company. Each figure is the median of
 * three runs (all three printed):
 *   list → 홈            /prList, the breadcrumb's 홈 link, until the home page's heading shows
 *   list → new document  /prList, 구매요청 작성, until the PR form's heading shows
 *   new document → 홈    the PR form (opened from the list), the breadcrumb's 홈 link, until 홈's heading
 *   warehousing list → 홈 /warehousingList with its rows, the breadcrumb's 홈 link, until 홈's heading
 *   document → list      the form, the browser's back, until the list shows its rows again: drawn (its
 *                        count shown, then two frames) and in the grid's accessible table
 *   first rows (PR, PO, warehousing)  logged in, the list's address opened (a full page load) until
 *                        the rows are drawn, and until the first is in the grid's accessible table
 *   grid scroll          the warehousing items list (the demo's longest), scrolled through up to
 *                        1,000 rows at 4 rows a frame: frames longer than 1.5 frames (25 ms) are dropped
 * By default it starts the server itself (compiled, a fresh seeded data directory, as the browser
 * tests do); BENCH_UI_BASE=http://127.0.0.1:PORT measures a server already running (its DIST_DIR
 * decides which build is measured). Results: bench/results/ui.json (BENCH_UI_OUT names another file).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../tests/e2e/helpers/browser';
import { requireBuild, startServer } from '../tests/e2e/helpers/server';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = 3;
const USER = 'admin';
const PASSWORD = 'Gpms!2345';
const HOME_HEADING = 'GPMS에 오신 것을 환영합니다';
const SCROLL_ROWS = 1000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    viewport: { width: 1280, height: 800 },
  });
  return context.newPage();
}

async function login(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('아이디').fill(USER);
  await page.getByLabel('비밀번호').fill(PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await page.getByRole('heading', { name: HOME_HEADING }).waitFor({ timeout: 60_000 });
}

/** The grid's first data row is in its accessible table (glide fills it 200 ms after its last change). */
async function firstRow(page: Page): Promise<void> {
  await page.locator('[data-row-height] tbody tr').first().waitFor({ state: 'attached', timeout: 60_000 });
}

/**
 * The first page is in and drawn: the list's count shows (it is set with the page's rows), then two animation
 * frames — the grid draws its canvas in the frame after it gets the rows. What a person sees; the accessible
 * table follows after glide's debounce (200 ms, restarted by each change: the next page's arrival, a selection).
 */
async function rowsDrawn(page: Page): Promise<void> {
  await page.locator('[data-testid="list-total"]').waitFor({ timeout: 60_000 });
  await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
}

async function timed(action: () => Promise<void>, until: () => Promise<void>): Promise<number> {
  const t = performance.now();
  await action();
  await until();
  return performance.now() - t;
}

/** Two clocks from one start: the rows drawn, then in the accessible table. */
async function timedRows(page: Page, action: () => Promise<void>, before: () => Promise<void> = async () => {}) {
  const t = performance.now();
  await action();
  await before();
  await rowsDrawn(page);
  const drawn = performance.now() - t;
  await firstRow(page);
  return { drawn, table: performance.now() - t };
}

/** The breadcrumb's 홈 link, until the home page's heading shows. */
function toHome(page: Page): Promise<number> {
  return timed(
    () => page.getByRole('navigation', { name: '현재 위치' }).getByRole('link', { name: '홈' }).click(),
    () => page.getByRole('heading', { name: HOME_HEADING }).waitFor({ timeout: 60_000 }),
  );
}

async function listToHome(page: Page, route = '/prList'): Promise<number> {
  await page.goto(route);
  await firstRow(page);
  return toHome(page);
}

async function newDocumentToHome(page: Page): Promise<number> {
  await page.goto('/prList');
  await firstRow(page);
  await page.getByRole('button', { name: '구매요청 작성' }).click();
  await page.getByRole('heading', { name: '구매요청서' }).waitFor({ timeout: 60_000 });
  return toHome(page);
}

async function listToNewAndBack(page: Page): Promise<[number, { drawn: number; table: number }]> {
  await page.goto('/prList');
  await firstRow(page);
  const toNew = await timed(
    () => page.getByRole('button', { name: '구매요청 작성' }).click(),
    () => page.getByRole('heading', { name: '구매요청서' }).waitFor({ timeout: 60_000 }),
  );
  const back = await timedRows(
    page,
    () => page.goBack().then(() => undefined),
    () => page.getByRole('button', { name: '구매요청 작성' }).waitFor({ timeout: 60_000 }),
  );
  return [toNew, back];
}

async function firstRowsAfterLogin(page: Page, route: string) {
  await page.goto('/');
  await page.getByRole('heading', { name: HOME_HEADING }).waitFor({ timeout: 60_000 });
  return timedRows(page, () => page.goto(route, { waitUntil: 'commit' }).then(() => undefined));
}

/** Scrolls the grid's scroller through `rows` rows, 4 a frame; frame durations from requestAnimationFrame. */
async function scrollGrid(
  page: Page,
  route: string,
): Promise<{ rows: number; frames: number; dropped: number; p95: number }> {
  await page.goto(route);
  await firstRow(page);
  // As text: tsx would wrap the inner functions in a helper the page does not have.
  return page.evaluate(`(async (maxRows) => {
    const grid = document.querySelector('[data-row-height]');
    const scroller = grid && grid.querySelector('.dvn-scroller');
    if (!grid || !scroller) throw new Error('no grid scroller on the page');
    const rowHeight = Number(grid.dataset.rowHeight);
    const totalText = document.querySelector('[data-testid="list-total"]')?.textContent ?? '';
    const total = Number(totalText.replace(/\\D/g, ''));
    const rows = Math.min(maxRows, total || maxRows);
    const end = rows * rowHeight;
    const frames = [];
    await new Promise((resolve) => {
      let last = performance.now();
      const step = (now) => {
        frames.push(now - last);
        last = now;
        if (scroller.scrollTop + 1 >= Math.min(end, scroller.scrollHeight - scroller.clientHeight) || frames.length > 5000) return resolve();
        scroller.scrollTop += 4 * rowHeight;
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });
    frames.shift();
    const sorted = [...frames].sort((a, b) => a - b);
    return { rows, frames: frames.length, dropped: frames.filter((f) => f > 25).length, p95: Math.round(sorted[Math.floor(sorted.length * 0.95)] ?? 0) };
  })(${SCROLL_ROWS})`);
}

const given = process.env.BENCH_UI_BASE;
if (!given) requireBuild();
const server = given ? null : await startServer({ readyTimeoutMs: 300_000, env: { AUTH_RATE_LIMIT: '1000' } });
const baseURL = given ?? server!.url;
const browser = await launchBrowser({ whole: true });
const runs: Record<string, number[]> = {};
const add = (name: string, ms: number) => (runs[name] ??= []).push(Math.round(ms));
let scroll: Awaited<ReturnType<typeof scrollGrid>>[] = [];
try {
  for (let i = 0; i < RUNS; i++) {
    // A fresh browser context each run: nothing cached from the run before but what the server says may be.
    const page = await newPage(browser, baseURL);
    await login(page);
    add('list → 홈', await listToHome(page));
    const [toNew, back] = await listToNewAndBack(page);
    add('list → new document', toNew);
    add('document → list: rows drawn', back.drawn);
    add('document → list: in the accessible table', back.table);
    add('new document → 홈', await newDocumentToHome(page));
    add('warehousing list → 홈', await listToHome(page, '/warehousingList'));
    for (const [name, route] of [
      ['PR list', '/prList'],
      ['PO list', '/OrderRequestList'],
      ['warehousing list', '/warehousingList'],
    ]) {
      const r = await firstRowsAfterLogin(page, route);
      add(`first rows: ${name}: drawn`, r.drawn);
      add(`first rows: ${name}: in the accessible table`, r.table);
    }
    scroll.push(await scrollGrid(page, '/warehousingItemList'));
    await page.context().close();
  }
} finally {
  await browser.close();
  await server?.stop();
}
scroll = scroll.sort((a, b) => a.dropped - b.dropped);
const scrollMedian = scroll[Math.floor(scroll.length / 2)];

const rows = Object.entries(runs).map(([name, xs]) => ({ name, median: median(xs), runs: xs }));
console.log(
  `\nbench:ui — median of ${RUNS} (ms), Chromium headless, ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}`,
);
console.log('| measure | median | runs |\n|---|---|---|');
for (const r of rows) console.log(`| ${r.name} | ${r.median} | ${r.runs.join(', ')} |`);
console.log(
  `| grid scroll: ${scrollMedian.rows} rows (${scrollMedian.frames} frames) | ${scrollMedian.dropped} dropped (p95 ${scrollMedian.p95} ms) | ${scroll.map((s) => s.dropped).join(', ')} dropped |`,
);

const out = path.join(ROOT, 'bench/results', process.env.BENCH_UI_OUT ?? 'ui.json');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(
  out,
  `${JSON.stringify({ bench: 'ui', base: given ? 'BENCH_UI_BASE' : 'started', runs: rows, scroll, measuredAt: new Date().toISOString(), node: process.version, cpus: os.cpus().length, loadAverage: os.loadavg() }, null, 2)}\n`,
);
console.log(`\n→ ${path.relative(ROOT, out)}`);
