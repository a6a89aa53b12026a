/**
 * npm run bench:scenario -- [--people 500,750,1000,1500] [--duration 30] [--ramp 20] [--setups postgres,pglite]
 *                           [--think 10] [--mix visit|request] [--no-build] [--kill]
 * npm run bench:scenario:small          (PEOPLE=50 DURATION=30 RAMP=10: the same, small, to see it work end to end)
 * (each option also from the environment: PEOPLE, DURATION, RAMP, SETUPS, THINK)
 *
 * A company's day: people with an exponential think time (mean `--think` s, capped
 * at 3×) before each visit — a list, then at once the document opened from it (`--mix visit`, the default: the
 * workload the capacity issue defines, ≈ 190 requests/s for 1,000 people) — or between any two requests (`--mix request`,
 * the lighter mix of earlier runs: about half the rate for the same people); 40 % requesters (PR list, open a PR, 8 % of visits write a new PR),
 * 25 % purchasing (PO list, open a PO, the warehousing or the deliveries list), 10 % approvers (their
 * pending approvals, the PRs in approval, open one), 20 % suppliers (their POs, open one, their RFQs),
 * 5 % monitors (settlements, sent POs). Each person logs in once, during the ramp, half of them on each
 * server; a PR written is read back by its author through the OTHER server at once, and one not found
 * there counts as lost. Setups: `postgres` — two compiled servers (dist-server/main.mjs, as `npm start`
 * runs it) over one PostgreSQL database; `pglite` — the embedded default, one server. Each setup starts on
 * a fresh database the server migrates and seeds itself (the demo company).
 *
 * Prints per setup and size: requests/s, p50/p95/p99 over the measured window (`--duration` s from the
 * end of the ramp or the last login, whichever is later: logins are not measured), failed
 * requests (non-2xx or no answer), PRs acknowledged / lost, and the database statements per request
 * (from the servers' own gpms_db_statements_per_request on /metrics). Results: bench/results/scenario.json.
 * `--kill` (two servers): half-way through the last size's measured window the second server is killed with
 * SIGKILL; from then on its people's requests go to the survivor (as a balancer would send them), the requests
 * the dead server had in flight count as failed, and at the end every PR acknowledged in the window is read
 * back by its author through the survivor: one not found there counts as lost.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import poList from '../screens/purchase-order/orderRequestList.screen';
import warehousingItems from '../screens/fulfilment-delivery/warehousingItemList.screen';
import supplierPoList from '../screens/cyber-purchase/orderList.screen';
import type { ListScreenDef } from '../engine/definition/types';
import { queryString, screenCase, SCREENS } from './api-cases';
import { writeResult } from './harness';
import { ADMIN_URL, scaleDbName } from './scale-db';
import { DEMO_PASSWORD } from '../server/db/seed/accounts.js';

const ROOT = path.resolve(import.meta.dirname, '..');
// Each option also from the environment (PEOPLE=50 DURATION=30 npm run bench:scenario); the command
// line wins. `npm run bench:scenario:small` is 50 people, 10 s ramp, 30 s measured, both setups.
const envOf = (name: string) => process.env[name.toUpperCase()]?.replace(/(\d)s$/, '$1');
const textArg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : (envOf(name) ?? fallback);
};
const sizes = textArg('people', '500,750,1000,1500').split(',').map(Number);
const duration = Number(textArg('duration', '30'));
const ramp = Number(textArg('ramp', '20'));
const thinkMean = Number(textArg('think', '10'));
/** `visit`: a think, then a list and the document opened from it back to back; `request`: a think before every request. */
const mix = textArg('mix', 'visit');
if (mix !== 'visit' && mix !== 'request') throw new Error(`--mix ${mix}: visit or request`);
const setups = textArg('setups', 'postgres,pglite').split(',') as Array<'postgres' | 'pglite'>;
const build = !process.argv.includes('--no-build');
const killOne = process.argv.includes('--kill');
/** Servers killed by `--kill`: a request for one goes to a live server instead, as a balancer would send it. */
const dead = new Set<string>();
const live = (base: string, bases: string[]) => (dead.has(base) ? (bases.find((b) => !dead.has(b)) ?? base) : base);

