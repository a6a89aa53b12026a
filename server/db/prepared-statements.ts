import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * Server-side prepared statements for the statements a PostgreSQL pool sends again and again
 * (issue #27 item 1: "prepared or pre-planned statements where planning dominates" — the
 * warehousing page planned for 14–17 ms and executed in 1–2). Kysely's driver sends every
 * statement unnamed, so PostgreSQL parses and plans it each time. The lists' statements are
 * compiled once per shape (shaped.ts, compiled-once.ts), so the same text comes back with new
 * values: from a text's `threshold`-th sighting on, it is sent as a named statement, which each
 * connection parses once and whose plan PostgreSQL keeps (custom plans for its first five runs, then
 * its generic plan when that costs no more). pgjdbc does the same with its `prepareThreshold` of 5.
 *
 * Named: only statements with parameters (a statement without goes by the simple protocol, which
 * allows several statements in one text — scripts, migrations) and without a `*` select list
 * (`select *`, `returning *`, `"t".*`): a prepared `*` fails with "cached plan must not change
 * result type" once a column is added, as a rolling upgrade's migration does under a running
 * server. An explicit column list is re-planned by PostgreSQL itself after such a change. Should a
 * named statement still fail that way (a column's type changed under it), outside a transaction
 * the statement is dropped on that connection and prepared again at once; inside one the error
 * stands (the transaction is already aborted) and the next use on that connection drops it first.
 *
 * Bounded: at most `maxNamed` texts are named per pool (each connection keeps a plan per name), and
 * the sightings of texts not yet named are forgotten past `maxCounted`.
 */
export interface PreparedStatementOptions {
  threshold?: number;
  maxNamed?: number;
  maxCounted?: number;
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

export function preparedStatements(options: PreparedStatementOptions = {}) {
  const threshold = options.threshold ?? 5;
  const maxNamed = options.maxNamed ?? 256;
  const maxCounted = options.maxCounted ?? 2000;
  const named = new Map<string, string>();
  const sightings = new Map<string, number>();

  /** The name to send `text` under, or undefined to send it unnamed this time. */
  function nameFor(text: string, values: unknown[] | undefined): string | undefined {
    const kept = named.get(text);
    if (kept) return kept;
    if (named.size >= maxNamed || !preparable(text, values)) return undefined;
    const seen = (sightings.get(text) ?? 0) + 1;
    if (seen < threshold) {
      if (sightings.size >= maxCounted) sightings.clear();
      sightings.set(text, seen);
      return undefined;
    }
    sightings.delete(text);
    const name = statementName(text);
    named.set(text, name);
    return name;
  }

  /** Sends the pool's repeated statements named on this client (called once per new connection). */
  function attach(client: pg.PoolClient): void {
    const query = client.query.bind(client) as QueryFn;
    const parsed = (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements;
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
      // Promise calls only: (text, values) or ({ text, values, … }); callbacks, cursors and streams go as they came.
      if (typeof first === 'string' && (second === undefined || Array.isArray(second)) && third === undefined) {
        const name = nameFor(first, second as unknown[] | undefined);
        return name ? run({ name, text: first, values: second as unknown[] }) : query(first, second);
      }
      if (isPlainConfig(first) && second === undefined && first.name === undefined) {
        const name = nameFor(first.text, first.values);
        return name ? run({ ...first, name }) : query(first);
      }
      return query(...args);
    };
  }

  return { attach, namedCount: () => named.size };
}

function isPlainConfig(v: unknown): v is QueryConfig {
  if (typeof v !== 'object' || v === null || typeof (v as { text?: unknown }).text !== 'string') return false;
  if (typeof (v as { submit?: unknown }).submit === 'function') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}
