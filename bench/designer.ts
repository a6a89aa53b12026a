/**
 * npx tsx bench/designer.ts — the studio designer's input latency on big screens, in headless Chromium on the
 * production bundle (dist/) against the real server (started here, compiled, a fresh demo company; or
 * BENCH_UI_BASE=http://127.0.0.1:PORT). Four stored screens are made through the studio's API: a 40-column list
 * (with 6 filters), a 60-field edit form (6 sections of 10), and a 3-column list and a 3-field form as the
 * baseline. Each is opened in the studio's 디자이너 tab and, by keyboard as a person would:
 *   property  typing 20 characters into the first column's (field's) 이름 label box in the property panel
 *   move      Alt+↓ ten times then Alt+↑ ten times on the first column (field) in the outline; only the keys
 *             that moved it count as moves: on a 3-item list 16 of the 20 do nothing (the item is already
 *             last or first), and are reported apart as `still` (before 2026-11-28 19:00 they were counted
 *             as moves, which made a small screen's median move a key that changed nothing)
 * For every keydown: keydown → next paint, taken as the event's timeStamp to a task posted from the next
 * animation frame (the frame after React's commit has been painted when that task runs), and the Event
 * Timing API's duration where Chromium reports one (it reports only events of 16 ms or more).
 * Big and small screens alternate in each of RUNS rounds, so the ratio big ÷ small is measured under one load.
 * Results: bench/results/designer.json (BENCH_UI_OUT names another file).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { apiLogin } from '../tests/e2e/helpers/auth';
import { launchBrowser } from '../tests/e2e/helpers/browser';
import { requireBuild, startServer } from '../tests/e2e/helpers/server';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const USER = 'admin';
const PASSWORD = 'Gpms!2345';
const run = Date.now().toString(36);

/** Row fields of listPos, repeated with a suffix where 40 columns need more names than it has. */
const FIELDS = ['poNo', 'compName', 'compNameKr', 'title', 'poDate', 'currency', 'totalAmount', 'status'];
const name = (i: number) => (i < FIELDS.length ? FIELDS[i] : `${FIELDS[i % FIELDS.length]}${Math.floor(i / 8)}`);

function listText(columns: number, filters: number): string {
  const col = (i: number) => `    { "field": "${name(i)}", "width": 120 }`;
  const fil = (i: number) => `    { "field": "${name(i)}" }`;
  return `{
  "kind": "list",
  "title": "지연 측정 목록 ${columns}열",
  "source": { "operation": "listPos", "rowKey": "poNo" },
  "filters": [
${Array.from({ length: filters }, (_, i) => fil(i)).join(',\n')}
  ],
  "columns": [
${Array.from({ length: columns }, (_, i) => col(i)).join(',\n')}
  ],
  "actions": ["search", { "kind": "exportExcel" }]
}
`;
}

function editText(sections: number, perSection: number): string {
  const section = (s: number) => `    {
      "title": "구역 ${s + 1}",
      "columns": 2,
      "fields": [
${Array.from({ length: perSection }, (_, i) => `        { "field": "${name(s * perSection + i)}", "maxLength": 50 }`).join(',\n')}
      ]
    }`;
  return `{
  "kind": "edit",
  "title": "지연 측정 양식 ${sections * perSection}항목",
  "load": { "operation": "getPo", "params": { "poNo": "{ query: 'poNo' }" } },
  "sections": [
${Array.from({ length: sections }, (_, s) => section(s)).join(',\n')}
  ],
  "actions": ["save"]
}
`;
}

interface Case {
  screen: string;
  text: string;
  /** The outline's first element a person types into and moves (its JSON pointer: its name is its field's words). */
  first: string;
}