// ---- the requests ---------------------------------------------------------------------------

const openapi = JSON.parse(fs.readFileSync(path.join(ROOT, 'schemas/openapi.generated.json'), 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string }>>;
};
const pathOf = (operationId: string): string => {
  for (const [p, methods] of Object.entries(openapi.paths))
    for (const op of Object.values(methods)) if (op.operationId === operationId) return p;
  throw new Error(`${operationId}: no such operation`);
};
/** A list as its screen sends it when opened (bench/api-cases.ts), or plain first page. */
const screenList = (name: string, def: ListScreenDef) => {
  const c = screenCase(name, def);
  return `${pathOf(c.operation)}?${queryString(c.query, 1, c.pageSize)}`;
};
const byName = (name: string) => SCREENS.find((s) => s.name === name)!.def;
const LISTS = {
  prs: screenList('PR list', byName('PR list')),
  prsInApproval: `${pathOf('listPrs')}?page=1&size=100&status=IN_APPROVAL`,
  pos: screenList('PO list', poList as ListScreenDef),
  sentPos: `${pathOf('listPos')}?page=1&size=100&status=SENT`,
  warehousing: screenList('warehousing items', warehousingItems as ListScreenDef),
  deliveries: screenList('deliveries', byName('deliveries')),
  settlements: screenList('settlements', byName('settlements')),
  approvals: `${pathOf('listMyPendingApprovals')}`,
  supplierPos: screenList('supplier PO list', supplierPoList as ListScreenDef),
  supplierRfqs: `${pathOf('listSupplierRfqs')}?page=1&size=100`,
};

type Role = 'requester' | 'purchasing' | 'approver' | 'supplier' | 'monitor';
const ROLES: Array<{ role: Role; share: number; users: string[]; cyber: boolean }> = [
  { role: 'requester', share: 0.4, users: ['buyer', 'uadmin1', 'uadmin2', 'uadmin3'], cyber: false },
  { role: 'purchasing', share: 0.25, users: ['operator', 'tfadmin'], cyber: false },
  { role: 'approver', share: 0.1, users: ['uadmin1', 'opadmin'], cyber: false },
  { role: 'supplier', share: 0.2, users: ['supplier1', 'supplier2'], cyber: true },
  { role: 'monitor', share: 0.05, users: ['monitor'], cyber: false },
];

const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
const newPr = () => ({
  title: '업무일 시나리오 구매요청',
  desiredDate: day(30),
  purpose: 'bench:scenario',
  currency: 'KRW',
  lines: [{ itemCode: 'MRO0101-0001', quantity: '10', estUnitPrice: '1500' }],
});

// ---- measuring ------------------------------------------------------------------------------

interface Tally {
  measuring: boolean;
  latencies: number[];
  failed: number;
  failures: Map<string, number>;
  acknowledged: number;
  lost: number;
  /** Every PR acknowledged in the window, with its author's headers: read back at the end after a kill. */
  written: Array<{ prNo: string; headers: Record<string, string> }>;
  logins: number;
  loginFailed: number;
}

async function call(
  t: Tally,
  base: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const t0 = performance.now();
  let status = 0;
  let json: unknown = null;
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    status = res.status;
    const text = await res.text();
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  } catch {
    status = 0;
  }
  if (t.measuring) {
    t.latencies.push(performance.now() - t0);
    if (status < 200 || status >= 300) {
      t.failed++;
      const key = `${method} ${url.split('?')[0]} ${status}`;
      t.failures.set(key, (t.failures.get(key) ?? 0) + 1);
    }
  }
  return { status, json };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const think = () => sleep(Math.min(-Math.log(1 - Math.random()) * thinkMean, thinkMean * 3) * 1000);
