import { isOperationId, operations } from '../../schemas/operations.generated';
import type { ListScreenDef } from '../definition/types';
import type { ExprScope } from '../expr/expr';
import { buildInputs } from '../runtime/actions';
import type { EngineServices } from '../services';
import type { PageAnswer, PageCursor } from './paged-rows';

type Row = Record<string, unknown>;
type Sort = { field: string; direction: 'asc' | 'desc' } | null;

/** The list operation's inputs for a search and sort, without page and size. */
export function listInputs(def: ListScreenDef, search: { query: Row; path: Row }, sort: Sort, scope: ExprScope) {
  const extra = buildInputs(def.source.params, scope);
  return {
    path: { ...search.path, ...extra.path },
    query: { ...extra.query, ...search.query, ...(sort ? { sort: `${sort.field}:${sort.direction}` } : {}) },
  };
}

/**
 * Fetches one page of the list operation as `{ rows, total, totals }`. A list paged by key takes the
 * neighbour page's cursor (PagedRows passes it when it has one; `page` is then only shown); a list
 * without `after` only ever gets the page number.
 */
export function pageFetcher(
  services: EngineServices,
  def: ListScreenDef,
  search: { query: Row; path: Row },
  sort: Sort,
  scope: ExprScope,
  onAnswer?: (answer: unknown) => void,
) {
  const inputs = listInputs(def, search, sort, scope);
  const keyset =
    isOperationId(def.source.operation) &&
    (operations[def.source.operation].queryParams as readonly string[]).includes('after');
  return async (page: number, size: number, signal: AbortSignal, cursor?: PageCursor): Promise<PageAnswer<Row>> => {
    const query = { ...inputs.query, page, size, ...(keyset && cursor ? cursor : {}) };
    const answer = (await services.call(
      def.source.operation,
      { path: inputs.path, query },
      { signal, quiet: true },
    )) as PageAnswer<Row>;
    onAnswer?.(answer);
    return {
      rows: answer.rows ?? [],
      total: answer.total ?? 0,
      totals: answer.totals,
      nextCursor: answer.nextCursor,
      prevCursor: answer.prevCursor,
    };
  };
}
