/**
 * The definitions' small expression language, for visible/enabled rules and parameter values:
 *
 *   row.endedAt == null && screen.canWrite
 *   login.authGroupId in ['99', '50']
 *   mode == 'create' || !empty(form.description)
 *   selection > 0 && all(rows, 'useFlag', 'Y')
 *
 * Literals ('text', "text", 12, 1.5, true, false, null, [a, b]), paths from a root (login, form,
 * row, rows, selection, mode, query, node, screen, detail, filters) with `.name` and `[0]`,
 * comparison (== != < <= > >= in), logic (! && ||), parentheses and a few functions. A hand-written
 * parser reads it — nothing is ever evaluated as JavaScript — and a path to nowhere is null.
 */
import { EXPRESSION_ROOTS, type ExpressionRoot } from './names';

export type ExprNode =
  | { t: 'lit'; v: unknown }
  | { t: 'path'; root: ExpressionRoot; keys: Array<string | number> }
  | { t: 'not'; e: ExprNode }
  | { t: 'bin'; op: BinaryOp; l: ExprNode; r: ExprNode }
  | { t: 'list'; items: ExprNode[] }
  | { t: 'call'; fn: FunctionName; args: ExprNode[] };

type BinaryOp = '==' | '!=' | '<' | '<=' | '>' | '>=' | 'in' | '&&' | '||';

/** Functions an expression may call, with their argument counts. */
const FUNCTIONS = {
  /** null, undefined, '', [] and {} are empty. */
  empty: 1,
  /** Length of a list (0 for anything else). */
  count: 1,
  /** Every row of a list has field == value. */
  all: 3,
  /** Some row of a list has field == value. */
  some: 3,
  startsWith: 2,
  contains: 2,
  /** One field of every row of a list: `pluck(detail.suppliers.rows, 'compNo')` → ['C00001', …]. */
  pluck: 2,
  /** Rows of a list with only the named fields: `pick(detail.lines.rows, ['itemCode', 'quantity'])`. */
  pick: 2,
} as const;
type FunctionName = keyof typeof FUNCTIONS;
const EXPRESSION_FUNCTIONS = Object.keys(FUNCTIONS) as FunctionName[];

export class ExprError extends Error {
  constructor(
    message: string,
    readonly source: string,
    readonly position: number,
  ) {
    super(`${message} at position ${position + 1} of \`${source}\``);
    this.name = 'ExprError';
  }
}

type Token = { k: 'num' | 'str' | 'id' | 'op'; v: string; at: number };

const OPERATORS = ['==', '!=', '<=', '>=', '&&', '||', '<', '>', '!', '(', ')', '[', ']', ',', '.'];

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "'" || c === '"') {
      let j = i + 1;
      let text = '';
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\' && j + 1 < src.length) j++;
        text += src[j];
        j++;
      }
      if (j >= src.length) throw new ExprError('unterminated string', src, i);
      out.push({ k: 'str', v: text, at: i });
      i = j + 1;
      continue;
    }
    const num = /^-?\d+(\.\d+)?/.exec(src.slice(i));
    if (num && (c !== '-' || !out.length || out[out.length - 1].k === 'op')) {
      out.push({ k: 'num', v: num[0], at: i });
      i += num[0].length;
      continue;
    }
    const id = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(src.slice(i));
    if (id) {
      out.push({ k: 'id', v: id[0], at: i });
      i += id[0].length;
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (!op) {
      const hint = c === '=' ? ' (compare with ==)' : c === '&' || c === '|' ? ' (use && or ||)' : '';
      throw new ExprError(`unexpected character '${c}'${hint}`, src, i);
    }
    out.push({ k: 'op', v: op, at: i });
    i += op.length;
  }
  return out;
}

const isRoot = (name: string): name is ExpressionRoot => (EXPRESSION_ROOTS as readonly string[]).includes(name);

