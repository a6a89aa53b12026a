// Which statements the PGlite worker may answer from a kept answer (worker.mjs), and which leave the
// kept answers standing. Plain JavaScript: the worker thread loads it without a TypeScript loader.
//
// The rule is an allowlist, proven from the statement's tokens and the database's own catalogue:
//  - *read-only*: a SELECT or WITH, one statement, naming no word that writes or locks (insert,
//    update, delete, merge, into, for update/share…), no view, and calling only functions that are
//    never volatile (every overload of the name immutable or stable in pg_proc: PostgreSQL refuses
//    a write inside a non-volatile function). Any other statement may write: it drops every answer.
//  - *time-independent* (kept): read-only, and every function it calls is immutable (every overload)
//    or one of the stable built-ins below whose answer depends only on its arguments and the
//    session's fixed settings; no SQL value function (current_date, localtime, current_user…); no
//    string literal or parameter naming a moment that moves ('now', 'today', 'tomorrow',
//    'yesterday': '2024-01-01'::date is fixed, 'today'::date is not).
// A function created later (a migration) is judged by its volatility in the catalogue; the
// migration guard (tests/unit/server/migration-guard.test.ts) refuses volatile non-trigger
// functions and views in the migrations, so both rules hold by construction.

/** Stable built-ins whose answer depends only on their arguments and the session's fixed settings. */
const STABLE_TIME_FREE = new Set([
  'to_char',
  'to_date',
  'to_timestamp',
  'to_number',
  'date_trunc',
  'date_part',
  'extract',
  'date',
  'timezone',
  'numeric',
  'length',
  'generate_series',
  'array_to_string',
  'concat',
  'concat_ws',
  'format',
  'convert_to',
  'convert_from',
  'json_agg',
  'jsonb_agg',
  'json_object_agg',
  'json_build_object',
  'jsonb_build_object',
  'json_build_array',
  'jsonb_build_array',
  'to_json',
  'to_jsonb',
  'row_to_json',
  'array_to_json',
  'json_populate_recordset',
  'jsonb_populate_recordset',
  'json_to_recordset',
  'jsonb_to_recordset',
  'make_timestamptz',
]);

/**
 * Words by which a SELECT or WITH writes: SELECT … INTO, a data-modifying WITH. (Locking is
 * "for update/share/no key update/key share", judged apart; a function is judged by its volatility.)
 */
const WRITES = new Set(['insert', 'update', 'delete', 'merge', 'into']);

/** SQL value functions written without parentheses: their value is not the data's. */
const VALUE_FUNCTIONS = new Set([
  'current_date',
  'current_time',
  'current_timestamp',
  'localtime',
  'localtimestamp',
  'current_user',
  'session_user',
  'current_role',
  'user',
  'system_user',
  'current_catalog',
  'current_schema',
]);

/** Keywords and type names that may stand before "(" without being a function call. */
const NOT_CALLS = new Set([
  'select',
  'from',
  'where',
  'and',
  'or',
  'not',
  'in',
  'exists',
  'any',
  'all',
  'some',
  'values',
  'as',
  'on',
  'using',
  'over',
  'filter',
  'within',
  'join',
  'lateral',
  'case',
  'when',
  'then',
  'else',
  'end',
  'is',
  'between',
  'like',
  'ilike',
  'similar',
  'by',
  'having',
  'limit',
  'offset',
  'fetch',
  'distinct',
  'array',
  'row',
  'cast',
  'coalesce',
  'nullif',
  'greatest',
  'least',
  'extract',
  'overlay',
  'position',
  'substring',
  'trim',
  'interval',
  'grouping',
  'union',
  'intersect',
  'except',
  'with',
  'recursive',
  'only',
  'group',
  'order',
  'partition',
  'rows',
  'range',
  'groups',
  'window',
  'rollup',
  'cube',
  'sets',
  'ordinality',
  'materialized',
  'escape',
  'time',
  'timestamp',
  'numeric',
  'decimal',
  'varchar',
  'char',
  'character',
  'varying',
  'bit',
  'float',
  'precision',
  'return',
  'to',
  'for',
  'asc',
  'desc',
  'nulls',
  'first',
  'last',
  'collate',
  'at',
  'zone',
]);