const firstKey = (json: unknown, key: string): string | null => {
  const rows = (json as { rows?: Array<Record<string, unknown>> } | null)?.rows;
  if (!Array.isArray(rows) || rows.length === 0) return null;
  const row = rows[Math.floor(Math.random() * Math.min(rows.length, 20))];
  const v = row?.[key];
  return typeof v === 'string' ? v : null;
};

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

async function staffLogin(base: string, username: string): Promise<string | null> {
  const res = await fetch(
    `${base}/auth/api/login/idpw`,
    form({ systemId: 'GPMS', grantType: 'idpw', username, password: DEMO_PASSWORD }),
  ).catch(() => null);
  if (!res || res.status !== 200) return null;
  return ((await res.json()) as { accessToken: string }).accessToken;
}

// A supplier's login asks for a one-time code, read from the development outbox (DEV_OUTBOX=on) by
// its recipient. Issuing a code ends the user's earlier unused one (server/auth/otp.ts), so logins
// of the same account go one at a time — each account its own queue; different accounts at once.
const recipients = new Map<string, string>();
const supplierQueues = new Map<string, Promise<unknown>>();

async function supplierLoginNow(base: string, userId: string): Promise<string | null> {
  const first = await fetch(
    `${base}/api/v1/cyberLogin`,
    form({ userId, userPw: DEMO_PASSWORD, optGubun: 'SMS' }),
  ).catch(() => null);
  if (!first || first.status !== 200) return null;
  const to = recipients.get(userId);
  const outbox = (await (
    await fetch(`${base}/api/dev/outbox?limit=1${to ? `&to=${encodeURIComponent(to)}` : ''}`)
  ).json()) as Array<{ to: string; code: string | null }>;
  const code = outbox[0]?.code;
  if (!code) return null;
  if (!to) recipients.set(userId, outbox[0].to);
  const second = await fetch(
    `${base}/api/v1/cyberCheckOtp`,
    form({ userId, userPw: DEMO_PASSWORD, otpNum: code }),
  ).catch(() => null);
  if (!second || second.status !== 200) return null;
  return ((await second.json()) as { user: { accessToken: string } }).user.accessToken;
}

function supplierLogin(base: string, userId: string): Promise<string | null> {
  const queue = supplierQueues.get(userId) ?? Promise.resolve();
  const next = queue.then(() => supplierLoginNow(base, userId));
  supplierQueues.set(
    userId,
    next.catch(() => null),
  );
  return next.catch(() => null);
}

/**
 * Each supplier account's recipient, learned by one login of each before any load (nothing else
 * is sent then, so the newest message is that login's): from then on each login reads its own code by it.
 */
async function learnRecipients(base: string) {
  for (const r of ROLES.filter((x) => x.cyber))
    for (const userId of r.users) {
      if (recipients.has(userId)) continue;
      if (!(await supplierLoginNow(base, userId))) throw new Error(`${userId}: the supplier login failed`);
    }
}