/** Parses an expression; throws ExprError naming the position and what was expected. */
export function parseExpr(src: string): ExprNode {
  if (typeof src !== 'string' || src.trim() === '') throw new ExprError('empty expression', String(src), 0);
  const tokens = tokenize(src);
  let pos = 0;
  const peek = () => tokens[pos];
  const at = () => (pos < tokens.length ? tokens[pos].at : src.length);
  const isOp = (v: string) => peek()?.k === 'op' && peek().v === v;
  const isWord = (v: string) => peek()?.k === 'id' && peek().v === v;
  const expect = (v: string) => {
    if (!isOp(v))
      throw new ExprError(
        `expected '${v}'${peek() ? ` but found '${peek().v}'` : ' but the expression ended'}`,
        src,
        at(),
      );
    pos++;
  };

  const parseOr = (): ExprNode => {
    let l = parseAnd();
    while (isOp('||')) {
      pos++;
      l = { t: 'bin', op: '||', l, r: parseAnd() };
    }
    return l;
  };
  const parseAnd = (): ExprNode => {
    let l = parseNot();
    while (isOp('&&')) {
      pos++;
      l = { t: 'bin', op: '&&', l, r: parseNot() };
    }
    return l;
  };
  const parseNot = (): ExprNode => {
    if (isOp('!')) {
      pos++;
      return { t: 'not', e: parseNot() };
    }
    return parseCompare();
  };
  const parseCompare = (): ExprNode => {
    const l = parsePrimary();
    const tok = peek();
    if (
      tok &&
      ((tok.k === 'op' && ['==', '!=', '<', '<=', '>', '>='].includes(tok.v)) || (tok.k === 'id' && tok.v === 'in'))
    ) {
      pos++;
      return { t: 'bin', op: tok.v as BinaryOp, l, r: parsePrimary() };
    }
    return l;
  };
  const parsePrimary = (): ExprNode => {
    const tok = peek();
    if (!tok) throw new ExprError('the expression ended where a value was expected', src, src.length);
    if (tok.k === 'num') {
      pos++;
      return { t: 'lit', v: Number(tok.v) };
    }
    if (tok.k === 'str') {
      pos++;
      return { t: 'lit', v: tok.v };
    }
    if (isOp('(')) {
      pos++;
      const e = parseOr();
      expect(')');
      return e;
    }
    if (isOp('[')) {
      pos++;
      const items: ExprNode[] = [];
      while (!isOp(']')) {
        items.push(parseOr());
        if (!isOp(']')) expect(',');
      }
      pos++;
      return { t: 'list', items };
    }
    if (tok.k === 'id') {
      pos++;
      if (tok.v === 'true' || tok.v === 'false') return { t: 'lit', v: tok.v === 'true' };
      if (tok.v === 'null') return { t: 'lit', v: null };
      if (isOp('(')) {
        if (!Object.hasOwn(FUNCTIONS, tok.v))
          throw new ExprError(`unknown function '${tok.v}' (known: ${EXPRESSION_FUNCTIONS.join(', ')})`, src, tok.at);
        const fn = tok.v as FunctionName;
        pos++;
        const args: ExprNode[] = [];
        while (!isOp(')')) {
          args.push(parseOr());
          if (!isOp(')')) expect(',');
        }
        pos++;
        if (args.length !== FUNCTIONS[fn])
          throw new ExprError(`${fn}() takes ${FUNCTIONS[fn]} argument(s), got ${args.length}`, src, tok.at);
        return { t: 'call', fn, args };
      }
      if (!isRoot(tok.v))
        throw new ExprError(
          `unknown name '${tok.v}' (an expression starts from ${EXPRESSION_ROOTS.join(', ')}, or is a literal)`,
          src,
          tok.at,
        );
      const keys: Array<string | number> = [];
      for (;;) {
        if (isOp('.')) {
          pos++;
          const name = peek();
          if (!name || name.k !== 'id') throw new ExprError("expected a field name after '.'", src, at());
          keys.push(name.v);
          pos++;
        } else if (isOp('[')) {
          pos++;
          const index = peek();
          if (!index || (index.k !== 'num' && index.k !== 'str'))
            throw new ExprError("expected a number or 'text' inside [ ]", src, at());
          keys.push(index.k === 'num' ? Number(index.v) : index.v);
          pos++;
          expect(']');
        } else break;
      }
      return { t: 'path', root: tok.v, keys };
    }
    throw new ExprError(`unexpected '${tok.v}'`, src, tok.at);
  };

  const node = parseOr();
  if (pos < tokens.length) {
    const extra = tokens[pos];
    const hint = isWord('and') || isWord('or') ? ' (use && or ||)' : '';
    throw new ExprError(`unexpected '${extra.v}' after a complete expression${hint}`, src, extra.at);
  }
  return node;
}

/** What an expression can see. Missing roots read as null. */
export type ExprScope = Partial<Record<ExpressionRoot, unknown>>;

const isEmpty = (v: unknown) =>
  v === null ||
  v === undefined ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === 'object' && !Array.isArray(v) && Object.keys(v as object).length === 0);

/** null and undefined are the same "nothing"; numbers and numeric strings compare as numbers. */
function equal(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined) return b === null || b === undefined;
  if (b === null || b === undefined) return false;
  if (typeof a === 'number' && typeof b === 'string') return b.trim() !== '' && a === Number(b);
  if (typeof a === 'string' && typeof b === 'number') return a.trim() !== '' && Number(a) === b;
  return a === b;
}

