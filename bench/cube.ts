/**
 * npm run bench:cube -- [--scale N] [--rounds R] [--pivot-rounds P] [--months M]
 *
 * The spend cube (GET /api/v1/reports/cube, docs/reports.md "The spend cube") for a few of the dimension pairs
 * its screen offers, on PostgreSQL seeded at `--scale N` (default 2). Issue 75's done-when: the cube answers
 * within 300 ms at scale 50 (≈ 240,000 orders, 1.13 M lines). For each pair:
 *   page   — GET through the whole app (app.inject: authentication, menu authority, scope, the statement, the
 *            answer's schema and serialisation), the screen's first page of 500: p50 and p95 of R rounds (default
 *            20) after one warm-up;
 *   sql    — the cube's one statement alone (the same text and parameters in a transaction with the report's
 *            work_mem) on a plain pg client, alternating with the page so both see the same machine: p50;
 *   pivot  — every page the screen reads to draw the pivot (pages of 500, up to 10,000 key pairs), one after
 *            another: the median of P rounds (default 3).
 * First the monthly summaries are brought up to date (only months marked since their last rebuild are rebuilt:
 * nothing when bench:reports ran before). The period is the last M months (default 12) before the seed's anchor.
 * The database `gpms_bench_reports_s<N>` is created and seeded once and reused (bench/scale-db.ts; DATABASE_URL
 * overrides it). Results: bench/results/cube-s<N>.json; bench/README.md quotes them.
 */
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { SPEND_CUBE } from '../server/modules/reports/catalog.js';
import { reportPeriod } from '../server/modules/reports/period.js';
import { REPORT_WORK_MEM, reportStatement } from '../server/modules/reports/queries/run.js';
import { scopeOf } from '../server/modules/reports/scope.js';
import { refreshReportSummary } from '../server/modules/reports/summary.js';
import { writeResult } from './harness';
import { adminApp, numberArg as arg, openScaleDb } from './scale-db';

const scale = arg('scale', 2);
const rounds = arg('rounds', 20);
const pivotRounds = arg('pivot-rounds', 3);
const months = arg('months', 12);
/** The issue's bound for one answer of the cube. */
const TARGET_MS = 300;
/** As the screen reads: pages of 500, up to 10,000 key pairs (engine/list/ListScreen PIVOT_ROW_LIMIT). */
const PAGE = 500;
const PIVOT_ROW_LIMIT = 10_000;

/** The pairs timed: the screen's default first, then each dimension at least once, one without a second. */
const PAIRS: Array<[string, string?]> = [
  ['supplier', 'month'],
  ['department', 'quarter'],
  ['category', 'month'],
  ['buyer', 'supplier'],
  ['sourcingGroup', 'department'],
  ['section'],
];

// The last `months` months before the seed's anchor (2026-11-01): 202511–202610 by default, as bench:reports.
const toMonth = '202610';
const fromIndex = 2026 * 12 + 9 - (months - 1);
const fromMonth = `${Math.floor(fromIndex / 12)}${String((fromIndex % 12) + 1).padStart(2, '0')}`;

const { url, dbh, orderLines } = await openScaleDb(scale);
let t0 = performance.now();
const rebuilt = await refreshReportSummary(dbh.db);
console.log(`summaries: ${rebuilt.length} months rebuilt in ${(performance.now() - t0).toFixed(0)} ms`);

const { app, dataDir, headers } = await adminApp(url, dbh, 'cube');
const sqlClient = new pg.Client({ connectionString: url });
await sqlClient.connect();

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
/** Nearest rank: the smallest figure at least p of the rounds are at or under. */
const percentile = (xs: number[], p: number) => sorted(xs)[Math.max(0, Math.ceil(p * xs.length) - 1)];
const ms = (x: number) => Number(x.toFixed(1));

const [sortField, sortDirection] = SPEND_CUBE.defaultSort.split(':');
const results: Array<{
  pair: string;
  keyPairs: number;
  pageP50: number;
  pageP95: number;
  sqlP50: number;
  ratio: number;
  pivotPages: number;
  pivotMs: number;
  withinTarget: boolean;
}> = [];

