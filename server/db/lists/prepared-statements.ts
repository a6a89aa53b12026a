import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Server-side prepared statements for the list statements a PostgreSQL pool sends again and again
 * ("prepared or pre-planned statements where planning dominates" — the
 * warehousing page planned for 14–17 ms and executed in 1–2). Kysely's driver sends every
 * statement unnamed, so PostgreSQL parses and plans it each time. A statement kept by shaped.ts (a
 * list's page, count and totals, compiled once per shape) is *allowed* here by its text; from then
 * on it goes as a named statement, which each connection parses once and whose plan PostgreSQL keeps
 * (custom plans for its first five runs, then its generic plan when that costs no more).
 *
 * Why only those, and not every repeated text (pgjdbc's `prepareThreshold`)? A generic plan is made
 * without the values: it cannot use a partial index whose predicate a parameter would have to match
 * (`status <> $1` against `… where status <> 'CANCELLED'`: the deliveries page went from 3 ms to
 * 125 ms, a sequential scan per row), and with `limit $n` it assumes a tenth of the rows and so looks
 * cheaper than it is. The statements allowed are written for it — constants and the page's limit as
 * literals (keyset.ts, the lists' queries), checked by `tests/api/db/prepared-statements.test.ts` —
 * and a statement nobody reviewed that way stays unnamed.
 *
 * Named: only statements with parameters (a statement without goes by the simple protocol, which
 * allows several statements in one text) and without a `*` select list (`select *`, `returning *`,
 * `"t".*`): a prepared `*` fails with "cached plan must not change result type" once a column is
 * added, as a rolling upgrade's migration does under a running server. An explicit column list is
 * re-planned by PostgreSQL itself after such a change. Should a named statement still fail that way
 * (a column's type changed under it), outside a transaction the statement is dropped on that
 * connection and prepared again at once; inside one the error stands (the transaction is already
 * aborted) and the next use on that connection drops it first.
 *
 * Bounded: at most `maxNamed` texts per pool (each connection keeps a plan per name).
 */
export interface PreparedStatementOptions {
  maxNamed?: number;
}

export interface PreparedStatements {
  /** Sends the pool's allowed statements named on this client (called once per new connection). */
  attach(client: pg.PoolClient): void;
  /** From now on `text` goes named on every connection of the pool (if it may: parameters, no `*`). */
  allow(text: string): void;
  allows(text: string): boolean;
}

type QueryConfig = { text: string; values?: unknown[]; name?: string; [key: string]: unknown };
type QueryFn = (...args: unknown[]) => unknown;

const STAR_LIST = /(?:\bselect|\breturning|,)\s*(?:distinct\s+)?(?:"(?:[^"]|"")*"\.)?\*/i;
const RESULT_TYPE_CHANGED = '0A000';

/** Whether a statement may go named (the rules above: parameters, no `*` select list). */
export function preparable(text: string, values: readonly unknown[] | undefined): boolean {
  return !!values && values.length > 0 && !STAR_LIST.test(text);
}

/** The name a statement's text is prepared under: the same on every connection and server. */
export function statementName(text: string): string {
  return `gpms_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
}

// Which handle's pool allows what: keyed by the Kysely executor connect.ts made (shaped.ts has the handle, not the pool).
const byExecutor = new WeakMap<object, PreparedStatements>();

/** Ties a handle (its Kysely executor) to its pool's prepared statements (connect.ts). */
export function preparedFor(executor: object, prepared: PreparedStatements): void {
  byExecutor.set(executor, prepared);
}

/** Whether `text` goes named on the pool behind this executor (the API bench replays the app's SQL as the app sends it). */
export function preparedAllows(executor: object, text: string): boolean {
  return byExecutor.get(executor)?.allows(text) ?? false;
}

/** Allows `text` on the pool behind this executor, if it is a PostgreSQL pool preparing statements. */
export function allowPrepared(executor: object, text: string): void {
  byExecutor.get(executor)?.allow(text);
}

export function preparedStatements(options: PreparedStatementOptions = {}): PreparedStatements {
  const maxNamed = options.maxNamed ?? 256;
  const named = new Map<string, string>();

  function allow(text: string): void {
    if (named.has(text) || named.size >= maxNamed || STAR_LIST.test(text) || !/\$1\b/.test(text)) return;
    named.set(text, statementName(text));
  }

  /** The name to send `text` under, or undefined to send it unnamed. */
  function nameFor(text: string, values: unknown[] | undefined): string | undefined {
    return values && values.length > 0 ? named.get(text) : undefined;
  }

  function attach(client: pg.PoolClient): void {
    const query = client.query.bind(client) as QueryFn;
    const parsed = (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection
      .parsedStatements;
    // Names whose kept plan failed inside a transaction: dropped before their next use here.
    const stale = new Set<string>();
    const drop = async (name: string) => {
      await query(`deallocate ${name}`);
      delete parsed[name];
      stale.delete(name);
    };
    const run = async (config: QueryConfig & { name: string }): Promise<unknown> => {
      if (stale.has(config.name)) await drop(config.name);
      try {
        return await query(config);
      } catch (err) {
        if ((err as { code?: string }).code !== RESULT_TYPE_CHANGED) throw err;
        // The connection's kept plan no longer fits the table (its result type changed).
        if (client.getTransactionStatus() !== 'I') {
          stale.add(config.name);
          throw err;
        }
        await drop(config.name);
        return query(config);
      }
    };
    (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
      const [first, second, third] = args;
      // (text, values?, callback?) as Kysely's driver calls it, or ({ text, values, … }, callback?) as
      // pg-pool's query() does (array rows: array-rows.ts); cursors, streams and the rest go as they came.
      let config: QueryConfig | null = null;
      let callback: ((err: unknown, res?: unknown) => void) | undefined;
      if (
        typeof first === 'string' &&
        (second === undefined || Array.isArray(second)) &&
        (third === undefined || typeof third === 'function')
      ) {
        config = { text: first, values: second as unknown[] | undefined };
        callback = third as typeof callback;
      } else if (
        isPlainConfig(first) &&
        first.name === undefined &&
        (second === undefined || typeof second === 'function') &&
        (third === undefined || typeof third === 'function')
      ) {
        config = first;
        callback = (second ?? third) as typeof callback;
      }
      const name = config ? nameFor(config.text, config.values) : undefined;
      if (!config || !name) return query(...args);
      const answer = run({ ...config, name });
      if (!callback) return answer;
      answer.then(
        (res) => callback(null, res),
        (err: unknown) => callback(err),
      );
      return undefined;
    };
  }

  return { attach, allow, allows: (text) => named.has(text) };
}

function isPlainConfig(v: unknown): v is QueryConfig {
  if (typeof v !== 'object' || v === null || typeof (v as { text?: unknown }).text !== 'string') return false;
  if (typeof (v as { submit?: unknown }).submit === 'function') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}
