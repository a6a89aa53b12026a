/**
 * npm run bench:grid — scrolling a list of 100,000 server rows in headless Chromium.
 *
 * Two pages in one browser, measured in alternating rounds so both see the same machine load:
 *   engine — the engine's list screen: rows fetched page by page from the bench server
 *            (200 a page), code texts, money by currency, dates, a totals row;
 *   bare   — the DataGrid widget alone over the same rows made in memory (no engine, no server).
 * Each round scrolls steadily (2 rows a frame) and flings (a screenful, 25 rows, a frame) and
 * records every frame's duration. The figure that matters is engine ÷ bare: what the engine adds.
 * Results: bench/results/grid.json.
 */
import type { Page } from 'playwright-core';
import { openBench, writeResult } from './harness';

const ROUNDS = 5;
const SPEEDS = { steady: 54, fling: 27 * 25 } as const;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];
const summary = (frames: number[]) => {
  const s = [...frames].sort((a, b) => a - b);
  return {
    frames: s.length,
    p50: Number(percentile(s, 0.5).toFixed(1)),
    p95: Number(percentile(s, 0.95).toFixed(1)),
    max: Number(s[s.length - 1].toFixed(1)),
  };
};

function scroll(page: Page, pxPerFrame: number) {
  return page.evaluate((px) => window.bench.scroll({ durationMs: 3000, pxPerFrame: px }), pxPerFrame);
}

const session = await openBench('engine');
try {
  const engine = session.page;
  const bare = await session.openPage('bare');
  const shown = await engine.getByTestId('list-total').textContent();
  for (const page of [engine, bare])
    await page.evaluate(() => window.bench.scroll({ durationMs: 1000, pxPerFrame: 54 }));

  const frames: Record<'engine' | 'bare', Record<keyof typeof SPEEDS, number[]>> = {
    engine: { steady: [], fling: [] },
    bare: { steady: [], fling: [] },
  };
  const engineDetail = { requests: 0, reactCommits: 0, rowsScrolled: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, px] of Object.entries(SPEEDS) as Array<[keyof typeof SPEEDS, number]>) {
      for (const [mode, page] of [
        ['engine', engine],
        ['bare', bare],
      ] as const) {
        await page.bringToFront();
        const r = await scroll(page, px);
        frames[mode][name].push(...r.frameTimes);
        if (mode === 'engine') {
          engineDetail.requests += r.requests;
          engineDetail.reactCommits += r.reactCommits;
          engineDetail.rowsScrolled += r.scrolledRows;
        }
      }
      // Back to the top for the next round.
      for (const page of [engine, bare])
        await page.evaluate(() =>
          document.querySelector<HTMLElement>('[data-gpms-grid] .dvn-scroller')!.scrollTo(0, 0),
        );
    }
  }
  await engine.bringToFront();
  await engine.waitForTimeout(500);
  const visible = await engine.evaluate(
    () => Array.from(document.querySelectorAll('[data-gpms-grid] canvas tbody tr')).length,
  );

  const result = {
    rows: 100_000,
    shown,
    rounds: ROUNDS,
    steady: { pxPerFrame: SPEEDS.steady, engine: summary(frames.engine.steady), bare: summary(frames.bare.steady) },
    fling: { pxPerFrame: SPEEDS.fling, engine: summary(frames.engine.fling), bare: summary(frames.bare.fling) },
    ratio: {
      steadyP50: 0,
      steadyP95: 0,
      flingP50: 0,
      flingP95: 0,
    },
    engine: { ...engineDetail, listApi: session.served, rowsDrawnAfterScroll: visible },
  };
  result.ratio.steadyP50 = Number((result.steady.engine.p50 / result.steady.bare.p50).toFixed(2));
  result.ratio.steadyP95 = Number((result.steady.engine.p95 / result.steady.bare.p95).toFixed(2));
  result.ratio.flingP50 = Number((result.fling.engine.p50 / result.fling.bare.p50).toFixed(2));
  result.ratio.flingP95 = Number((result.fling.engine.p95 / result.fling.bare.p95).toFixed(2));
  console.log(JSON.stringify(result, null, 2));
  const line = (name: 'steady' | 'fling') =>
    `${name.padEnd(6)} engine p50 ${result[name].engine.p50} ms p95 ${result[name].engine.p95} ms | bare grid p50 ${result[name].bare.p50} ms p95 ${result[name].bare.p95} ms`;
  console.log(
    `\n${line('steady')}\n${line('fling')}\nratio engine/bare: steady p50 ${result.ratio.steadyP50}, p95 ${result.ratio.steadyP95}; fling p50 ${result.ratio.flingP50}, p95 ${result.ratio.flingP95}`,
  );
  console.log(
    `engine: ${engineDetail.requests} page requests and ${engineDetail.reactCommits} React commits while scrolling ${engineDetail.rowsScrolled.toLocaleString()} rows`,
  );
  console.log(`wrote ${writeResult('grid', result)}`);
} finally {
  await session.close();
}
