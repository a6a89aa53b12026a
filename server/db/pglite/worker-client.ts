import { Worker } from 'node:worker_threads';
import { HttpError } from '../../http/errors.js';
import { ownBytes } from './tar-bytes.mjs';

/** What kysely-pglite-dialect's driver calls on its client: query() and close(), nothing else. */
export interface PgliteQueryClient {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[]; affectedRows?: number }>;
  close(): Promise<void>;
}

export interface PgliteWorkerOptions {
  dataDir: string | null;
  /** A data-dir dump (dumpDataDir's tar) to start from. Its buffer moves to the thread: the caller's array is emptied. */
  loadDataDir?: Uint8Array;
  /** PGlite's PostgreSQL already compiled (wasm.ts); else the thread compiles it. */
  wasmModule?: WebAssembly.Module;
  /** How long one transaction may hold the thread before it is rolled back (worker.mjs, "Order"); default 30 s. */
  transactionLimitMs?: number;
  /** Told once when the thread dies without close(); default: console.error. */
  onCrash?: (err: Error) => void;
  /** Told when the thread rolled back a transaction that held it too long; default: console.error. */
  onNotice?: (text: string) => void;
}

/**
 * Which kind of work sent a statement, for the worker's wait and hold figures (bounded: three values):
 * a supplier's request (and every supplier-scoped statement), any other request, or work outside a
 * request (jobs, start-up, tools).
 */
export type WorkerPath = 'staff' | 'supplier' | 'job';

/** One message's figures: how long it waited for the thread; how long it held it, when it let it go. */
export type WorkerTimingListener = (path: WorkerPath, waitMs: number | null, heldMs: number | null) => void;

interface Pending {
  path: WorkerPath;
  resolve(value: unknown): void;
  reject(err: Error): void;
  /** The caller's stack, so a database error points at the query that failed, not at this file. */
  origin: Error;
}

type Reply =
  | { id: number; ok: true; result: unknown; wait?: number; held?: number }
  | { id: number; ok: false; error: Record<string, unknown>; wait?: number; held?: number }
  | { notice: string; path?: WorkerPath; held?: number };

/** 503 for every query once the database thread is gone: the error handler answers it and logs it. */
function databaseUnavailable(cause: Error): HttpError {
  const err = new HttpError(503, 'DATABASE_UNAVAILABLE', '데이터베이스를 사용할 수 없습니다');
  err.cause = cause;
  return err;
}

/**
 * The error the worker sent, rebuilt in this thread with every field it carried (code, severity,
 * detail, constraint…) so the error handler maps it as it maps PGlite's own errors.
 */
function rebuildError(fields: Record<string, unknown>, origin: Error): Error {
  const err = new Error(String(fields.message ?? 'database error'));
  Object.assign(err, fields);
  err.stack = `${err.name}: ${err.message}\n${origin.stack?.split('\n').slice(1).join('\n') ?? ''}`;
  return err;
}

/**
 * PGlite running in a worker thread (worker.mjs): the main thread's event loop keeps serving
 * while a query runs there. Requests are answered in the order sent; the thread holds the
 * process open only while a request is pending, as a socket would.
 */
export class PgliteWorkerClient implements PgliteQueryClient {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private dead: Error | null = null;
  private closing = false;
  private counted: (statements: number, sql: string | null) => void = () => undefined;
  private pathNow: () => WorkerPath = () => 'job';
  private readonly timingListeners = new Set<WorkerTimingListener>();
  /** The thread once it is ready (begin); until then messages wait in `backlog`. */
  private worker: Worker | null = null;
  private backlog: object[] = [];
  /** The thread's start, once begun. */
  private opening: Promise<void> | null = null;

  private constructor(
    private readonly onCrash: (err: Error) => void,
    private readonly onNotice: (text: string) => void,
  ) {}

  static async start(options: PgliteWorkerOptions): Promise<PgliteWorkerClient> {
    const client = PgliteWorkerClient.unstarted(options);
    await client.begin(options);
    return client;
  }

  /**
   * A client whose thread `begin` starts later; what is sent meanwhile waits and goes once the thread is
   * ready. The server builds its app (which keeps the client: metrics, statement counts) while the thread
   * opens the database, or while a first start's data directory is still being restored (server/db/open.ts).
   */
  static unstarted(options: Pick<PgliteWorkerOptions, 'onCrash' | 'onNotice'> = {}): PgliteWorkerClient {
    return new PgliteWorkerClient(
      options.onCrash ?? ((err) => console.error('GPMS: the PGlite database thread failed:', err)),
      options.onNotice ?? ((text) => console.error(`GPMS: ${text}`)),
    );
  }

