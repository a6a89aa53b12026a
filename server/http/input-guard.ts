import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';

/**
 * Input checks every route gets without declaring anything, so routes
 * written later are covered by construction:
 *
 * 1. Strings: no NUL, no other C0 control character except tab, line feed and carriage return, no
 *    DEL, no lone UTF-16 surrogate, in any string of the query, the path parameters or the body
 *    (keys included, at any depth). The answer is 400 `INVALID_CHARACTER` naming the field.
 * 2. Numbers: every integer or number in a route's querystring, params or body schema that has no
 *    bounds gets the widest safe ones (±2^53 − 1), so "1e400" or 99999999999999999999 never reaches
 *    the database as a value it cannot hold. Routes should still declare their real bounds.
 *    A query, path or JSON body value that reads as a number too large to hold (310 digits,
 *    "Infinity", 1e999) where the schema wants a number is refused before validation: ajv's type
 *    coercion turns it into Infinity, which then passes `maximum` (found by the fuzzer;
 *    the body by a 50,000-request fuzz run, where the answer's serializer then failed: 500).
 * 3. What still slips through to the database as a bad value (SQLSTATE class 22: a date that does
 *    not exist, a number out of a column's range) is answered 400 by the error handler, never 500.
 */

const FORBIDDEN =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** The path of the first string (or key) holding a forbidden character, or null. Pure. */
export function findBadString(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return FORBIDDEN.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 32) return null;
  if (Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = findBadString(value[i], `${path}/${i}`, depth + 1);
      if (bad) return bad;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (FORBIDDEN.test(key)) return `${path}/${key.replace(FORBIDDEN, '?')}`;
    const bad = findBadString(v, `${path}/${key}`, depth + 1);
    if (bad) return bad;
  }
  return null;
}

export function invalidCharacter(field: string): HttpError {
  return new HttpError(400, 'INVALID_CHARACTER', `허용되지 않는 문자(제어 문자)가 들어 있습니다: ${field}`, [
    { path: field, message: 'must not contain control characters' },
  ]);
}

function checkRequestStrings(request: FastifyRequest): void {
  const where: Array<[string, unknown]> = [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ];
  for (const [name, value] of where) {
    const bad = findBadString(value, name);
    if (bad) throw invalidCharacter(bad);
  }
}

type JsonSchema = Record<string, unknown>;

/** Adds the widest safe bounds to unbounded integers and numbers of a request schema, in place. */
function boundNumbers(schema: unknown, depth = 0): void {
  if (!schema || typeof schema !== 'object' || depth > 32) return;
  if (Array.isArray(schema)) {
    for (const s of schema) boundNumbers(s, depth + 1);
    return;
  }
  const s = schema as JsonSchema;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('integer') || types.includes('number')) {
    if (s.maximum === undefined && s.exclusiveMaximum === undefined) s.maximum = MAX_SAFE;
    if (s.minimum === undefined && s.exclusiveMinimum === undefined) s.minimum = -MAX_SAFE;
  }
  for (const key of ['properties', 'patternProperties', '$defs', 'definitions']) {
    const group = s[key];
    if (group && typeof group === 'object') for (const sub of Object.values(group)) boundNumbers(sub, depth + 1);
  }
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains'])
    boundNumbers(s[key], depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) boundNumbers(s[key], depth + 1);
}

/** Top-level properties of a querystring or params schema that are integers or numbers. */
function numericProperties(schema: unknown): string[] {
  const props = (schema as { properties?: Record<string, JsonSchema> } | undefined)?.properties;
  if (!props) return [];
  const numeric = (s: JsonSchema | undefined): boolean => {
    if (!s) return false;
    const types = Array.isArray(s.type) ? s.type : [s.type];
    if (types.includes('integer') || types.includes('number')) return true;
    return (
      ['anyOf', 'oneOf'].some((k) => Array.isArray(s[k]) && (s[k] as JsonSchema[]).some(numeric)) ||
      (s.type === 'array' && numeric(s.items as JsonSchema))
    );
  };
  return Object.entries(props)
    .filter(([, s]) => numeric(s))
    .map(([k]) => k);
}

