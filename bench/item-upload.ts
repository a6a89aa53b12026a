/**
 * npm run bench:items — the item Excel upload end to end on PostgreSQL: a 100,000-row × 15-column
 * workbook (BENCH_ROWS to change) is uploaded through the API (multipart), read by the worker,
 * checked against the master and stored per row, then applied in one transaction. Prints the time
 * of each phase and the server's memory.
 *
 * The server is a process of its own, started as `npm run serve` does (server/main.ts under tsx, one
 * `node --import tsx` process, NODE_ENV=production), on a fresh database seeded with the demo company
 * beforehand by this script; its upload worker is a thread of that process, so the process's RSS is
 * the server's and the worker's together. This script samples the server's VmRSS every 50 ms
 * (/proc/<pid>/status) and reads VmHWM (the peak since start) at the end; the workbook is made by
 * another child process, and this script's own copies of the file are not the server's. Needs
 * PostgreSQL at 127.0.0.1:5432 (TEST_PG_URL to change). Results: bench/results/item-upload.json.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from 'xlsx';
import pg from 'pg';
import { testConfig } from '../server/config';
import { openDatabase } from '../server/db/open';
import { seedDemo } from '../server/db/seed';
import { TEST_BID_MASTER_KEY } from '../tests/helpers/bid-key';
import { testContractSealEnv } from '../tests/helpers/contract-seal';
import { DEMO_PASSWORD } from '../server/db/seed/accounts';
import { COLUMN_KEYS, headerText } from '../server/modules/items/upload/columns';
import { buildServer } from '../scripts/build-server.mjs';
import { freePort } from '../scripts/free-port.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
/** BENCH_SST=1: strings in the shared-strings part, as Excel writes them (SheetJS's default writes them in the cells). */
const SST = process.env.BENCH_SST === '1';
/** BENCH_SERVER_FLAGS: node flags for the server process (e.g. --max-semi-space-size=4), to see where memory goes. */
const SERVER_FLAGS = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);

