// The PGlite worker thread. PGlite is PostgreSQL compiled to WASM: a
// query runs on the thread that calls it. In the server's main thread a long query (an export's
// page, a report) held every other request until it ended; here it holds only this thread, and
// the main thread's event loop keeps serving. worker-client.ts starts it and talks to it.
//
// Plain JavaScript on purpose: a worker thread does not inherit tsx's or vitest's TypeScript
// loaders, so this file (and parsers.mjs) must load in bare Node.
//
// Messages in:  { id, op: 'query', sql, params, conn, rowMode? } | { id, op: 'scoped', role, compNo, sql, params, conn }
//               | { id, op: 'dump' } | { id, op: 'stats', on } | { id, op: 'close' }; each may carry
//               sent (performance.timeOrigin + now() in the sender) and path (staff / supplier / job).
// Messages out: { ready: true } | { ready: false, error } once at start, then
//               { id, ok: true, result, wait, held? } | { id, ok: false, error, wait, held? } for every
//               message, in order (wait: ms from sent to its start here; held: ms it held the thread —
//               a statement alone, or a whole transaction on the message that ended it);
//               { notice, path, held } when a transaction held the thread too long and was rolled back.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pgParsers } from './parsers.mjs';
import { tarForPglite } from './tar-bytes.mjs';
import { CATALOGUE_SQL, catalogueOf, judge, paramsMove } from './answer-rule.mjs';

/**
 * A PGlite/PostgreSQL error as a plain object that structured clone carries whole: its message,
 * name and every string/number field the error handler and callers read (code, severity, detail,
 * constraint, table, column, routine…). Not `params` or `queryOptions`: values, and functions.
 * @param {unknown} err
 */
