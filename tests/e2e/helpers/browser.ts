import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { RESULTS_DIR } from './paths';

/** Debian's Chromium (DESIGN.md §9); CHROMIUM_PATH overrides it elsewhere. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * `scrollBars: true` keeps the classic scroll bars a person's Chromium draws: Playwright's headless launch
 * hides them (`--hide-scrollbars`), so a layout that puts content under a scroll bar, or scrolls with no bar
 * to say so, passes unseen without it.
 */
export async function launchBrowser(o: { scrollBars?: boolean } = {}): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium is not at ${CHROMIUM_PATH}. Install it (apt-get install chromium) or set CHROMIUM_PATH.`);
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
    ...(o.scrollBars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
  });
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Uncaught exceptions and console errors seen so far; a journey usually expects none. */
  problems: string[];
  /** Console warnings seen so far (React's development bundle prints its warnings so). */
  warnings: string[];
}

/** A fresh context (own storage, Korean locale, desktop size) and a page that records problems. */
export async function openPage(browser: Browser, baseURL: string): Promise<TestPage> {
  return openPageIn(await newTestContext(browser, baseURL));
}

/** A context as the tests' pages have it: Korean locale and time zone, desktop size, the server as base address. */
export function newTestContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    viewport: { width: 1280, height: 800 },
  });
}

/** A new page of `context` that records problems. */
export async function openPageIn(context: BrowserContext): Promise<TestPage> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  const warnings: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
    else if (msg.type() === 'warning') warnings.push(`console warning: ${msg.text()}`);
  });
  return { page, context, problems, warnings };
}

/**
 * Saves a full-page PNG under test-results/e2e/ for a person to look at, with E2E_SCREENSHOTS=1 (`always`: a failed
 * step's picture, whatever the variable says). Off by default: nothing in a run reads them, and the route smoke's
 * 200 pictures were 13 % of its CPU (docs/testing-log.md).
 */
export async function screenshot(page: Page, name: string, { always = false } = {}): Promise<string | null> {
  if (!always && process.env.E2E_SCREENSHOTS !== '1') return null;
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
