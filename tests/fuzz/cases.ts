import fc from 'fast-check';
import { sample } from 'openapi-sampler';

/**
 * Bad requests derived from the OpenAPI document. Each case is a plausible
 * request — real ids in the path, values sampled from the schema (openapi-sampler) — with ONE
 * thing made bad by a fast-check arbitrary: a wrong type, a missing or extra field, a huge, empty,
 * unicode, control-character, SQL or path string, a negative, zero or enormous number, malformed
 * JSON, a wrong content type, or a bad id. Everything is seeded: a seed gives the same cases.
 * Written by hand here: the list of fragments and which part of a request a mutation targets.
 */

export interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: Record<string, unknown>;
}
export interface OpenApiParameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Record<string, unknown>;
}
export interface OpenApiOperation {
  operationId: string;
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Record<string, unknown> }> };
}

export interface FuzzRequest {
  method: string;
  /** Path with its parameters filled (encoded). */
  url: string;
  params: Record<string, string>;
  query: Record<string, string>;
  /** What the body is meant to be (before serialisation): undefined for none. */
  body: unknown;
  /** The exact bytes sent, when the mutation is about the bytes (malformed JSON, wrong type). */
  rawBody?: string;
  contentType?: string;
  /** What was made bad, for the report. */
  mutation: string;
}

const SQL = [
  "' OR '1'='1",
  '1; DROP TABLE app_user; --',
  "' UNION SELECT password_hash FROM app_user --",
  '1 OR 1=1',
  "\\'; --",
  '%27%20OR%201=1',
];
const PATHS = [
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  '%2e%2e%2f%2e%2e%2f',
  '....//....//',
  'file:///etc/passwd',
  '%00',
  '..%00/',
];
const SPECIAL = [
  '',
  ' ',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '9'.repeat(40),
  '0x7fffffff',
  'true',
  '[]',
  '{}',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '__proto__',
  'constructor',
];
const DATES = [
  '2026-13-45',
  '0000-00-00',
  '99999-01-01',
  '2026-02-30',
  '2026-1-1',
  '20261101',
  'yesterday',
  '2026-11-01T25:61:00Z',
  '-2026-01-01',
];
const CONTROL = ['a\u0000b', '\u0001\u0002', 'line\r\nX-Injected: 1', '\u001b[31m', '\u007f', '\ud800', 'a\u0000'];
const UNICODE = [
  '한글'.repeat(300),
  '𝕏𝕐ℤ',
  '\u202e\u202dabc',
  'e\u0301\u0301\u0301',
  '\ufeff',
  '\u200b',
  'ﷺ'.repeat(50),
  '🙂'.repeat(100),
];

/** Any bad scalar or structure a field, a parameter or an id might be given. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...SQL, ...PATHS, ...SPECIAL, ...DATES, ...CONTROL, ...UNICODE),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom('x'.repeat(10_000), 'ㄱ'.repeat(5_000), '9'.repeat(1_000)),
  fc.integer(),
  fc.constantFrom(-1, 0, -0, 2 ** 31, 2 ** 53 + 1, 2 ** 63, -(2 ** 63), 1e308, -1e308, 0.1, 1e-9),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), { maxKeys: 3 }),
  fc.constantFrom([[[[[[[[[[[]]]]]]]]]]], { $gt: '' }, { __proto__: { admin: true } }),
);

/** Bad values for the text of a URL (path ids and query values): strings only. */
const badText: fc.Arbitrary<string> = badValue.map((v) =>
  typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined'),
);

const MALFORMED = [
  '{',
  '{"a":',
  '[1,2',
  '{"a":1}}',
  "{'a':1}",
  'nul',
  '\u0000',
  '{"a":"\\u0000"}',
  '{"__proto__":{"x":1}}',
  '1'.repeat(400),
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
];
const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
  'application/json; charset=utf-7',
  'application/octet-stream',
  '*/*',
  'application/json\u0000',
];

