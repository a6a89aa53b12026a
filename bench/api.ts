/**
 * npm run bench:api -- [--scale N] [--rounds R] [--warmup W] [--connections C] [--duration S] [--deep-page P] [--only name]
 *
 * The heaviest lists the screens use (PO list, warehousing items, deliveries, settlements, PR list),
 * on PostgreSQL seeded at `--scale N` (default 2; bench/scale-db.ts creates and reuses
 * `gpms_bench_reports_s<N>`), each as its screen sends it when opened (bench/api-cases.ts): the first
 * page, and a deep page (page P, default 200, or the last page when there are fewer). Each case is
 * measured three ways in the same run, alternating:
 *   operation — GET through the whole app on a real listening server (app.listen on 127.0.0.1,
 *               undici fetch, logged in as admin, who sees every row): authentication, authority,
 *               validation, the SQL, the answer's schema and serialisation, HTTP;
 *   raw SQL   — the statements the operation's handler ran (recorded from Kysely's query log on a
 *               twin app, same text and parameters), replayed on a plain `pg` pool as the handler
 *               runs them (statements started together run together);
 *   bare      — a Fastify with no plugins answering the operation's own answer as a static body.
 * p50/p95 of R rounds (default 20) after W warm-ups (default 3); then throughput with C concurrent
 * clients (default 8) for S seconds each (default 5; autocannon for HTTP, C loops on a pool of C for
 * the raw SQL). Targets: operation p50 ≤ 1.3 × raw SQL p50; throughput ≥ 60 % of bare.
 * autocannon runs in a process of its own (bench/cannon.ts, as bench/load.ts does):
 * in this one it took the server's thread — its HTTP client, histograms and timers showed in the
 * profiles as the app's cost — so `CPU ms a request` is now this process's CPU per answered request
 * with only the measured server at work in it (the app, or the bare server), and `--profile` shows
 * the app alone. The raw SQL phase still runs here, on `pg`, paying the same decoding as the app.
 * Results: bench/results/api.json (printer: npx tsx bench/api-print.ts).
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { LogEvent } from 'kysely';
import { fetch } from 'undici';
import { buildApp, fastifyOptions, gpms } from '../server/app.js';
import { testConfig, type Config } from '../server/config.js';
import { connect } from '../server/db/connect.js';
import { preparedAllows } from '../server/db/lists/prepared-statements.js';
import { DEMO_PASSWORD } from '../server/db/seed/accounts.js';
import { listOperations } from '../server/modules/exports/list-operations.js';
import { SCREENS, queryString, screenCase, type ListCase } from './api-cases';
import { apiTables, type ApiCaseResult, type ApiResult, type Latency } from './api-print';
import { overlapGroups, rawPool, replay, statementLabel, type Statement } from './api-statements';
import { writeResult } from './harness';
import { numberArg as arg, openScaleDb } from './scale-db';
import { autocannonApart } from './cannon-apart';

const scale = arg('scale', 2);
const rounds = arg('rounds', 20);
const warmup = arg('warmup', 3);
const connections = arg('connections', 8);
const duration = arg('duration', 5);
const deepPage = arg('deep-page', 200);
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt >= 0 ? process.argv[onlyAt + 1].toLowerCase() : null;
// --explain: EXPLAIN (ANALYZE, BUFFERS) of every statement → bench/results/api-explain-s<N>.txt
const explain = process.argv.includes('--explain');
const explained: string[] = [];
// --profile <dir>: a CPU profile of this process while autocannon (in its own process) drives the
// operation (each case's throughput phase) → <dir>/api-<case>.cpuprofile (npx tsx bench/profile-top.ts <file>).
const profileAt = process.argv.indexOf('--profile');
const profileDir = profileAt >= 0 ? process.argv[profileAt + 1] : null;

const { url, dbh, orderLines } = await openScaleDb(scale);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gpms-bench-api-'));
// Request logs off (testConfig: LOG_LEVEL silent), as in a deployment logging warnings only.
const config: Config = testConfig({ dataDir, distDir: path.join(dataDir, 'no-dist'), databaseUrl: url, jobsPollMs: 0 });

// The measured app: exactly what server/main.ts builds, listening on a port.
const app = await buildApp({ config, dbh });
const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });

// The twin that records what a handler runs: the same plugin on its own connection with Kysely's
// query log, and a first preHandler hook marking where authentication ends and the handler begins.
let recording: Statement[] | null = null;
let inHandler = false;
const log = (event: LogEvent) => {
  if (!recording || !inHandler || event.level !== 'query') return;
  const endMs = performance.now();
  recording.push({
    sql: event.query.sql,
    parameters: event.query.parameters,
    startMs: endMs - event.queryDurationMillis,
    endMs,
  });
};
const twinDbh = await connect({ databaseUrl: url, pgliteDir: null, log });
const twin = Fastify(fastifyOptions(config));
twin.addHook('preHandler', async () => {
  inHandler = true;
});
twin.addHook('onSend', async () => {
  inHandler = false;
});
await twin.register(gpms, { config, dbh: twinDbh });
// The raw SQL names what the app names (the lists' kept statements), and nothing else.
const named = (sql: string) => preparedAllows(twinDbh.db.getExecutor(), sql);
await twin.ready();

async function login(): Promise<Record<string, string>> {
  const res = await fetch(`${appUrl}/auth/api/login/idpw`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      systemId: 'GPMS',
      grantType: 'idpw',
      username: 'admin',
      password: DEMO_PASSWORD,
    }).toString(),
  });
  const body = (await res.json()) as { accessToken?: string };
  if (!body.accessToken) throw new Error(`login failed: ${res.status}`);
  return { authorization: `Bearer ${body.accessToken}`, iscyber: 'N' };
}

async function record(
  path: string,
  headers: Record<string, string>,
): Promise<{ statements: Statement[]; body: string }> {
  recording = [];
  const res = await twin.inject({ method: 'GET', url: path, headers });
  const statements = recording;
  recording = null;
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  return { statements, body: res.body };
}

// The bare server: no plugins, one static answer per case.
const bareBodies = new Map<string, string>();
const bare: FastifyInstance = Fastify();
bare.get('/bare/:id', async (request, reply) =>
  reply.type('application/json; charset=utf-8').send(bareBodies.get((request.params as { id: string }).id)),
);
// The floor: the same bare server running the operation's recorded statements on the raw
// pool before sending the same body — what any server answering this list over HTTP from this database
// must pay (the SQL, pg's decoding, the HTTP of the same bytes). operation − floor is the app's own cost
// measured in one request, and floor ÷ raw SQL is the most an app can reach of the SQL's throughput here.
const floorGroups = new Map<string, Statement[][]>();
bare.get('/floor/:id', async (request, reply) => {
  const id = (request.params as { id: string }).id;
  await replay(pool, floorGroups.get(id)!, named);
  return reply.type('application/json; charset=utf-8').send(bareBodies.get(id));
});
const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

const pool = rawPool(url, Math.max(connections * 3, 4));
const ops = listOperations(app);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const latency = (xs: number[]): Latency => ({
  p50: Number(pct(xs, 50).toFixed(2)),
  p95: Number(pct(xs, 95).toFixed(2)),
});

async function timedFetch(target: string, headers?: Record<string, string>): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(target, { headers });
  await res.text();
  if (res.status !== 200) throw new Error(`${target}: ${res.status}`);
  return performance.now() - t0;
}

/**
 * Requests per second, and this process's CPU per request answered while autocannon (apart) drove it.
 * The window includes the child's start-up (tsx, ≈ 1 s), during which this process only waits.
 */
