/**
 * npm run bench:export — the engine's Excel export of the whole 100,000-row result (20 pages of
 * 5,000 fetched over HTTP, cells built and the file written by SheetJS in a Web Worker) against
 * SheetJS writing the same rows alone, already in memory, in the same browser. Also checks the
 * page stays responsive during the export (longest main-thread frame). Results: bench/results/export.json.
 */
import fs from 'node:fs';
import * as XLSX from 'xlsx';
import { openBench, writeResult } from './harness';

const session = await openBench();
try {
  const { page } = session;
  const runs: Array<{ engineMs: number; bytes: number; longestFrameMs: number; p95FrameMs: number }> = [];
  for (let run = 0; run < 2; run++) {
    await page.evaluate(() => window.bench.startFrames());
    const started = Date.now();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 300_000 }),
      page.getByRole('button', { name: '엑셀 다운로드' }).click(),
    ]);
    const file = await download.path();
    const engineMs = Date.now() - started;
    const frames = await page.evaluate(() => window.bench.stopFrames());
    const longestFrameMs = Math.round(Math.max(...frames));
    const sorted = [...frames].sort((a, b) => a - b);
    runs.push({
      engineMs,
      bytes: fs.statSync(file).size,
      longestFrameMs,
      p95FrameMs: Math.round(sorted[Math.floor((sorted.length - 1) * 0.95)]),
    });
    if (run === 0) {
      const wb = XLSX.read(fs.readFileSync(file), { dense: true, sheetRows: 3 });
      const first = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]], { header: 1, raw: false });
      console.log('file starts with', first);
    }
  }
  const baselines = [];
  for (let run = 0; run < 2; run++) baselines.push(await page.evaluate(() => window.bench.sheetjsAlone()));
  const engine = Math.min(...runs.map((r) => r.engineMs));
  const alone = Math.min(...baselines.map((b) => b.ms));
  const result = {
    rows: 100_000,
    columns: 14,
    engineExport: { bestMs: engine, runs },
    sheetjsAlone: { bestMs: Math.round(alone), runs: baselines.map((b) => ({ ms: Math.round(b.ms), bytes: b.bytes })) },
    ratio: Number((engine / alone).toFixed(2)),
    listApi: session.served,
  };
  console.log(JSON.stringify(result, null, 2));
  console.log(
    `\nengine export ${engine} ms vs SheetJS alone ${Math.round(alone)} ms: ratio ${result.ratio}; longest frame during export ${Math.max(...runs.map((r) => r.longestFrameMs)).toFixed(0)} ms`,
  );
  console.log(`wrote ${writeResult('export', result)}`);
} finally {
  await session.close();
}
