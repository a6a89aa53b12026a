import type { FastifyInstance } from 'fastify';

/**
 * The list operations an export may read: GET operations under /api/v1 whose 200 answer is a
 * page `{ rows, total }` (docs/api.md "Lists"), found in the app's own OpenAPI document, so every
 * list added later is exportable with no registration. Built once, on first use (after start-up).
 */
export interface ListOperation {
  operationId: string;
  /** The path with `{name}` parameters, as the OpenAPI document writes it. */
  path: string;
  pathParams: string[];
  /** It pages by key (takes `after`, answers `nextCursor`): the export walks it by cursor, else by page number. */
  keyset: boolean;
}

type OpenApiDoc = {
  paths?: Record<
    string,
    Record<
      string,
      { operationId?: string; parameters?: Array<{ in?: string; name?: string }>; responses?: Record<string, unknown> }
    >
  >;
};

function isPageAnswer(response: unknown): boolean {
  const schema = (response as { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> })
    ?.content?.['application/json']?.schema;
  return !!schema?.properties && 'rows' in schema.properties && 'total' in schema.properties;
}

export function listOperations(app: FastifyInstance): ReadonlyMap<string, ListOperation> {
  const doc = app.swagger() as OpenApiDoc;
  const found = new Map<string, ListOperation>();
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    const get = methods.get;
    // Not the exports themselves: an export of an export's status would only read itself.
    if (!get?.operationId || !path.startsWith('/api/v1/') || path.startsWith('/api/v1/exports')) continue;
    if (!isPageAnswer(get.responses?.['200'])) continue;
    const keyset = (get.parameters ?? []).some((p) => p.in === 'query' && p.name === 'after');
    found.set(get.operationId, {
      operationId: get.operationId,
      path,
      pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
      keyset,
    });
  }
  return found;
}

/** The concrete URL of an operation; null when a path parameter is missing. */
export function operationUrl(op: ListOperation, params: Record<string, string>): string | null {
  let missing = false;
  const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = Object.hasOwn(params, name) ? params[name] : '';
    if (!v) missing = true;
    return encodeURIComponent(v);
  });
  return missing ? null : url;
}

/** Where the export's reading is: set by the export, never by the screen's query. */
const PAGING = new Set(['page', 'size', 'after', 'before']);

/** The query string of a list request: the screen's filters and sort, the server's page and size, and the cursor to read after. */
export function pageQuery(
  query: Record<string, string | number | boolean | string[]>,
  page: number,
  size: number,
  after?: string,
): string {
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (PAGING.has(key)) continue;
    if (Array.isArray(value)) for (const v of value) qs.append(key, v);
    else if (value !== '') qs.append(key, String(value));
  }
  qs.set('page', String(page));
  qs.set('size', String(size));
  if (after) qs.set('after', after);
  return qs.toString();
}
