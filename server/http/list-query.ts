import { Type } from 'typebox';

/**
 * The list conventions every list operation shares (docs/api.md, "Lists"): `page` (1-based),
 * `size` (a screen asks ≤ 500; an Excel export may ask up to 5000 a page), `sort` as
 * `field:asc|desc` over the fields the operation names, and an answer `{ rows, total, totals? }`.
 */
export const MAX_PAGE_SIZE = 5000;

export const PagingQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: 'Page, 1-based' })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 50, description: 'Rows a page (a screen asks ≤ 500; an export up to 5000)' })),
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

export function pageWindow(query: { page?: number; size?: number }): { limit: number; offset: number } {
  const size = query.size ?? 50;
  return { limit: size, offset: ((query.page ?? 1) - 1) * size };
}

/** A blank or missing text filter is "not given". */
export const given = (v: string | undefined): string | undefined => (v === undefined ? undefined : v.trim() || undefined);

/** `%`, `_` and `\` typed by a user match themselves in a LIKE pattern. */
export const likeEscape = (v: string): string => v.replace(/[\\%_]/g, (c) => `\\${c}`);