async function person(
  t: Tally,
  bases: string[],
  index: number,
  roleOf: (typeof ROLES)[number],
  window: { stopAt: number },
  loginAt: number,
  loggedIn: () => void,
): Promise<void> {
  const mine = bases[index % bases.length];
  const other = bases[(index + 1) % bases.length];
  const username = roleOf.users[index % roleOf.users.length];
  await sleep(Math.max(0, loginAt - Date.now()));
  const token = await (roleOf.cyber ? supplierLogin(mine, username) : staffLogin(mine, username));
  loggedIn();
  if (!token) {
    t.loginFailed++;
    return;
  }
  t.logins++;
  const headers = { authorization: `Bearer ${token}`, iscyber: roleOf.cyber ? 'Y' : 'N' };
  const get = (url: string, base = mine) => call(t, live(base, bases), 'GET', url, headers);
  // A list starts a visit (a think first); an open follows its list at once in the visit mix, as a person clicks a row.
  const step = async (fn: () => Promise<unknown>, kind: 'list' | 'open' = 'list') => {
    if (Date.now() >= window.stopAt) return false;
    if (kind === 'list' || mix === 'request') await think();
    if (Date.now() >= window.stopAt) return false;
    await fn();
    return true;
  };
  while (Date.now() < window.stopAt) {
    switch (roleOf.role) {
      case 'requester': {
        let list: unknown = null;
        if (!(await step(async () => (list = (await get(LISTS.prs)).json)))) return;
        const prNo = firstKey(list, 'prNo');
        if (prNo && !(await step(() => get(`${pathOf('getPr').replace('{prNo}', prNo)}`), 'open'))) return;
        if (Math.random() < 0.08) {
          await step(async () => {
            const created = await call(t, live(mine, bases), 'POST', pathOf('createPr'), headers, newPr());
            const no = (created.json as { prNo?: string } | null)?.prNo;
            if (created.status !== 200 || !no) return;
            const measuring = t.measuring;
            if (measuring) {
              t.acknowledged++;
              t.written.push({ prNo: no, headers });
            }
            // Read back by its author through the other server at once.
            const back = await get(pathOf('getPr').replace('{prNo}', no), other);
            if (measuring && (back.status !== 200 || (back.json as { prNo?: string } | null)?.prNo !== no)) t.lost++;
          });
        }
        break;
      }
      case 'purchasing': {
        let list: unknown = null;
        if (!(await step(async () => (list = (await get(LISTS.pos)).json)))) return;
        const poNo = firstKey(list, 'poNo');
        if (poNo && !(await step(() => get(pathOf('getPo').replace('{poNo}', poNo)), 'open'))) return;
        // Only operator's group holds the warehousing and deliveries lists (tfadmin's: the orders).
        if (
          username === 'operator' &&
          !(await step(() => get(Math.random() < 0.5 ? LISTS.warehousing : LISTS.deliveries)))
        )
          return;
        break;
      }
      case 'approver': {
        if (!(await step(() => get(LISTS.approvals)))) return;
        let list: unknown = null;
        if (!(await step(async () => (list = (await get(LISTS.prsInApproval)).json)))) return;
        const prNo = firstKey(list, 'prNo');
        if (prNo && !(await step(() => get(pathOf('getPr').replace('{prNo}', prNo)), 'open'))) return;
        break;
      }
      case 'supplier': {
        let list: unknown = null;
        if (!(await step(async () => (list = (await get(LISTS.supplierPos)).json)))) return;
        const poNo = firstKey(list, 'poNo');
        if (poNo && !(await step(() => get(pathOf('getSupplierPo').replace('{poNo}', poNo)), 'open'))) return;
        if (!(await step(() => get(LISTS.supplierRfqs)))) return;
        break;
      }
      case 'monitor': {
        if (!(await step(() => get(LISTS.settlements)))) return;
        if (!(await step(() => get(LISTS.sentPos)))) return;
        break;
      }
    }
  }
}

/**
 * The servers' own count: statements per request over the window (their /metrics), per server, so the window's
 * figure sums only the servers alive at its end (a killed server's count went with it).
 */
async function statementTotals(bases: string[]): Promise<Map<string, { sum: number; count: number }>> {
  const totals = new Map<string, { sum: number; count: number }>();
  for (const base of bases) {
    const t = { sum: 0, count: 0 };
    const text = await (await fetch(`${base}/metrics`)).text();
    for (const line of text.split('\n')) {
      if (!line.startsWith('gpms_db_statements_per_request_') || !line.includes('/api/')) continue;
      const value = Number(line.slice(line.lastIndexOf(' ') + 1));
      if (line.startsWith('gpms_db_statements_per_request_sum')) t.sum += value;
      else if (line.startsWith('gpms_db_statements_per_request_count')) t.count += value;
    }
    totals.set(base, t);
  }
  return totals;
}

/** Statements per request between two readings, over the servers of the second. */
function statementsPerRequest(
  before: Map<string, { sum: number; count: number }>,
  after: Map<string, { sum: number; count: number }>,
): number | null {
  let sum = 0;
  let count = 0;
  for (const [base, a] of after) {
    const b = before.get(base) ?? { sum: 0, count: 0 };
    sum += a.sum - b.sum;
    count += a.count - b.count;
  }
  return count > 0 ? Number((sum / count).toFixed(2)) : null;
}