const NUMBER_TEXT = /^\s*[+-]?(?:Infinity|\d+\.?\d*(?:e[+-]?\d+)?|\.\d+(?:e[+-]?\d+)?)\s*$/i;

/** The path of the first numeric query/params field whose text is a number no JavaScript number can hold, or null. */
function findOverflowingNumber(
  request: FastifyRequest,
  cache: WeakMap<object, Record<string, string[]>>,
): string | null {
  const schema = request.routeOptions.schema as Record<string, unknown> | undefined;
  if (!schema) return null;
  let fields = cache.get(schema);
  if (!fields) {
    fields = { querystring: numericProperties(schema.querystring), params: numericProperties(schema.params) };
    cache.set(schema, fields);
  }
  for (const [part, value] of [
    ['querystring', request.query],
    ['params', request.params],
  ] as const) {
    for (const name of fields[part]) {
      const raw = (value as Record<string, unknown> | undefined)?.[name];
      for (const v of Array.isArray(raw) ? raw : [raw]) {
        if (typeof v === 'string' && NUMBER_TEXT.test(v) && !Number.isFinite(Number(v))) return `${part}/${name}`;
      }
    }
  }
  return null;
}

const isNumericSchema = (s: JsonSchema): boolean => {
  const types = Array.isArray(s.type) ? s.type : [s.type];
  return types.includes('integer') || types.includes('number');
};

/**
 * The path of the first value of a JSON body, at a place its schema wants a number, that no
 * JavaScript number can hold: a numeric string of 310 digits (which ajv's coercion would make
 * Infinity, passing `maximum`) or a literal such as 1e999 (which JSON.parse already made Infinity).
 * Follows properties, items and anyOf/oneOf/allOf; a `$ref` is not followed. Pure.
 */
function findOverflowingBodyNumber(value: unknown, schema: unknown, path = 'body', depth = 0): string | null {
  if (!schema || typeof schema !== 'object' || depth > 32 || value === null || value === undefined) return null;
  const s = schema as JsonSchema;
  if (isNumericSchema(s)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (typeof v === 'number' && !Number.isFinite(v)) return path;
      if (typeof v === 'string' && NUMBER_TEXT.test(v) && !Number.isFinite(Number(v))) return path;
    }
  }
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const alternatives = s[key];
    if (!Array.isArray(alternatives)) continue;
    for (const alt of alternatives) {
      const hit = findOverflowingBodyNumber(value, alt, path, depth + 1);
      if (hit) return hit;
    }
  }
  if (Array.isArray(value) && s.items && typeof s.items === 'object') {
    for (let i = 0; i < value.length; i++) {
      const hit = findOverflowingBodyNumber(value[i], s.items, `${path}/${i}`, depth + 1);
      if (hit) return hit;
    }
  } else if (typeof value === 'object' && !Array.isArray(value) && s.properties && typeof s.properties === 'object') {
    for (const [key, sub] of Object.entries(s.properties as Record<string, unknown>)) {
      if (!Object.hasOwn(value, key)) continue;
      const hit = findOverflowingBodyNumber((value as Record<string, unknown>)[key], sub, `${path}/${key}`, depth + 1);
      if (hit) return hit;
    }
  }
  return null;
}

export const inputGuard = fp(async function inputGuard(app) {
  const numericFields = new WeakMap<object, Record<string, string[]>>();
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    if (!schema) return;
    for (const part of ['querystring', 'params', 'body']) boundNumbers(schema[part]);
  });
  app.addHook('preValidation', async (request) => {
    checkRequestStrings(request);
    const overflow =
      findOverflowingNumber(request, numericFields) ??
      findOverflowingBodyNumber(
        request.body,
        (request.routeOptions.schema as Record<string, unknown> | undefined)?.body,
      );
    if (overflow)
      throw new HttpError(400, 'INVALID_VALUE', `숫자가 허용 범위를 벗어났습니다: ${overflow}`, [
        { path: overflow, message: 'must be a finite number within its bounds' },
      ]);
  });
});
