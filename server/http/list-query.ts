import { Type } from 'typebox';

/**
 * The list conventions every list operation shares (docs/api.md, "Lists"): `page` (1-based),
 * `size` (a screen asks ≤ 500; an Excel export may ask up to 5000 a page), `sort` as
 * `field:asc|desc` over the fields the operation names, and an answer `{ rows, total, totals? }`.
 */
const MAX_PAGE_SIZE = 5000;

export const PagingQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'Page, 1-based' })),
  size: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: MAX_PAGE_SIZE,
      default: 50,
      description: 'Rows a page (a screen asks ≤ 500; an export up to 5000)',
    }),
  ),
};

/** `sort=field:asc|desc` over the given fields; the pattern makes anything else a 400 before the handler. */
export function SortQuery(fields: readonly string[]) {
  const escaped = fields.map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return Type.Optional(
    Type.String({
      pattern: `^(${escaped.join('|')}):(asc|desc)$`,
      description: `Sort as field:asc|desc; fields: ${fields.join(', ')}`,
    }),
  );
}

export interface SortSpec<F extends string> {
  field: F;
  direction: 'asc' | 'desc';
}

/** Reads a `sort` parameter the schema already checked; `fallback` when none was given. */
export function parseSort<F extends string>(sort: string | undefined, fallback: SortSpec<F>): SortSpec<F> {
  if (!sort) return fallback;
  const at = sort.lastIndexOf(':');
  return { field: sort.slice(0, at) as F, direction: sort.slice(at + 1) === 'desc' ? 'desc' : 'asc' };
}

/**
 * `after` / `before`: a cursor the list answered (`nextCursor` / `prevCursor`); the page then starts
 * right after (ends right before) that row, whatever `page` says — `page` is only shown. Only lists
 * that page by key (server/db/lists/keyset.ts) take them: the server-side export reads those by cursor.
 */
const Cursor = (description: string) =>
  Type.Optional(Type.String({ minLength: 1, maxLength: 4000, pattern: '^[A-Za-z0-9_-]+$', description }));
export const CursorQuery = {
  after: Cursor(
    'The page after this cursor (a nextCursor of this list with the same sort); page is then only for display',
  ),
  before: Cursor(
    'The page before this cursor (a prevCursor of this list with the same sort); page is then only for display',
  ),
};

/** The cursors a keyset list answers beside `rows` and `total`. */
export const CursorAnswer = {
  nextCursor: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description: 'Cursor of the next page (send as after); null on the last page',
    }),
  ),
  prevCursor: Type.Optional(
    Type.Union([Type.String(), Type.Null()], {
      description: 'Cursor of the previous page (send as before); null on the first page',
    }),
  ),
};

export function pageWindow(query: { page?: number; size?: number; after?: string; before?: string }): {
  limit: number;
  offset: number;
  after?: string;
  before?: string;
} {
  const size = query.size ?? 50;
  return { limit: size, offset: ((query.page ?? 1) - 1) * size, after: query.after, before: query.before };
}

/** The sort a cursor is made for (a cursor of another sort is refused). */
export const sortId = (sort: SortSpec<string>) => `${sort.field}:${sort.direction}`;

/** A blank or missing text filter is "not given". */
export const given = (v: string | undefined): string | undefined =>
  v === undefined ? undefined : v.trim() || undefined;

/** `%`, `_` and `\` typed by a user match themselves in a LIKE pattern. */
export const likeEscape = (v: string): string => v.replace(/[\\%_]/g, (c) => `\\${c}`);
