/**
 * npm run bench:reports -- [--scale N] [--rounds R] [--months M]
 *
 * Every report's operation against its own SQL run alone, on PostgreSQL seeded at `--scale N`
 * (default 2; the issue's figure is scale 50 ≈ 1.13 M order lines). For each report:
 *   operation — GET through the whole app (app.inject: authentication, menu authority, scope,
 *               period checks, the SQL, the answer's schema and serialisation), first page of 500;
 *   sql       — the report's one statement (the same text and parameters, in a transaction with the
 *               report's work_mem) on a plain pg client.
 * Median of R rounds (default 5) after one warm-up each; ratio = operation ÷ sql. First, the monthly
 * summaries (server/modules/reports/summary.ts) are rebuilt, and the period's months marked and rebuilt
 * again, timed (`summary` in the result). The database
 * `gpms_bench_reports_s<N>` is created and seeded once and reused (bench/scale-db.ts; DATABASE_URL overrides it).
 * Results: bench/results/reports.json; docs/reports.md quotes them.
 */
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';
import { REPORTS, SPEND_CUBE, type ReportSpec } from '../server/modules/reports/catalog.js';
import { reportPeriod } from '../server/modules/reports/period.js';
import { REPORT_WORK_MEM, reportStatement } from '../server/modules/reports/queries/run.js';
import { scopeOf } from '../server/modules/reports/scope.js';
import { refreshReportSummary } from '../server/modules/reports/summary.js';
import { sql } from 'kysely';
import { writeResult } from './harness';
import { adminApp, numberArg as arg, openScaleDb } from './scale-db';

const scale = arg('scale', 2);
const rounds = arg('rounds', 5);
const months = arg('months', 12);

// The last `months` months before the seed's anchor (2026-11-01): 202511–202610 by default.
const toMonth = '202610';
const fromIndex = 2026 * 12 + 9 - (months - 1);
const fromMonth = `${Math.floor(fromIndex / 12)}${String((fromIndex % 12) + 1).padStart(2, '0')}`;

const { url, dbh, orderLines: lines } = await openScaleDb(scale);
const item = await dbh.db
  .selectFrom('poLine')
  .select('itemCode')
  .where('itemCode', 'is not', null)
  .groupBy('itemCode')
  .orderBy((eb) => eb.fn.countAll(), 'desc')
  .limit(1)
  .executeTakeFirstOrThrow();

const { app, dataDir, headers } = await adminApp(url, dbh, 'reports');
const sqlClient = new pg.Client({ connectionString: url });
await sqlClient.connect();

// The monthly summaries (summary.ts): every month rebuilt once (a fresh or just-migrated database has
// them all marked), then the period's months marked again and rebuilt, timed — what the first report
// after a year's worth of writes pays, once.
let t0 = performance.now();
const initial = await refreshReportSummary(dbh.db);
const initialMs = performance.now() - t0;
const periodMonths: string[] = [];
for (let i = fromIndex; i < fromIndex + months; i++)
  periodMonths.push(`${Math.floor(i / 12)}${String((i % 12) + 1).padStart(2, '0')}`);
const rebuildMs: number[] = [];
for (let r = 0; r < 3; r++) {
  await sql`insert into report_summary_dirty (month) select m from unnest(${periodMonths}::text[]) as m`.execute(
    dbh.db,
  );
  t0 = performance.now();
  await refreshReportSummary(dbh.db, reportPeriod(fromMonth, toMonth));
  rebuildMs.push(performance.now() - t0);
}
const summaryRows = await sql<{
  spend: string;
  price: string;
}>`select (select count(*) from report_spend_month where month between ${fromMonth} and ${toMonth}) as spend, (select count(*) from report_price_month where month between ${fromMonth} and ${toMonth}) as price`.execute(
  dbh.db,
);
const summary = {
  initialMonths: initial.length,
  initialMs: Number(initialMs.toFixed(0)),
  periodRebuildMs: Number([...rebuildMs].sort((a, b) => a - b)[1].toFixed(0)),
  periodSpendRows: Number(summaryRows.rows[0].spend),
  periodPriceRows: Number(summaryRows.rows[0].price),
};
console.log(
  `summaries: first rebuild ${summary.initialMonths} months in ${summary.initialMs} ms; the period's ${months} months rebuilt in ${summary.periodRebuildMs} ms (median of 3); ${summary.periodSpendRows} spend rows and ${summary.periodPriceRows} price rows for the period`,
);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** Query parameters a report needs; the spend cube is timed on its widest common ask, supplier × month. */
const extra = (spec: ReportSpec): Record<string, string> =>
  spec.key === 'highCostUnitDetail'
    ? { itemCode: item.itemCode! }
    : spec.key === 'spendCube'
      ? { dim1: 'supplier', dim2: 'month' }
      : {};