  /** Starts the thread on the database and waits until it is open; rejects (and fails what waits) if it does not open. */
  begin(options: Omit<PgliteWorkerOptions, 'onCrash' | 'onNotice'>): Promise<void> {
    if (this.opening) return Promise.reject(new Error('the PGlite worker thread was started already'));
    this.opening = this.open(options);
    return this.opening;
  }

  private async open(options: Omit<PgliteWorkerOptions, 'onCrash' | 'onNotice'>): Promise<void> {
    if (this.dead) throw this.dead;
    // The tar's buffer moves to the thread (131 MB for the seeded dump: no copy); a view on a larger buffer is
    // copied first, so only its own bytes move.
    const load = options.loadDataDir ? ownBytes(options.loadDataDir) : null;
    const worker = new Worker(new URL('./worker.mjs', import.meta.url), {
      workerData: {
        dataDir: options.dataDir,
        loadDataDir: load,
        wasmModule: options.wasmModule,
        transactionLimitMs: options.transactionLimitMs,
      },
      transferList: load ? [load.buffer as ArrayBuffer] : [],
      // The parent's flags (tsx's or vitest's loaders) are for TypeScript; the worker is plain JS.
      execArgv: [],
    });
    try {
      await new Promise<void>((resolve, reject) => {
        const onExit = (code: number) =>
          reject(new Error(`the PGlite worker thread exited while starting (code ${code})`));
        worker.once('error', reject);
        worker.once('exit', onExit);
        worker.once('message', (msg: { ready: boolean; error?: Record<string, unknown> }) => {
          worker.off('error', reject);
          worker.off('exit', onExit);
          if (msg.ready) resolve();
          else reject(rebuildError(msg.error ?? {}, new Error()));
        });
      });
    } catch (err) {
      // Not a crash to report: the caller is told. What waited is answered as a lost database.
      this.closing = true;
      this.die(err as Error);
      throw err;
    }
    worker.on('message', (reply: Reply) => this.answer(reply));
    worker.on('error', (err) => this.die(err));
    worker.on('exit', (code) => this.die(new Error(`the PGlite worker thread exited (code ${code})`)));
    this.worker = worker;
    if (this.pending.size === 0) worker.unref();
    for (const message of this.backlog) worker.postMessage(message);
    this.backlog = [];
  }

  /**
   * Tells `count` how many statements each message carries (connect.ts: the statements a request
   * sends): a query one, a supplier's scoped statement four (begin, role and company, it, commit);
   * with the statement's text (a scoped one's transaction holds that statement alone).
   */
  countStatements(count: (statements: number, sql: string | null) => void): void {
    this.counted = count;
  }

  /** Tells which kind of work is sending now (connect.ts: the request's, from the statement tally). */
  classifyPaths(pathNow: () => WorkerPath): void {
    this.pathNow = pathNow;
  }

  /**
   * Tells `listener` every message's wait for the thread and, when it let the thread go, how long it
   * held it (a transaction once, at its end); answers the way to stop (metrics, bench/load.ts).
   */
  onTiming(listener: WorkerTimingListener): () => void {
    this.timingListeners.add(listener);
    return () => void this.timingListeners.delete(listener);
  }

  /** Statements sent and not yet answered (the one running included): the metrics' queue length. */
  get queueLength(): number {
    return this.pending.size;
  }

  /**
   * Runs one statement; rows come back as PGlite made them (Date, Uint8Array, parsed json…).
   * `conn`: the driver's connection (driver.ts): while it holds a transaction the thread runs its
   * statements only.
   */
  query(sql: string, params: unknown[] = [], conn?: number): Promise<{ rows: unknown[]; affectedRows?: number }> {
    return this.send({ op: 'query', sql, params, conn }) as Promise<{ rows: unknown[]; affectedRows?: number }>;
  }

  /**
   * One statement read in array mode (server/db/lists/array-rows.ts): each row an array of the columns'
   * values, the columns' names once. Outside any connection's transaction, as a statement of its own.
   */
  queryArrays(sql: string, params: unknown[]): Promise<{ rows: unknown[][]; columns: string[] }> {
    return this.send({ op: 'query', sql, params, rowMode: 'array' }) as Promise<{
      rows: unknown[][];
      columns: string[];
    }>;
  }

