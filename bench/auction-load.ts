/**
 * npm run bench:auction -- [--bidders 50] [--watchers 200] [--monitors 50] [--gap-min 1000] [--gap-max 3000]
 *
 * The live reverse auction under load (issue 30 "Done when"): two real app servers (the compiled
 * server, `node dist-server/main.mjs`, as `npm start` runs it) over one fresh PostgreSQL database,
 * one auction with `--bidders` invited suppliers (50), `--watchers` SSE feeds (200: `--monitors` of
 * them the buyer's monitor feed, the rest the suppliers' own feeds, three-ish per company) spread
 * evenly over both servers, and every supplier bidding on its own clock (a pause drawn uniformly in
 * [gap-min, gap-max] ms between two bids) from the opening to the close. Soft close is on: the
 * auction opens with 10 s left before its planned end, soft close 1 minute, one extension — so the
 * first bid moves the end by a minute and the whole run (≈ 70 s) is "the last minute". Before it
 * opens, each supplier reads the auction once (its room), which warms both servers.
 *
 * Load comes from processes of their own (this file with `--role bidders` and `--role watchers`;
 * the servers' threads serve only the servers). Setup (demo seed, 50 supplier accounts, logins, the
 * auction through the API) is done here in-process on the same database before the servers start.
 *
 * Measured (all clocks are the one machine's clock: PostgreSQL's clock_timestamp(), the
 * processes' performance.timeOrigin + now()):
 * - bid acknowledgement: the HTTP round trip of placeAuctionBid as the bidder sees it (sent → answer read);
 * - update delivery: from the bid's `bidAt` — the database's clock when the bid took its place
 *   under the auction's row lock, i.e. BEFORE its transaction's remaining work and commit — to
 *   each watcher's receipt of that bid's event (every watcher gets every bid: the monitor whole,
 *   a supplier its projection). So it is an upper bound of "commit → delivered" and includes the
 *   commit, the NOTIFY, the other server's LISTEN, the fan-out's read, SSE and the socket. Also
 *   reported: receipt − the bidder's receipt of its ack (the ack is sent after the commit and
 *   the NOTIFY, so this can be negative);
 * - lock held: each accepted bid's Server-Timing `lock` (its server's claim answered → commit answered);
 * - queues: each server's GET /metrics every 250 ms — requests waiting for a pool connection and for admission;
 * - events lost: an id of auction_event (the feed's rows, read from the database at the end) that a
 *   watcher never got; duplicated: an id a watcher got twice. Watchers connect before the opening
 *   with no last id (all rows are owed to them) and reconnect with Last-Event-ID if dropped (counted).
 * Results: bench/results/auction-load.json.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createParser } from 'eventsource-parser';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../server/app.js';
import { testConfig } from '../server/config.js';
import { openDatabase } from '../server/db/open.js';
import { seedDemo } from '../server/db/seed/index.js';
import { loginAs } from '../tests/helpers/login.js';
import { testContractSealEnv } from '../tests/helpers/contract-seal.js';
import { buildServer } from '../scripts/build-server.mjs';
import { writeResult } from './harness';
import { ADMIN_URL, numberArg as arg } from './scale-db';

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface BidRecord {
  compNo: string;
  sentAt: number;
  ackAt: number;
  status: number;
  code?: string;
  seq?: number;
  bidAt?: string;
  /** The server's Server-Timing `lock`: how long the bid held the auction's row lock (claim answered → commit answered), ms. */
  lockMs?: number;
}
interface WatcherSpec {
  base: string;
  path: string;
  headers: Record<string, string>;
  kind: 'monitor' | 'supplier';
}
/** One watcher's events: [id, receivedAt]; a monitor's bids also [id, seq, bidAt]. */
interface WatcherLog {
  kind: 'monitor' | 'supplier';
  base: string;
  got: Array<[number, number]>;
  bids: Array<[number, number, string]>;
  reconnects: number;
  errors: string[];
}

/* ------------------------------ role: watchers ------------------------------ */