/** A string that names a moment which moves: PostgreSQL's special date/time inputs. */
const MOVING_MOMENT = /\b(now|today|tomorrow|yesterday)\b/i;

/**
 * The statement's tokens: words (lower-cased), quoted identifiers, strings, parameters, numbers and
 * single punctuation ("::" as one). null when the text cannot be read with certainty (an unclosed
 * string or comment): such a statement is neither read-only nor kept.
 * @param {string} sql
 * @returns {Array<{ t: 'word' | 'qid' | 'str' | 'param' | 'num' | 'punct'; v: string }> | null}
 */
export function tokens(sql) {
  /** @type {Array<{ t: 'word' | 'qid' | 'str' | 'param' | 'num' | 'punct'; v: string }>} */
  const out = [];
  const n = sql.length;
  let i = 0;
  const readString = (escapes) => {
    // at the opening quote
    let v = '';
    i++;
    for (;;) {
      if (i >= n) return null;
      const c = sql[i];
      if (escapes && c === '\\') {
        v += sql[i + 1] ?? '';
        i += 2;
        continue;
      }
      if (c === "'") {
        if (sql[i + 1] === "'") {
          v += "'";
          i += 2;
          continue;
        }
        i++;
        return v;
      }
      v += c;
      i++;
    }
  };
  while (i < n) {
    const c = sql[i];
    if (/\s/.test(c)) {
      i++;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      if (end < 0 || sql.slice(i + 2, end).includes('/*')) return null;
      i = end + 2;
    } else if (c === "'") {
      const v = readString(false);
      if (v === null) return null;
      out.push({ t: 'str', v });
    } else if (c === '"') {
      const end = sql.indexOf('"', i + 1);
      if (end < 0) return null;
      let v = sql.slice(i + 1, end);
      i = end + 1;
      while (sql[i] === '"') {
        const next = sql.indexOf('"', i + 1);
        if (next < 0) return null;
        v += `"${sql.slice(i + 1, next)}`;
        i = next + 1;
      }
      out.push({ t: 'qid', v });
    } else if (c === '$') {
      const m = /^\$(\d+)/.exec(sql.slice(i, i + 12));
      if (m) {
        out.push({ t: 'param', v: m[1] });
        i += m[0].length;
        continue;
      }
      const tag = /^\$([A-Za-z_]\w*)?\$/.exec(sql.slice(i, i + 64));
      if (!tag) return null;
      const end = sql.indexOf(tag[0], i + tag[0].length);
      if (end < 0) return null;
      out.push({ t: 'str', v: sql.slice(i + tag[0].length, end) });
      i = end + tag[0].length;
    } else if (/[A-Za-z_\u0080-\uffff]/.test(c)) {
      const m = /^[A-Za-z_\u0080-\uffff][\w$\u0080-\uffff]*/.exec(sql.slice(i, i + 200));
      const word = m[0];
      i += word.length;
      // E'…', B'…', X'…', N'…', U&'…' strings
      if (sql[i] === "'" && /^[ebxn]$/i.test(word)) {
        const v = readString(/^e$/i.test(word));
        if (v === null) return null;
        out.push({ t: 'str', v });
      } else if (/^u$/i.test(word) && sql[i] === '&') {
        return null;
      } else out.push({ t: 'word', v: word.toLowerCase() });
    } else if (/[0-9.]/.test(c) && /[0-9]/.test(sql[i] === '.' ? (sql[i + 1] ?? '') : c)) {
      const m = /^[0-9]*\.?[0-9]+(e[+-]?[0-9]+)?/i.exec(sql.slice(i, i + 64));
      out.push({ t: 'num', v: m[0] });
      i += m[0].length;
    } else if (c === ':' && sql[i + 1] === ':') {
      out.push({ t: 'punct', v: '::' });
      i += 2;
    } else {
      out.push({ t: 'punct', v: c });
      i++;
    }
  }
  return out;
}

