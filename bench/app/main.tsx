/**
 * The benchmark page: the engine's list screen over 100,000 rows served page by page by the
 * bench server (bench/harness.ts), plus the hooks the bench scripts drive: scrolling with frame
 * timing, and SheetJS writing the same rows alone (the export's baseline).
 */
import { Profiler } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import * as XLSX from 'xlsx';
import '../../app/styles/global.css';
import { EngineProvider, KINDS, ScreenPage, createScreenRegistry, type EngineServices } from '../../engine';
import { FIXTURE_ENGINE_CODES } from '../../engine/testing/fixture-engine-services';
import { createFixtureServices, FIXTURE_LOGINS } from '../../widgets/testing/fixture-services';
import { createWidgetTestI18n } from '../../widgets/testing/test-i18n';
import { DataGrid } from '../../widgets/data-grid/data-grid';
import { gridColumns, viewTransform } from '../../engine/list/grid-columns';
import { BENCH_ROWS, benchRow } from '../rows';
import { benchScreen } from './bench-screen';

let requests = 0;
/** React commits of the screen (and their render time): scrolling should cause none. */
const commits = { count: 0, ms: 0 };
const services: EngineServices = {
  async call(_operation, input, init) {
    const q = input.query ?? {};
    const qs = new URLSearchParams({
      page: String(q.page ?? 1),
      size: String(q.size ?? 100),
      sort: String(q.sort ?? ''),
    });
    requests++;
    const res = await fetch(`/bench-api/rows?${qs}`, { signal: init?.signal });
    return res.json();
  },
  codes: (group) => [...(FIXTURE_ENGINE_CODES[group] ?? [])],
  loginData: () => FIXTURE_LOGINS['99'],
  authority: () => ({ read: true, write: true }),
  portal: () => 'internal',
  storage: () => null,
};

const registry = createScreenRegistry([{ file: 'bench/app/bench-screen.ts', definition: benchScreen }]);
const router = createMemoryRouter([
  {
    path: '*',
    element: (
      <EngineProvider services={services} widgetServices={createFixtureServices()} screens={registry} kinds={KINDS}>
        <Profiler id="screen" onRender={(_id, _phase, actual) => ((commits.count += 1), (commits.ms += actual))}>
          <ScreenPage id="bench.poLines" />
        </Profiler>
      </EngineProvider>
    ),
  },
]);

/**
 * ?mode=bare: the same columns in the bare DataGrid widget over rows generated in memory — no
 * engine, no server — so the grid's own cost can be told from the engine's.
 */
function BareGrid() {
  const columns = gridColumns(benchScreen.columns, {
    t: (k) => k,
    codes: (g) => [...(FIXTURE_ENGINE_CODES[g] ?? [])],
    sortFields: [],
    where: 'bench',
  });
  const transform = viewTransform(benchScreen.columns)!;
  const cache = new Map<number, Record<string, unknown>>();
  const getRow = (i: number) => {
    let r = cache.get(i);
    if (!r) cache.set(i, (r = transform(benchRow(i))));
    return r;
  };
  return (
    <>
      <span data-testid="list-total">총 {BENCH_ROWS.toLocaleString('ko-KR')}건</span>
      <DataGrid
        columns={columns}
        rowCount={BENCH_ROWS}
        getRow={getRow}
        selection="multi"
        visibleRows={25}
        totals={{ qty: 0 }}
        onVisibleRangeChange={new URLSearchParams(location.search).has('cb') ? () => undefined : undefined}
      />
    </>
  );
}

const bare = new URLSearchParams(location.search).get('mode') === 'bare';
createRoot(document.getElementById('root')!).render(
  <I18nextProvider i18n={createWidgetTestI18n('ko')}>
    {bare ? <BareGrid /> : <RouterProvider router={router} />}
  </I18nextProvider>,
);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];

declare global {
  interface Window {
    bench: {
      requests(): number;
      startFrames(): void;
      stopFrames(): number[];
      scroll(options: { durationMs: number; pxPerFrame: number }): Promise<{
        frames: number;
        p50: number;
        p95: number;
        p99: number;
        max: number;
        scrolledRows: number;
        requests: number;
        reactCommits: number;
        reactRenderMs: number;
        frameTimes: number[];
      }>;
      sheetjsAlone(): Promise<{ ms: number; bytes: number }>;
    };
  }
}

let watching: { frames: number[]; on: boolean } | null = null;

window.bench = {
  requests: () => requests,
  /** Records frame durations until stopFrames (is the page responsive during an export?). */
  startFrames() {
    const w = { frames: [] as number[], on: true };
    watching = w;
    let last = performance.now();
    const tick = (t: number) => {
      w.frames.push(t - last);
      last = t;
      if (w.on) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  },
  stopFrames() {
    const w = watching;
    watching = null;
    if (!w) return [];
    w.on = false;
    return w.frames.slice(1);
  },
  /** Scrolls the grid down by `pxPerFrame` every animation frame and records the frames' durations. */
  scroll: ({ durationMs, pxPerFrame }) =>
    new Promise((resolve) => {
      const scroller = document.querySelector<HTMLElement>('[data-gpms-grid] .dvn-scroller');
      if (!scroller) throw new Error('no grid scroller');
      const before = requests;
      const commitsBefore = { ...commits };
      const frames: number[] = [];
      const start = performance.now();
      let last = start;
      const step = (now: number) => {
        frames.push(now - last);
        last = now;
        scroller.scrollTop += pxPerFrame;
        if (now - start < durationMs && scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight)
          requestAnimationFrame(step);
        else {
          const sorted = frames.slice(1).sort((a, b) => a - b);
          resolve({
            frames: sorted.length,
            p50: percentile(sorted, 0.5),
            p95: percentile(sorted, 0.95),
            p99: percentile(sorted, 0.99),
            max: sorted[sorted.length - 1],
            scrolledRows: Math.round(scroller.scrollTop / 27),
            requests: requests - before,
            reactCommits: commits.count - commitsBefore.count,
            reactRenderMs: Math.round(commits.ms - commitsBefore.ms),
            frameTimes: frames.slice(1),
          });
        }
      };
      requestAnimationFrame((t) => {
        last = t;
        requestAnimationFrame(step);
      });
    }),
  /** The same 100,000 rows written by SheetJS alone (rows already in memory, no formatting): the export's baseline. */
  async sheetjsAlone() {
    const rows = Array.from({ length: BENCH_ROWS }, (_, i) => benchRow(i));
    const t0 = performance.now();
    const ws = XLSX.utils.json_to_sheet(rows, { dense: true });
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, ws, 'rows');
    const out = XLSX.write(wb, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer;
    return { ms: performance.now() - t0, bytes: out.byteLength };
  },
};