type Mutation =
  | { kind: 'path'; name: string; value: string }
  | { kind: 'query'; name: string; value: string }
  | { kind: 'extraQuery'; name: string; value: string }
  | { kind: 'field'; path: string[]; value: unknown }
  | { kind: 'missing'; path: string[] }
  | { kind: 'extraField'; name: string; value: unknown }
  | { kind: 'wholeBody'; value: unknown }
  | { kind: 'malformed'; raw: string }
  | { kind: 'contentType'; type: string }
  | { kind: 'hugeArray'; path: string[] };

/** Where a body's fields are: every property path down to scalars (arrays enter their first item). */
function fieldPaths(value: unknown, prefix: string[] = [], out: string[][] = []): string[][] {
  if (value && typeof value === 'object') {
    const entries = Array.isArray(value) ? (value.length > 0 ? [['0', value[0]] as const] : []) : Object.entries(value);
    for (const [k, v] of entries) {
      out.push([...prefix, k]);
      fieldPaths(v, [...prefix, k], out);
    }
  }
  return out;
}

function arrayPaths(value: unknown, prefix: string[] = [], out: string[][] = []): string[][] {
  if (Array.isArray(value)) out.push(prefix);
  if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) arrayPaths(v, [...prefix, k], out);
  return out;
}

const clone = <T>(v: T): T => (v === undefined ? v : JSON.parse(JSON.stringify(v)));
function setAt(root: unknown, path: string[], value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy = clone(root) as Record<string, unknown>;
  let node = copy;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string, unknown>;
  const last = path[path.length - 1];
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

/** encodeURIComponent throws on a lone surrogate: send the bytes a broken client would. */
export function encodeUrlPart(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return Array.from(v, (ch) => (/[\ud800-\udfff]/.test(ch) ? '%ED%A0%80' : encodeURIComponent(ch))).join('');
  }
}

/** A schema-valid sample for a request part (openapi-sampler resolves the document's $refs). */
export function sampleOf(schema: Record<string, unknown>, doc: OpenApiDoc): unknown {
  try {
    return sample(schema as never, { skipReadOnly: true, quiet: true, maxSampleDepth: 6 }, doc);
  } catch {
    return {};
  }
}

/**
 * The cases for one operation: `count` requests, each with one mutation, from `seed`.
 * `ids` gives real values for path parameters by name (unknown names get the sampled value).
 */
