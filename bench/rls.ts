/**
 * npx tsx bench/rls.ts [--db pglite|postgres|both] [--requests N] [--rounds R] [--url /api/v1/cyber/pos?…]
 *
 * What row-level security costs a supplier: the same supplier list operation
 * through the whole app (app.inject, logged in as supplier1 of C00001), on two apps over two copies
 * of the seeded demo database — one whose supplier statements run as gpms_supplier under the
 * policies (each statement in a transaction of its own: begin; set role and company; statement;
 * commit), one as before (connect's `supplierRole: false`: the plugin only). R rounds alternate the
 * two, N/R requests each after 10 warm-ups; mean, p50 and p95 per request, and the difference.
 * PostgreSQL: the database `gpms_bench_rls` (created, migrated and seeded once, then reused); PGlite:
 * in memory, migrated and seeded here, served from its worker thread as the server does.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.js';
import { testConfig } from '../server/config.js';
import { connect, type DbHandle } from '../server/db/connect.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { isSeeded, seedDemo } from '../server/db/seed/index.js';
import { DEMO_PASSWORD } from '../server/db/seed/accounts.js';
import { ADMIN_URL, numberArg } from './scale-db';

const requests = numberArg('requests', 300);
const rounds = numberArg('rounds', 6);
const argOf = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const which = argOf('db', 'both');
const url = argOf('url', '/api/v1/cyber/pos?page=1&size=20');

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** supplier1's headers, through the portal's login with the one-time code from the development outbox. */
async function supplierHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  const first = await app.inject({
    method: 'POST',
    url: '/api/v1/cyberLogin',
    ...form({ userId: 'supplier1', userPw: DEMO_PASSWORD, optGubun: 'SMS' }),
  });
  if (first.statusCode !== 200) throw new Error(`cyberLogin: ${first.statusCode} ${first.body}`);
  const [entry] = (await app.inject({ method: 'GET', url: '/api/dev/outbox?limit=1' })).json();
  const second = await app.inject({
    method: 'POST',
    url: '/api/v1/cyberCheckOtp',
    ...form({ userId: 'supplier1', userPw: DEMO_PASSWORD, otpNum: entry.code }),
  });
  if (second.statusCode !== 200) throw new Error(`cyberCheckOtp: ${second.statusCode} ${second.body}`);
  return { authorization: `Bearer ${second.json().user.accessToken}`, iscyber: 'Y' };
}

interface Side {
  name: string;
  app: FastifyInstance;
  headers: Record<string, string>;
  times: number[];
  close(): Promise<void>;
}

async function side(name: string, dbh: DbHandle): Promise<Side> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-bench-rls-'));
  const config = testConfig({ dataDir, distDir: path.join(dataDir, 'no-dist'), jobsPollMs: 0, devOutbox: true });
  const app = await buildApp({ config, dbh });
  const headers = await supplierHeaders(app);
  return {
    name,
    app,
    headers,
    times: [],
    close: async () => {
      await app.close();
      await dbh.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function run(s: Side, n: number, record: boolean): Promise<number> {
  let rows = 0;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    const res = await s.app.inject({ method: 'GET', url, headers: s.headers });
    const ms = performance.now() - t0;
    if (res.statusCode !== 200) throw new Error(`${s.name}: ${res.statusCode} ${res.body}`);
    rows = (res.json().rows ?? []).length;
    if (record) s.times.push(ms);
  }
  return rows;
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  return { mean, p50: pct(sorted, 50), p95: pct(sorted, 95) };
}

async function compare(kind: string, open: (supplierRole: boolean) => Promise<DbHandle>) {
  const on = await side('rls', await open(true));
  const off = await side('plugin only', await open(false));
  const rowsOn = await run(on, 10, false);
  const rowsOff = await run(off, 10, false);
  if (rowsOn !== rowsOff) throw new Error(`the two answer differently: ${rowsOn} vs ${rowsOff} rows`);
  const per = Math.ceil(requests / rounds);
  for (let r = 0; r < rounds; r++) {
    for (const s of r % 2 === 0 ? [off, on] : [on, off]) await run(s, per, true);
  }
  const a = summary(off.times);
  const b = summary(on.times);
  const f = (x: number) => x.toFixed(2).padStart(7);
  console.log(
    `\n${kind}: GET ${url} as supplier1 (${rowsOn} rows), ${off.times.length} requests each, ${rounds} alternating rounds`,
  );
  console.log(`                 mean ms   p50 ms   p95 ms`);
  console.log(`  plugin only  ${f(a.mean)}  ${f(a.p50)}  ${f(a.p95)}`);
  console.log(`  + RLS        ${f(b.mean)}  ${f(b.p50)}  ${f(b.p95)}`);
  console.log(
    `  difference   ${f(b.mean - a.mean)}  ${f(b.p50 - a.p50)}  ${f(b.p95 - a.p95)}   (mean ${(((b.mean - a.mean) / a.mean) * 100).toFixed(1)} %)`,
  );
  console.log(
    `  load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  await on.close();
  await off.close();
}

if (which === 'postgres' || which === 'both') {
  const name = 'gpms_bench_rls';
  const dbUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  if ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 0)
    await admin.query(`create database ${name}`);
  await admin.end();
  const setup = await connect({ databaseUrl: dbUrl, pgliteDir: null });
  await migrateToLatest(setup.db);
  if (!(await isSeeded(setup.db))) await seedDemo(setup.db, {});
  await setup.close();
  await compare('PostgreSQL', (supplierRole) => connect({ databaseUrl: dbUrl, pgliteDir: null, supplierRole }));
}

if (which === 'pglite' || which === 'both') {
  const setup = await connect({ databaseUrl: null, pgliteDir: null, pgliteThread: 'main' });
  await migrateToLatest(setup.db);
  await seedDemo(setup.db, {});
  const dump = await setup.dumpDataDir!();
  await setup.close();
  await compare('PGlite (worker thread)', (supplierRole) =>
    connect({ databaseUrl: null, pgliteDir: null, loadDataDir: dump.slice(), pgliteThread: 'worker', supplierRole }),
  );
}