/**
 * @typedef {{ immutable: Set<string>; nonVolatile: Set<string>; views: Set<string> }} Catalogue
 * immutable: function names every overload of which is immutable; nonVolatile: …immutable or
 * stable; views: the names of views and materialized views outside pg_catalog and information_schema.
 */

/**
 * @param {string} sql
 * @param {Catalogue} catalogue
 * @returns {{ readOnly: boolean; keep: boolean; why: string }}
 */
export function judge(sql, catalogue) {
  const toks = tokens(sql);
  if (toks === null) return { readOnly: false, keep: false, why: 'unreadable text' };
  const first = toks[0];
  if (!first || first.t !== 'word' || (first.v !== 'select' && first.v !== 'with'))
    return { readOnly: false, keep: false, why: 'not a select' };
  let keep = true;
  let why = 'kept';
  const notKept = (reason) => {
    if (keep) why = reason;
    keep = false;
  };
  for (let k = 0; k < toks.length; k++) {
    const tok = toks[k];
    const prev = toks[k - 1];
    const next = toks[k + 1];
    if (tok.t === 'punct' && tok.v === ';' && k < toks.length - 1)
      return { readOnly: false, keep: false, why: 'several statements' };
    if (tok.t === 'str') {
      if (MOVING_MOMENT.test(tok.v)) notKept(`a moving moment '${tok.v}'`);
      continue;
    }
    if (tok.t !== 'word' && tok.t !== 'qid') continue;
    const name = tok.v;
    if (tok.t === 'word') {
      if (WRITES.has(name)) return { readOnly: false, keep: false, why: `writes (${name})` };
      if (name === 'for' && next?.t === 'word' && ['update', 'share', 'no', 'key'].includes(next.v))
        return { readOnly: false, keep: false, why: 'locks rows' };
      if (VALUE_FUNCTIONS.has(name) && !(prev?.t === 'punct' && prev.v === '.')) notKept(`reads ${name}`);
    }
    const isCall =
      next?.t === 'punct' &&
      next.v === '(' &&
      !(tok.t === 'word' && NOT_CALLS.has(name)) &&
      !(prev?.t === 'punct' && prev.v === '::') &&
      !(prev?.t === 'word' && prev.v === 'as');
    if (isCall) {
      if (!catalogue.nonVolatile.has(name))
        return { readOnly: false, keep: false, why: `calls ${name}(), volatile or unknown` };
      if (!catalogue.immutable.has(name) && !STABLE_TIME_FREE.has(name)) notKept(`calls ${name}(), stable`);
      continue;
    }
    if (catalogue.views.has(name)) return { readOnly: false, keep: false, why: `reads the view ${name}` };
    if (name === 'information_schema' || name.startsWith('pg_')) notKept(`reads the catalogue (${name})`);
  }
  return { readOnly: true, keep, why };
}

/**
 * Whether a statement's parameters name a moment that moves ($1::date with 'today'): any string,
 * also inside arrays.
 * @param {unknown[]} params
 */
export function paramsMove(params) {
  for (const p of params) {
    if (typeof p === 'string' ? MOVING_MOMENT.test(p) : Array.isArray(p) && paramsMove(p)) return true;
  }
  return false;
}

/** The catalogue's facts the rule needs, read in one statement. */
export const CATALOGUE_SQL = `select 'f' as kind, p.proname as name, bool_and(p.provolatile = 'i') as immutable, bool_and(p.provolatile <> 'v') as non_volatile
  from pg_proc p group by p.proname
  union all
  select 'v', c.relname, false, false from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('v', 'm') and n.nspname not in ('pg_catalog', 'information_schema')`;

/**
 * @param {Array<{ kind: string; name: string; immutable: boolean; non_volatile: boolean }>} rows
 * @returns {Catalogue}
 */
export function catalogueOf(rows) {
  /** @type {Catalogue} */
  const c = { immutable: new Set(), nonVolatile: new Set(), views: new Set() };
  for (const r of rows) {
    if (r.kind === 'v') c.views.add(r.name);
    else {
      if (r.immutable) c.immutable.add(r.name);
      if (r.non_volatile) c.nonVolatile.add(r.name);
    }
  }
  return c;
}
