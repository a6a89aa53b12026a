import { sql, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { fieldError } from '../../domain/errors.js';

/**
 * Keyset paging for the list operations (docs/api.md "Lists"). An OFFSET makes
 * the database walk and throw away every row before the page (page 200: 19,900 rows); a cursor — the
 * sort values of the row a page ended on — lets the statement start right after it, so a deep page
 * costs what the first one does. `page` stays for the screen's "page N of M"; the walk is by key.
 *
 * A list names its order as key columns ending with a unique tiebreaker (its primary key), so that
 * "after this row" is one place. Cursors are opaque to clients: base64url of `{ s, v }`, the sort
 * they were made for and the row's values as text (the database's own text of each value, so a
 * timestamp keeps its microseconds and a decimal its digits; compared as the column's type again).
 */
export interface KeyColumn {
  /** The column as the statement names it (`h.poDate`). */
  ref: string;
  direction: 'asc' | 'desc';
  /** The column may be NULL (a nullable column, or one of a left join). NULLs sort as PostgreSQL
   * puts them by default: last ascending, first descending. */
  nullable?: boolean;
}

/** What a list request says about its page: the offset window and, optionally, a cursor. */
export interface PageWindow {
  limit: number;
  offset: number;
  /** The page after this cursor (the previous page's `nextCursor`). */
  after?: string;
  /** The page before this cursor (the next page's `prevCursor`). */
  before?: string;
}

export interface CursorPage<R> {
  rows: R[];
  /** Where the next page starts; null when this page is the last (no row follows it, even on a full page). */
  nextCursor: string | null;
  /** Where the previous page ends; null when this is known to be the first page. */
  prevCursor: string | null;
}

const BAD_CURSOR = '페이지 위치(after, before)가 올바르지 않습니다. 처음부터 다시 조회하세요';
const badCursor = (param: 'after' | 'before') => fieldError('BAD_CURSOR', `querystring/${param}`, BAD_CURSOR);

type Value = string | null;
/** Text for the cursor: the values every key column's `cast(… as text)` gives. */
const KEY_ALIAS = (i: number) => `ks${i}`;

export function encodeCursor(sortId: string, values: readonly Value[]): string {
  return Buffer.from(JSON.stringify({ s: sortId, v: values }), 'utf8').toString('base64url');
}

/** The values of a cursor made for this sort and these columns; anything else is a 400. */
function decodeCursor(
  cursor: string,
  sortId: string,
  columns: readonly KeyColumn[],
  param: 'after' | 'before',
): Value[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor(param);
  }
  const p = parsed as { s?: unknown; v?: unknown };
  if (!p || typeof p !== 'object' || p.s !== sortId || !Array.isArray(p.v) || p.v.length !== columns.length)
    throw badCursor(param);
  const values = p.v as unknown[];
  values.forEach((v, i) => {
    if (!(typeof v === 'string' && v.length <= 1000) && !(v === null && columns[i].nullable)) throw badCursor(param);
  });
  return values as Value[];
}

const flip = (d: 'asc' | 'desc') => (d === 'asc' ? 'desc' : 'asc');

/** `ref` strictly after `v` in the walk's order, NULLs where PostgreSQL sorts them (last asc, first desc). */
function afterOne(c: KeyColumn, v: Value): RawBuilder<SqlBool> | null {
  const ref = sql.ref(c.ref);
  if (v === null) return c.direction === 'asc' ? null : sql<SqlBool>`${ref} is not null`;
  if (c.direction === 'desc') return sql<SqlBool>`${ref} < ${v}`;
  return c.nullable ? sql<SqlBool>`(${ref} > ${v} or ${ref} is null)` : sql<SqlBool>`${ref} > ${v}`;
}

const equalOne = (c: KeyColumn, v: Value) =>
  v === null ? sql<SqlBool>`${sql.ref(c.ref)} is null` : sql<SqlBool>`${sql.ref(c.ref)} = ${v}`;

/**
 * The rows after `values` in the order of `columns`. One direction and no NULLs: a row comparison
 * `(a, id) > (…)`, which a btree index on the leading columns starts from. Otherwise the expansion
 * `a > x or (a = x and (id < y …))`, led by `a >= x` (`<=` descending) when that bound is exact, so
 * an index on the sort column still starts at the cursor instead of filtering from the beginning.
 */
function seekAfter(columns: readonly KeyColumn[], values: readonly Value[]): Expression<SqlBool> {
  const uniform = columns.every((c) => c.direction === columns[0].direction);
  if (uniform && values.every((v) => v !== null) && columns.every((c) => !c.nullable)) {
    const op = sql.raw(columns[0].direction === 'asc' ? '>' : '<');
    return sql<SqlBool>`(${sql.join(columns.map((c) => sql.ref(c.ref)))}) ${op} (${sql.join(values.map((v) => sql`${v}`))})`;
  }
  const branches: RawBuilder<SqlBool>[] = [];
  for (let i = 0; i < columns.length; i++) {
    const after = afterOne(columns[i], values[i]);
    if (!after) continue;
    const equal = columns.slice(0, i).map((c, j) => equalOne(c, values[j]));
    branches.push(equal.length ? sql<SqlBool>`(${sql.join([...equal, after], sql` and `)})` : after);
  }
  if (!branches.length) return sql<SqlBool>`false`;
  const any = sql<SqlBool>`(${sql.join(branches, sql` or `)})`;
  const [c0, v0] = [columns[0], values[0]];
  const bound =
    v0 === null
      ? null
      : c0.direction === 'desc'
        ? sql<SqlBool>`${sql.ref(c0.ref)} <= ${v0}`
        : c0.nullable
          ? null
          : sql<SqlBool>`${sql.ref(c0.ref)} >= ${v0}`;
  return bound ? sql<SqlBool>`(${bound} and ${any})` : any;
}

