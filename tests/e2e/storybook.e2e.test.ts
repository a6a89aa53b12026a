import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORY_LIMIT_MS } from '../../.storybook/play-timing';
import { launchBrowser } from './helpers/browser';
import { REPO_ROOT, RESULTS_DIR } from './helpers/paths';

/**
 * Storybook as QA opens it: every story of the BUILT Storybook (`npm run storybook:build`, a step of
 * `npm test` before the browser tests) rendered and played in Debian's Chromium — a real canvas,
 * real focus, real DataTransfer and React's production build, none of which jsdom has. Stories are
 * switched inside one preview frame per page, as Storybook's own UI switches them when QA clicks
 * through the sidebar, so a story that leaves something behind for the next one fails too. A story
 * fails on a render or play error, a page error, a console error, a request answered ≥ 400 or
 * failed while it was current, an error dialog (titled 오류 / Error) still open when it has played, or a
 * call its fixtures do not answer (NO_FIXTURE, whether or not the screen shows it) — a screen that shows its
 * failure in a dialog logs nothing to the console. A story that shows an error dialog on purpose carries the
 * tag `error-dialog` (its `tags`, listed in index.json).
 */
const STATIC_DIR = process.env.STORYBOOK_STATIC_DIR
  ? path.resolve(process.env.STORYBOOK_STATIC_DIR)
  : path.join(REPO_ROOT, 'storybook-static');
const INDEX = path.join(STATIC_DIR, 'index.json');
/** Pages playing stories side by side in one browser (each its own preview frame). */
const PAGES = 3;

interface StoryOutcome {
  status: string;
  message?: string;
  problems: string[];
  /** From its selection to its end, for whoever looks for the slow ones in storybook-outcomes.json. */
  ms?: number;
}

type IndexEntries = Record<string, { type: string; tags?: string[] }>;

function indexEntries(): IndexEntries {
  if (!fs.existsSync(INDEX)) return {};
  return (JSON.parse(fs.readFileSync(INDEX, 'utf8')) as { entries: IndexEntries }).entries;
}

function storyIds(): string[] {
  return Object.entries(indexEntries())
    .filter(([, e]) => e.type === 'story')
    .map(([id]) => id);
}

/** Stories that show an error dialog on purpose (a failed search's alert, spec §8's retry question). */
function errorDialogStories(): Set<string> {
  return new Set(
    Object.entries(indexEntries())
      .filter(([, e]) => e.tags?.includes('error-dialog'))
      .map(([id]) => id),
  );
}

/**
 * What a story left wrong on the page once it played: error dialogs still open (their title and text) and the
 * operations its fixtures did not answer (engine/testing/fixture-engine-services.ts keeps them); both then reset.
 */
const LEFT_BEHIND_SCRIPT = `(() => {
  const errorTitles = ['오류', 'Error'];
  const dialogs = [...document.querySelectorAll('[role="alertdialog"]')].map((d) => {
    const labelled = d.getAttribute('aria-labelledby');
    const title = ((labelled && document.getElementById(labelled)?.textContent) || d.getAttribute('aria-label') || '').trim();
    return { title, text: (d.textContent || '').trim().slice(0, 300) };
  });
  const missing = [...new Set(globalThis.__gpmsMissingFixtures || [])];
  globalThis.__gpmsMissingFixtures = [];
  return {
    errorDialogs: dialogs.filter((d) => errorTitles.includes(d.title) || /픽스처에|NO_FIXTURE/.test(d.text)),
    missing,
  };
})()`;

/**
 * Selects a story in the page's preview and resolves with how it ended. A string, not a function:
 * the test's transpiler adds helpers to functions that the page does not have.
 */
function playScript(storyId: string, limitMs: number): string {
  return `new Promise((resolve) => {
    const storyId = ${JSON.stringify(storyId)};
    const channel = window.__STORYBOOK_ADDONS_CHANNEL__;
    const handlers = [];
    const done = (outcome) => { for (const [event, fn] of handlers) channel.off(event, fn); clearTimeout(timer); resolve(outcome); };
    const text = (p) => String((p && (p.message || p.description || p.title)) || JSON.stringify(p)).slice(0, 2000);
    handlers.push(['storyFinished', (p) => { if (p.storyId === storyId) done({ status: p.status }); }]);
    handlers.push(['storyErrored', (p) => done({ status: 'render error', message: text(p) })]);
    handlers.push(['storyThrewException', (p) => done({ status: 'render exception', message: text(p) })]);
    handlers.push(['playFunctionThrewException', (p) => done({ status: 'play failed', message: text(p) })]);
    handlers.push(['storyMissing', () => done({ status: 'missing' })]);
    for (const [event, fn] of handlers) channel.on(event, fn);
    const timer = setTimeout(() => done({ status: 'timed out' }), ${limitMs});
    channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
  })`;
}

