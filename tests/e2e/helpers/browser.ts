import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { RESULTS_DIR } from './paths';

/** Debian's Chromium (DESIGN.md §9), the whole browser: what a person runs, and what the benches time frames in. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The same Chromium's headless shell (Debian's `chromium-headless-shell`, built from the same source and version: Blink,
 * V8 and the network service without the browser's window and profile layer), which the tests drive, as Playwright's
 * own headless launch does. Every browser file passed on it unchanged; the machine's CPU of the journeys fell by a
 * quarter (docs/testing-log.md, "The headless shell"). CHROMIUM_HEADLESS_SHELL_PATH overrides it, else CHROMIUM_PATH.
 */
const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

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
 * The shell where it is installed, else the whole browser: a machine set up with `apt-get install chromium` only, as
 * DESIGN.md §9 says, still runs every test, with about a quarter more CPU (and a warning saying so).
 */
function testBrowserPath(): string {
  if (fs.existsSync(HEADLESS_SHELL_PATH)) return HEADLESS_SHELL_PATH;
  console.warn(
    `Chromium's headless shell is not at ${HEADLESS_SHELL_PATH}: this browser test uses ${CHROMIUM_PATH} (apt-get install chromium-headless-shell for less CPU).`,
  );
  return CHROMIUM_PATH;
}

/**
 * The tests' browser: the headless shell, or with `whole: true` the whole Chromium (the benches). `scrollBars: true`
 * keeps the classic scroll bars a person's Chromium draws: Playwright's headless launch hides them
 * (`--hide-scrollbars`), so a layout that puts content under a scroll bar, or scrolls with no bar to say so, passes
 * unseen without it.
 */
export async function launchBrowser(o: { scrollBars?: boolean; whole?: boolean } = {}): Promise<Browser> {
  const executablePath = o.whole ? CHROMIUM_PATH : testBrowserPath();
  if (!fs.existsSync(executablePath)) {
    throw new Error(
      `Chromium is not at ${executablePath}. Install it (apt-get install chromium${o.whole ? '' : ' chromium-headless-shell'}) or set CHROMIUM_PATH${o.whole ? '' : ' or CHROMIUM_HEADLESS_SHELL_PATH'}.`,
    );
  }
  return chromium.launch({
    executablePath,
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
