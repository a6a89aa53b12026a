import { createQueryId, type CompiledQuery, type Compilable, type Kysely } from 'kysely';
import { allowPrepared } from './prepared-statements.js';

/**
 * A statement built and compiled once per *shape* (issue #27 item 1: no per-request work that
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
export type ShapeValue = string | number | boolean | null | undefined | readonly ShapeValue[] | { readonly [key: string]: ShapeValue };
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
}

/** Where a kept statement's parameters come from: `take[i]` ≥ 0 the request's value of that index, else `constants[i]`. */
interface Kept {
  query: CompiledQuery['query'];
  sql: string;
  take: number[];
  constants: unknown[];
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
  } else throw new TypeError(`shaped: a value of type ${Object.prototype.toString.call(v)} cannot be a statement's value`);
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
  if (CORE.test(q.sql)) throw fail('a value is written into the SQL text (pass it as a parameter, or make it part of the shape)');
  const used = new Array<boolean>(count).fill(false);
  const take: number[] = [];
  const constants: unknown[] = [];
  for (const p of q.parameters) {
    const m = typeof p === 'string' ? CORE.exec(p) : typeof p === 'object' && p !== null ? CORE.exec(JSON.stringify(p)) : null;
    if (!m) {
      take.push(-1);
      constants.push(p);
      continue;
    }
    const i = Number(m[1]);
    if (p !== placeholder(i)) throw fail(`value #${i} reached a parameter changed (${JSON.stringify(p)}); trim, wrap and escape it before building`);
    used[i] = true;
    take.push(i);
    constants.push(undefined);
  }
  const unused = used.indexOf(false);
  if (unused >= 0) throw fail(`value #${unused} never reached the parameters (the builder must use the values it is given, not compute with them)`);
  return { query: q.query, sql: q.sql, take, constants };
}

export function shaped<DB, V extends ShapeValues, C, R>(
  name: string,
  build: (db: Kysely<DB>, values: V, context: C) => Compilable<R>,
  maxShapes = DEFAULT_MAX_SHAPES,
): ShapedStatement<DB, V, C, R> {
  const kept = new WeakMap<object, Map<string, Kept>>();

  function compile(db: Kysely<DB>, shape: string, values: V, context?: C): CompiledQuery<R> {
    const executor = db.getExecutor();
    if (executor.plugins.length !== 1) return build(db, values, context as C).compile();
    const leaves: Array<string | number> = [];
    const key = [shape, '\u0000'];
    walk(values, leaves, key);
    const k = key.join('');
    let shapes = kept.get(executor);
    if (!shapes) kept.set(executor, (shapes = new Map()));
    let s = shapes.get(k);
    if (!s) {
      if (shapes.size >= maxShapes) return build(db, values, context as C).compile();
      s = keep(name, build(db, placeholders(values, { i: 0 }) as V, context as C).compile(), leaves.length);
      shapes.set(k, s);
      // On PostgreSQL, planned once per connection from now on (prepared-statements.ts says what that asks of the text).
      allowPrepared(executor, s.sql);
    }
    const parameters = new Array<unknown>(s.take.length);
    for (let i = 0; i < parameters.length; i++) parameters[i] = s.take[i] < 0 ? s.constants[i] : leaves[s.take[i]];
    // A query id of its own per run, as a freshly compiled statement has (drivers and plugins key by it).
    return { query: s.query, sql: s.sql, parameters, queryId: createQueryId() };
  }

  return {
    compile,
    execute: async (db, shape, values, context) => (await db.executeQuery<R>(compile(db, shape, values, context))).rows,
  };
}