async function watchers(specFile: string) {
  const { watchers: specs, out } = JSON.parse(fs.readFileSync(specFile, 'utf8')) as {
    watchers: WatcherSpec[];
    out: string;
  };
  let stopAt = Infinity;
  let lastId = Infinity;
  const logs: WatcherLog[] = specs.map((s) => ({
    kind: s.kind,
    base: s.base,
    got: [],
    bids: [],
    reconnects: 0,
    errors: [],
  }));
  const seenLast = specs.map(() => 0);
  let ready = 0;
  const stopping = new AbortController();
  const run = async (s: WatcherSpec, i: number) => {
    const log = logs[i];
    let first = true;
    while (!stopping.signal.aborted && seenLast[i] < lastId && now() < stopAt) {
      try {
        const res = await fetch(`${s.base}${s.path}`, {
          headers: {
            ...s.headers,
            accept: 'text/event-stream',
            ...(first ? {} : { 'last-event-id': String(seenLast[i]) }),
          },
          signal: stopping.signal,
        });
        if (res.status !== 200) throw new Error(`HTTP ${res.status} ${await res.text()}`);
        const parser = createParser({
          onEvent: (e) => {
            const at = now();
            if (e.event === 'hello') {
              if (first) {
                first = false;
                ready++;
                if (ready === specs.length) process.send!({ ready: true });
              }
              return;
            }
            if (!e.id) return;
            const id = Number(e.id);
            log.got.push([id, at]);
            seenLast[i] = Math.max(seenLast[i], id);
            if (s.kind === 'monitor' && e.event === 'bid') {
              const d = JSON.parse(e.data) as { seq: number; bidAt: string };
              log.bids.push([id, d.seq, d.bidAt]);
            }
          },
        });
        const decoder = new TextDecoder();
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          parser.feed(decoder.decode(chunk, { stream: true }));
          if (seenLast[i] >= lastId) break;
        }
      } catch (err) {
        if (stopping.signal.aborted) break;
        log.errors.push(String((err as Error).message ?? err).slice(0, 200));
        if (first && log.errors.length <= 3)
          console.error(`watcher ${i} (${s.base}${s.path}): ${log.errors[log.errors.length - 1]}`);
      }
      if (seenLast[i] >= lastId || stopping.signal.aborted) break;
      if (!first) log.reconnects++;
      await sleep(200);
    }
  };
  const done = Promise.all(specs.map((s, i) => run(s, i)));
  process.on('message', (m: { lastId: number; graceMs: number }) => {
    lastId = m.lastId;
    stopAt = now() + m.graceMs;
    setTimeout(() => stopping.abort(), m.graceMs).unref();
    // Streams already past the last id end at their next chunk; the idle ones are ended here.
    const check = setInterval(() => {
      if (seenLast.every((x) => x >= lastId)) {
        clearInterval(check);
        stopping.abort();
      }
    }, 100);
  });
  await done;
  fs.writeFileSync(out, JSON.stringify(logs));
  process.exit(0);
}

/* ------------------------------ role: bidders ------------------------------ */

async function bidders(specFile: string) {
  const spec = JSON.parse(fs.readFileSync(specFile, 'utf8')) as {
    auctionNo: string;
    bidders: Array<{ base: string; compNo: string; headers: Record<string, string> }>;
    startPrice: number;
    decrement: number;
    gapMin: number;
    gapMax: number;
    hardStopAt: number;
    out: string;
  };
  const records: BidRecord[] = [];
  const gap = () => spec.gapMin + Math.random() * (spec.gapMax - spec.gapMin);
  const go = new Promise<void>((resolve) => process.once('message', () => resolve()));
  // Each supplier opens the auction room first (as its screen does), which also warms both servers.
  await Promise.all(
    spec.bidders.map((b) =>
      fetch(`${b.base}/api/v1/cyber/bid/auctions/${spec.auctionNo}`, { headers: b.headers }).then((r) =>
        r.arrayBuffer(),
      ),
    ),
  );
  process.send!({ ready: true });
  await go;
  await Promise.all(
    spec.bidders.map(async (b) => {
      let last: number | null = null;
      await sleep(Math.random() * spec.gapMax);
      while (now() < spec.hardStopAt) {
        const amount: number =
          (last ?? spec.startPrice) - spec.decrement * (1 + Math.floor(Math.random() * (last === null ? 50 : 4)));
        const sentAt = now();
        let status = 0;
        let body: Record<string, unknown> = {};
        let lockMs: number | undefined;
        try {
          const res = await fetch(`${b.base}/api/v1/cyber/bid/auctions/${spec.auctionNo}/bids`, {
            method: 'POST',
            headers: { ...b.headers, 'content-type': 'application/json' },
            body: JSON.stringify({ amount: String(amount) }),
          });
          status = res.status;
          const timing = /lock;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '');
          if (timing) lockMs = Number(timing[1]);
          body = (await res.json()) as Record<string, unknown>;
        } catch (err) {
          body = { code: `NETWORK ${(err as Error).message}` };
        }
        const ackAt = now();
        records.push({
          compNo: b.compNo,
          sentAt,
          ackAt,
          status,
          code: body.code as string | undefined,
          seq: body.seq as number | undefined,
          bidAt: body.bidAt as string | undefined,
          lockMs,
        });
        if (status === 200) last = amount;
        if (body.code === 'AUCTION_CLOSED') return;
        await sleep(gap());
      }
    }),
  );
  fs.writeFileSync(spec.out, JSON.stringify(records));
  process.exit(0);
}

