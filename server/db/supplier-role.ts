import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryId,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { PgliteWorkerConnection } from './pglite/driver.js';

/**
 * The second line of supplier isolation (docs/security.md "Supplier isolation in two
 * layers"). Migration 0310 gives every company-owned table row-level security with a policy for
 * this role: `comp_no = current_setting('app.comp_no', true)`. The role owns nothing, so the
 * policies apply to it; the application's own user (the tables' owner) is not subject to them.
 */
const SUPPLIER_ROLE = 'gpms_supplier';

/** Queries built through a supplier-scoped Db, by their query id: company-scope.ts marks them. */
const supplierQueries = new WeakMap<QueryId, string>();

/** Called by the company-scope plugin for every query it sees (raw `sql` included). */
export function markSupplierQuery(queryId: QueryId, compNo: string): void {
  supplierQueries.set(queryId, compNo);
}

// set_config(…, true) is SET LOCAL: it ends with the transaction, whatever way it ends — commit,
// rollback, or a connection dropped mid-way — so a pooled connection cannot carry it to the next user.
const enter = (compNo: string) =>
  CompiledQuery.raw(`select set_config('role', '${SUPPLIER_ROLE}', true), set_config('app.comp_no', $1, true)`, [
    compNo,
  ]);
const leave = CompiledQuery.raw(`select set_config('role', 'none', true), set_config('app.comp_no', '', true)`);
const BEGIN = CompiledQuery.raw('begin');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');

/**
 * A connection that runs a supplier's statements as SUPPLIER_ROLE with its company set:
 * - outside a transaction, each such statement runs in one of its own (begin; set; statement; commit),
 *   so the connection — PGlite's only one included — is held for that statement only;
 * - inside a transaction, the role and company are set before the first supplier statement and
 *   follow the statements after it (another company's, or an unscoped one's, switches them back).
 * Statements of unscoped Dbs (staff, jobs, migrations) run untouched.
 */
class SupplierRoleConnection implements DatabaseConnection {
  inTransaction = false;
  /** The company set in this transaction: null none, undefined unknown (after a rollback to a savepoint). */
  current: string | null | undefined = null;

  constructor(readonly inner: DatabaseConnection) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const compNo = supplierQueries.get(query.queryId) ?? null;
    if (this.inTransaction) {
      await this.follow(compNo);
      return this.inner.executeQuery<R>(query);
    }
    if (this.held) return this.inRequestTransaction(compNo, query.sql, () => this.inner.executeQuery<R>(query));
    if (compNo === null) return this.inner.executeQuery<R>(query);
    // The PGlite worker runs the four statements below in its thread, from one message.
    if (this.inner instanceof PgliteWorkerConnection) return this.inner.executeScoped<R>(SUPPLIER_ROLE, compNo, query);
    await this.inner.executeQuery(BEGIN);
    try {
      await this.inner.executeQuery(enter(compNo));
      const result = await this.inner.executeQuery<R>(query);
      await this.inner.executeQuery(COMMIT);
      return result;
    } catch (err) {
      await this.inner.executeQuery(ROLLBACK).catch(() => undefined);
      throw err;
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    const compNo = supplierQueries.get(query.queryId) ?? null;
    this.held?.holdAlone();
    if (!this.inTransaction && this.held && (compNo !== null || this.requestTransaction)) {
      if (!this.requestTransaction) await this.openRequestTransaction();
      try {
        await this.follow(compNo);
        yield* this.inner.streamQuery<R>(query, chunkSize);
      } catch (err) {
        await this.abandonRequestTransaction();
        throw err;
      }
      if (mayWriteHere(query.sql)) await this.endRequestTransaction();
      return;
    }
    if (this.inTransaction || compNo === null) {
      if (this.inTransaction) await this.follow(compNo);
      yield* this.inner.streamQuery<R>(query, chunkSize);
      return;
    }
    if (this.inner instanceof PgliteWorkerConnection) {
      const result = await this.inner.executeScoped<R>(SUPPLIER_ROLE, compNo, query);
      for (let i = 0; i < result.rows.length; i += chunkSize ?? 100)
        yield { rows: result.rows.slice(i, i + (chunkSize ?? 100)) };
      return;
    }
    await this.inner.executeQuery(BEGIN);
    let done = false;
    try {
      await this.inner.executeQuery(enter(compNo));
      yield* this.inner.streamQuery<R>(query, chunkSize);
      done = true;
    } finally {
      await this.inner.executeQuery(done ? COMMIT : ROLLBACK);
    }
  }