const CASES: Record<string, Case> = {
  'list, 40 columns': { screen: `bench40c${run}`, text: listText(40, 6), first: '/columns/0' },
  'list, 3 columns': { screen: `bench3c${run}`, text: listText(3, 1), first: '/columns/0' },
  'form, 60 fields': { screen: `bench60f${run}`, text: editText(6, 10), first: '/sections/0/fields/0' },
  'form, 3 fields': { screen: `bench3f${run}`, text: editText(1, 3), first: '/sections/0/fields/0' },
};
const PAIRS: Array<[string, string]> = [
  ['list, 40 columns', 'list, 3 columns'],
  ['form, 60 fields', 'form, 3 fields'],
];

async function createScreens(baseURL: string) {
  const token = await apiLogin(baseURL, USER);
  for (const c of Object.values(CASES)) {
    const res = await fetch(`${baseURL}/api/v1/studio/screens`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, IsCyber: 'N', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: c.screen, portal: 'I', source: c.text }),
    });
    if (!res.ok) throw new Error(`createStudioScreen ${c.screen}: ${res.status} ${await res.text()}`);
  }
}

async function newPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    viewport: { width: 1440, height: 900 },
  });
  // Installed in every document the page loads (the studio is opened with a navigation of its own).
  await context.addInitScript(`(() => {
    window.__latency = [];
    window.__eventTiming = [];
    document.addEventListener('keydown', (e) => {
      // A chord is one input: its modifier's own keydown (Alt of Alt+↓) changes nothing.
      if (e.key === 'Alt' || e.key === 'Control' || e.key === 'Shift' || e.key === 'Meta') return;
      const start = e.timeStamp;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => window.__latency.push(performance.now() - start);
        channel.port2.postMessage(0);
      });
    }, true);
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'keydown') window.__eventTiming.push(e.duration);
    }).observe({ type: 'event', durationThreshold: 16 });
  })()`);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('아이디').fill(USER);
  await page.getByLabel('비밀번호').fill(PASSWORD);
  await page.getByRole('button', { name: '로그인', exact: true }).click();
  await page.getByRole('heading', { name: 'GPMS에 오신 것을 환영합니다' }).waitFor({ timeout: 60_000 });
  return page;
}

async function openInDesigner(page: Page, c: Case) {
  await page.goto('/portal/screen/studio');
  await page.getByRole('button', { name: `${c.screen} 열기` }).click();
  await page.locator('.cm-content').waitFor({ timeout: 30_000 });
  await page.getByRole('tab', { name: '디자이너' }).click();
  await page.getByTestId('designer-pane').locator(`[data-item="${c.first}"]`).waitFor();
}

/** The measured keys' figures, taken out of the page. */
async function taken(page: Page): Promise<{ latency: number[]; eventTiming: number[] }> {
  return page.evaluate(`(() => {
    const out = { latency: window.__latency, eventTiming: window.__eventTiming };
    window.__latency = [];
    window.__eventTiming = [];
    return out;
  })()`);
}

async function measure(page: Page, c: Case) {
  await openInDesigner(page, c);
  const pane = page.getByTestId('designer-pane');
  const item = pane.locator(`[data-item="${c.first}"]`);
  await item.click();
  const label = pane.getByLabel(/^이름 label/);
  await label.focus();
  await taken(page);
  // One key at a time, 60 ms apart: a quick typist, each key its own frame.
  // Latin letters: Playwright types other characters as inserted text, without a keydown to time.
  await page.keyboard.type('abcdefghijklmnopqrst', { delay: 60 });
  await page.waitForTimeout(300);
  const property = await taken(page);
  await item.focus();
  // Whether each key moved the item: the focus follows it to its new place (its JSON pointer).
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-item') ?? '');
  const moved: boolean[] = [];
  let at = await focused();
  for (const key of [...Array<string>(10).fill('Alt+ArrowDown'), ...Array<string>(10).fill('Alt+ArrowUp')]) {
    await page.keyboard.press(key);
    await page.waitForTimeout(60);
    const now = await focused();
    moved.push(now !== at);
    at = now;
  }
  await page.waitForTimeout(300);
  const keys = await taken(page);
  if (keys.latency.length !== moved.length)
    throw new Error(`${c.screen}: ${keys.latency.length} latencies for ${moved.length} keys`);
  const move = { latency: keys.latency.filter((_, i) => moved[i]), eventTiming: keys.eventTiming };
  const still = keys.latency.filter((_, i) => !moved[i]);
  return { property, move, still };
}

