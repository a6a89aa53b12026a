/**
 * npm run bench:budget -- [--scale N] [--rounds R] [--warmup W]
 *
 * What the budget check costs the PR's submit and approval (≤ 5 %). On PostgreSQL seeded at
 * `--scale N` (bench/scale-db.ts; default 2), through the whole app (app.inject: authentication,
 * authority, validation, the transaction, the answer), the same operation is timed two ways in one run,
 * alternating round by round:
 *   control — the PR's lines are charged to SUP (STOP), whose key (the buyer's department, this month)
 *             has a budget line: the last approval locks the line, sums its ledger and checks it;
 *   none    — the same, with that key's budget line moved out of the way (fiscal year + 70) for the
 *             round, so the key is not controlled (the ledger rows are still written).
 * A round: create the PR (not timed), then submit + every approval step (timed together). p50 and the
 * mean of R rounds after W warm-ups each way; prints the ratio control / none − 1.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../server/app.js';
import { testConfig } from '../server/config.js';
import { loginAs, type LoggedIn } from '../tests/helpers/login.js';
import { consumedOf, lockBudgetLine } from '../server/modules/budget/consumption/queries.js';
import { writeResult } from './harness';
import { numberArg as arg, openScaleDb } from './scale-db';

const scale = arg('scale', 2);
const rounds = arg('rounds', 30);
const warmup = arg('warmup', 5);

const { url, dbh, orderLines } = await openScaleDb(scale);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-bench-budget-'));
const app = await buildApp({
  config: testConfig({ dataDir, distDir: path.join(dataDir, 'no-dist'), databaseUrl: url, jobsPollMs: 0 }),
  dbh,
});
await app.ready();
const u: Record<string, LoggedIn> = {};
for (const id of ['buyer', 'uadmin1', 'opadmin']) u[id] = await loginAs(app, id);

const json = async (method: 'GET' | 'POST', url: string, who: LoggedIn, payload?: object) => {
  const res = await app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const body = {
  title: '예산 벤치 구매요청',
  desiredDate: day(30),
  purpose: 'bench',
  currency: 'KRW',
  lines: [
    { itemCode: 'MRO0101-0001', quantity: '10', estUnitPrice: '1500', budgetAccount: 'SUP' },
    { itemName: '비규격 브래킷', unitCode: 'EA', quantity: '2', estUnitPrice: '12000', budgetAccount: 'SUP' },
  ],
};

/** Submit + every approval step of a fresh PR, in ms; answers the PR's key too. */
async function round(): Promise<{ ms: number; prNo: string }> {
  const pr = await json('POST', '/api/v1/prs', u.buyer, body);
  const t0 = performance.now();
  const submitted = await json('POST', `/api/v1/prs/${pr.prNo}/submit`, u.buyer, { version: pr.version });
  let approval = submitted.approvals.at(-1);
  while (approval.status === 'PENDING' || approval.status === 'IN_PROGRESS') {
    const step = approval.steps.find((s: { status: string }) => s.status === 'PENDING');
    const who = step.approverId === 'E000006' ? u.uadmin1 : u.opadmin;
    approval = (
      await json('POST', `/api/v1/approvals/${approval.approvalId}/approve`, who, { version: approval.version })
    ).approval;
  }
  return { ms: performance.now() - t0, prNo: pr.prNo };
}

// Every round consumes the key's budget (39,000 won a PR): leave room for this run's rounds, whatever earlier runs
// consumed, so the check passes each time (it still locks, sums and compares: the cost measured). The key is the
// buyer's department, this month (KST), SUP; the first round's ledger rows confirm it.
const [thisYear, thisMonth] = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 7).split('-').map(Number);
const buyerDept = (
  await dbh.db
    .selectFrom('appUser as u')
    .innerJoin('employee as e', 'e.singleid', 'u.singleid')
    .select('e.deptcd')
    .where('u.userId', '=', 'buyer')
    .executeTakeFirstOrThrow()
).deptcd;
await sql`update budget_line b set amount = coalesce((select sum(l.amount) from budget_ledger l where l.fiscal_year = b.fiscal_year and l.month = b.month and l.deptcd = b.deptcd and l.account_code = b.account_code), 0) - b.transferred + 10000000000
           where fiscal_year = ${thisYear} and month = ${thisMonth} and deptcd = ${buyerDept} and account_code = 'SUP'`.execute(
  dbh.db,
);
// The key the bench's PRs are charged to: found from the first PR's ledger rows.
const first = await round();
const key = await dbh.db
  .selectFrom('budgetLedger')
  .select(['fiscalYear', 'month', 'deptcd', 'accountCode'])
  .where('docNo', '=', first.prNo)
  .executeTakeFirstOrThrow();