  /**
   * The request this connection is held for (RequestConnection), or null: a connection of its own
   * for each statement, as above.
   */
  held: RequestConnection | null = null;
  /** Whether the held connection's request transaction (begin; role and company; its reads) is open. */
  requestTransaction = false;

  /**
   * A held connection: the request's statements share one transaction, opened by its first supplier
   * statement with the role and company set LOCAL — so they end with it, whatever way it ends — and
   * ended when the request ends (`endRequestTransaction`), before a transaction of the request's own
   * begins, after any statement that may write (so a write stands as it would alone), and by any
   * failed statement (rolled back: the next statement opens another). A statement of an unscoped Db
   * (asOwner) inside it switches the role back for itself, as in any transaction.
   */
  private async inRequestTransaction<T>(compNo: string | null, text: string, run: () => Promise<T>): Promise<T> {
    if (!this.requestTransaction) {
      if (compNo === null) return run();
      await this.openRequestTransaction();
    }
    let result: T;
    try {
      await this.follow(compNo);
      result = await run();
    } catch (err) {
      await this.abandonRequestTransaction();
      throw err;
    }
    if (mayWriteHere(text)) await this.endRequestTransaction();
    return result;
  }

  private async openRequestTransaction(): Promise<void> {
    await this.inner.executeQuery(BEGIN);
    this.requestTransaction = true;
    this.current = null;
  }

  private async abandonRequestTransaction(): Promise<void> {
    if (!this.requestTransaction) return;
    this.requestTransaction = false;
    this.current = null;
    await this.inner.executeQuery(ROLLBACK).catch(() => undefined);
  }

  /** Commits the request transaction if one is open (its role and company end with it). */
  async endRequestTransaction(): Promise<void> {
    if (!this.requestTransaction) return;
    this.requestTransaction = false;
    this.current = null;
    try {
      await this.inner.executeQuery(COMMIT);
    } catch (err) {
      // A failed commit ends the transaction all the same; a connection that broke is dropped by the pool.
      await this.inner.executeQuery(ROLLBACK).catch(() => undefined);
      throw err;
    }
  }

  private async follow(compNo: string | null): Promise<void> {
    if (compNo === this.current) return;
    await this.inner.executeQuery(compNo === null ? leave : enter(compNo));
    this.current = compNo;
  }

  begun(): void {
    this.held?.holdAlone();
    this.inTransaction = true;
    this.current = null;
  }

  ended(): void {
    this.inTransaction = false;
    this.current = null;
  }
}

/**
 * One request's connection (PostgreSQL; a supplier's request: server/auth/plugin.ts): taken from the
 * pool by the request's first statement and kept for the ones after it, so a supplier's reads share
 * one transaction (begin, role and company once, commit) instead of four statements each. A
 * statement sent while it is in use (two at once, or one inside the request's own transaction
 * through another Db) takes a connection of its own as before. `end()` — when the answer is sent or
 * the request aborted — commits the request transaction and gives the connection back; statements
 * sent after it take connections of their own.
 */
export class RequestConnection {
  driver: SupplierRoleDriver | null = null;
  connection: SupplierRoleConnection | null = null;
  busy = false;
  ended = false;
  /** In use by a transaction or a stream: what else the request sends meanwhile may wait on it. */
  private exclusive = false;
  private readonly waiting: Array<(take: boolean) => void> = [];
  private closing: Promise<void> | null = null;