type Cat = { catCode: string; sgCode: string | null; unitCode: string };
/** The child's job: the workbook a user would upload, written to a file (its memory is not the server's). */
function writeWorkbook(cats: Cat[], out: string): void {
  const aoa: unknown[][] = [COLUMN_KEYS.map((k) => headerText(k))];
  for (let i = 0; i < ROWS; i++) {
    const c = cats[i % cats.length];
    aoa.push([
      '',
      `벤치 품목 ${i}`,
      `Bench item ${i}`,
      `규격 ${i % 97}-${i}`,
      c.catCode,
      c.sgCode,
      c.unitCode,
      1000 + (i % 5000),
      'KRW',
      `제조사 ${i % 50}`,
      i % 3 === 0 ? 'STEEL' : '',
      i % 5 === 0 ? 'BLACK' : '',
      'KR',
      '2026-11-01',
      'Y',
    ]);
  }
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), '품목');
  fs.writeFileSync(
    out,
    new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx', compression: true, bookSST: SST }) as ArrayBuffer),
  );
}
if (process.argv[2] === '--write-workbook') {
  writeWorkbook(JSON.parse(fs.readFileSync(process.argv[3], 'utf8')) as Cat[], process.argv[4]);
  process.exit(0);
}
const ROOT = path.resolve(import.meta.dirname, '..');
const pgBase = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `bench_items_${process.pid}`;
const admin = new pg.Client({ connectionString: pgBase });
await admin.connect();
await admin.query(`create database ${dbName}`);
const url = pgBase.replace(/\/[^/]*$/, `/${dbName}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-items-'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let child: ReturnType<typeof spawn> | null = null;
try {
  // Migrated and seeded here, so the server only opens the database (as a server that has run before).
  const { dbh } = await openDatabase(testConfig({ dataDir, distDir: path.join(dataDir, 'none'), databaseUrl: url }));
  await seedDemo(dbh.db);
  const cats = await dbh.db.selectFrom('item').select(['catCode', 'sgCode', 'unitCode']).distinct().execute();
  await dbh.close();
  const catsFile = path.join(dataDir, 'cats.json');
  const bookFile = path.join(dataDir, 'bench.xlsx');
  fs.writeFileSync(catsFile, JSON.stringify(cats));
  const made = spawnSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), '--write-workbook', catsFile, bookFile],
    { stdio: 'inherit' },
  );
  if (made.status !== 0) throw new Error(`making the workbook failed (${made.status})`);
  const file = new Uint8Array(fs.readFileSync(bookFile));
  console.log(
    `workbook: ${ROWS} rows × ${COLUMN_KEYS.length} columns${SST ? ', shared strings' : ''}, ${(file.length / 1_048_576).toFixed(1)} MB`,
  );

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The compiled server, as `npm start` runs it (BENCH_TSX=1: through tsx, as before).
  const entry =
    process.env.BENCH_TSX === '1'
      ? ['--import', 'tsx', 'server/main.ts']
      : (await buildServer(), ['dist-server/main.mjs']);
  const server = spawn(process.execPath, [...SERVER_FLAGS, ...entry], {
    cwd: ROOT,
    env: {
      BID_MASTER_KEY: TEST_BID_MASTER_KEY,
      // Production requires a seal certificate and a time-stamping URL (this bench executes no contract).
      ...testContractSealEnv(),
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'no-dist'),
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED: 'none',
      LOG_LEVEL: 'warn',
      INTERNAL_HOST: '127.0.0.1',
      UPLOAD_LIMIT_MB: '64',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child = server;
  const memory = () => {
    const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return { rssMb: Math.round(kb('VmRSS') / 1024), hwmMb: Math.round(kb('VmHWM') / 1024) };
  };
  for (let i = 0; ; i++) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}`);
    if (i > 600) throw new Error('server not ready in 150 s');
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    await sleep(250);
  }
  const afterStart = memory();
  const call = async (pathName: string, init: RequestInit = {}) => {
    const res = await fetch(`${base}${pathName}`, init);
    const body = await res.text();
    if (res.status < 200 || res.status > 299) throw new Error(`${pathName}: ${res.status} ${body.slice(0, 300)}`);
    return JSON.parse(body);
  };
  const login = await call('/auth/api/login/idpw', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      systemId: 'GPMS',
      grantType: 'idpw',
      username: 'tfadmin',
      password: DEMO_PASSWORD,
    }).toString(),
  });
  const auth = { authorization: `Bearer ${login.accessToken}`, iscyber: 'N' };
  // One page of the upload list first, so the baseline includes a warmed route (schemas compiled, pool open).
  await call('/api/v1/item/uploads?size=10', { headers: auth });
  await sleep(1000);
  const baseline = memory();

  const peaks = { check: 0, apply: 0 };
  const t0 = performance.now();
  let phase: keyof typeof peaks = 'check';
  const samples: Array<[number, number]> = [];
  const sampler = setInterval(() => {
    const rss = memory().rssMb;
    peaks[phase] = Math.max(peaks[phase], rss);
    samples.push([Math.round(performance.now() - t0), rss]);
  }, 50);
  const form = new FormData();
  form.append(
    'file',
    new Blob([file], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    'bench.xlsx',
  );
  const { batchId } = await call('/api/v1/item/uploads', { method: 'POST', headers: auth, body: form });
  const answered = performance.now() - t0;
  const settle = async () => {
    for (;;) {
      const b = await call(`/api/v1/item/uploads/${batchId}`, { headers: auth });
      if (!['RECEIVED', 'PARSING', 'APPLYING'].includes(b.status)) return b;
      await sleep(200);
    }
  };
  const checked = await settle();
  const t1 = performance.now();
  if (checked.status !== 'CHECKED') throw new Error(`batch ${checked.status}: ${checked.failMessage}`);
  phase = 'apply';
  await call(`/api/v1/item/uploads/${batchId}/apply`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ version: checked.version }),
  });
  const applied = await settle();
  const t2 = performance.now();
  clearInterval(sampler);
  const end = memory();
  const result = {
    rows: ROWS,
    columns: COLUMN_KEYS.length,
    sharedStrings: SST,
    serverFlags: SERVER_FLAGS.join(' '),
    fileMb: +(file.length / 1_048_576).toFixed(1),
    answeredMs: Math.round(answered),
    checkSeconds: +((t1 - t0) / 1000).toFixed(1),
    applySeconds: +((t2 - t1) / 1000).toFixed(1),
    totalSeconds: +((t2 - t0) / 1000).toFixed(1),
    status: applied.status,
    countNew: checked.countNew,
    countError: checked.countError,
    // The server process (main thread and upload worker): RSS when ready, after login and one list
    // request (the baseline), the highest sampled while reading + checking and while applying, and
    // VmHWM (its peak since start, start-up included) at the end.
    server: {
      rssAfterStartMb: afterStart.rssMb,
      rssBaselineMb: baseline.rssMb,
      peakRssCheckMb: peaks.check,
      peakRssApplyMb: peaks.apply,
      hwmMb: end.hwmMb,
    },
    peakRssMb: Math.max(peaks.check, peaks.apply),
    load: os.loadavg().map((x) => +x.toFixed(1)),
  };
  // The server's RSS over time (ms from the upload's start, MB): the highest of each half second.
  const timeline: Array<[number, number]> = [];
  for (const [t, rss] of samples) {
    const slot = Math.floor(t / 500) * 500;
    const last = timeline[timeline.length - 1];
    if (last && last[0] === slot) last[1] = Math.max(last[1], rss);
    else timeline.push([slot, rss]);
  }
  console.log(JSON.stringify(result, null, 2));
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(ROOT, `bench/results/item-upload${SST ? '-sst' : ''}.json`),
    JSON.stringify(
      {
        ...result,
        at: new Date().toISOString(),
        node: process.version,
        cpus: os.cpus().length,
        timeline: timeline.map(([t, rss]) => `${t}:${rss}`).join(' '),
      },
      null,
      2,
    ) + '\n',
  );
} finally {
  if (child && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
