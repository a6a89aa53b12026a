import { createQueryId, type CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { AnswerRow, Nested } from './answer-rows.js';
import { arrayRunnerOf, type ArrayResult } from './array-rows.js';
import { CompiledCamelCasePlugin } from './camel-rows.js';
import { allowPrepared } from './prepared-statements.js';

/**
 * A statement built and compiled once per *shape* (no per-request work that
 * depends only on the route). A list's SQL text depends on which filters are given, how many values
 * an `in` names, the sort and the page's mode, never on the values themselves; so the first request
 * of a shape builds the statement with a placeholder for every value, compiles it, and records
 * which parameter takes which value. Later requests of that shape send the kept text with their own
 * values: no builder, no compile.
 *
 * `values` is the request's values as the statement uses them — trimmed, wrapped (`%…%`) and
 * escaped *before* building, because the builder sees placeholders, not values. The builder may
 * branch on the `shape` it is given and on whether a value is present (`undefined`/`null`/falsy
 * values are part of the key and passed as they are), never on a value's content. Anything else is
 * refused loudly on the first build of the shape: a placeholder that never reached the parameters
 * (the builder used a value it captured instead, or computed with it), one changed on its way (a
 * trim, a `%` wrapped around it), or one written into the SQL text.
 *
 * As compiled-once.ts: kept per database handle and only on a handle whose sole plugin is the
 * camelCase one (connect.ts); a supplier-scoped handle (company-scope.ts) must see every statement,
 * so through it the statement is built and compiled every time, with the request's values. Bounded:
 * past `maxShapes` shapes on one handle, further shapes are built every time too.
 */
type ShapeValue =
  string | number | boolean | null | undefined | readonly ShapeValue[] | { readonly [key: string]: ShapeValue };
export type ShapeValues = { readonly [key: string]: ShapeValue };

/**
 * `context` is what the builder needs beside the values and the shape names (a list's keyset, made
 * for the request's sort): whatever of it changes the statement must be in `shape`.
 */
export interface ShapedStatement<DB, V extends ShapeValues, C, R> {
  /** The rows of the statement for these values (kept text, or built for a scoped handle). */
  execute(db: Kysely<DB>, shape: string, values: V, context?: C): Promise<R[]>;
  /** What `execute` sends for these values (tests compare it with a fresh compile). */
  compile(db: Kysely<DB>, shape: string, values: V, context?: C): CompiledQuery<R>;
  /**
   * The rows for an answer built once (answer-rows.ts): a kept statement on a handle that offers
   * array mode (array-rows.ts) is read as the driver's arrays, with no object or renamed copy per
   * row; anything else (a scoped handle, a transaction, PGlite in the main thread, a shape past the
   * bound) as Kysely's rows, as `execute` reads them. Either way `get` reads a column of a row and
   * `answer` turns rows into a list's answer rows.
   */
  fetch(db: Kysely<DB>, shape: string, values: V, context?: C): Promise<Fetched<R>>;
}

/** A statement's rows, in whichever form the handle read them. */
interface Fetched<R> {
  readonly rows: readonly unknown[];
  /** Whether the rows are the driver's arrays (tests check the fast path is the one taken). */
  readonly arrays: boolean;
  /** One column of a row, by its camelCase name (`ks0`, `poNo`). */
  get(row: unknown, column: string): unknown;
  /** The answer row of each row, as `answer` declares it. */
  answer<A, X>(answer: AnswerRow<R, A, X>): (row: unknown, context?: X) => A;
}

/** A kept statement's columns in array mode, named once (the same for every run of the shape). */
interface Columns {
  raw: readonly string[];
  camel: readonly string[];
  signature: string;
}

/** Where a kept statement's parameters come from: `take[i]` ≥ 0 the request's value of that index, else `constants[i]`. */
interface Kept {
  query: CompiledQuery['query'];
  sql: string;
  take: number[];
  constants: unknown[];
  columns?: Columns;
}

const DEFAULT_MAX_SHAPES = 64;

// Private-use characters no statement's own text or constant holds; spaces around so a trim shows.
const core = (i: number) => `\uE000shaped:${i}\uE000`;
const placeholder = (i: number) => ` ${core(i)} `;
const CORE = /\uE000shaped:(\d+)\uE000/;

/**
 * The request's values walked in order: `leaves` the ones a placeholder stands for (truthy strings
 * and numbers), `key` the structure with everything else as it is (absent, null, booleans, '', 0).
 */
function walk(v: ShapeValue, leaves: Array<string | number>, key: string[]): void {
  if (v === undefined) key.push('u');
  else if (v === null) key.push('n');
  else if (typeof v === 'boolean') key.push(v ? 't' : 'f');
  else if (typeof v === 'string' || typeof v === 'number') {
    if (v) {
      key.push(typeof v === 'string' ? 's' : 'd');
      leaves.push(v);
    } else key.push(JSON.stringify(v));
  } else if (Array.isArray(v)) {
    key.push('[');
    for (const x of v) walk(x, leaves, key);
    key.push(']');
  } else if (isPlain(v)) {
    key.push('{');
    for (const k of Object.keys(v)) {
      key.push(k, ':');
      walk((v as ShapeValues)[k], leaves, key);
    }
    key.push('}');
  } else
    throw new TypeError(`shaped: a value of type ${Object.prototype.toString.call(v)} cannot be a statement's value`);
}

function isPlain(v: object): boolean {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** The values with each leaf `walk` collects replaced by its placeholder, in the same order. */
function placeholders(v: ShapeValue, next: { i: number }): ShapeValue {
  if (typeof v === 'string' || typeof v === 'number') return v ? placeholder(next.i++) : v;
  if (Array.isArray(v)) return v.map((x) => placeholders(x, next));
  if (v && typeof v === 'object') {
    const out: Record<string, ShapeValue> = {};
    for (const k of Object.keys(v)) out[k] = placeholders((v as ShapeValues)[k], next);
    return out;
  }
  return v;
}

/** Which parameter takes which value, checked: every placeholder used, none changed or in the text. */
function keep(name: string, q: CompiledQuery, count: number): Kept {
  const fail = (why: string) => new Error(`shaped statement ${name}: ${why}`);
  if (CORE.test(q.sql))
    throw fail('a value is written into the SQL text (pass it as a parameter, or make it part of the shape)');
  const used = new Array<boolean>(count).fill(false);
  const take: number[] = [];
  const constants: unknown[] = [];
  for (const p of q.parameters) {
    const m =
      typeof p === 'string' ? CORE.exec(p) : typeof p === 'object' && p !== null ? CORE.exec(JSON.stringify(p)) : null;
    if (!m) {
      take.push(-1);
      constants.push(p);
      continue;
    }
    const i = Number(m[1]);
    if (p !== placeholder(i))
      throw fail(
        `value #${i} reached a parameter changed (${JSON.stringify(p)}); trim, wrap and escape it before building`,
      );
    used[i] = true;
    take.push(i);
    constants.push(undefined);
  }
  const unused = used.indexOf(false);
  if (unused >= 0)
    throw fail(
      `value #${unused} never reached the parameters (the builder must use the values it is given, not compute with them)`,
    );
  return { query: q.query, sql: q.sql, take, constants };
}

export function shaped<DB, V extends ShapeValues, C, R>(
  name: string,
  build: (db: Kysely<DB>, values: V, context: C) => Compilable<R>,
  maxShapes = DEFAULT_MAX_SHAPES,
): ShapedStatement<DB, V, C, R> {
  const kept = new WeakMap<object, Map<string, Kept>>();

  function compile(db: Kysely<DB>, shape: string, values: V, context?: C): CompiledQuery<R> {
    return prepare(db, shape, values, context).query;
  }

  /** The statement to send, and its kept record when it is a kept one. */
  function prepare(
    db: Kysely<DB>,
    shape: string,
    values: V,
    context?: C,
  ): { query: CompiledQuery<R>; kept: Kept | null } {
    const fresh = () => ({ query: build(db, values, context as C).compile(), kept: null });
    const executor = db.getExecutor();
    if (executor.plugins.length !== 1) return fresh();
    const leaves: Array<string | number> = [];
    const key = [shape, '\u0000'];
    walk(values, leaves, key);
    const k = key.join('');
    let shapes = kept.get(executor);
    if (!shapes) kept.set(executor, (shapes = new Map()));
    let s = shapes.get(k);
    if (!s) {
      if (shapes.size >= maxShapes) return fresh();
      s = keep(name, build(db, placeholders(values, { i: 0 }) as V, context as C).compile(), leaves.length);
      shapes.set(k, s);
      // On PostgreSQL, planned once per connection from now on (prepared-statements.ts says what that asks of the text).
      allowPrepared(executor, s.sql);
    }
    const parameters = new Array<unknown>(s.take.length);
    for (let i = 0; i < parameters.length; i++) parameters[i] = s.take[i] < 0 ? s.constants[i] : leaves[s.take[i]];
    // A query id of its own per run, as a freshly compiled statement has (drivers and plugins key by it).
    return { query: { query: s.query, sql: s.sql, parameters, queryId: createQueryId() }, kept: s };
  }

  async function fetch(db: Kysely<DB>, shape: string, values: V, context?: C): Promise<Fetched<R>> {
    const { query, kept: record } = prepare(db, shape, values, context);
    const run = record ? arrayRunnerOf(db) : undefined;
    const plugin = db.getExecutor().plugins[0];
    if (record && run && plugin instanceof CompiledCamelCasePlugin) return arrayRows(record, await run(query), plugin);
    return objectRows((await db.executeQuery<R>(query)).rows);
  }

  return {
    compile,
    execute: async (db, shape, values, context) => (await db.executeQuery<R>(compile(db, shape, values, context))).rows,
    fetch,
  };
}

function arrayRows<R>(kept: Kept, result: ArrayResult, plugin: CompiledCamelCasePlugin): Fetched<R> {
  let columns = kept.columns;
  if (!columns || !sameNames(columns.raw, result.columns)) {
    const camel = result.columns.map((c) => plugin.columnName(c));
    kept.columns = columns = { raw: result.columns, camel, signature: camel.join('\u0000') };
  }
  const { camel, signature } = columns;
  const nested: Nested = plugin.renameNested;
  return {
    rows: result.rows,
    arrays: true,
    // The last column of a name, as an object row keeps the last of two same-named columns.
    get: (row, column) => (row as unknown[])[camel.lastIndexOf(column)],
    answer: <A, X>(answer: AnswerRow<R, A, X>) => {
      const map = answer.forColumns(camel, signature);
      return (row: unknown, context?: X) => map(row as unknown[], context, nested);
    },
  };
}

function objectRows<R>(rows: readonly R[]): Fetched<R> {
  return {
    rows,
    arrays: false,
    get: (row, column) => (row as Record<string, unknown>)[column],
    answer:
      <A, X>(answer: AnswerRow<R, A, X>) =>
      (row: unknown, context?: X) =>
        answer.fromObject(row as R, context),
  };
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