function compare(op: '<' | '<=' | '>' | '>=', a: unknown, b: unknown): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return false;
  const x = typeof a === 'number' || typeof b === 'number' ? Number(a) : String(a);
  const y = typeof a === 'number' || typeof b === 'number' ? Number(b) : String(b);
  if (op === '<') return x < y;
  if (op === '<=') return x <= y;
  if (op === '>') return x > y;
  return x >= y;
}

function get(value: unknown, key: string | number): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'object') return key === 'length' && typeof value === 'string' ? value.length : undefined;
  if (Array.isArray(value) && key === 'length') return value.length;
  return Object.hasOwn(value as object, key) ? (value as Record<string | number, unknown>)[key] : undefined;
}

function evaluate(node: ExprNode, scope: ExprScope): unknown {
  switch (node.t) {
    case 'lit':
      return node.v;
    case 'path': {
      let v: unknown = Object.hasOwn(scope, node.root) ? scope[node.root] : undefined;
      for (const k of node.keys) v = get(v, k);
      return v === undefined ? null : v;
    }
    case 'not':
      return !truthy(evaluate(node.e, scope));
    case 'list':
      return node.items.map((i) => evaluate(i, scope));
    case 'call': {
      const args = node.args.map((a) => evaluate(a, scope));
      switch (node.fn) {
        case 'empty':
          return isEmpty(args[0]);
        case 'count':
          return Array.isArray(args[0]) ? args[0].length : 0;
        case 'all':
          return (
            Array.isArray(args[0]) &&
            args[0].length > 0 &&
            args[0].every((r) => equal(get(r, String(args[1])), args[2]))
          );
        case 'some':
          return Array.isArray(args[0]) && args[0].some((r) => equal(get(r, String(args[1])), args[2]));
        case 'startsWith':
          return typeof args[0] === 'string' && typeof args[1] === 'string' && args[0].startsWith(args[1]);
        case 'contains':
          return Array.isArray(args[0])
            ? args[0].some((x) => equal(x, args[1]))
            : typeof args[0] === 'string' && typeof args[1] === 'string' && args[0].includes(args[1]);
        case 'pluck':
          return Array.isArray(args[0]) ? args[0].map((r) => get(r, String(args[1])) ?? null) : [];
        case 'pick': {
          const names = Array.isArray(args[1]) ? args[1].map(String) : [String(args[1])];
          return Array.isArray(args[0])
            ? args[0].map((r) =>
                Object.fromEntries(
                  names
                    .filter((n) => r !== null && typeof r === 'object' && Object.hasOwn(r as object, n))
                    .map((n) => [n, (r as Record<string, unknown>)[n]]),
                ),
              )
            : [];
        }
      }
      return null;
    }
    case 'bin': {
      if (node.op === '&&') return truthy(evaluate(node.l, scope)) && truthy(evaluate(node.r, scope));
      if (node.op === '||') return truthy(evaluate(node.l, scope)) || truthy(evaluate(node.r, scope));
      const l = evaluate(node.l, scope);
      const r = evaluate(node.r, scope);
      switch (node.op) {
        case '==':
          return equal(l, r);
        case '!=':
          return !equal(l, r);
        case 'in':
          return Array.isArray(r)
            ? r.some((x) => equal(l, x))
            : typeof r === 'string' && typeof l === 'string' && r.includes(l);
        default:
          return compare(node.op, l, r);
      }
    }
  }
}

function truthy(v: unknown): boolean {
  return !(v === false || v === null || v === undefined || v === 0 || v === '' || (Array.isArray(v) && v.length === 0));
}

const cache = new Map<string, ExprNode>();

/** Parses once per distinct text (definitions repeat the same rules on every render). */
export function compileExpr(src: string): ExprNode {
  let node = cache.get(src);
  if (!node) {
    node = parseExpr(src);
    if (cache.size > 2000) cache.clear();
    cache.set(src, node);
  }
  return node;
}

/** The value of an expression (parameters, bodies). */
export function evalExpr(src: string, scope: ExprScope): unknown {
  return evaluate(compileExpr(src), scope);
}

/** A rule (visible, enabled, readOnly): absent means `fallback`; booleans stand for themselves. */
export function evalRule(rule: string | boolean | undefined, scope: ExprScope, fallback: boolean): boolean {
  if (rule === undefined) return fallback;
  if (typeof rule === 'boolean') return rule;
  return truthy(evalExpr(rule, scope));
}
