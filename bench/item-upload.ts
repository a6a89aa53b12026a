/**
 * npm run bench:items — the item Excel upload end to end on PostgreSQL: a 100,000-row × 15-column
 * workbook is uploaded through the API (multipart), read by the worker, checked against the
 * master and stored per row, then applied in one transaction. Prints the time of each phase and
 * the process's peak RSS (server and its upload worker share the process; the workbook is made by
 * a child process beforehand, so building it does not count). Needs PostgreSQL at
 * 127.0.0.1:5432 (TEST_PG_URL to change); uses a fresh database seeded with the demo company.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from 'xlsx';
import pg from 'pg';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { openDatabase } from '../server/db/open';
import { seedDemo } from '../server/db/seed';
import { COLUMN_KEYS, headerText } from '../server/modules/items/upload/columns';
import { loginAs } from '../tests/helpers/login';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);

type Cat = { catCode: string; sgCode: string | null; unitCode: string };
/** The child's job: the workbook a user would upload, written to a file (its memory is not the server's). */
function writeWorkbook(cats: Cat[], out: string): void {
  const aoa: unknown[][] = [COLUMN_KEYS.map((k) => headerText(k))];
  for (let i = 0; i < ROWS; i++) {
    const c = cats[i % cats.length];
    aoa.push(['', `벤치 품목 ${i}`, `Bench item ${i}`, `규격 ${i % 97}-${i}`, c.catCode, c.sgCode, c.unitCode, 1000 + (i % 5000), 'KRW', `제조사 ${i % 50}`, i % 3 === 0 ? 'STEEL' : '', i % 5 === 0 ? 'BLACK' : '', 'KR', '2026-11-01', 'Y']);
  }
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), '품목');
  fs.writeFileSync(out, new Uint8Array(XLSX.write(wb, { type: 'array', bookType: 'xlsx', compression: true }) as ArrayBuffer));
}
if (process.argv[2] === '--write-workbook') {
  writeWorkbook(JSON.parse(fs.readFileSync(process.argv[3], 'utf8')) as Cat[], process.argv[4]);
  process.exit(0);
}
const base = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `bench_items_${process.pid}`;
let peak = 0;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`create database ${dbName}`);
const url = base.replace(/\/[^/]*$/, `/${dbName}`);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-items-'));
try {
  const config = testConfig({ dataDir, distDir: path.join(dataDir, 'none'), databaseUrl: url, uploadLimitMb: 64 });
  const { dbh } = await openDatabase(config);
  await seedDemo(dbh.db);
  const app = await buildApp({ config, dbh });
  const who = await loginAs(app, 'tfadmin');
  const cats = await dbh.db.selectFrom('item').select(['catCode', 'sgCode', 'unitCode']).distinct().execute();
  const catsFile = path.join(dataDir, 'cats.json');
  const bookFile = path.join(dataDir, 'bench.xlsx');
  fs.writeFileSync(catsFile, JSON.stringify(cats));
  const made = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--write-workbook', catsFile, bookFile], { stdio: 'inherit' });
  if (made.status !== 0) throw new Error(`making the workbook failed (${made.status})`);
  const file = new Uint8Array(fs.readFileSync(bookFile));
  console.log(`workbook: ${ROWS} rows × ${COLUMN_KEYS.length} columns, ${(file.length / 1_048_576).toFixed(1)} MB`);
  const form = new FormData();
  form.append('file', new Blob([file], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), 'bench.xlsx');
  const req = new Request('http://local/', { method: 'POST', body: form });
  const payload = Buffer.from(await req.arrayBuffer());
  const rssBefore = process.memoryUsage().rss;
  peak = rssBefore;
  const t0 = performance.now();
  const res = await app.inject({ method: 'POST', url: '/api/v1/item/uploads', headers: { ...who.headers, 'content-type': req.headers.get('content-type')! }, payload });
  const answered = performance.now() - t0;
  if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  const { batchId } = res.json();
  const settle = async () => {
    for (;;) {
      const b = (await app.inject({ method: 'GET', url: `/api/v1/item/uploads/${batchId}`, headers: who.headers })).json();
      if (!['RECEIVED', 'PARSING', 'APPLYING'].includes(b.status)) return b;
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const checked = await settle();
  const t1 = performance.now();
  if (checked.status !== 'CHECKED') throw new Error(`batch ${checked.status}: ${checked.failMessage}`);
  await app.inject({ method: 'POST', url: `/api/v1/item/uploads/${batchId}/apply`, headers: who.headers, payload: { version: checked.version } });
  const applied = await settle();
  const t2 = performance.now();
  const result = {
    rows: ROWS, columns: COLUMN_KEYS.length, fileMb: +(file.length / 1_048_576).toFixed(1), answeredMs: Math.round(answered),
    checkSeconds: +((t1 - t0) / 1000).toFixed(1), applySeconds: +((t2 - t1) / 1000).toFixed(1), totalSeconds: +((t2 - t0) / 1000).toFixed(1),
    status: applied.status, countNew: checked.countNew, countError: checked.countError, peakRssMb: Math.round(peak / 1_048_576), rssBeforeUploadMb: Math.round(rssBefore / 1_048_576),
  };
  console.log(JSON.stringify(result, null, 2));
  fs.mkdirSync('bench/results', { recursive: true });
  fs.writeFileSync('bench/results/item-upload.json', JSON.stringify({ ...result, at: new Date().toISOString(), cpus: os.cpus().length }, null, 2) + '\n');
  await app.close();
} finally {
  clearInterval(sample);
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