  /**
   * A supplier's statement outside a transaction: begin, role and company set for it alone, the
   * statement, commit — in the thread, one message (server/db/supplier-role.ts).
   */
  queryScoped(
    role: string,
    compNo: string,
    sql: string,
    params: unknown[],
    conn?: number,
  ): Promise<{ rows: unknown[]; affectedRows?: number }> {
    return this.send({ op: 'scoped', role, compNo, sql, params, conn }) as Promise<{
      rows: unknown[];
      affectedRows?: number;
    }>;
  }

  /** The data directory as an uncompressed tar (PGlite's dumpDataDir), to load into another database. */
  async dumpDataDir(): Promise<Uint8Array> {
    return (await this.send({ op: 'dump' })) as Uint8Array;
  }

  /**
   * Time per statement text in the database thread since the last call (null if not recording), and
   * records from now on while `on` (bench/load.ts; off by default: no cost).
   */
  async statementStats(on: boolean): Promise<{
    wallMs: number;
    busyMs: number;
    maxWait: { ms: number; sql: string; owner: number | null; path: WorkerPath | null };
    answerHits: number;
    answerMisses: number;
    rows: Array<{ sql: string; n: number; hits: number; ms: number; max: number }>;
  } | null> {
    return (await this.send({ op: 'stats', on })) as never;
  }

  /** Closes the database (PGlite flushes its data directory) after every query sent before, then ends the thread. */
  async close(): Promise<void> {
    if (this.closing || this.dead) return;
    // Closed while the thread opens the database: closed once it has (or answered at once if it fails).
    if (!this.worker && this.opening) await this.opening.catch(() => undefined);
    if (this.closing || this.dead) return;
    if (!this.worker) {
      // Never opened (a start that failed before it): what waits is answered, nothing to flush.
      this.closing = true;
      this.die(new Error('the PGlite worker thread was closed before it started'));
      return;
    }
    this.closing = true;
    try {
      await this.send({ op: 'close' });
    } finally {
      await this.worker.terminate();
    }
  }

  /** Stops the thread at once without closing the database: what a crash does (tests use it). */
  async terminate(): Promise<void> {
    await this.worker?.terminate();
  }

  private send(message: {
    op: string;
    sql?: string;
    params?: unknown[];
    on?: boolean;
    conn?: number;
    role?: string;
    compNo?: string;
    rowMode?: 'array';
  }): Promise<unknown> {
    if (this.dead) return Promise.reject(databaseUnavailable(this.dead));
    if (message.op === 'query') this.counted(1, message.sql ?? null);
    else if (message.op === 'scoped') this.counted(4, message.sql ?? null);
    const id = this.nextId++;
    const origin = new Error();
    const path = message.op === 'scoped' ? 'supplier' : this.pathNow();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { path, resolve, reject, origin });
      // sent: the thread measures the wait from here, on the process's one clock.
      const out = { id, ...message, path, sent: performance.timeOrigin + performance.now() };
      if (!this.worker) {
        this.backlog.push(out);
        return;
      }
      if (this.pending.size === 1) this.worker.ref();
      this.worker.postMessage(out);
    });
  }

  private answer(reply: Reply): void {
    if ('notice' in reply) {
      if (reply.held !== undefined) this.timed(reply.path ?? 'job', null, reply.held);
      this.onNotice(reply.notice);
      return;
    }
    const p = this.pending.get(reply.id);
    if (!p) return;
    this.pending.delete(reply.id);
    if (this.pending.size === 0) this.worker?.unref();
    if (reply.wait !== undefined || reply.held !== undefined)
      this.timed(p.path, reply.wait ?? null, reply.held ?? null);
    if (reply.ok) p.resolve(reply.result);
    else p.reject(rebuildError(reply.error, p.origin));
  }

  private timed(path: WorkerPath, waitMs: number | null, heldMs: number | null): void {
    for (const l of this.timingListeners) l(path, waitMs, heldMs);
  }

  private die(err: Error): void {
    if (this.dead) return;
    this.dead = err;
    if (!this.closing) this.onCrash(err);
    for (const p of this.pending.values()) p.reject(databaseUnavailable(err));
    this.pending.clear();
  }
}