// The builders are generic over any list's tables; each method hands back the caller's own type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySelect = SelectQueryBuilder<any, any, any>;

/**
 * What of a page is a value of its statements (server/db/lists/shaped.ts): the offset when paging by
 * offset, and the cursor's values when by cursor. The rest — the sort, the mode, the page's size,
 * which cursor values are NULL, whether there is an offset — is the statements' shape. The size is
 * written into the statement, not sent as a value: a plan kept for `limit $n` (prepared-statements.ts)
 * is costed for a tenth of the rows, whatever the page.
 */
export type KeysetValues = {
  offset?: number;
  seek?: Value[];
};

/**
 * A list's page by key or by offset. `page` on the statement that chooses the page's rows (order,
 * the seek after the cursor or the offset, limit); `order` on a statement that then reads those rows
 * by key; `values` on the statement whose rows are answered (the cursor is read from them); `answer`
 * turns those rows into the page and its cursors. A `before` cursor walks the order backwards from
 * the cursor (every direction flipped, which puts NULLs back where they were) and `answer` turns the
 * rows around again: "previous page" costs the same as "next page".
 */
export class Keyset {
  readonly columns: readonly KeyColumn[];
  private readonly walk: KeyColumn[];
  private readonly seek: Value[] | null;
  readonly reversed: boolean;

  constructor(
    private readonly sortId: string,
    columns: readonly KeyColumn[],
    private readonly w: PageWindow,
  ) {
    // The sort column may be the tiebreaker itself (sort=poNo:asc, then poNo desc): once is enough.
    this.columns = columns.filter((c, i) => columns.findIndex((o) => o.ref === c.ref) === i);
    this.reversed = !w.after && !!w.before;
    this.walk = this.reversed ? this.columns.map((c) => ({ ...c, direction: flip(c.direction) })) : [...this.columns];
    const cursor = w.after ?? w.before;
    this.seek = cursor ? decodeCursor(cursor, sortId, this.columns, w.after ? 'after' : 'before') : null;
  }

  get byCursor(): boolean {
    return this.seek !== null;
  }

  /** The sort and the direction of the walk (a shaped statement's key; the rest is in `values`). */
  get shape(): string {
    return `${this.sortId}/${this.reversed ? 'before' : this.seek ? 'after' : 'offset'}/${this.w.limit + 1}`;
  }

  /** The page's values its statements take as parameters. */
  get values(): KeysetValues {
    return this.seek ? { seek: this.seek } : { offset: this.w.offset };
  }

  /** ORDER BY of the walk. */
  order<Q extends AnySelect>(q: Q): Q {
    let out: AnySelect = q;
    for (const c of this.walk) out = out.orderBy(sql.ref(c.ref), c.direction);
    return out as Q;
  }

  /**
   * Order, the cursor's seek (or the offset) and the limit: the statement choosing the page. With
   * `v` (a shaped statement's placeholders for `values`) those values instead of this page's own. It
   * asks one row more than the page (its size + 1, written into the statement), which `answer` drops: that
   * row tells whether a page follows, so the last page answers `nextCursor: null` even when it is full
   * and a walk ends without an empty request.
   */
  page<Q extends AnySelect>(q: Q, v: KeysetValues = this.values): Q {
    let out: AnySelect = this.order(q);
    if (v.seek) out = out.where(seekAfter(this.walk, v.seek));
    out = out.limit(sql.lit(this.w.limit + 1));
    if (!v.seek && v.offset) out = out.offset(v.offset);
    return out as Q;
  }

  /** The key columns as text (`ks0`, `ks1`, …) beside the row, for the cursors. */
  select<Q extends AnySelect>(q: Q): Q {
    return q.select(
      this.columns.map((c, i) => sql<string | null>`cast(${sql.ref(c.ref)} as text)`.as(KEY_ALIAS(i))),
    ) as Q;
  }

  /**
   * The page's rows in the list's order (the walk's extra row dropped), and where the pages beside it
   * start. `get` reads a key column (`ks0`, …) of a row: an object's property by default, a column of
   * an array row for a statement read in array mode (shaped.ts `fetch`).
   */
  answer<R>(
    walked: readonly R[],
    get: (row: R, column: string) => unknown = (r, c) => (r as Record<string, unknown>)[c],
  ): CursorPage<R> {
    // The row past the page (page() asks limit + 1), in the walk's direction: there is more that way.
    const more = walked.length > this.w.limit;
    const rows = (more ? walked.slice(0, this.w.limit) : walked) as R[];
    const inOrder = this.reversed ? [...rows].reverse() : rows;
    const cursorOf = (r: R | undefined) =>
      r === undefined
        ? null
        : encodeCursor(
            this.sortId,
            this.columns.map((_, i) => (get(r, KEY_ALIAS(i)) ?? null) as Value),
          );
    // Walking backwards, the page ends before the cursor's row: there is always a page after it.
    const hasNext = this.reversed ? rows.length > 0 : more;
    const hasPrev = this.reversed ? more : this.byCursor || this.w.offset > 0;
    return {
      rows: inOrder,
      nextCursor: hasNext ? cursorOf(inOrder.at(-1)) : null,
      prevCursor: hasPrev ? cursorOf(inOrder[0]) : null,
    };
  }
}

export const keyset = (sortId: string, columns: readonly KeyColumn[], w: PageWindow) => new Keyset(sortId, columns, w);
