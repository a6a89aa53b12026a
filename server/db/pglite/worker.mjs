// The PGlite worker thread (issue #19 finding 6). PGlite is PostgreSQL compiled to WASM: a
// query runs on the thread that calls it. In the server's main thread a long query (an export's
// page, a report) held every other request until it ended; here it holds only this thread, and
// the main thread's event loop keeps serving. worker-client.ts starts it and talks to it.
//
// Plain JavaScript on purpose: a worker thread does not inherit tsx's or vitest's TypeScript
// loaders, so this file (and parsers.mjs) must load in bare Node.
//
// Messages in:  { id, op: 'query', sql, params } | { id, op: 'dump' } | { id, op: 'close' }
// Messages out: { ready: true } | { ready: false, error } once at start, then
//               { id, ok: true, result } | { id, ok: false, error } for every message, in order.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pgParsers } from './parsers.mjs';

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

/** @type {{ dataDir: string | null; loadDataDir: Uint8Array | null }} */
const options = workerData;

let db;
try {
  db = await PGlite.create({
    dataDir: options.dataDir ?? undefined,
    loadDataDir: options.loadDataDir ? new Blob([options.loadDataDir]) : undefined,
    parsers: pgParsers,
  });
  port.postMessage({ ready: true });
} catch (err) {
  port.postMessage({ ready: false, error: plainError(err) });
  port.close();
}

/** @param {{ op: string; sql?: string; params?: unknown[] }} msg */
async function handle(msg) {
  if (msg.op === 'query') {
    const result = await db.query(msg.sql, msg.params ?? []);
    return { result: { rows: result.rows, affectedRows: result.affectedRows ?? 0 } };
  }
  if (msg.op === 'dump') {
    const bytes = new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer());
    return { result: bytes, transfer: [bytes.buffer] };
  }
  if (msg.op === 'close') {
    await db.close();
    return { result: null };
  }
  throw new Error(`unknown operation ${msg.op}`);
}

// One message at a time, in the order sent: PGlite is one connection, and close() must come
// after every query sent before it.
let queue = Promise.resolve();
if (db) {
  port.on('message', (msg) => {
    queue = queue.then(async () => {
      try {
        const { result, transfer } = await handle(msg);
        port.postMessage({ id: msg.id, ok: true, result }, transfer ?? []);
      } catch (err) {
        port.postMessage({ id: msg.id, ok: false, error: plainError(err) });
      }
      if (msg.op === 'close') port.close();
    });
  });
}