const median = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] : 0);
const p95 = (xs: number[]) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)] : 0);
const max = (xs: number[]) => (xs.length ? Math.max(...xs) : 0);

const given = process.env.BENCH_UI_BASE;
if (!given) requireBuild();
const loadBefore = os.loadavg();
const server = given
  ? null
  : await startServer({
      port: Number(process.env.PORT ?? 0) || undefined,
      readyTimeoutMs: 300_000,
      env: { AUTH_RATE_LIMIT: '1000' },
    });
const baseURL = given ?? server!.url;
const browser = await launchBrowser({ whole: true });
const samples: Record<string, { property: number[]; move: number[]; still: number[]; eventTiming: number[] }> = {};
try {
  await createScreens(baseURL);
  for (let r = 0; r < RUNS; r++)
    for (const pair of PAIRS)
      for (const label of r % 2 ? [...pair].reverse() : pair) {
        const page = await newPage(browser, baseURL);
        const { property, move, still } = await measure(page, CASES[label]);
        const s = (samples[label] ??= { property: [], move: [], still: [], eventTiming: [] });
        s.property.push(...property.latency);
        s.move.push(...move.latency);
        s.still.push(...still);
        s.eventTiming.push(...property.eventTiming, ...move.eventTiming);
        await page.context().close();
      }
} finally {
  await browser.close();
  await server?.stop();
}
const loadAfter = os.loadavg();

const round = (x: number) => Math.round(x);
const rows = Object.entries(samples).map(([label, s]) => ({
  screen: label,
  property: {
    keys: s.property.length,
    median: round(median(s.property)),
    p95: round(p95(s.property)),
    max: round(max(s.property)),
  },
  move: { keys: s.move.length, median: round(median(s.move)), p95: round(p95(s.move)), max: round(max(s.move)) },
  still: { keys: s.still.length, median: round(median(s.still)) },
  eventTimingOver16ms: { count: s.eventTiming.length, max: round(max(s.eventTiming)) },
}));
const ratios = PAIRS.map(([big, small]) => ({
  big,
  small,
  property: +(median(samples[big].property) / median(samples[small].property)).toFixed(2),
  move: +(median(samples[big].move) / median(samples[small].move)).toFixed(2),
}));

console.log(
  `\nbench:designer — keydown → next paint (ms), ${RUNS} rounds, Chromium headless, ${os.cpus().length} CPUs, load average ${loadBefore[0].toFixed(1)} before, ${loadAfter[0].toFixed(1)} after`,
);
console.log(
  '| screen | property: median / p95 / max (keys) | move: median / p95 / max (keys) | Alt+arrow that moved nothing: median (keys) | Event Timing ≥16 ms: count, max |',
);
console.log('|---|---|---|---|---|');
for (const r of rows)
  console.log(
    `| ${r.screen} | ${r.property.median} / ${r.property.p95} / ${r.property.max} (${r.property.keys}) | ${r.move.median} / ${r.move.p95} / ${r.move.max} (${r.move.keys}) | ${r.still.median} (${r.still.keys}) | ${r.eventTimingOver16ms.count}, ${r.eventTimingOver16ms.max} |`,
  );
for (const q of ratios) console.log(`ratio ${q.big} ÷ ${q.small}: property ${q.property}, move ${q.move}`);

const out = path.join(ROOT, 'bench/results', process.env.BENCH_UI_OUT ?? 'designer.json');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(
  out,
  `${JSON.stringify({ bench: 'designer', base: given ? 'BENCH_UI_BASE' : 'started', rounds: RUNS, rows, ratios, samples, measuredAt: new Date().toISOString(), node: process.version, cpus: os.cpus().length, loadAverage: { before: loadBefore, after: loadAfter } }, null, 2)}\n`,
);
console.log(`\n→ ${path.relative(ROOT, out)}`);