const pct = (a: number[], q: number) => (a.length === 0 ? NaN : a[Math.min(a.length - 1, Math.floor(q * a.length))]);

async function runSize(bases: string[], people: number, kill?: () => void) {
  const t: Tally = {
    measuring: false,
    latencies: [],
    failed: 0,
    failures: new Map(),
    acknowledged: 0,
    lost: 0,
    written: [],
    logins: 0,
    loginFailed: 0,
  };
  const start = Date.now();
  const roles: Array<(typeof ROLES)[number]> = [];
  for (const r of ROLES) for (let i = 0; i < Math.round(r.share * people); i++) roles.push(r);
  // Measured from the end of the ramp or the last login, whichever is later (logins are not measured:
  // on a loaded machine 1,500 password checks outlast any ramp), for `duration` seconds.
  const window = { stopAt: Infinity };
  let pending = roles.length;
  let allIn!: () => void;
  const everyoneIn = new Promise<void>((r) => (allIn = r));
  const loggedIn = () => {
    if (--pending === 0) allIn();
  };
  const all = roles.map((r, i) => person(t, bases, i, r, window, start + Math.random() * ramp * 1000 * 0.8, loggedIn));
  await everyoneIn;
  await sleep(Math.max(0, start + ramp * 1000 - Date.now()));
  const loginsTook = (Date.now() - start) / 1000;
  const before = await statementTotals(bases);
  t.measuring = true;
  window.stopAt = Date.now() + duration * 1000;
  const killedAt = kill ? sleep((duration * 1000) / 2).then(() => (kill(), Date.now())) : null;
  await sleep(duration * 1000);
  t.measuring = false;
  const after = await statementTotals(bases.filter((b) => !dead.has(b)));
  await Promise.all(all);
  // After a kill: every PR acknowledged in the window, read back by its author through a live server.
  let lostAfterKill: number | null = null;
  if (killedAt) {
    await killedAt;
    lostAfterKill = 0;
    const survivor = live(bases[0], bases);
    for (const w of t.written) {
      const back = await call(t, survivor, 'GET', pathOf('getPr').replace('{prNo}', w.prNo), w.headers);
      if (back.status !== 200 || (back.json as { prNo?: string } | null)?.prNo !== w.prNo) lostAfterKill++;
    }
  }
  const a = t.latencies.sort((x, y) => x - y);
  return {
    people,
    requests: a.length,
    rps: Number((a.length / duration).toFixed(1)),
    p50: Math.round(pct(a, 0.5)),
    p95: Math.round(pct(a, 0.95)),
    p99: Math.round(pct(a, 0.99)),
    failed: t.failed,
    failures: Object.fromEntries(t.failures),
    acknowledged: t.acknowledged,
    lost: t.lost,
    ...(lostAfterKill === null ? {} : { killed: 'the second server, half-way through the window', lostAfterKill }),
    logins: t.logins,
    loginFailed: t.loginFailed,
    loginsTookS: Number(loginsTook.toFixed(1)),
    statementsPerRequest: statementsPerRequest(before, after),
    loadAverage: os.loadavg().map((x) => Number(x.toFixed(1))),
  };
}

// ---- the servers ----------------------------------------------------------------------------

async function startServer(
  env: Record<string, string>,
  port: number,
  log: string,
): Promise<{ base: string; child: ChildProcess }> {
  const out = fs.openSync(log, 'a');
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(ROOT, 'dist-server/main.mjs')], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', out, out],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 1_800_000;
  while (Date.now() < deadline) {
    // A server killed by a signal (the OOM killer on a loaded machine) has no exit code, only its signal.
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`server on ${port} exited (${child.exitCode ?? child.signalCode}); see ${log}`);
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.status === 200) return { base, child };
    } catch {
      // not listening yet
    }
    await sleep(1000);
  }
  throw new Error(`server on ${port} did not start; see ${log}`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(30_000)]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