function plainError(err) {
  if (!(err instanceof Error)) return { message: String(err), name: 'Error' };
  /** @type {Record<string, string | number | boolean>} */
  const out = { message: err.message, name: err.name };
  for (const [key, value] of Object.entries(err)) {
    if (key === 'params' || key === 'queryOptions') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  return out;
}

const port = parentPort;
if (!port) throw new Error('server/db/pglite/worker.mjs runs only as a worker thread');

/** @type {{ dataDir: string | null; loadDataDir: Uint8Array | null; wasmModule?: WebAssembly.Module; transactionLimitMs?: number }} */
const options = workerData;

let db;
try {
  db = await PGlite.create({
    dataDir: options.dataDir ?? undefined,
    loadDataDir: options.loadDataDir ? tarForPglite(options.loadDataDir) : undefined,
    pgliteWasmModule: options.wasmModule,
    parsers: pgParsers,
  });
  port.postMessage({ ready: true });
} catch (err) {
  port.postMessage({ ready: false, error: plainError(err) });
  port.close();
}

// Time per statement text while a bench asks (op 'stats' with on: true starts, the next 'stats' answers).
/** @type {Map<string, { n: number; hits: number; ms: number; max: number }> | null} */
let stats = null;
let statsSince = 0;
let statsBusy = 0;
let statsMaxWait = { ms: 0, sql: '', owner: null, path: null };
/** @param {string} sql @param {number} ms @param {boolean} hit */
function record(sql, ms, hit) {
  statsBusy += ms;
  const s = stats.get(sql) ?? { n: 0, hits: 0, ms: 0, max: 0 };
  s.n++;
  if (hit) s.hits++;
  s.ms += ms;
  s.max = Math.max(s.max, ms);
  stats.set(sql, s);
}

// ── Answers kept while nothing has written ───────────────────────────────────
// This thread is the only way into this database: every write of every request and job passes
// here. A read-only statement's answer, outside any transaction, is therefore the same until a
// statement that may write runs — then every kept answer is dropped. Which statements are
// read-only, and which of those are kept (time-independent), is proven by answer-rule.mjs from the
// statement's tokens and the catalogue's function volatility and views; a statement inside a
// transaction, or ending one, drops them too (conservative: a read-only transaction drops them as
// well). GPMS_PGLITE_ANSWERS=off turns it off (bench comparisons).
const ANSWERS_MAX = 256;
const ANSWER_ROWS_MAX = 2000;
const JUDGED_MAX = 4096;
const keepAnswers = process.env.GPMS_PGLITE_ANSWERS !== 'off';
/** @type {Map<string, { rows: unknown[]; affectedRows: number; columns?: string[] }>} insertion order = age (oldest first) */
const answers = new Map();
let answerHits = 0;
let answerMisses = 0;

// The catalogue's facts the rule reads, read again before the next judgement outside a transaction
// once a statement that may change them ran (DDL: anything but a query, DML or transaction control).
/** @type {import('./answer-rule.mjs').Catalogue | null} */
let catalogue = null;
/** @type {Map<string, { readOnly: boolean; keep: boolean; why: string }>} each statement text judged once per catalogue */
const judged = new Map();
const PLAIN = /^\s*(select|with|insert|update|delete|merge|begin|start|commit|rollback|end|abort|savepoint|release)\b/i;
const NOT_READ_ONLY = { readOnly: false, keep: false, why: 'in a transaction' };

/** @param {string} sql */
async function judgement(sql) {
  if (catalogue === null) {
    if (db.isInTransaction()) return NOT_READ_ONLY;
    catalogue = catalogueOf((await db.query(CATALOGUE_SQL)).rows);
    judged.clear();
  }
  let j = judged.get(sql);
  if (!j) {
    if (judged.size >= JUDGED_MAX) judged.clear();
    j = judge(sql, catalogue);
    judged.set(sql, j);
  }
  return j;
}

/** @param {string} scope @param {string} sql @param {unknown[]} params */
function answerKey(scope, sql, params) {
  try {
    return `${scope}\u0000${sql}\u0000${JSON.stringify(params, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v))}`;
  } catch {
    return null;
  }
}

/** @param {string} key @param {{ rows: unknown[]; affectedRows: number; columns?: string[] }} answer */
function keep(key, answer) {
  if (answer.rows.length > ANSWER_ROWS_MAX) return;
  if (answers.size >= ANSWERS_MAX) answers.delete(answers.keys().next().value);
  answers.set(key, answer);
}

/**
 * Runs one statement, or answers it from the kept answers. `scope`: '' for the application's own
 * user; for a supplier's statement its role and company (op 'scoped'), which the answer depends on.
 * @param {string} scope @param {string} sql @param {unknown[]} params @param {() => Promise<{ rows: unknown[]; affectedRows?: number; fields?: Array<{ name: string }> }>} run
 * @param {boolean} [arrays] rows as arrays with the columns' names once (server/db/lists/array-rows.ts)
 */
async function runStatement(scope, sql, params, run, arrays = false) {
  const t0 = performance.now();
  const inTransaction = db.isInTransaction();
  const j = inTransaction ? NOT_READ_ONLY : await judgement(sql);
  // An answer in arrays is kept apart from the same statement's answer in objects.
  const key =
    keepAnswers && j.keep && !paramsMove(params)
      ? answerKey(arrays ? `${scope}\u0000arrays` : scope, sql, params)
      : null;
  const kept = key === null ? undefined : answers.get(key);
  if (kept) {
    answerHits++;
    if (stats) record(sql, performance.now() - t0, true);
    return kept;
  }
  let result;
  try {
    const r = await run();
    result = arrays
      ? { rows: r.rows, affectedRows: r.affectedRows ?? 0, columns: (r.fields ?? []).map((f) => f.name) }
      : { rows: r.rows, affectedRows: r.affectedRows ?? 0 };
  } finally {
    if (inTransaction || db.isInTransaction() || !j.readOnly) answers.clear();
    if (!PLAIN.test(sql)) catalogue = null;
  }
  if (key !== null) {
    answerMisses++;
    keep(key, result);
  }
  if (stats) record(sql, performance.now() - t0, false);
  return result;
}

/** @param {{ op: string; sql?: string; params?: unknown[]; on?: boolean; role?: string; compNo?: string; rowMode?: 'array' }} msg */
async function handle(msg) {
  if (msg.op === 'query') {
    const params = msg.params ?? [];
    if (msg.rowMode === 'array')
      return {
        result: await runStatement('', msg.sql, params, () => db.query(msg.sql, params, { rowMode: 'array' }), true),
      };
    return { result: await runStatement('', msg.sql, params, () => db.query(msg.sql, params)) };
  }
  if (msg.op === 'scoped') {
    // A supplier's statement outside a transaction (server/db/supplier-role.ts): begin, the role and
    // company for this transaction only, the statement, commit — one message instead of four.
    const params = msg.params ?? [];
    if (db.isInTransaction()) throw new Error('a scoped statement inside a transaction');
    const scope = `${msg.role}\u0000${msg.compNo}`;
    return {
      result: await runStatement(scope, msg.sql, params, async () => {
        await db.query('begin');
        try {
          await db.query(`select set_config('role', $1, true), set_config('app.comp_no', $2, true)`, [
            msg.role,
            msg.compNo,
          ]);
          const r = await db.query(msg.sql, params);
          await db.query('commit');
          return r;
        } catch (err) {
          if (db.isInTransaction()) await db.query('rollback').catch(() => undefined);
          throw err;
        }
      }),
    };
  }
  if (msg.op === 'dump') {
    const bytes = new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
    return { result: bytes, transfer: [bytes.buffer] };
  }
  if (msg.op === 'stats') {
    const result = stats
      ? {
          wallMs: performance.now() - statsSince,
          busyMs: statsBusy,
          maxWait: statsMaxWait,
          answerHits,
          answerMisses,
          rows: [...stats].map(([sql, s]) => ({ sql, ...s })),
        }
      : null;
    stats = msg.on ? new Map() : null;
    statsSince = performance.now();
    statsBusy = 0;
    statsMaxWait = { ms: 0, sql: '', owner: null, path: null };
    answerHits = 0;
    answerMisses = 0;
    return { result };
  }
  if (msg.op === 'close') {
    answers.clear();
    await db.close();
    return { result: null };
  }
  throw new Error(`unknown operation ${msg.op}`);
}

// ── Order ──────────────────────────────────────────────────────────────────────────────────────
// One message at a time (PGlite is one connection). Statements come from many requests at once,
// each marked with its connection (server/db/pglite/driver.ts): while one connection holds a
// transaction, only its own messages run and the others wait here, in the order sent; otherwise
// the oldest message runs. Messages without a connection (dump, stats, close) wait for no
// transaction to be open, so close() comes after every query sent before it.
//
// A transaction holds the thread for every other caller, so its hold is limited: once it has held it
// for `transactionLimitMs` (PGLITE_TRANSACTION_LIMIT_MS) while another connection's statement waits —
// checked between its statements and when the thread waits for its next one — it is rolled back and
// the others go on. (Alone, it may take as long as it needs: a seed or a tool's bulk work.) Its
// connection's later statements fail with TRANSACTION_EXPIRED — the commit too, so the owner never
// believes it committed — until it sends its rollback, which is answered as done.
/** @type {Array<{ id: number; op: string; conn: number; at: number; sql?: string; sent?: number; path?: string }>} */
const waiting = [];
/** @type {number | null} */
let owner = null;
let ownerSince = 0;
/** The path (staff / supplier / job) of the message that began the owner's transaction. */
let ownerPath = 'job';
let running = false;
const TRANSACTION_LIMIT_MS = options.transactionLimitMs ?? 30_000;
/** @type {Set<number>} connections whose transaction was rolled back for holding the thread too long */
const expired = new Set();
/** @type {ReturnType<typeof setTimeout> | null} */
let limitTimer = null;

const expiredError = () => ({
  name: 'Error',
  code: 'TRANSACTION_EXPIRED',
  message: `the transaction held the PGlite database longer than ${TRANSACTION_LIMIT_MS} ms (PGLITE_TRANSACTION_LIMIT_MS) while other statements waited, and was rolled back`,
});

async function expire() {
  const conn = owner;
  const held = Math.round(performance.now() - ownerSince);
  owner = null;
  answers.clear();
  if (db.isInTransaction()) await db.query('rollback').catch(() => undefined);
  if (conn === null) return;
  if (expired.size >= 1000) expired.delete(expired.values().next().value);
  expired.add(conn);
  port.postMessage({
    notice: `a transaction held the PGlite database ${held} ms, over PGLITE_TRANSACTION_LIMIT_MS (${TRANSACTION_LIMIT_MS} ms) while other statements waited: rolled back, they go on`,
    path: ownerPath,
    held,
  });
}

/** The answer to a statement of a connection whose transaction was rolled back, or null when it has none. */
function answerExpired(msg) {
  if (!expired.has(msg.conn) || (msg.op !== 'query' && msg.op !== 'scoped')) return null;
  if (/^\s*(rollback|abort)\b/i.test(msg.sql ?? '')) {
    expired.delete(msg.conn);
    return { id: msg.id, ok: true, result: { rows: [], affectedRows: 0 } };
  }
  return { id: msg.id, ok: false, error: expiredError() };
}

async function pump() {
  if (running) return;
  running = true;
  for (;;) {
    if (owner !== null && othersWait() && performance.now() - ownerSince >= TRANSACTION_LIMIT_MS) await expire();
    const at = owner === null ? (waiting.length > 0 ? 0 : -1) : waiting.findIndex((m) => m.conn === owner);
    if (at < 0) break;
    const [msg] = waiting.splice(at, 1);
    const refused = answerExpired(msg);
    if (refused) {
      port.postMessage(refused);
      continue;
    }
    const began = performance.now();
    // Waited: from the sender's clock (the same process clock) to now, or from its arrival here.
    const wait = Math.max(0, msg.sent === undefined ? began - msg.at : performance.timeOrigin + began - msg.sent);
    if (stats && wait > statsMaxWait.ms)
      statsMaxWait = { ms: wait, sql: String(msg.sql ?? msg.op).slice(0, 80), owner, path: msg.path ?? null };
    const ownerBefore = owner;
    /** @type {{ id: number; ok: boolean; result?: unknown; error?: unknown; wait: number; held?: number }} */
    let reply;
    /** @type {Transferable[]} */
    let transfer = [];
    try {
      const done = await handle(msg);
      reply = { id: msg.id, ok: true, result: done.result, wait };
      transfer = done.transfer ?? [];
    } catch (err) {
      reply = { id: msg.id, ok: false, error: plainError(err), wait };
    }
    if (msg.op === 'close') {
      port.postMessage(reply);
      port.close();
      break;
    }
    const next = db.isInTransaction() ? msg.conn : null;
    if (next !== null && ownerBefore === null) {
      ownerSince = began;
      ownerPath = msg.path ?? 'job';
    }
    // Held: a statement alone from its start to its end; a transaction from its first statement's
    // start to its last one's end (the waits for its owner's next statement included), told once.
    if (next === null) reply.held = performance.now() - (ownerBefore === null ? began : ownerSince);
    owner = next;
    port.postMessage(reply, transfer);
  }
  running = false;
  // Waiting for the owner's next statement while others wait: look again when its time is up.
  if (limitTimer !== null) clearTimeout(limitTimer);
  limitTimer =
    owner === null || !othersWait()
      ? null
      : setTimeout(() => void pump(), Math.max(0, ownerSince + TRANSACTION_LIMIT_MS - performance.now()));
}

const othersWait = () => waiting.some((m) => m.conn !== owner);

if (db) {
  port.on('message', (msg) => {
    msg.conn ??= 0;
    msg.at = performance.now();
    waiting.push(msg);
    void pump();
  });
}
