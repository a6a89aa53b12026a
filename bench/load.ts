/**
 * npm run bench:load -- [--connections 200] [--duration 60] [--backends pglite,postgres] [--scale 1]
 *
 * Many users at once: C connections (default 200) for S seconds (default 60) on
 * the three lists users open most — staff's PO list, warehousing items, and a supplier's own PO
 * list — each as its screen sends it when opened (bench/api-cases.ts), spread evenly over the
 * connections, against a real listening server (the app as server/main.ts builds it) on each
 * backend in one run: the embedded PGlite (in its worker thread, as `npm start` runs it) and
 * PostgreSQL, both seeded with the demo data at `--scale` (default 1: what `npm start` seeds).
 * Prints per backend and list: requests/s, p50/p99 latency, errors (non-2xx and socket errors).
 * Results: bench/results/load.json. Targets: PGlite 0 errors and p99 ≤ 2 s.
 * `--profile <dir>`: a CPU profile of the server's thread (this process's main thread: HTTP, the
 * app, the driver; not the PGlite thread, not autocannon) while the load runs, written to
 * `<dir>/load-<backend>.cpuprofile` (open it in Chrome's DevTools, or `npx tsx bench/profile-top.ts`).
 */
import fs from 'node:fs';
import type http from 'node:http';
import { monitorEventLoopDelay, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import pg from 'pg';
import { buildApp } from '../server/app.js';
import { testConfig } from '../server/config.js';
import { connect, type DbHandle } from '../server/db/connect.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { seedDemo } from '../server/db/seed/index.js';
import { listOperations } from '../server/modules/exports/list-operations.js';
import { loginAs } from '../tests/helpers/login.js';
import poList from '../screens/purchase-order/orderRequestList.screen';
import warehousingItems from '../screens/fulfilment-delivery/warehousingItemList.screen';
import supplierPoList from '../screens/cyber-purchase/orderList.screen';
import type { ListScreenDef } from '../engine/definition/types';
import { queryString, screenCase } from './api-cases';
import { writeResult } from './harness';
import { ADMIN_URL, numberArg as arg } from './scale-db';
import { autocannonTogether } from './cannon-apart';
import type { ConnectionMoments } from './cannon';

const connections = arg('connections', 200);
const duration = arg('duration', 60);
const scale = arg('scale', 1);
/** ACTIVE_REQUESTS (server/http/admission.ts); 0: the configuration's default. A large number: no queue, as before the admission queue. */
const active = arg('active', 0);
const backendsAt = process.argv.indexOf('--backends');
const profileAt = process.argv.indexOf('--profile');
const profileDir = profileAt >= 0 ? process.argv[profileAt + 1] : null;
const backends = (backendsAt >= 0 ? process.argv[backendsAt + 1] : 'pglite,postgres').split(',') as Array<
  'pglite' | 'postgres'
>;

const LISTS = [
  { name: 'staff PO list', def: poList as ListScreenDef, user: 'admin' },
  { name: 'warehousing items', def: warehousingItems as ListScreenDef, user: 'admin' },
  { name: 'supplier PO list', def: supplierPoList as ListScreenDef, user: 'supplier1' },
];

interface ListResult {
  list: string;
  url: string;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
}

async function openBackend(
  kind: 'pglite' | 'postgres',
  dataDir: string,
): Promise<{ dbh: DbHandle; databaseUrl: string | null; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const dbh = await connect({ databaseUrl: null, pgliteDir: path.join(dataDir, 'pgdata') });
    return { dbh, databaseUrl: null, drop: async () => undefined };
  }
  const name = `gpms_bench_load_s${scale}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${name}`);
  const dbh = await connect({ databaseUrl, pgliteDir: null });
  return {
    dbh,
    databaseUrl,
    drop: async () => {
      const a = new pg.Client({ connectionString: ADMIN_URL });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

async function runBackend(
  kind: 'pglite' | 'postgres',
): Promise<{ backend: string; lists: ListResult[]; all: Omit<ListResult, 'list' | 'url'> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `gpms-bench-load-${kind}-`));
  const backend = await openBackend(kind, dataDir);
  await migrateToLatest(backend.dbh.db);
  await seedDemo(backend.dbh.db, { scale });
  const config = testConfig({
    dataDir,
    distDir: path.join(dataDir, 'no-dist'),
    databaseUrl: backend.databaseUrl,
    jobsPollMs: 0,
    ...(active > 0 ? { activeRequests: active } : {}),
  });
  const app = await buildApp({ config, dbh: backend.dbh });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const ops = listOperations(app);
    const headersOf = new Map<string, Record<string, string>>();
    for (const user of new Set(LISTS.map((l) => l.user))) headersOf.set(user, (await loginAs(app, user)).headers);
    const requests = LISTS.map((l) => {
      const c = screenCase(l.name, l.def);
      const op = ops.get(c.operation);
      if (!op) throw new Error(`${c.operation}: no such list operation`);
      return {
        list: l.name,
        path: `${op.path}?${queryString(c.query, 1, c.pageSize)}`,
        headers: headersOf.get(l.user)!,
      };
    });
    // Each list on its own third of the connections, all at once.
    const share = Math.max(1, Math.floor(connections / requests.length));
    console.log(`${kind}: ${requests.length} lists × ${share} connections for ${duration} s …`);
    const worker = backend.dbh.pgliteWorker;
    const hasStats = typeof worker?.statementStats === 'function';
    if (hasStats) await worker.statementStats(true);
    // Every statement's wait for the PGlite thread and every owner's hold of it, by path (worker-client.ts).
    const timings = new Map<string, { wait: number[]; held: number[] }>();
    const stopTiming = worker?.onTiming((p, waitMs, heldMs) => {
      let t = timings.get(p);
      if (!t) timings.set(p, (t = { wait: [], held: [] }));
      if (waitMs !== null) t.wait.push(waitMs);
      if (heldMs !== null) t.held.push(heldMs);
    });
    // autocannon in a process of its own: in this one it took the server's thread from it.
    const profiler = profileDir ? new Session() : null;
    if (profiler) {
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.start');
    }
    // The server's own view: from the request's headers parsed to its answer's last byte handed to the
    // socket, per list (tells waiting in the server from waiting in the network or the load generator).
    const served = new Map<string, number[]>();
    const eventLoop = monitorEventLoopDelay({ resolution: 10 });
    // The server thread's garbage collections: a long one is a long event-loop turn, and Node accepts one
    // new connection per turn (libuv ≥ 1.45), so a burst of connections waits as many turns as it has members.
    const gcs: PerformanceEntry[] = [];
    const gcObserver = new PerformanceObserver((list) => gcs.push(...list.getEntries()));
    gcObserver.observe({ entryTypes: ['gc'] });
    eventLoop.enable();
    // Per list: when its connections were accepted (by the first request each carried) and how long that
    // first request's headers took to arrive after it.
    const firstOf = new Map<string, { accepted: number[]; headers: number[] }>();
    const seen = new WeakSet<object>();
    const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
      const t0 = performance.now();
      const socket = req.socket as typeof req.socket & { acceptedAt?: number };
      if (socket.acceptedAt !== undefined && !seen.has(socket)) {
        seen.add(socket);
        const key = (req.url ?? '').split('?')[0];
        let f = firstOf.get(key);
        if (!f) firstOf.set(key, (f = { accepted: [], headers: [] }));
        f.accepted.push(socket.acceptedAt - tStart);
        f.headers.push(t0 - socket.acceptedAt);
      }
      res.once('finish', () => {
        const key = (req.url ?? '').split('?')[0];
        let a = served.get(key);
        if (!a) served.set(key, (a = []));
        a.push(performance.now() - t0);
      });
    };
    app.server.on('request', onRequest);
    // When each connection was accepted (Node accepts one per event-loop turn: a long turn keeps
    // new connections waiting in the kernel's queue).
    const tStart = performance.now();
    const accepted: number[] = [];
    /** Wall-clock ms each connection was accepted, by its remote port (the generator's local port). */
    const acceptedByPort = new Map<number, number>();
    const onConnection = (socket: { acceptedAt?: number; remotePort?: number }) => {
      socket.acceptedAt = performance.now();
      accepted.push(socket.acceptedAt - tStart);
      if (socket.remotePort) acceptedByPort.set(socket.remotePort, Date.now());
    };
    app.server.on('connection', onConnection);
    // All lists start on one signal once every generator has loaded (cannon-apart.ts).
    const runs = await autocannonTogether(
      requests.map((r) => ({ url: `${base}${r.path}`, connections: share, duration, headers: r.headers, timeout: 30 })),
    );
    if (profiler) {
      const { profile } = await profiler.post('Profiler.stop');
      fs.mkdirSync(profileDir!, { recursive: true });
      const file = path.join(profileDir!, `load-${kind}.cpuprofile`);
      fs.writeFileSync(file, JSON.stringify(profile));
      profiler.disconnect();
      console.log(`${kind}: CPU profile of the server's thread: ${file}`);
    }
    app.server.off('request', onRequest);
    app.server.off('connection', onConnection);
    console.log(
      `${kind}: ${accepted.length} connections accepted, the last ${(Math.max(0, ...accepted) / 1000).toFixed(1)} s after the load began`,
    );
    eventLoop.disable();
    gcObserver.disconnect();
    {
      // detail.kind: 1 scavenge (young), 2 minor mark-sweep, 4 mark-sweep-compact (full), 8 weak callbacks, 16 incremental marking.
      const byKind = new Map<number, number[]>();
      for (const g of gcs) {
        const k = (g as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0;
        (byKind.get(k) ?? byKind.set(k, []).get(k)!).push(g.duration);
      }
      const parts = [...byKind].map(
        ([k, d]) =>
          `kind ${k}: ${d.length}× total ${d.reduce((a, b) => a + b, 0).toFixed(0)} ms, max ${Math.max(...d).toFixed(0)} ms`,
      );
      console.log(`${kind}: server thread's garbage collections: ${parts.join('; ') || 'none'}`);
    }
    // Per list: the generator's connect (asked → handshake done) against the server's accept (handshake → accepted).
    runs.forEach((r, i) => {
      const moments = (r as unknown as { connections?: ConnectionMoments[] }).connections ?? [];
      const first = Math.min(...moments.map((c) => c.calledAt));
      const asked = moments.map((c) => c.calledAt - first);
      const handshake = moments.map((c) => c.connectedAt - c.calledAt);
      const acceptLag = moments
        .filter((c) => acceptedByPort.has(c.port))
        .map((c) => acceptedByPort.get(c.port)! - c.connectedAt);
      const max = (a: number[]) => (a.length ? Math.max(...a) : NaN);
      console.log(
        `${kind}: ${requests[i].list}: ${moments.length} connections asked within ${max(asked)} ms; handshake max ${max(handshake)} ms; accepted after the handshake max ${max(acceptLag)} ms (${acceptLag.length} matched)`,
      );
    });
    for (const [url, f] of firstOf) {
      f.accepted.sort((x, y) => x - y);
      console.log(
        `${kind}: connections of ${url}: ${f.accepted.length}, accepted ${(f.accepted[0] / 1000).toFixed(1)}–${(f.accepted[f.accepted.length - 1] / 1000).toFixed(1)} s after the load began; first request's headers after accept max ${Math.max(...f.headers).toFixed(0)} ms`,
      );
    }
    const pct = (a: number[], q: number) => a[Math.min(a.length - 1, Math.floor(q * a.length))];
    for (const [url, a] of served) {
      a.sort((x, y) => x - y);
      console.log(
        `${kind}: in the server ${url}: ${a.length} answered, p50 ${pct(a, 0.5).toFixed(0)} ms, p99 ${pct(a, 0.99).toFixed(0)} ms, max ${a[a.length - 1].toFixed(0)} ms`,
      );
    }
    console.log(
      `${kind}: event loop delay p50 ${(eventLoop.percentile(50) / 1e6).toFixed(0)} ms, p99 ${(eventLoop.percentile(99) / 1e6).toFixed(0)} ms, max ${(eventLoop.max / 1e6).toFixed(0)} ms`,
    );
    stopTiming?.();
    const worst = (a: number[]) =>
      a.length === 0 ? '-' : `${pct(a, 0.5).toFixed(1)} / ${pct(a, 0.99).toFixed(1)} / ${a[a.length - 1].toFixed(0)}`;
    for (const [p, t] of timings) {
      t.wait.sort((x, y) => x - y);
      t.held.sort((x, y) => x - y);
      console.log(
        `${kind}: worker, ${p}: ${t.wait.length} statements waited p50/p99/max ${worst(t.wait)} ms (${t.wait.filter((w) => w > 1000).length} over 1 s); held ${t.held.length}× p50/p99/max ${worst(t.held)} ms`,
      );
    }
    const stats = hasStats ? await worker.statementStats(false) : null;
    if (stats) {
      // Where the database thread's time went: its busy share, and the statements by total time.
      const total = runs.reduce((n, r) => n + r.requests.total, 0);
      console.log(
        `${kind}: database thread busy ${((100 * stats.busyMs) / stats.wallMs).toFixed(0)} % of ${(stats.wallMs / 1000).toFixed(1)} s; ${(stats.busyMs / Math.max(1, total)).toFixed(1)} ms a request; answers kept: ${stats.answerHits} used, ${stats.answerMisses} read; longest wait in the thread ${JSON.stringify(stats.maxWait)}`,
      );
      for (const s of stats.rows.sort((a, b) => b.ms - a.ms).slice(0, 12)) {
        console.log(
          `  ${s.ms.toFixed(0).padStart(7)} ms  ${String(s.n).padStart(6)} × (${String(s.hits).padStart(5)} kept) ${(s.ms / s.n).toFixed(2).padStart(6)} ms  ${s.sql.replace(/\s+/g, ' ').slice(0, 110)}`,
        );
      }
    }
    const lists = runs.map((r, i) => ({
      list: requests[i].list,
      url: requests[i].path,
      requests: r.requests.total,
      rps: Number(r.requests.average.toFixed(1)),
      p50: r.latency.p50,
      p99: r.latency.p99,
      max: r.latency.max,
      errors: r.errors + r.non2xx + r.timeouts,
    }));
    const total = lists.reduce((n, l) => n + l.requests, 0);
    const all = {
      requests: total,
      rps: Number(lists.reduce((n, l) => n + l.rps, 0).toFixed(1)),
      p50: Math.max(...lists.map((l) => l.p50)),
      p99: Math.max(...lists.map((l) => l.p99)),
      max: Math.max(...lists.map((l) => l.max)),
      errors: lists.reduce((n, l) => n + l.errors, 0),
    };
    return { backend: kind, lists, all };
  } finally {
    await app.close();
    await backend.dbh.db.destroy();
    await backend.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
for (const kind of backends) results.push(await runBackend(kind));

console.log(
  `\n${connections} connections, ${duration} s, demo data at scale ${scale} (load average before: ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ')})`,
);
console.log('| backend | list | requests | req/s | p50 ms | p99 ms | max ms | errors |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of results) {
  for (const l of r.lists)
    console.log(
      `| ${r.backend} | ${l.list} | ${l.requests} | ${l.rps} | ${l.p50} | ${l.p99} | ${l.max} | ${l.errors} |`,
    );
  console.log(
    `| ${r.backend} | **all** (p50/p99: the worst list's) | ${r.all.requests} | ${r.all.rps} | ${r.all.p50} | ${r.all.p99} | ${r.all.max} | ${r.all.errors} |`,
  );
}
console.log(`\n${writeResult('load', { connections, duration, scale, results })}`);
process.exit(0);