const lineFilters = (spec: ReportSpec): Record<string, string> =>
  spec.key === 'highCostUnitDetail' ? { itemCode: item.itemCode! } : {};

const rows: Array<{ report: string; route: string; rows: number; operationMs: number; sqlMs: number; ratio: number }> =
  [];
for (const spec of [...REPORTS, SPEND_CUBE]) {
  const query = new URLSearchParams({ fromMonth, toMonth, size: '500', ...extra(spec) }).toString();
  const [f, d] = spec.defaultSort.split(':');
  const ctx = {
    period: reportPeriod(fromMonth, toMonth),
    scope: scopeOf({ authGroupId: '99', singleid: '', deptcd: '', section: '' }),
    filters: lineFilters(spec),
  };
  const compiled = reportStatement(
    spec,
    spec.build(ctx, extra(spec)),
    { field: f, direction: d as 'asc' | 'desc' },
    { limit: 500, offset: 0 },
  ).compile(dbh.db);
  const op: number[] = [];
  const alone: number[] = [];
  let count = 0;
  for (let r = 0; r <= rounds; r++) {
    // Alternate, so both see the same machine; round 0 warms up and is not counted.
    t0 = performance.now();
    const res = await app.inject({ method: 'GET', url: `${spec.path}?${query}`, headers });
    const opMs = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${spec.operationId}: ${res.statusCode} ${res.body}`);
    count = res.json().total;
    t0 = performance.now();
    // The statement as the report runs it: in its own transaction with the report's work_mem (run.ts).
    await sqlClient.query('begin');
    await sqlClient.query(`set local work_mem = '${REPORT_WORK_MEM}'`);
    await sqlClient.query(compiled.sql, compiled.parameters as unknown[]);
    await sqlClient.query('commit');
    const sqlMs = performance.now() - t0;
    if (r > 0) {
      op.push(opMs);
      alone.push(sqlMs);
    }
  }
  const o = median(op);
  const s = median(alone);
  rows.push({
    report: spec.key,
    route: spec.route,
    rows: count,
    operationMs: Number(o.toFixed(1)),
    sqlMs: Number(s.toFixed(1)),
    ratio: Number((o / s).toFixed(2)),
  });
  console.log(
    `${spec.key.padEnd(20)} ${String(count).padStart(6)} rows  operation ${o.toFixed(1).padStart(8)} ms  sql ${s.toFixed(1).padStart(8)} ms  × ${(o / s).toFixed(2)}`,
  );
}
await sqlClient.end();
await app.close();
// The app was handed the pool and leaves it open: closed here, or the process never ends.
await dbh.close();
fs.rmSync(dataDir, { recursive: true, force: true });

const result = {
  scale,
  orderLines: lines,
  period: `${fromMonth}–${toMonth}`,
  rounds,
  load: os.loadavg().map((x) => Number(x.toFixed(1))),
  summary,
  reports: rows,
};
console.log(`\n| report | rows | operation (ms) | own SQL (ms) | ratio |\n|---|---|---|---|---|`);
for (const r of rows) console.log(`| ${r.report} | ${r.rows} | ${r.operationMs} | ${r.sqlMs} | ${r.ratio} |`);
console.log(
  `scale ${scale}: ${lines.toLocaleString()} order lines, period ${result.period}, median of ${rounds}; load average ${result.load.join(' / ')}`,
);
console.log(`wrote ${writeResult(`reports-s${scale}`, result)}`);