const line = () =>
  dbh.db
    .selectFrom('budgetLine')
    .select('amount')
    .where('fiscalYear', '=', key.fiscalYear)
    .where('month', '=', key.month)
    .where('deptcd', '=', key.deptcd)
    .where('accountCode', '=', key.accountCode)
    .executeTakeFirst();
if (!(await line())) throw new Error(`no budget line for ${JSON.stringify(key)}: the seed should have one`);
if (key.fiscalYear !== thisYear || key.month !== thisMonth || key.deptcd !== buyerDept)
  throw new Error(`the PRs are charged to ${JSON.stringify(key)}, not ${thisYear}-${thisMonth} ${buyerDept}`);

const move = (from: number, to: number) =>
  dbh.db
    .updateTable('budgetLine')
    .set({ fiscalYear: to })
    .where('fiscalYear', '=', from)
    .where('month', '=', key.month)
    .where('deptcd', '=', key.deptcd)
    .where('accountCode', '=', key.accountCode)
    .execute();

// The check alone, as the last approval runs it per key whose consumption grows: lock the line, sum its ledger
// (consumption/queries.ts); 2 × R times before the rounds.
const direct: number[] = [];
for (let i = 0; i < warmup + rounds * 2; i++) {
  // Timed inside the transaction: the approval's transaction is open already, so BEGIN and COMMIT are not the check's.
  const ms = await dbh.db.transaction().execute(async (trx) => {
    const t0 = performance.now();
    await lockBudgetLine(trx, key);
    await consumedOf(trx, key);
    return performance.now() - t0;
  });
  if (i >= warmup) direct.push(ms);
}
const ledgerRows = Number(
  (
    await dbh.db
      .selectFrom('budgetLedger')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('fiscalYear', '=', key.fiscalYear)
      .where('month', '=', key.month)
      .where('deptcd', '=', key.deptcd)
      .where('accountCode', '=', key.accountCode)
      .executeTakeFirstOrThrow()
  ).n,
);

const times: Record<'control' | 'none', number[]> = { control: [], none: [] };
try {
  for (let i = 0; i < warmup + rounds; i++) {
    for (const mode of (i % 2 === 0 ? ['control', 'none'] : ['none', 'control']) as Array<'control' | 'none'>) {
      if (mode === 'none') await move(key.fiscalYear, key.fiscalYear + 70);
      try {
        const { ms } = await round();
        if (i >= warmup) times[mode].push(ms);
      } finally {
        if (mode === 'none') await move(key.fiscalYear + 70, key.fiscalYear);
      }
    }
  }
} finally {
  await app.close();
}

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const result = {
  scale,
  orderLines,
  rounds,
  warmup,
  key,
  control: { p50: p50(times.control), mean: mean(times.control) },
  none: { p50: p50(times.none), mean: mean(times.none) },
  overheadP50: p50(times.control) / p50(times.none) - 1,
  overheadMean: mean(times.control) / mean(times.none) - 1,
  /** The check alone (lock + sum of one key), and its share of the operation with control. */
  checkAlone: { p50: p50(direct), mean: mean(direct), keyLedgerRows: ledgerRows },
  checkShareP50: p50(direct) / p50(times.control),
  checkShareMean: mean(direct) / mean(times.control),
  at: new Date().toISOString(),
  loadAverage: os.loadavg(),
};
console.log(
  `scale ${scale} (${orderLines} order lines), ${rounds} rounds each after ${warmup} warm-ups; PR submit + approvals:`,
);
console.log(
  `  with budget control: p50 ${result.control.p50.toFixed(1)} ms, mean ${result.control.mean.toFixed(1)} ms`,
);
console.log(`  without (no line)  : p50 ${result.none.p50.toFixed(1)} ms, mean ${result.none.mean.toFixed(1)} ms`);
console.log(
  `  the check alone (lock + sum, ${ledgerRows} ledger rows of the key): p50 ${result.checkAlone.p50.toFixed(2)} ms, mean ${result.checkAlone.mean.toFixed(2)} ms = ${(result.checkShareP50 * 100).toFixed(1)} % / ${(result.checkShareMean * 100).toFixed(1)} % of the operation`,
);
console.log(
  `  budget check costs ${(result.overheadP50 * 100).toFixed(1)} % (p50), ${(result.overheadMean * 100).toFixed(1)} % (mean); target ≤ 5 %`,
);
writeResult(scale === 2 ? 'budget' : `budget-s${scale}`, result);
process.exit(0);
