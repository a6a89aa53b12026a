import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import type { PgliteWorkerClient } from './worker-client.js';

/**
 * A connection of the PGlite worker. Unlike kysely-pglite-dialect's driver,
 * which lent its one connection to one caller at a time from this thread (a request's next
 * statement waited here for the previous caller's answer to come back and its code to run, while
 * the database thread idled), every caller gets a connection of its own at once and sends its
 * statements straight to the thread; the thread keeps a transaction's statements together
 * (worker.mjs, "Order"). Kysely never runs two statements on one connection at a time.
 */
export class PgliteWorkerConnection implements DatabaseConnection {
  constructor(
    private readonly client: PgliteWorkerClient,
    readonly id: number,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return answer<R>(await this.client.query(query.sql, [...query.parameters], this.id));
  }

  /** A supplier's statement outside a transaction, in one message (supplier-role.ts). */
  async executeScoped<R>(role: string, compNo: string, query: CompiledQuery): Promise<QueryResult<R>> {
    return answer<R>(await this.client.queryScoped(role, compNo, query.sql, [...query.parameters], this.id));
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    const result = await this.executeQuery<R>(query);
    for (let i = 0; i < result.rows.length; i += chunkSize) yield { rows: result.rows.slice(i, i + chunkSize) };
  }
}

function answer<R>(result: { rows: unknown[]; affectedRows?: number }): QueryResult<R> {
  return result.affectedRows
    ? { rows: result.rows as R[], numAffectedRows: BigInt(result.affectedRows) }
    : { rows: result.rows as R[] };
}

class PgliteWorkerDriver implements Driver {
  private nextId = 1;

  constructor(private readonly client: PgliteWorkerClient) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new PgliteWorkerConnection(this.client, this.nextId++);
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await connection.executeQuery(
      CompiledQuery.raw(
        settings.isolationLevel ? `start transaction isolation level ${settings.isolationLevel}` : 'begin',
      ),
    );
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    await this.client.close();
  }
}

/** Kysely's PostgreSQL dialect over the PGlite worker thread. */
export class PgliteWorkerDialect implements Dialect {
  constructor(private readonly client: PgliteWorkerClient) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PgliteWorkerDriver(this.client);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