/** Plays `ids` one after another in one page; what went wrong is attributed to the story then current. */
async function playAll(
  browser: Browser,
  baseUrl: string,
  ids: string[],
  outcomes: Map<string, StoryOutcome>,
  intendedErrorDialogs: Set<string>,
): Promise<void> {
  if (ids.length === 0) return;
  const context = await browser.newContext({
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    viewport: { width: 1280, height: 800 },
  });
  const page: Page = await context.newPage();
  let problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text().slice(0, 2000)}`);
  });
  page.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} (${req.failure()?.errorText ?? ''})`));
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`request answered ${res.status()}: ${res.url()}`);
  });
  // Set once the preview is up: a new document in the page after that (a link followed, a form sent natively, a
  // reload) is the current story's doing and fails it. Storybook's own switches change the address in place.
  let opened = false;
  page.on('domcontentloaded', () => {
    if (opened) problems.push(`the page loaded a new document: ${page.url()}`);
  });
  const open = async (id: string) => {
    opened = false;
    await page.goto(`${baseUrl}/iframe.html?viewMode=story&id=${encodeURIComponent(id)}`);
    await page.waitForFunction(
      'window.__STORYBOOK_ADDONS_CHANNEL__ !== undefined && window.__STORYBOOK_PREVIEW__ !== undefined',
    );
    opened = true;
  };
  try {
    await open(ids[0]!);
    // The first story, selected by the address, may have finished before we listened: select it again.
    for (const id of ids) {
      problems = [];
      const started = Date.now();
      try {
        const ended = (await page.evaluate(playScript(id, STORY_LIMIT_MS))) as { status: string; message?: string };
        // What a story's last effects log after its play lands before the next story is selected.
        await page.evaluate('new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))');
        const left = (await page.evaluate(LEFT_BEHIND_SCRIPT)) as {
          errorDialogs: { title: string; text: string }[];
          missing: string[];
        };
        for (const op of left.missing) problems.push(`no fixture answers ${op}`);
        if (!intendedErrorDialogs.has(id))
          for (const d of left.errorDialogs) problems.push(`error dialog: ${d.title} — ${d.text}`);
        outcomes.set(id, { status: ended.status, message: ended.message, problems, ms: Date.now() - started });
      } catch (e) {
        // The page's context went while this story was current (a navigation, a crash): it fails with that, and the
        // lane's other stories play in the preview opened again rather than all going unplayed.
        outcomes.set(id, {
          status: 'page lost',
          message: String(e).slice(0, 2000),
          problems,
          ms: Date.now() - started,
        });
        await open(id);
      }
    }
  } finally {
    await context.close();
  }
}

const ids = storyIds();

describe('every story of the built Storybook in Chromium', () => {
  let server: FastifyInstance;
  let browser: Browser;
  const outcomes = new Map<string, StoryOutcome>();

  beforeAll(async () => {
    if (ids.length === 0)
      throw new Error(
        `No built Storybook at ${INDEX}: run \`npm run storybook:build\` first (npm test builds it before the browser tests).`,
      );
    server = Fastify();
    await server.register(fastifyStatic, { root: STATIC_DIR });
    // Chromium asks each page's /favicon.ico whenever it gets round to it; the build has none, and the
    // 404's console line would fall on whichever story is current then.
    server.get('/favicon.ico', (_request, reply) => reply.code(204).send());
    const address = await server.listen({ port: 0, host: '127.0.0.1' });
    browser = await launchBrowser();
    const lanes = Array.from({ length: PAGES }, (_, lane) => ids.filter((_, i) => i % PAGES === lane));
    const started = Date.now();
    const intended = errorDialogStories();
    await Promise.all(lanes.map((lane) => playAll(browser, address, lane, outcomes, intended)));
    const failed = [...outcomes.values()].filter((o) => o.status !== 'success' || o.problems.length > 0).length;
    console.log(
      `Storybook in Chromium: ${outcomes.size} of ${ids.length} stories played in ${((Date.now() - started) / 1000).toFixed(0)} s, ${failed} failed (${STATIC_DIR})`,
    );
    // The whole outcome, problems in full, for whoever reads a failed run.
    fs.mkdirSync(RESULTS_DIR, { recursive: true });
    fs.writeFileSync(
      path.join(RESULTS_DIR, 'storybook-outcomes.json'),
      JSON.stringify(Object.fromEntries(outcomes), null, 2),
    );
  }, 600_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('finds the stories', () => {
    expect(ids.length).toBeGreaterThan(250);
  });

  for (const id of ids) {
    it(id, () => {
      const outcome = outcomes.get(id);
      expect(outcome, 'the story was not played').toBeDefined();
      expect({ status: outcome!.status, message: outcome!.message, problems: outcome!.problems }).toEqual({
        status: 'success',
        message: undefined,
        problems: [],
      });
    });
  }
});
