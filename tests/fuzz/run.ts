/**
 * npm run fuzz -- [--requests 50000] [--seed 1] [--concurrency 4] [--only opA,opB] [--out file.json] [--reuse]
 * Schema-guided fuzzing of every operation (cases in tests/fuzz/cases.ts, checks
 * in tests/fuzz/runner.ts). Starts the real app on a fresh demo database — PostgreSQL when
 * DATABASE_URL names an empty database, else PGlite in a temporary DATA_DIR — and exits 1 on any
 * 5xx, any invalid input answered 2xx, or any change to another company's data.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app.js';
import { loadConfig } from '../../server/config.js';
import { openDatabase } from '../../server/db/open.js';
import { seedDemo } from '../../server/db/seed/index.js';
import { describeReport, loadDoc, runFuzz } from './runner.js';
import { TEST_BID_MASTER_KEY } from '../helpers/bid-key.js';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
};
const target = Number(arg('requests', '50000'));
const seed = Number(arg('seed', '1'));
const concurrency = Number(arg('concurrency', '4'));
const only = arg('only', '').split(',').filter(Boolean);
const out = arg('out', '');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-fuzz-'));
const config = {
  ...loadConfig({
    BID_MASTER_KEY: TEST_BID_MASTER_KEY,
    // A test server on PostgreSQL seals with a throw-away certificate (server/config-contracts.ts).
    CONTRACT_SEAL_THROWAWAY: 'on',
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    DEV_OUTBOX: 'on',
    JOBS_POLL_MS: '0',
  }),
  authRateLimitPerMinute: 100000,
};
const { dbh } = await openDatabase(config);
// --reuse: a database seeded by an earlier run is used as it is (quicker while fixing what a run found).
if (!(
  process.argv.includes('--reuse') &&
  (await dbh.db.selectFrom('company').select('compNo').limit(1).execute()).length > 0
)) {
  const seeded = Date.now();
  await seedDemo(dbh.db, { scale: 1 });
  console.log(`seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s on ${dbh.description}`);
}
const app = await buildApp({ config, dbh });

const operations =
  only.length > 0 ? only.length : Object.values(loadDoc().paths).reduce((n, ops) => n + Object.keys(ops).length, 0);
const perOperation = Math.max(1, Math.ceil(target / operations));
console.log(`fuzzing ${operations} operations × ${perOperation} cases (seed ${seed}, ${concurrency} at a time)`);
const report = await runFuzz({
  app,
  db: dbh.db,
  seed,
  perOperation,
  concurrency,
  only: only.length > 0 ? only : undefined,
  log: (l) => console.log(l),
});
console.log(describeReport(report));
for (const f of [...report.serverErrors, ...report.acceptedInvalid].slice(0, 40))
  console.log(`  ${f.status} ${f.operationId} [${f.mutation}] ${f.request}\n      → ${f.answer}`);
if (out) fs.writeFileSync(out, JSON.stringify(report, null, 2));
await app.close();
await dbh.close();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(report.serverErrors.length > 0 || report.acceptedInvalid.length > 0 || report.otherCompanyChanged ? 1 : 0);