export function casesFor(
  doc: OpenApiDoc,
  method: string,
  pathTemplate: string,
  op: OpenApiOperation,
  ids: Record<string, string>,
  seed: number,
  count: number,
): FuzzRequest[] {
  const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
  const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
  const contentType = Object.keys(op.requestBody?.content ?? {})[0];
  const bodySchema = contentType ? op.requestBody!.content[contentType].schema : undefined;
  const baseParams = Object.fromEntries(
    pathParams.map((p) => [p.name, ids[p.name] ?? String(sampleOf(p.schema, doc) ?? 'x')]),
  );
  const baseQuery = Object.fromEntries(
    queryParams.filter((p) => p.required).map((p) => [p.name, String(sampleOf(p.schema, doc) ?? 'x')]),
  );
  const baseBody = bodySchema && contentType !== 'multipart/form-data' ? sampleOf(bodySchema, doc) : undefined;

  const fields = baseBody === undefined ? [] : fieldPaths(baseBody);
  const arrays = baseBody === undefined ? [] : arrayPaths(baseBody);
  const options: fc.Arbitrary<Mutation>[] = [];
  if (pathParams.length > 0)
    options.push(
      fc.record({
        kind: fc.constant('path' as const),
        name: fc.constantFrom(...pathParams.map((p) => p.name)),
        value: badText,
      }),
    );
  if (queryParams.length > 0)
    options.push(
      fc.record({
        kind: fc.constant('query' as const),
        name: fc.constantFrom(...queryParams.map((p) => p.name)),
        value: badText,
      }),
    );
  options.push(
    fc.record({
      kind: fc.constant('extraQuery' as const),
      name: fc.constantFrom('x', '__proto__', 'sort', 'limit', 'compNo', 'a[b]'),
      value: badText,
    }),
  );
  if (method !== 'GET' && method !== 'DELETE') {
    if (fields.length > 0) {
      options.push(
        fc.record({ kind: fc.constant('field' as const), path: fc.constantFrom(...fields), value: badValue }),
      );
      options.push(
        fc.record({ kind: fc.constant('field' as const), path: fc.constantFrom(...fields), value: badValue }),
      );
      options.push(fc.record({ kind: fc.constant('missing' as const), path: fc.constantFrom(...fields) }));
    }
    if (arrays.length > 0)
      options.push(fc.record({ kind: fc.constant('hugeArray' as const), path: fc.constantFrom(...arrays) }));
    options.push(
      fc.record({
        kind: fc.constant('extraField' as const),
        name: fc.constantFrom('x', 'compNo', 'version', 'status', 'createdBy', '__proto__', 'constructor'),
        value: badValue,
      }),
    );
    options.push(fc.record({ kind: fc.constant('wholeBody' as const), value: badValue }));
    options.push(fc.record({ kind: fc.constant('malformed' as const), raw: fc.constantFrom(...MALFORMED) }));
    options.push(fc.record({ kind: fc.constant('contentType' as const), type: fc.constantFrom(...CONTENT_TYPES) }));
  }
  const mutations = fc.sample(fc.oneof(...options), { seed, numRuns: count });

  return mutations.map((m): FuzzRequest => {
    const params = { ...baseParams };
    const query = { ...baseQuery };
    let body = clone(baseBody);
    let rawBody: string | undefined;
    let type = contentType && contentType !== 'multipart/form-data' ? contentType : undefined;
    let mutation: string;
    switch (m.kind) {
      case 'path':
        params[m.name] = m.value;
        mutation = `path ${m.name}=${JSON.stringify(m.value).slice(0, 60)}`;
        break;
      case 'query':
      case 'extraQuery':
        query[m.name] = m.value;
        mutation = `${m.kind} ${m.name}=${JSON.stringify(m.value).slice(0, 60)}`;
        break;
      case 'field':
        body = setAt(body, m.path, m.value);
        mutation = `field ${m.path.join('.')}=${String(JSON.stringify(m.value)).slice(0, 60)}`;
        break;
      case 'missing':
        body = setAt(body, m.path, undefined, true);
        mutation = `missing ${m.path.join('.')}`;
        break;
      case 'extraField':
        body =
          body && typeof body === 'object' && !Array.isArray(body)
            ? { ...(body as object), [m.name]: m.value }
            : { [m.name]: m.value };
        if (m.name === '__proto__')
          rawBody = JSON.stringify(body).replace(/^\{/, `{"__proto__":${JSON.stringify(m.value) ?? 'null'},`);
        mutation = `extra field ${m.name}`;
        break;
      case 'wholeBody':
        body = m.value;
        mutation = `body=${String(JSON.stringify(m.value)).slice(0, 60)}`;
        break;
      case 'hugeArray': {
        const items = (m.path.reduce<unknown>((n, k) => (n as Record<string, unknown>)[k], body) as unknown[]) ?? [];
        body = setAt(
          body,
          m.path,
          Array.from({ length: 5_000 }, () => clone(items[0] ?? 'x')),
        );
        mutation = `5000 items in ${m.path.join('.') || 'body'}`;
        break;
      }
      case 'malformed':
        rawBody = m.raw;
        type = type ?? 'application/json';
        mutation = `malformed body ${JSON.stringify(m.raw.slice(0, 30))}`;
        break;
      case 'contentType':
        type = m.type;
        mutation = `content-type ${JSON.stringify(m.type)}`;
        break;
    }
    let url = pathTemplate;
    for (const [name, value] of Object.entries(params)) url = url.replace(`{${name}}`, encodeUrlPart(value));
    return { method, url, params, query, body, rawBody, contentType: type, mutation };
  });
}