  /**
   * Whether the next statement may use this connection: at once when free; after the statement in
   * progress when that is a single statement (two reads at once wait their turn rather than take a
   * second connection); never while a transaction or a stream holds it (a statement sent inside one
   * through another Db would wait for it forever).
   */
  take(): Promise<boolean> | boolean {
    if (this.ended || this.exclusive) return false;
    if (!this.busy) {
      this.busy = true;
      return true;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** The connection begins a transaction or a stream: statements waiting for it take their own. */
  holdAlone(): void {
    this.exclusive = true;
    for (const w of this.waiting.splice(0)) w(false);
  }

  /** Gives the connection back (once): waits for the statement or transaction using it. */
  end(): Promise<void> {
    this.ended = true;
    if (this.busy) return Promise.resolve();
    return this.close();
  }

  /** Called by the driver when the connection is released: the next waiting statement's, or closed if the request ended. */
  released(): Promise<void> {
    this.exclusive = false;
    const next = this.ended ? undefined : this.waiting.shift();
    if (next) {
      next(true);
      return Promise.resolve();
    }
    this.busy = false;
    for (const w of this.waiting.splice(0)) w(false);
    return this.ended ? this.close() : Promise.resolve();
  }

  private close(): Promise<void> {
    const c = this.connection;
    const driver = this.driver;
    if (!c || !driver) return Promise.resolve();
    this.closing ??= (async () => {
      this.connection = null;
      try {
        await c.endRequestTransaction();
      } catch {
        // The transaction ended with its failed commit (its LOCAL settings with it); a broken
        // connection is not queryable and the pool drops it on release.
      }
      c.held = null;
      await driver.releaseInner(c);
    })();
    return this.closing;
  }
}

/**
 * Whether a statement in a held connection's request transaction must be committed at once: anything
 * but a plain read — a write, a lock, a SELECT of a function known to change something (a notification,
 * a sequence, a setting, an advisory lock) — so its effect stands, or ends, as it would alone.
 */
function mayWriteHere(text: string): boolean {
  return (
    !/^\s*(select|with)\b/i.test(text) ||
    /\b(insert|update|delete|merge)\b/i.test(text) ||
    /\bfor\s+(update|share|no\s+key\s+update|key\s+share)\b/i.test(text) ||
    /\b(pg_notify|nextval|setval|set_config|pg_advisory\w*|lo_\w+)\s*\(/i.test(text)
  );
}

class SupplierRoleDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly heldFor: () => RequestConnection | null | undefined,
  ) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const held = this.heldFor();
    if (held && (held.driver === null || held.driver === this) && (await held.take())) {
      try {
        if (!held.connection) {
          const c = new SupplierRoleConnection(await this.inner.acquireConnection());
          c.held = held;
          held.driver = this;
          held.connection = c;
        }
        return held.connection;
      } catch (err) {
        await held.released();
        throw err;
      }
    }
    return new SupplierRoleConnection(await this.inner.acquireConnection());
  }

  /** Gives a held connection back to the pool (RequestConnection.end). */
  releaseInner(c: SupplierRoleConnection): Promise<void> {
    return this.inner.releaseConnection(c.inner);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as SupplierRoleConnection;
    // The request's reads so far are committed first: a transaction of its own starts clean.
    c.held?.holdAlone();
    await c.endRequestTransaction();
    await this.inner.beginTransaction(c.inner, settings);
    c.begun();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as SupplierRoleConnection;
    try {
      await this.inner.commitTransaction(c.inner);
    } finally {
      c.ended();
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as SupplierRoleConnection;
    try {
      await this.inner.rollbackTransaction(c.inner);
    } finally {
      c.ended();
    }
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    if (!this.inner.savepoint) throw new Error('savepoints are not supported by this driver');
    await this.inner.savepoint((connection as SupplierRoleConnection).inner, name, compile);
  }

  async rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.inner.rollbackToSavepoint) throw new Error('savepoints are not supported by this driver');
    const c = connection as SupplierRoleConnection;
    await this.inner.rollbackToSavepoint(c.inner, name, compile);
    // A rollback to a savepoint restores the settings of that moment, which we did not record.
    c.current = undefined;
  }

  async releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compile: QueryCompiler['compileQuery'],
  ): Promise<void> {
    if (!this.inner.releaseSavepoint) throw new Error('savepoints are not supported by this driver');
    await this.inner.releaseSavepoint((connection as SupplierRoleConnection).inner, name, compile);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    const c = connection as SupplierRoleConnection;
    if (c.held) return c.held.released();
    return this.inner.releaseConnection(c.inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** The dialect with SupplierRoleDriver around its driver: connect.ts builds every Db with it. */
export function withSupplierRole(
  dialect: Dialect,
  heldFor: () => RequestConnection | null | undefined = () => null,
): Dialect {
  return {
    createAdapter: (): DialectAdapter => dialect.createAdapter(),
    createDriver: (): Driver => new SupplierRoleDriver(dialect.createDriver(), heldFor),
    createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    createIntrospector: (db: Kysely<any>): DatabaseIntrospector => dialect.createIntrospector(db),
  };
}