for (const [dim1, dim2] of PAIRS) {
  const dims: Record<string, string> = dim2 ? { dim1, dim2 } : { dim1 };
  const pair = dim2 ? `${dim1} × ${dim2}` : dim1;
  const get = async (page: number) => {
    const query = new URLSearchParams({ fromMonth, toMonth, ...dims, sort: SPEND_CUBE.defaultSort });
    query.set('page', String(page));
    query.set('size', String(PAGE));
    const res = await app.inject({ method: 'GET', url: `${SPEND_CUBE.path}?${query.toString()}`, headers });
    if (res.statusCode !== 200) throw new Error(`${pair}: ${res.statusCode} ${res.body}`);
    return res.json() as { total: number };
  };
  const compiled = reportStatement(
    SPEND_CUBE,
    SPEND_CUBE.build(
      {
        period: reportPeriod(fromMonth, toMonth),
        scope: scopeOf({ authGroupId: '99', singleid: '', deptcd: '', section: '' }),
        filters: {},
      },
      dims,
    ),
    { field: sortField, direction: sortDirection as 'asc' | 'desc' },
    { limit: PAGE, offset: 0 },
  ).compile(dbh.db);

  const page: number[] = [];
  const alone: number[] = [];
  let total = 0;
  for (let r = 0; r <= rounds; r++) {
    // Alternate, so both see the same machine; round 0 warms up and is not counted.
    t0 = performance.now();
    total = (await get(1)).total;
    const pageMs = performance.now() - t0;
    t0 = performance.now();
    await sqlClient.query('begin');
    await sqlClient.query(`set local work_mem = '${REPORT_WORK_MEM}'`);
    await sqlClient.query(compiled.sql, compiled.parameters as unknown[]);
    await sqlClient.query('commit');
    const sqlMs = performance.now() - t0;
    if (r > 0) {
      page.push(pageMs);
      alone.push(sqlMs);
    }
  }

  const pivotPages = Math.max(1, Math.ceil(Math.min(total, PIVOT_ROW_LIMIT) / PAGE));
  const pivot: number[] = [];
  for (let r = 0; r < pivotRounds; r++) {
    t0 = performance.now();
    for (let p = 1; p <= pivotPages; p++) await get(p);
    pivot.push(performance.now() - t0);
  }

  const row = {
    pair,
    keyPairs: total,
    pageP50: ms(percentile(page, 0.5)),
    pageP95: ms(percentile(page, 0.95)),
    sqlP50: ms(percentile(alone, 0.5)),
    ratio: Number((percentile(page, 0.5) / percentile(alone, 0.5)).toFixed(2)),
    pivotPages,
    pivotMs: ms(percentile(pivot, 0.5)),
    withinTarget: percentile(page, 0.95) <= TARGET_MS,
  };
  results.push(row);
  console.log(
    `${pair.padEnd(28)} ${String(total).padStart(6)} key pairs  page p50 ${String(row.pageP50).padStart(7)} ms  p95 ${String(row.pageP95).padStart(7)} ms  sql p50 ${String(row.sqlP50).padStart(7)} ms  × ${row.ratio}  pivot (${pivotPages} pages) ${row.pivotMs} ms`,
  );
}
await sqlClient.end();
await app.close();
// The app was handed the pool and leaves it open: closed here, or the process never ends.
await dbh.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const result = {
  scale,
  orderLines,
  period: `${fromMonth}–${toMonth}`,
  rounds,
  pivotRounds,
  targetMs: TARGET_MS,
  load: os.loadavg().map((x) => Number(x.toFixed(1))),
  pairs: results,
};
console.log(
  `\n| dimensions | key pairs | first page p50 (ms) | p95 (ms) | own SQL p50 (ms) | ratio | whole pivot (pages, ms) | p95 ≤ ${TARGET_MS} ms |\n|---|---|---|---|---|---|---|---|`,
);
for (const r of results)
  console.log(
    `| ${r.pair} | ${r.keyPairs} | ${r.pageP50} | ${r.pageP95} | ${r.sqlP50} | ${r.ratio} | ${r.pivotPages}, ${r.pivotMs} | ${r.withinTarget ? 'yes' : 'no'} |`,
  );
console.log(
  `scale ${scale}: ${orderLines.toLocaleString()} order lines, period ${result.period}, ${rounds} rounds (pivot ${pivotRounds}); load average ${result.load.join(' / ')}`,
);
console.log(`wrote ${writeResult(`cube-s${scale}`, result)}`);