async function cannon(
  target: string,
  headers?: Record<string, string>,
): Promise<{ rps: number; errors: number; cpuMsPerRequest: number }> {
  const cpuBefore = process.cpuUsage();
  const r = await autocannonApart({ url: target, connections, duration, headers });
  const cpu = process.cpuUsage(cpuBefore);
  const answered = Math.max(1, r.requests.total);
  return {
    rps: r.requests.average,
    errors: r.errors + r.non2xx,
    cpuMsPerRequest: Number(((cpu.user + cpu.system) / 1000 / answered).toFixed(3)),
  };
}

let warmedUp = false;

async function sqlThroughput(groups: Statement[][]): Promise<number> {
  const until = performance.now() + duration * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        await replay(pool, groups, named);
        done++;
      }
    }),
  );
  return done / duration;
}

async function measure(
  c: ListCase,
  page: number,
  id: string,
  headers: Record<string, string>,
  after?: string,
): Promise<ApiCaseResult> {
  const op = ops.get(c.operation);
  if (!op || op.pathParams.length) throw new Error(`${c.operation}: not a list operation without path parameters`);
  const pathAndQuery = `${op.path}?${queryString(c.query, page, c.pageSize)}${after ? `&after=${after}` : ''}`;
  const { statements, body } = await record(pathAndQuery, headers);
  const groups = overlapGroups(statements);
  if (explain) {
    for (const st of statements) {
      const plan = await pool.query(`explain (analyze, buffers) ${st.sql}`, st.parameters as unknown[]);
      explained.push(
        `## ${c.name} page ${page}: ${statementLabel(st.sql)}\n${st.sql}\n${JSON.stringify(st.parameters)}\n${plan.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}\n`,
      );
    }
  }
  bareBodies.set(id, body);
  floorGroups.set(id, groups);
  const answer = JSON.parse(body) as { rows: unknown[]; total: number };
  const opMs: number[] = [];
  const rawMs: number[] = [];
  const bareMs: number[] = [];
  const floorMs: number[] = [];
  const perStatement = statements.map(() => [] as number[]);
  for (let r = 0; r < warmup + rounds; r++) {
    // Alternating, so the three see the same machine.
    const o = await timedFetch(`${appUrl}${pathAndQuery}`, headers);
    let t0 = performance.now();
    await replay(pool, groups, named);
    const s = performance.now() - t0;
    const b = await timedFetch(`${bareUrl}/bare/${id}`);
    const f = await timedFetch(`${bareUrl}/floor/${id}`);
    if (r < warmup) continue;
    opMs.push(o);
    rawMs.push(s);
    bareMs.push(b);
    floorMs.push(f);
    // Each statement alone, for the table's per-statement figures (the count among them).
    for (let i = 0; i < statements.length; i++) {
      t0 = performance.now();
      await pool.query(statements[i].sql, statements[i].parameters as unknown[]);
      perStatement[i].push(performance.now() - t0);
    }
  }
  const result: ApiCaseResult = {
    list: after ? `${c.name} (keyset)` : c.name,
    operation: c.operation,
    page,
    size: c.pageSize,
    total: answer.total,
    rows: answer.rows.length,
    bytes: Buffer.byteLength(body),
    url: pathAndQuery,
    statements: statements.map((s, i) => ({
      label: statementLabel(s.sql),
      group: groups.findIndex((g) => g.includes(s)) + 1,
      rawMs: latency(perStatement[i]),
    })),
    operationMs: latency(opMs),
    rawSqlMs: latency(rawMs),
    bareMs: latency(bareMs),
    floorMs: latency(floorMs),
    p50Ratio: 0,
  };
  result.p50Ratio = Number((result.operationMs.p50 / result.rawSqlMs.p50).toFixed(2));
  if (duration > 0 && connections > 0) {
    // The run's first throughput phase also paid V8's optimising compilation of the whole request path
    // (the PO list's page 1 showed 8.5 ms CPU a request against 3 ms on the next case): 2 s unmeasured first.
    if (!warmedUp) {
      await autocannonApart({ url: `${appUrl}${pathAndQuery}`, connections, duration: 2, headers });
      warmedUp = true;
    }
    const profiler = profileDir ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    // CPU time of this process per answered request (all its threads: the app's, and pg's none): unlike
    // wall time, it does not grow while other processes hold the CPUs (a shared machine).
    const opT = await cannon(`${appUrl}${pathAndQuery}`, headers);
    const cpuMsPerRequest = opT.cpuMsPerRequest;
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      fs.mkdirSync(profileDir!, { recursive: true });
      fs.writeFileSync(path.join(profileDir!, `api-${id}.cpuprofile`), JSON.stringify(profile));
      profiler.disconnect();
    }
    const bareT = await cannon(`${bareUrl}/bare/${id}`);
    const floorT = await cannon(`${bareUrl}/floor/${id}`);
    const rawRps = await sqlThroughput(groups);
    result.throughput = {
      connections,
      seconds: duration,
      operationRps: opT.rps,
      bareRps: bareT.rps,
      floorRps: floorT.rps,
      floorCpuMsPerRequest: floorT.cpuMsPerRequest,
      rawSqlRps: Number(rawRps.toFixed(1)),
      ratio: Number((opT.rps / bareT.rps).toFixed(3)),
      errors: opT.errors,
      cpuMsPerRequest,
    };
  }
  const t = result.throughput;
  console.log(
    `${`${c.name} p${page}${after ? ' key' : ''}`.padEnd(28)} ${String(result.rows).padStart(4)}/${String(result.total).padStart(7)} rows ${String(result.bytes).padStart(8)} B  op ${result.operationMs.p50.toFixed(1).padStart(7)}  sql ${result.rawSqlMs.p50.toFixed(1).padStart(7)}  bare ${result.bareMs.p50.toFixed(1).padStart(5)}  floor ${result.floorMs!.p50.toFixed(1).padStart(6)} ms  × ${result.p50Ratio.toFixed(2)}` +
      (t
        ? `  |  op ${t.operationRps.toFixed(0)}, floor ${t.floorRps!.toFixed(0)}, raw SQL ${t.rawSqlRps.toFixed(0)} req/s; ${t.cpuMsPerRequest} ms CPU a request (floor ${t.floorCpuMsPerRequest})`
        : ''),
  );
  return result;
}

