import { createQueryId, type CompiledQuery, type Compilable, type Kysely } from 'kysely';

/**
 * A statement whose text and parameters never change (work that depends only on
 * the code, not on the request), compiled on its first run per database handle and then sent as it
 * is: no builder, no compile. The authority version read before every authenticated request is one.
 *
 * Only on a handle whose sole plugin is the camelCase one (connect.ts): a plugin added on top
 * (company-scope.ts marks each statement to run as the supplier role) must see every statement, so
 * through such a handle the statement is built and compiled every time, as before.
 */
export function compiledOnce<DB, R>(build: (db: Kysely<DB>) => Compilable<R>): (db: Kysely<DB>) => Promise<R[]> {
  const compiled = new WeakMap<object, CompiledQuery<R>>();
  return async (db) => {
    const executor = db.getExecutor();
    if (executor.plugins.length !== 1) return (await db.executeQuery<R>(build(db))).rows;
    let q = compiled.get(executor);
    if (!q) {
      q = build(db).compile();
      compiled.set(executor, q);
    }
    // A query id of its own per run, as a freshly compiled statement has (drivers and plugins key by it).
    return (await db.executeQuery<R>({ ...q, queryId: createQueryId() })).rows;
  };
}
