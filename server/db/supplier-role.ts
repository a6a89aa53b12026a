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
export const SUPPLIER_ROLE = 'gpms_supplier';

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

  private async follow(compNo: string | null): Promise<void> {
    if (compNo === this.current) return;
    await this.inner.executeQuery(compNo === null ? leave : enter(compNo));
    this.current = compNo;
  }

  begun(): void {
    this.inTransaction = true;
    this.current = null;
  }

  ended(): void {
    this.inTransaction = false;
    this.current = null;
  }
}

class SupplierRoleDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SupplierRoleConnection(await this.inner.acquireConnection());
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const c = connection as SupplierRoleConnection;
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
    return this.inner.releaseConnection((connection as SupplierRoleConnection).inner);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** The dialect with SupplierRoleDriver around its driver: connect.ts builds every Db with it. */
export function withSupplierRole(dialect: Dialect): Dialect {
  return {
    createAdapter: (): DialectAdapter => dialect.createAdapter(),
    createDriver: (): Driver => new SupplierRoleDriver(dialect.createDriver()),
    createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    createIntrospector: (db: Kysely<any>): DatabaseIntrospector => dialect.createIntrospector(db),
  };
}