const cases: ApiCaseResult[] = [];
try {
  for (const { name, def } of SCREENS) {
    if (only && !name.toLowerCase().includes(only)) continue;
    const c = screenCase(name, def);
    // A fresh token per list: the access token's lifetime is shorter than a long run.
    const headers = await login();
    const first = await measure(c, 1, `${c.operation}-1`, headers);
    cases.push(first);
    const last = Math.max(1, Math.ceil(first.total / c.pageSize));
    const deep = Math.min(deepPage, last);
    if (deep > 1) {
      cases.push(await measure(c, deep, `${c.operation}-${deep}`, headers));
      // The same page by key: the cursor page deep - 1 answered, as the engine sends it
      // when the user moves to the next page and the export reads every page.
      const op = ops.get(c.operation)!;
      if (op.keyset) {
        const before = await twin.inject({
          method: 'GET',
          url: `${op.path}?${queryString(c.query, deep - 1, c.pageSize)}`,
          headers,
        });
        const cursor = (before.json() as { nextCursor?: string | null }).nextCursor;
        if (cursor) cases.push(await measure(c, deep, `${c.operation}-${deep}-keyset`, headers, cursor));
      }
    }
  }
} finally {
  await app.close();
  await twin.close();
  await bare.close();
  await pool.end();
  await dbh.close();
  await twinDbh.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

if (explain)
  fs.writeFileSync(path.join(import.meta.dirname, `results/api-explain-s${scale}.txt`), explained.join('\n'));
const result: ApiResult = {
  scale,
  orderLines,
  rounds,
  warmup,
  load: os.loadavg().map((x) => Number(x.toFixed(1))),
  cases,
};
console.log(`\n${apiTables(result)}`);
console.log(`wrote ${writeResult(only ? `api-s${scale}-${only.replace(/\W+/g, '-')}` : 'api', result)}`);