async function runSetup(kind: 'postgres' | 'pglite') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `gpms-scenario-${kind}-`));
  fs.mkdirSync(path.join(dir, 'dist'));
  const log = path.join(dir, 'server.log');
  const env: Record<string, string> = {
    DATA_DIR: path.join(dir, 'data'),
    DIST_DIR: path.join(dir, 'dist'),
    AUTH_RATE_LIMIT: '100000',
    LOG_LEVEL: 'warn',
    BID_MASTER_KEY: 'ab'.repeat(32),
    // A demo server on PostgreSQL seals with a throw-away certificate (server/config-contracts.ts).
    CONTRACT_SEAL_THROWAWAY: 'on',
    DEV_OUTBOX: 'on',
  };
  const name = 'gpms_bench_scenario';
  if (kind === 'postgres') {
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    // The demo company at scale 1 (what npm start seeds) copied from the bench database when there is
    // one (bench/scale-db.ts; seeding takes minutes on a loaded machine); else the server seeds it.
    const template = scaleDbName(1);
    const copied = await admin.query(`create database ${name} template ${template}`).then(
      () => true,
      () => false,
    );
    if (!copied) await admin.query(`create database ${name}`);
    else console.log(`${kind}: the database copied from ${template}`);
    await admin.end();
    env.DATABASE_URL = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  }
  const servers: Array<{ base: string; child: ChildProcess }> = [];
  try {
    // The first migrates and seeds the demo company; the second finds it done.
    console.log(`${kind}: starting (migrate and seed on first start; log ${log}) …`);
    servers.push(await startServer(env, 18900, log));
    if (kind === 'postgres') servers.push(await startServer({ ...env, DATA_DIR: path.join(dir, 'data2') }, 18901, log));
    const bases = servers.map((s) => s.base);
    recipients.clear();
    await learnRecipients(bases[0]);
    const results = [];
    dead.clear();
    for (const people of sizes) {
      const kill =
        killOne && servers.length > 1 && people === sizes[sizes.length - 1]
          ? () => {
              console.log(`${kind}: killing the second server (SIGKILL) …`);
              servers[1].child.kill('SIGKILL');
              dead.add(bases[1]);
            }
          : undefined;
      console.log(`${kind}: ${people} people, ramp ${ramp} s, ${duration} s measured …`);
      const r = await runSize(bases, people, kill);
      console.log(`${kind}: ${JSON.stringify(r)}`);
      results.push(r);
    }
    return {
      setup: kind === 'postgres' ? 'two servers, PostgreSQL' : 'one server, PGlite (embedded default)',
      results,
    };
  } finally {
    for (const s of servers) await stop(s.child);
    if (kind === 'postgres') {
      const admin = new pg.Client({ connectionString: ADMIN_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (build) {
  console.log('building the server (npm run build:server) …');
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const all = [];
for (const kind of setups) all.push(await runSetup(kind));
console.log(
  `\nmix: ${mix === 'visit' ? 'a think before each visit (a list, then the document opened from it)' : 'a think before every request'}; think time exponential, mean ${thinkMean} s (capped ${thinkMean * 3} s); ${ramp} s ramp (logins), ${duration} s measured; load average now ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ')}`,
);
console.log(
  '| setup | people | requests/s | p50 | p95 | p99 | failed | PRs acknowledged / lost | statements / request |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const s of all) {
  for (const r of s.results)
    console.log(
      `| ${s.setup} | ${r.people.toLocaleString('en')} | ${r.rps} | ${r.p50} ms | ${r.p95} ms | ${r.p99} ms | ${r.failed} | ${r.acknowledged} / ${r.lost} | ${r.statementsPerRequest ?? '–'} |`,
    );
}
console.log(`\n${writeResult('scenario', { sizes, duration, ramp, thinkMean, mix, setups: all })}`);
process.exit(0);