/* ------------------------------ role: main ------------------------------ */

function quantiles(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => (s.length ? Math.round(s[Math.min(s.length - 1, Math.floor(p * s.length))]) : null);
  return { n: s.length, p50: q(0.5), p95: q(0.95), p99: q(0.99), max: s.length ? Math.round(s[s.length - 1]) : null };
}

function child(role: string, specFile: string): ChildProcess {
  return fork(fileURLToPath(import.meta.url), ['--role', role, specFile], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}
const exited = (c: ChildProcess) =>
  new Promise<number | null>((r) => (c.exitCode !== null ? r(c.exitCode) : c.once('exit', (code) => r(code))));

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid: number): number {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / 100; // utime + stime, in clock ticks of 1/100 s
}

async function main() {
  const nBidders = arg('bidders', 50);
  const nWatchers = arg('watchers', 200);
  const nMonitors = arg('monitors', 50);
  const gapMin = arg('gap-min', 1000);
  const gapMax = arg('gap-max', 3000);
  const ports = [arg('port-a', 3102), arg('port-b', 3112)];
  const ROOT = path.resolve(import.meta.dirname, '..');
  const dbName = 'gpms_bench_auction';
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-auction-'));
  await buildServer();
  const servers: ChildProcess[] = [];
  const loads: Array<[number, number]> = [];
  try {
    /* Setup, in-process on the database the servers will open. */
    const config = testConfig({ dataDir, distDir: path.join(dataDir, 'no-dist'), databaseUrl: url, jobsPollMs: 0 });
    const { dbh } = await openDatabase(config);
    await seedDemo(dbh.db);
    const app = await buildApp({ config, dbh });
    const companies = (
      await sql<{ compNo: string }>`
        select c.comp_no from company c where c.status = 'ACTIVE'
          and not exists (select 1 from eva_total e where e.comp_no = c.comp_no and e.status = 'FINAL' and e.grade_action = 'BLOCK')
        order by c.comp_no limit ${nBidders}`.execute(dbh.db)
    ).rows.map((r) => r.compNo);
    if (companies.length < nBidders)
      throw new Error(`only ${companies.length} trading companies in the demo data; --bidders ${nBidders}`);
    const template = await dbh.db
      .selectFrom('appUser')
      .selectAll()
      .where('userId', '=', 'supplier2')
      .executeTakeFirstOrThrow();
    const { createdAt: _c, updatedAt: _u, ...rest } = template;
    const suppliers = [];
    for (const [i, compNo] of companies.entries()) {
      const userId = `aucload${i + 1}`;
      await dbh.db
        .insertInto('appUser')
        .values({ ...rest, userId, compNo, version: 1 })
        .execute();
      suppliers.push({ compNo, who: await loginAs(app, userId) });
    }
    // The buyer (operator) and an administrator watch the monitor.
    const staff = [await loginAs(app, 'operator'), await loginAs(app, 'admin')];
    const startPrice = 100_000_000;
    const decrement = 1000;
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/bid/auctions',
      headers: staff[0].headers,
      payload: {
        title: '부하 측정 역경매',
        lines: [{ itemName: '냉연강판 1.2t', unitCode: 'EA', quantity: '1000', refUnitPrice: '100000' }],
        startPrice: String(startPrice),
        decrementKind: 'AMOUNT',
        decrementValue: String(decrement),
        startAt: new Date(Date.now() + 3_600_000).toISOString(),
        endAt: new Date(Date.now() + 7_200_000).toISOString(),
        softCloseMinutes: 1,
        maxExtensions: 1,
        suppliers: companies,
        confirmEvaluationWarning: true,
      },
    });
    if (created.statusCode !== 200) throw new Error(`createAuction ${created.statusCode} ${created.body}`);
    const { auctionNo, version } = created.json() as { auctionNo: string; version: number };
    const published = await app.inject({
      method: 'POST',
      url: `/api/v1/bid/auctions/${auctionNo}/publish`,
      headers: staff[0].headers,
      payload: { version },
    });
    if (published.statusCode !== 200) throw new Error(`publishAuction ${published.statusCode} ${published.body}`);
    await app.close();
    await dbh.close();
    console.log(`setup: ${auctionNo}, ${companies.length} invited suppliers logged in`);

    /* Two servers, compiled (at the start), as `npm start` runs them. */
    const masterKey = crypto.randomBytes(32).toString('hex');
    const bases = ports.map((p) => `http://127.0.0.1:${p}`);
    for (const [i, port] of ports.entries()) {
      const serverDir = path.join(dataDir, `server-${i}`);
      fs.mkdirSync(serverDir);
      servers.push(
        spawn(process.execPath, ['dist-server/main.mjs'], {
          cwd: ROOT,
          env: {
            ...process.env,
            NODE_ENV: 'production',
            DATABASE_URL: url,
            DATA_DIR: serverDir,
            DIST_DIR: path.join(dataDir, 'no-dist'),
            HOST: '127.0.0.1',
            PORT: String(port),
            SEED: 'none',
            LOG_LEVEL: 'warn',
            INTERNAL_HOST: '127.0.0.1',
            BID_MASTER_KEY: masterKey,
            // Production requires a seal certificate and a time-stamping URL (this bench executes no contract).
            ...testContractSealEnv(),
            JOBS_POLL_MS: '2000',
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        }),
      );
    }
    for (const [i, base] of bases.entries()) {
      for (let n = 0; ; n++) {
        if (servers[i].exitCode !== null) throw new Error(`server ${base} exited with ${servers[i].exitCode}`);
        if (n > 600) throw new Error(`server ${base} not ready in 150 s`);
        if (
          await fetch(`${base}/readyz`).then(
            (r) => r.status === 200,
            () => false,
          )
        )
          break;
        await sleep(250);
      }
    }
    console.log(`servers ready: ${bases.join(', ')}`);

    /* Watchers: monitors (staff) and suppliers' own feeds, alternating over the servers, in two processes. */
    const specs: WatcherSpec[] = [];
    for (let i = 0; i < nWatchers; i++) {
      const base = bases[i % 2];
      if (i < nMonitors)
        specs.push({
          base,
          kind: 'monitor',
          path: `/api/v1/bid/auctions/${auctionNo}/events`,
          headers: staff[i % staff.length].headers,
        });
      else {
        const s = suppliers[(i - nMonitors) % suppliers.length];
        specs.push({
          base,
          kind: 'supplier',
          path: `/api/v1/cyber/bid/auctions/${auctionNo}/events`,
          headers: s.who.headers,
        });
      }
    }
    const watcherProcs = [0, 1].map((k) => {
      const file = path.join(dataDir, `watchers-${k}.json`);
      fs.writeFileSync(
        file,
        JSON.stringify({ watchers: specs.filter((_, i) => Math.floor(i / 2) % 2 === k), out: `${file}.out` }),
      );
      return { proc: child('watchers', file), out: `${file}.out` };
    });
    await Promise.all(
      watcherProcs.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            w.proc.once('message', () => resolve());
            w.proc.once('exit', (code) => reject(new Error(`watchers exited ${code}`)));
          }),
      ),
    );
    console.log(
      `${specs.length} watchers connected (${nMonitors} monitors, ${specs.length - nMonitors} supplier feeds)`,
    );

    /* Bidders in a process of their own; each supplier on the server of its index's parity. */
    const bidFile = path.join(dataDir, 'bidders.json');
    fs.writeFileSync(
      bidFile,
      JSON.stringify({
        auctionNo,
        startPrice,
        decrement,
        gapMin,
        gapMax,
        hardStopAt: Date.now() + 180_000,
        out: `${bidFile}.out`,
        bidders: suppliers.map((s, i) => ({ base: bases[i % 2], compNo: s.compNo, headers: s.who.headers })),
      }),
    );
    const bidProc = child('bidders', bidFile);
    await new Promise((resolve) => bidProc.once('message', resolve));
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const cpu0 = servers.map((s) => cpuSeconds(s.pid!));
    const loadBefore = os.loadavg();
    // Opens now, 10 s before its planned end: the first bid extends it by the soft-close minute.
    await db.query(
      `update auction set start_at = now() - interval '1 second', planned_end_at = now() + interval '10 seconds', end_at = now() + interval '10 seconds' where auction_no = $1`,
      [auctionNo],
    );
    const t0 = Date.now();
    bidProc.send('go');
    const sampler = setInterval(
      () => loads.push([Math.round((Date.now() - t0) / 1000), Number(os.loadavg()[0].toFixed(2))]),
      5000,
    );
    // Each server's queues, from its GET /metrics every 250 ms: requests waiting for a database
    // connection (the pool: 10) and for a place among the requests at work (ACTIVE_REQUESTS).
    const queues: Record<string, { poolWaiting: number[]; admissionWaiting: number[]; poolIdle: number[] }> = {};
    const gauge = (text: string, name: string, state: string) =>
      Number(new RegExp(`^${name}\\{state="${state}"\\} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
    const queueSampler = setInterval(() => {
      for (const base of bases) {
        void fetch(`${base}/metrics`)
          .then((r) => r.text())
          .then(
            (text) => {
              const q = (queues[base] ??= { poolWaiting: [], admissionWaiting: [], poolIdle: [] });
              q.poolWaiting.push(gauge(text, 'gpms_db_pool_connections', 'waiting'));
              q.poolIdle.push(gauge(text, 'gpms_db_pool_connections', 'idle'));
              q.admissionWaiting.push(gauge(text, 'gpms_http_admission', 'waiting'));
            },
            () => undefined,
          );
      }
    }, 250);
    const bidExit = await exited(bidProc);
    if (bidExit !== 0) throw new Error(`bidders exited ${bidExit}`);
    const biddingSeconds = (Date.now() - t0) / 1000;
    // The close event (written by a server's job once the end passed).
    for (let n = 0; n < 100; n++) {
      if (
        (await db.query(`select 1 from auction_event where auction_no = $1 and kind = 'CLOSE'`, [auctionNo])).rowCount
      )
        break;
      await sleep(300);
    }
    clearInterval(sampler);
    clearInterval(queueSampler);
    const cpu1 = servers.map((s) => cpuSeconds(s.pid!));
    const events = (
      await db.query<{ id: string; kind: string }>(
        `select id, kind from auction_event where auction_no = $1 order by id`,
        [auctionNo],
      )
    ).rows.map((r) => ({ id: Number(r.id), kind: r.kind }));
    const auctionRow = (
      await db.query(`select status, planned_end_at, end_at, extensions, last_seq from auction where auction_no = $1`, [
        auctionNo,
      ])
    ).rows[0];
    await db.end();
    const lastId = events[events.length - 1].id;
    for (const w of watcherProcs) w.proc.send({ lastId, graceMs: 15_000 });
    await Promise.all(watcherProcs.map((w) => exited(w.proc)));

    /* Figures. */
    const bids = JSON.parse(fs.readFileSync(`${bidFile}.out`, 'utf8')) as BidRecord[];
    const accepted = bids.filter((b) => b.status === 200);
    const refusedByCode: Record<string, number> = {};
    for (const b of bids.filter((x) => x.status !== 200))
      refusedByCode[`${b.status} ${b.code}`] = (refusedByCode[`${b.status} ${b.code}`] ?? 0) + 1;
    const logs = watcherProcs.flatMap((w) => JSON.parse(fs.readFileSync(w.out, 'utf8')) as WatcherLog[]);
    const bidAtOf = new Map<number, number>();
    const seqOf = new Map<number, number>();
    for (const l of logs)
      for (const [id, seq, bidAt] of l.bids) {
        bidAtOf.set(id, Date.parse(bidAt));
        seqOf.set(id, seq);
      }
    const ackBySeq = new Map(accepted.map((b) => [b.seq!, b.ackAt]));
    const fromBid: number[] = [];
    const fromAck: number[] = [];
    const perServer: Record<string, number[]> = {};
    let lost = 0;
    let duplicated = 0;
    let reconnects = 0;
    const errors: string[] = [];
    const bidIds = new Set(events.filter((e) => e.kind === 'BID').map((e) => e.id));
    for (const l of logs) {
      const seen = new Map<number, number>();
      for (const [id, at] of l.got) {
        seen.set(id, (seen.get(id) ?? 0) + 1);
        if (seen.get(id)! > 1) continue;
        if (!bidIds.has(id)) continue;
        const bidAt = bidAtOf.get(id);
        if (bidAt !== undefined) {
          fromBid.push(at - bidAt);
          (perServer[l.base] ??= []).push(at - bidAt);
        }
        const ack = ackBySeq.get(seqOf.get(id)!);
        if (ack !== undefined) fromAck.push(at - ack);
      }
      for (const e of events) if (!seen.has(e.id)) lost++;
      for (const n of seen.values()) if (n > 1) duplicated += n - 1;
      reconnects += l.reconnects;
      errors.push(...l.errors);
    }
    const result = {
      command: `npm run bench:auction -- ${process.argv.slice(2).join(' ')}`.trim(),
      servers: bases,
      auction: {
        auctionNo,
        status: auctionRow.status,
        plannedEndAt: auctionRow.planned_end_at,
        endAt: auctionRow.end_at,
        extensions: auctionRow.extensions,
        bids: auctionRow.last_seq,
      },
      suppliers: nBidders,
      watchers: { total: specs.length, monitors: nMonitors, supplierFeeds: specs.length - nMonitors },
      gapMs: [gapMin, gapMax],
      biddingSeconds: Number(biddingSeconds.toFixed(1)),
      bidsSent: bids.length,
      bidsAccepted: accepted.length,
      acceptedPerSecond: Number((accepted.length / biddingSeconds).toFixed(1)),
      refused: refusedByCode,
      ackMs: quantiles(accepted.map((b) => b.ackAt - b.sentAt)),
      ackAllMs: quantiles(bids.map((b) => b.ackAt - b.sentAt)),
      // The lock's share of the ack, as the server timed it (Server-Timing; absent before it was sent).
      lockHeldMs: quantiles(accepted.filter((b) => b.lockMs !== undefined).map((b) => b.lockMs!)),
      deliveryFromBidAtMs: quantiles(fromBid),
      deliveryFromBidAtMsByServer: Object.fromEntries(Object.entries(perServer).map(([k, v]) => [k, quantiles(v)])),
      deliveryFromAckMs: quantiles(fromAck),
      deliveries: fromBid.length,
      feedEvents: events.length,
      eventsLost: lost,
      eventsDuplicated: duplicated,
      reconnects,
      watcherErrors: errors.slice(0, 10),
      // Samples every 250 ms while bidding: how many waited for a pool connection / an admission place.
      queues: Object.fromEntries(
        Object.entries(queues).map(([k, q]) => [
          k,
          Object.fromEntries(
            Object.entries(q).map(([n, xs]) => [
              n,
              {
                ...quantiles(xs.filter(Number.isFinite)),
                mean: Number((xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(2)),
              },
            ]),
          ),
        ]),
      ),
      serverCpuSeconds: cpu1.map((c, i) => Number((c - cpu0[i]).toFixed(1))),
      loadAverage: {
        before: loadBefore.map((x) => Number(x.toFixed(2))),
        every5s: loads,
        after: os.loadavg().map((x) => Number(x.toFixed(2))),
      },
    };
    console.log(JSON.stringify(result, null, 2));
    console.log(writeResult(process.env.BENCH_OUT ?? 'auction-load', result));
  } finally {
    for (const s of servers)
      if (s.exitCode === null) {
        const gone = exited(s);
        s.kill('SIGTERM');
        await gone;
      }
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const role = process.argv.indexOf('--role');
if (role >= 0 && process.argv[role + 1] === 'watchers') await watchers(process.argv[role + 2]);
else if (role >= 0 && process.argv[role + 1] === 'bidders') await bidders(process.argv[role + 2]);
else {
  await main();
  process.exit(0);
}
