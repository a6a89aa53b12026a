import type { CompiledQuery, Kysely, Logger } from 'kysely';

/**
 * Statements read in the driver's array mode ("answer built once"): each row an array of
 * the columns' values in the statement's order, with the columns' names once for the whole answer.
 * The driver then builds no object per row, the PGlite worker clones arrays instead of objects, and
 * no renamed copy is made (camel-rows.ts): a list's page goes from the driver's values straight to
 * its answer rows (answer-rows.ts).
 *
 * connect.ts offers a runner for each handle's root Kysely: the `pg` pool's `rowMode: 'array'`, or
 * the PGlite worker's. Only the root's executor has one, so a transaction (another executor: its
 * statements must run on its own connection), a handle with other plugins (a supplier-scoped one,
 * company-scope.ts, which must see every statement) or PGlite in the main thread find none and read
 * objects through Kysely as before.
 */
export interface ArrayResult {
  /** The driver's column names (snake_case, as the statement names them). */
  columns: readonly string[];
  rows: unknown[][];
}

export type ArrayRunner = (query: CompiledQuery) => Promise<ArrayResult>;

// Keyed by the executor: a Kysely's own, the same object for every call on that Kysely.
const runners = new WeakMap<object, ArrayRunner>();

// The runner serves any handle's Kysely whatever its tables.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyKysely = Kysely<any>;

/** Offers array mode on this Kysely (connect.ts); `undefined` withdraws it (tests compare both paths). */
export function offerArrayRows(db: AnyKysely, run: ArrayRunner | undefined): void {
  if (run) runners.set(db.getExecutor(), run);
  else runners.delete(db.getExecutor());
}

export function arrayRunnerOf(db: AnyKysely): ArrayRunner | undefined {
  return runners.get(db.getExecutor());
}

/**
 * A runner that tells the handle's query log what Kysely would (the app's metrics count every
 * statement; bench/api.ts records the statements a handler runs from it).
 */
export function loggedRunner(
  run: (query: CompiledQuery) => Promise<ArrayResult>,
  log: Logger | undefined,
): ArrayRunner {
  if (!log) return run;
  return async (query) => {
    const start = performance.now();
    try {
      const result = await run(query);
      await log({ level: 'query', query, queryDurationMillis: performance.now() - start });
      return result;
    } catch (error) {
      await log({ level: 'error', error, query, queryDurationMillis: performance.now() - start });
      throw error;
    }
  };
}
