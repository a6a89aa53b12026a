/**
 * npm run bench:heavy — latency of a light request while an unfiltered export runs.
 * Starts the real app on a fresh demo database (PGlite in a temporary DATA_DIR, or
 * DATABASE_URL), then:
 *   1. baseline: a light request (GET /api/v1/menus) every 20 ms for BASE_MS, alone;
 *   2. under load: the same while the read-only monitor downloads the unfiltered receipt extract
 *      (GET /api/v1/data-download/receipts) over and over for LOAD_MS.
 * Prints p50 / p95 / max of the light request in both phases and writes bench/results/heavy.json.
 * Options (environment): SEED_SCALE (demo seed scale, default 1), LOAD_MS (default 15000),
 * PGLITE_THREAD=main (PGlite in the server's thread, to compare; default: a worker thread, as the server).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { TEST_BID_MASTER_KEY } from '../tests/helpers/bid-key';
import { openDatabase } from '../server/db/open';
import { seedDemo } from '../server/db/seed/index';
import { DEMO_PASSWORD } from '../server/db/seed/accounts';

const LOAD_MS = Number(process.env.LOAD_MS ?? 15000);
const BASE_MS = 5000;
const scale = Number(process.env.SEED_SCALE ?? 1);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-bench-heavy-'));
const config = {
  ...loadConfig({
    BID_MASTER_KEY: TEST_BID_MASTER_KEY,
    // A test server on PostgreSQL seals with a throw-away certificate (server/config-contracts.ts).
    CONTRACT_SEAL_THROWAWAY: 'on',
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    DEV_OUTBOX: 'off',
  }),
  authRateLimitPerMinute: 10000,
};
// PGLITE_THREAD=main compares with PGlite in the server's own thread (the server always uses a worker).
const { dbh } = await openDatabase(config, { pgliteThread: process.env.PGLITE_THREAD === 'main' ? 'main' : 'worker' });
const seedStarted = Date.now();
await seedDemo(dbh.db, { scale });
console.log(`seeded (scale ${scale}) in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s on ${dbh.description}`);
const app = await buildApp({ config, dbh });
await app.listen({ host: '127.0.0.1', port: 0 });
const port = (app.server.address() as { port: number }).port;
const base = `http://127.0.0.1:${port}`;

async function login(userId: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}/auth/api/login/idpw`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ systemId: 'GPMS', grantType: 'idpw', username: userId, password: DEMO_PASSWORD }),
  });
  const body = (await res.json()) as { accessToken: string };
  return { authorization: `Bearer ${body.accessToken}`, iscyber: 'N' };
}
const buyer = await login('buyer');
const monitor = await login('monitor');

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((s.length - 1) * p))] * 10) / 10;
};
const summary = (xs: number[]) => ({
  n: xs.length,
  p50: pct(xs, 0.5),
  p95: pct(xs, 0.95),
  max: Math.round(Math.max(...xs)),
});

async function lightLoop(ms: number): Promise<number[]> {
  const until = Date.now() + ms;
  const times: number[] = [];
  while (Date.now() < until) {
    const started = performance.now();
    const res = await fetch(`${base}/api/v1/menus`, { headers: buyer });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 20));
  }
  return times;
}

// Warm up.
await lightLoop(1000);
const baseline = await lightLoop(BASE_MS);

let exports = 0;
let exportMs = 0;
let rows = 0;
let stop = false;
const exporter = (async () => {
  while (!stop) {
    const started = Date.now();
    const res = await fetch(`${base}/api/v1/data-download/receipts`, { headers: monitor });
    const buf = await res.arrayBuffer();
    if (res.status !== 200)
      throw new Error(`export answered ${res.status}: ${Buffer.from(buf).toString().slice(0, 200)}`);
    rows = Number(res.headers.get('x-total-count'));
    exportMs += Date.now() - started;
    exports++;
  }
})();
const loaded = await lightLoop(LOAD_MS);
stop = true;
await exporter;

// The per-user limit: a third concurrent export by the same user is refused at once.
const three = await Promise.all(
  [0, 1, 2].map(() =>
    fetch(`${base}/api/v1/data-download/receipts`, { headers: monitor }).then(
      async (r) => (await r.arrayBuffer(), r.status),
    ),
  ),
);

const result = {
  measuredAt: new Date().toISOString(),
  database: dbh.description,
  seedScale: scale,
  exportRows: rows,
  exportsRun: exports,
  exportMeanMs: Math.round(exportMs / Math.max(1, exports)),
  lightAlone: summary(baseline),
  lightDuringExport: summary(loaded),
  concurrentExportStatuses: three,
  machine: `${os.cpus().length} CPU ${os.cpus()[0]?.model ?? ''}, Node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join('/')}`,
};
console.log(JSON.stringify(result, null, 2));
fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
fs.writeFileSync(
  path.join(import.meta.dirname, 'results', process.env.BENCH_OUT ?? 'heavy.json'),
  `${JSON.stringify(result, null, 2)}\n`,
);
await app.close();
await dbh.close();
fs.rmSync(dataDir, { recursive: true, force: true });
