/**
 * npm run bench:export:rss -- [--scale N] [--page-size P] [--max-old-space MB] [--query k=v …] [--label L]
 *
 * The memory of a real server during a server-side export (≤ 300 MB RSS for
 * 1,000,000 rows). Starts the server as `npm run serve` does (compiled, `node dist-server/main.mjs`;
 * BENCH_TSX=1: server/main.ts under `node --import tsx`), NODE_ENV=production, on the scale-N
 * database of bench/scale-db.ts; logs in as admin, starts POST /api/v1/exports of the largest list
 * and samples the child's VmRSS and VmHWM (/proc/<pid>/status) every 200 ms until the export is
 * done, then downloads the file and counts its rows. EXPORT_PAGE_SIZE=P (default the server's
 * 5000) and --max-old-space-size=MB (default none) are passed to the server.
 *
 * The list: `listPos` with no filter (purchase and simple orders, the PO list's columns), the
 * largest list a screen can export — the seed multiplies orders with the scale (scale 50: 300,000
 * orders); the 1.13 M order lines are not a list of their own. Results: bench/results/export-rss-s<N>.json
 * (`--label L`: export-rss-L.json, for a database given by DATABASE_URL that is not a seed scale, such as
 * the 1,000,000-order copy of bench/results/log.md).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { fetch } from 'undici';
import poList from '../screens/purchase-order/orderRequestList.screen';
import type { ListScreenDef } from '../engine/definition/types';
import { DEMO_PASSWORD } from '../server/db/seed/accounts.js';
import { numberArg as arg, openScaleDb, scaleDbUrl } from './scale-db';
import { buildServer } from '../scripts/build-server.mjs';
import { freePort } from '../scripts/free-port.mjs';
import { TEST_BID_MASTER_KEY } from '../tests/helpers/bid-key.js';
import { testContractSealEnv } from '../tests/helpers/contract-seal.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const scale = arg('scale', 2);
const pageSize = arg('page-size', 0);
const maxOldSpace = arg('max-old-space', 0);
const labelAt = process.argv.indexOf('--label');
const label = labelAt >= 0 ? process.argv[labelAt + 1] : `s${scale}`;
const query: Record<string, string> = {};
process.argv.forEach((a, i) => {
  if (a === '--query') {
    const [k, v] = process.argv[i + 1].split('=');
    query[k] = v;
  }
});

// Seeded once (and migrated) before the server starts, so the server only opens it.
const scaled = await openScaleDb(scale);
const orderLines = scaled.orderLines;
await scaled.dbh.close();

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-bench-export-rss-'));
// The compiled server, as `npm start` runs it (BENCH_TSX=1: through tsx, as before).
const tsx = process.env.BENCH_TSX === '1';
if (!tsx) await buildServer();
const nodeArgs = [
  ...(tsx ? ['--import', 'tsx'] : []),
  ...(maxOldSpace ? [`--max-old-space-size=${maxOldSpace}`] : []),
  tsx ? 'server/main.ts' : 'dist-server/main.mjs',
];
const child = spawn(process.execPath, nodeArgs, {
  cwd: ROOT,
  env: {
    BID_MASTER_KEY: TEST_BID_MASTER_KEY,
    // Production requires a seal certificate and a time-stamping URL (this bench executes no contract).
    ...testContractSealEnv(),
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: scaleDbUrl(scale),
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'no-dist'),
    HOST: '127.0.0.1',
    PORT: String(port),
    SEED: 'none',
    LOG_LEVEL: 'warn',
    INTERNAL_HOST: '127.0.0.1',
    ...(pageSize ? { EXPORT_PAGE_SIZE: String(pageSize) } : {}),
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => {
  if (child.exitCode === null) child.kill('SIGTERM');
};
process.on('exit', stop);

function memory(): { rssMb: number; hwmMb: number } {
  const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitReady(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/readyz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error('server not ready in 150 s');
}

async function json<T>(res: Awaited<ReturnType<typeof fetch>>): Promise<T> {
  const body = await res.text();
  if (res.status < 200 || res.status > 299) throw new Error(`${res.url}: ${res.status} ${body.slice(0, 300)}`);
  return JSON.parse(body) as T;
}

try {
  await waitReady();
  const login = await json<{ accessToken: string }>(
    await fetch(`${base}/auth/api/login/idpw`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        systemId: 'GPMS',
        grantType: 'idpw',
        username: 'admin',
        password: DEMO_PASSWORD,
      }).toString(),
    }),
  );
  const headers = { authorization: `Bearer ${login.accessToken}`, iscyber: 'N', 'content-type': 'application/json' };
  // One page of the list first, so the baseline includes a warmed route (schemas compiled, pool open).
  await json(await fetch(`${base}/api/v1/pos?size=100`, { headers }));
  await sleep(1000);
  const baseline = memory();

  const def = poList as ListScreenDef;
  const columns = def.columns.map((c) => ({
    field: c.field,
    header: c.field,
    type: (c.type ?? 'text') as string,
    width: Math.round((c.width ?? 100) / 7),
    ...(c.currencyField ? { currencyField: c.currencyField } : {}),
  }));
  const t0 = performance.now();
  const started = await json<{ exportId: string }>(
    await fetch(`${base}/api/v1/exports`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        operation: 'listPos',
        query: { sort: 'poNo:desc', ...query },
        columns,
        sheetName: 'PO',
        tzOffsetMinutes: -540,
      }),
    }),
  );
  let peakRss = 0;
  let peakAtMs = 0;
  const samples: Array<{ t: number; rssMb: number }> = [];
  // Sampled on a timer of its own, so a slow status request does not leave gaps.
  const sampler = setInterval(() => {
    const m = memory();
    if (m.rssMb > peakRss) {
      peakRss = m.rssMb;
      peakAtMs = Math.round(performance.now() - t0);
    }
    samples.push({ t: Math.round(performance.now() - t0), rssMb: Number(m.rssMb.toFixed(1)) });
  }, 200);
  let status: { status: string; rowsDone: number; rowsTotal: number; bytes: number | null; error: string | null } = {
    status: 'RUNNING',
    rowsDone: 0,
    rowsTotal: 0,
    bytes: null,
    error: null,
  };
  try {
    while (status.status === 'RUNNING') {
      await sleep(1000);
      status = await json(await fetch(`${base}/api/v1/exports/${started.exportId}`, { headers }));
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - t0) / 1000;
  const end = memory();
  if (status.status !== 'DONE') throw new Error(`export ${status.status}: ${status.error}`);

  const file = await fetch(`${base}/api/v1/exports/${started.exportId}/file`, { headers });
  const bytes = Buffer.from(await file.arrayBuffer());
  // The sheet's rows, counted in its XML (header row included).
  const sheet = unzipSync(bytes, { filter: (f) => f.name === 'xl/worksheets/sheet1.xml' })['xl/worksheets/sheet1.xml'];
  // Searched in the bytes: a 1,000,000-row sheet is longer than a JavaScript string may be (512 MB).
  const xmlBytes = Buffer.from(sheet.buffer, sheet.byteOffset, sheet.byteLength);
  let sheetRows = 0;
  for (let at = xmlBytes.indexOf('<row'); at >= 0; at = xmlBytes.indexOf('<row', at + 4)) {
    const next = xmlBytes[at + 4];
    if (next === 0x20 || next === 0x3e) sheetRows++;
  }

  const result = {
    scale,
    database: new URL(scaleDbUrl(scale)).pathname.slice(1),
    orderLines,
    list: 'listPos (all orders, sort poNo:desc)',
    query,
    exportPageSize: pageSize || 5000,
    maxOldSpaceMb: maxOldSpace || null,
    rows: status.rowsDone,
    sheetRows,
    bytes: bytes.length,
    seconds: Number(seconds.toFixed(1)),
    baselineRssMb: Number(baseline.rssMb.toFixed(1)),
    // VmHWM is the process's peak since it started: above the sampled peak only if start-up was higher.
    baselineHwmMb: Number(baseline.hwmMb.toFixed(1)),
    peakRssMb: Number(peakRss.toFixed(1)),
    peakAtSeconds: Number((peakAtMs / 1000).toFixed(1)),
    peakHwmMb: Number(end.hwmMb.toFixed(1)),
    load: os.loadavg().map((x) => Number(x.toFixed(1))),
    samples: samples.filter((_, i) => i % 5 === 0),
  };
  console.log(
    `${label} (${result.database}): ${result.rows.toLocaleString('en')} rows (${sheetRows - 1} in the sheet), ${(bytes.length / 1e6).toFixed(1)} MB in ${result.seconds} s; ` +
      `server RSS baseline ${result.baselineRssMb} MB (VmHWM ${result.baselineHwmMb}), peak sampled ${result.peakRssMb} MB, VmHWM at the end ${result.peakHwmMb} MB, page size ${result.exportPageSize}${maxOldSpace ? `, --max-old-space-size=${maxOldSpace}` : ''}; load ${result.load.join(' / ')}`,
  );
  const out = path.join(
    ROOT,
    'bench/results',
    `export-rss-${label}${pageSize ? `-p${pageSize}` : ''}${maxOldSpace ? `-h${maxOldSpace}` : ''}.json`,
  );
  fs.writeFileSync(
    out,
    `${JSON.stringify({ ...result, measuredAt: new Date().toISOString(), node: process.version, cpus: os.cpus().length }, null, 2)}\n`,
  );
  console.log(`wrote ${path.relative(ROOT, out)}`);
} finally {
  stop();
  await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
